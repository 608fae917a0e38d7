// Knows when real input has arrived. xdotool and mutter's remote-desktop API hand their events
// to the display server and return; GTK receives them later, when its main loop next runs. A
// capture-phase controller on the window counts what GTK delivers, so a test waits until the
// input it sent is in (a condition) instead of sleeping and hoping.

import CGtk
import GtkInterop
import XCTest

@MainActor
final class InputWatch {
    /// Events GTK delivered to the watched window, by kind, since the watch began.
    struct Counts: Equatable {
        var presses = 0
        var releases = 0
        var motions = 0
        var scrolls = 0
        var keys = 0
        var touchBegins = 0
        var touchUpdates = 0
        /// Touch sequences that ended, lifted or cancelled.
        var touchEnds = 0
    }

    nonisolated(unsafe) private static var counts = Counts()
    /// The last pointer position GTK delivered, in the window's coordinates.
    nonisolated(unsafe) private(set) static var lastPointer: (x: Double, y: Double)?
    /// The last touch point GTK delivered, in the window's coordinates.
    nonisolated(unsafe) private(set) static var lastTouch: (x: Double, y: Double)?

    private let window: WidgetPointer
    private let controller: OpaquePointer
    /// The window's origin in its surface (a client-side shadow moves it).
    nonisolated(unsafe) private static var surfaceOffset = (x: 0.0, y: 0.0)

    /// Starts counting what `window` receives (one watch at a time).
    init(window: WidgetPointer) {
        self.window = window
        Self.counts = Counts()
        Self.lastPointer = nil
        Self.lastTouch = nil
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window), &surfaceX, &surfaceY)
        Self.surfaceOffset = (surfaceX, surfaceY)
        controller = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        let seen: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, event, _ in
            guard let event else { return 0 }
            switch gdk_event_get_event_type(event) {
            case GDK_BUTTON_PRESS: InputWatch.counts.presses += 1
            case GDK_BUTTON_RELEASE: InputWatch.counts.releases += 1
            case GDK_MOTION_NOTIFY: InputWatch.counts.motions += 1
            case GDK_SCROLL: InputWatch.counts.scrolls += 1
            case GDK_KEY_PRESS: InputWatch.counts.keys += 1
            case GDK_TOUCH_BEGIN: InputWatch.counts.touchBegins += 1
            case GDK_TOUCH_UPDATE: InputWatch.counts.touchUpdates += 1
            case GDK_TOUCH_END, GDK_TOUCH_CANCEL: InputWatch.counts.touchEnds += 1
            default: return 0
            }
            var x = 0.0, y = 0.0
            if gdk_event_get_position(event, &x, &y) != 0 {
                let point = (x: x - InputWatch.surfaceOffset.x, y: y - InputWatch.surfaceOffset.y)
                if gdk_event_get_event_sequence(event) != nil {
                    InputWatch.lastTouch = point
                } else {
                    InputWatch.lastPointer = point
                }
            }
            return 0  // GDK_EVENT_PROPAGATE: watch only
        }
        _ = g_signal_connect_data(
            gpointer(controller), "event", unsafeBitCast(seen, to: GCallback.self), nil, nil, G_CONNECT_DEFAULT)
        gtk_widget_add_controller(window, controller)
    }

    /// Stops counting.
    func stop() {
        gtk_widget_remove_controller(window, controller)
    }

    /// What arrived so far.
    var counts: Counts { Self.counts }

    /// Runs GTK until `arrived` holds for what was delivered since `before`.
    @discardableResult
    func wait(
        _ what: @autoclosure () -> String, since before: Counts, file: StaticString = #filePath, line: UInt = #line,
        until arrived: (_ now: Counts, _ before: Counts) -> Bool
    ) -> Bool {
        GtkTest.wait("GTK receiving \(what()); received \(Self.counts) since \(before)", file: file, line: line) {
            arrived(Self.counts, before)
        }
    }

    /// Runs GTK until a touch point is reported at (`x`, `y`) in the window's coordinates (±1 px).
    @discardableResult
    func waitForTouch(at x: Double, _ y: Double, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        GtkTest.wait("a touch point at (\(x), \(y)) in the window", file: file, line: line) {
            guard let touch = Self.lastTouch else { return false }
            return abs(touch.x - x) <= 1 && abs(touch.y - y) <= 1
        }
    }

    /// Runs GTK until the pointer is reported at (`x`, `y`) in the window's coordinates (±1 px).
    func waitForPointer(at x: Double, _ y: Double, file: StaticString = #filePath, line: UInt = #line) {
        GtkTest.wait("the pointer at (\(x), \(y)) in the window", file: file, line: line) {
            guard let pointer = Self.lastPointer else { return false }
            return abs(pointer.x - x) <= 1 && abs(pointer.y - y) <= 1
        }
    }
}
