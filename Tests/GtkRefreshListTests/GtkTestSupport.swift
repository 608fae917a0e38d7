// Shared by the widget tests: GTK initialised once (under the Xvfb the test command starts),
// the main-loop bridge installed, a pump that runs the GLib loop until a condition holds, and
// a small row type with page helpers.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine
import XCTest

struct Row: Identifiable, Sendable, Equatable {
    let id: Int
}

/// Rows `range`, newest first, as a page.
func page(_ range: ClosedRange<Int>, hasMore: Bool? = nil) -> Page<Row> {
    Page(range.reversed().map(Row.init), hasMore: hasMore)
}

/// Page `number` of a feed of 20-row pages (rows 20n−19…20n); `hasMore` as given.
func page(number: Int, hasMore: Bool? = nil) -> Page<Row> {
    page((number * 20 - 19)...(number * 20), hasMore: hasMore)
}

/// How often a list's loaders were called: what an app's loaders see.
@MainActor final class LoaderCalls {
    var refreshes = 0
    var loads: [Int] = []
}

extension RefreshList where Item == Row {
    /// Answers each refresh with `refresh()` and page `n` with `loadMore(n)` at once, and counts
    /// the calls in the record returned.
    func answerCounting(
        refresh: @escaping @MainActor () -> Page<Row>, loadMore: @escaping @MainActor (Int) -> Page<Row>
    ) -> LoaderCalls {
        let calls = LoaderCalls()
        onRefresh {
            calls.refreshes += 1
            return refresh()
        }
        onLoadMore { number in
            calls.loads.append(number)
            return loadMore(number)
        }
        return calls
    }
}

/// A switch a loader reads and a test flips.
@MainActor final class Flag {
    var value = false
}

struct LoaderFailure: Error, CustomStringConvertible {
    var description: String { "offline" }
}

/// Counts disposed GObjects that a test watches (GObject notifies weak references on dispose).
enum Finalized {
    nonisolated(unsafe) static var count = 0
    static let notify: GWeakNotify = { _, _ in Finalized.count += 1 }

    /// Objects really finalized (their data is cleared only then), among those `watch`ed.
    nonisolated(unsafe) static var finalizedCount = 0

    /// Counts `object` in `finalizedCount` when its memory is released.
    static func watch(_ object: gpointer) {
        let destroyed: GDestroyNotify = { _ in Finalized.finalizedCount += 1 }
        g_object_set_data_full(object.assumingMemoryBound(to: GObject.self), "test-finalized-watch", object, destroyed)
    }

    /// Objects really finalized among those `watchRoot` watched (apart from `watch`'s).
    nonisolated(unsafe) static var rootsFinalized = 0

    /// Counts `object` in `rootsFinalized` when its memory is released.
    static func watchRoot(_ object: gpointer) {
        let destroyed: GDestroyNotify = { _ in Finalized.rootsFinalized += 1 }
        g_object_set_data_full(
            object.assumingMemoryBound(to: GObject.self), "test-root-finalized-watch", object, destroyed)
    }
}

@MainActor
enum GtkTest {
    private static var ready: Bool?

    /// Initialises GTK once; false (with a test failure) when there is no display.
    static func setUp() -> Bool {
        if let ready { return ready }
        let ok = gtk_init_check() != 0
        if ok {
            MainLoopBridge.install()
        }
        ready = ok
        return ok
    }

    /// How long a test waits for something before it fails (s): generous, since a first run on
    /// a cold, busy machine can take a second for one frame; it only costs time when failing.
    static let patience = 30.0

    /// Runs the GLib main loop until `condition` holds or `timeout` seconds pass, keeping the
    /// test windows drawing (`FrameWatch`) meanwhile.
    @discardableResult
    static func pump(timeout: Double = patience, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            let now = Date()
            if now > deadline { return false }
            for watch in watches { watch.check(at: now) }
            // Dispatches what is ready; when nothing was, waits a millisecond.
            if g_main_context_iteration(nil, 0) == 0 { usleep(1_000) }
        }
        return true
    }

    /// The shown test windows, each watched for frames that stop coming.
    private static var watches: [FrameWatch] = []

    /// The watch of `window`, one of `window(_:)`'s.
    static func watch(of window: WidgetPointer) -> FrameWatch {
        guard let watch = watches.first(where: { $0.window == window && !$0.isStopped }) else {
            preconditionFailure("not a window made by GtkTest.window")
        }
        return watch
    }

    /// Runs the GLib main loop until `condition` holds; fails the test naming `what` if it never
    /// does within `timeout` seconds.
    @discardableResult
    static func wait(
        _ what: @autoclosure () -> String, timeout: Double = patience, file: StaticString = #filePath,
        line: UInt = #line, until condition: () -> Bool
    ) -> Bool {
        if pump(timeout: timeout, until: condition) { return true }
        XCTFail("never happened within \(Int(timeout)) s: \(what())", file: file, line: line)
        return false
    }

    /// Runs the GLib main loop until `widget`'s window has painted `count` more frames, each
    /// with everything changed before it laid out and drawn.
    static func frames(_ count: Int = 1, of widget: WidgetPointer, file: StaticString = #filePath, line: UInt = #line) {
        guard let root = gtk_widget_get_root(widget) else {
            XCTFail("the widget is in no window", file: file, line: line)
            return
        }
        let watch = watch(of: UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))
        for frame in 1...count {
            let painted = watch.painted
            gtk_widget_queue_draw(watch.window)
            wait("frame \(frame) of \(count) painted", file: file, line: line) { watch.painted > painted }
        }
    }

    /// Runs what the main loop has ready until nothing is left (idle callbacks, disposal).
    static func drainPending() {
        let deadline = Date().addingTimeInterval(patience)
        while g_main_context_iteration(nil, 0) != 0, Date() < deadline {}
    }

    /// A shown window holding `child`, `width`×`height` px, once a frame has drawn it.
    static func window(_ child: WidgetPointer, width: Int32 = 400, height: Int32 = 500) -> WidgetPointer {
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), width, height)
        gtk_window_set_child(window.as(GtkWindow.self), child)
        show(window, holding: child)
        return window
    }

    /// Presents a window made elsewhere (a GtkBuilder `.ui` file's), kept drawing by a frame
    /// watch like every test window, once `child` is laid out in it and a frame drew it.
    static func show(_ window: WidgetPointer, holding child: WidgetPointer) {
        watches.removeAll(where: \.isStopped)
        let watch = FrameWatch(window)
        watches.append(watch)
        gtk_window_present(window.as(GtkWindow.self))
        wait("the window mapped and laid out") { gtk_widget_get_mapped(child) != 0 && gtk_widget_get_height(child) > 0 }
        wait("the window's first frame drawn") { watch.painted > 0 }
    }

    static func destroy(_ window: WidgetPointer) {
        watches.removeAll { watch in
            guard watch.window == window else { return false }
            watch.stop()
            return true
        }
        gtk_window_destroy(window.as(GtkWindow.self))
        drainPending()
    }

    /// Disposes `widget` now, as its last reference going or its window's destruction would.
    static func dispose(_ widget: WidgetPointer) {
        g_object_run_dispose(cast(widget.raw))
        drainPending()
    }

    /// A list of `Row`s with labels, quick timings and the given changes, on `widget` (a
    /// `RefreshList` made elsewhere) or on a new one.
    static func makeList(
        on widget: WidgetPointer? = nil, _ change: (inout RefreshListConfiguration) -> Void = { _ in }
    ) throws -> RefreshList<Row> {
        var configuration = RefreshListConfiguration()
        configuration.engine = try RefreshConfiguration(minimumSpinnerTime: 50, resultDisplayTime: 100, pageSize: 20)
        configuration.startsWhenShown = false
        change(&configuration)
        return try RefreshList(widget: widget, configuration: configuration, rows: .label { "row \($0.id)" })
    }
}

/// Keeps a shown test window drawing, and says so when it had to. A GTK 4.8 window on Wayland
/// that asks for a frame callback (wl_surface.frame) in a frame it then never commits waits for
/// an answer no compositor can send (the request takes effect on commit), and draws no more:
/// every state that waits to be seen waits forever. With the GL renderer that happens to a new
/// window whose EGL surface could not be made (GTK 4.8.3 leaks the EGL surfaces of destroyed
/// windows, and Mesa refuses a new one at an address a leaked one still holds): Tests/run-all.sh
/// says more, and runs the Wayland suite with the cairo renderer, where no window has stalled in
/// any run. Should one stall anyway: a window that drew nothing for `quiet` seconds is asked for
/// a frame; if that frame does not come within `quiet` seconds either, the window is shown again
/// (a fresh surface and a fresh wait), and the log says "test window: …, shown again". The list
/// is laid out again meanwhile, so a test that reads a scroll position or counts layouts must
/// tolerate that (`reshown` tells). A window the test hid itself is left alone.
@MainActor
final class FrameWatch {
    let window: WidgetPointer
    /// Frames painted since the window was made.
    private(set) var painted = 0
    /// Called after each painted frame, with the window's allocation current.
    var afterPaint: (() -> Void)?
    /// How many times the window was shown again.
    private(set) var reshown = 0

    private static let quiet = 5.0
    private var clock: OpaquePointer?
    private var connections = SignalConnections()
    private let lifetime = SignalConnections()
    private var lastPaint = Date()
    private var probeSent: Date?
    /// The window was destroyed (or the watch stopped): nothing more to follow.
    private(set) var isStopped = false

    init(_ window: WidgetPointer) {
        self.window = window
        // Not owned: a reference here would keep the window from being disposed.
        lifetime.onVoid(gpointer(window), "destroy", owned: false) { [unowned self] in stop() }
    }

    /// Follows the window's frame clock (a new one when its surface is made again) and shows
    /// the window again when frames stopped coming.
    func check(at now: Date) {
        guard !isStopped else { return }
        let current = gtk_widget_get_frame_clock(window)
        if current != clock {
            connections.disconnectAll()
            connections = SignalConnections()
            clock = current
            if let current {
                connections.onVoid(gpointer(current), "after-paint") { [unowned self] in
                    painted += 1
                    lastPaint = Date()
                    probeSent = nil
                    afterPaint?()
                }
            }
        }
        guard gtk_widget_get_visible(window) != 0, now.timeIntervalSince(lastPaint) > Self.quiet else { return }
        if let probeSent {
            guard now.timeIntervalSince(probeSent) > Self.quiet else { return }
            self.probeSent = nil
            showAgain(because: "no frame for \(Int(Self.quiet * 2)) s")
        } else {
            probeSent = now
            gtk_widget_queue_draw(window)
        }
    }

    /// Shows the window again, which gives it a fresh surface, and returns once it is laid out
    /// and drawn again, as it was.
    func showAgain(because reason: String) {
        reshown += 1
        lastPaint = Date()
        FileHandle.standardError.write(Data("test window: \(reason), shown again (\(reshown) time(s))\n".utf8))
        gtk_widget_set_visible(window, 0)
        gtk_window_present(window.as(GtkWindow.self))
        let before = painted
        GtkTest.wait("the window shown again (\(reason)) and drawn") { painted > before }
    }

    /// Stops following the window (before it is destroyed, or as it is).
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        connections.disconnectAll()
        lifetime.disconnectAll()
        clock = nil
        afterPaint = nil
    }
}

/// Wraps a widget test: skips cleanly-failing when there is no display, runs on the main actor.
func onMainActor(
    file: StaticString = #filePath, line: UInt = #line, _ body: @MainActor () throws -> Void
) rethrows {
    try MainActor.assumeIsolated {
        guard GtkTest.setUp() else {
            XCTFail("GTK needs a display: run the tests with Tests/run-all.sh (it starts Xvfb)", file: file, line: line)
            return
        }
        try body()
    }
}

/// Runs a command (xdotool), pumping the GLib loop while it runs so the app sees the input.
@MainActor
func runCommand(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    do { try process.run() } catch {
        XCTFail("cannot run \(arguments): \(error)", file: file, line: line)
        return
    }
    GtkTest.pump(timeout: 20) { !process.isRunning }
    XCTAssertEqual(process.terminationStatus, 0, "\(arguments) failed", file: file, line: line)
}
