// Real input for the widget tests, on whichever display server GTK opened: X11 through
// xdotool (core button and key events, as Xvfb sees a mouse and keyboard), Wayland through
// mutter's remote-desktop API (axis_discrete notches, finger axis frames, evdev buttons and
// keysyms). Positions are in the coordinates of the widget under test (the list), so the same
// test reads the same on both, whatever decorations each draws around the window.

import CGtk
import GtkInterop
import Foundation
@testable import GtkRefreshList
import WaylandSupport
import XCTest

@MainActor
protocol RealInput {
    /// Focuses the window, puts the pointer at (`x`, `y`) in the target widget and clicks there
    /// (the keyboard focus follows).
    func point(at x: Int, _ y: Int)
    /// `count` wheel notches, `delayMs` apart.
    func wheel(up: Bool, count: Int, delayMs: Int)
    /// A left-button drag from (`x`, `fromY`) to (`x`, `toY`) in 10 px moves; released only
    /// when `release` is called.
    func press(at x: Int, _ y: Int)
    func move(to x: Int, _ y: Int)
    func release()
    /// F5, or Ctrl+R when `controlR`.
    func refreshKey(controlR: Bool)
}

enum RealInputs {
    /// The driver for the display GTK opened, aiming at `target` inside `window`.
    @MainActor static func make(window: WidgetPointer, target: WidgetPointer, windowTitle: String) throws -> any RealInput {
        var point = graphene_point_t()
        var origin = graphene_point_t(x: 0, y: 0)
        _ = withUnsafePointer(to: &origin) { gtk_widget_compute_point(target, window, $0, &point) }
        let targetInWindow = (x: Int(point.x), y: Int(point.y))
        let display = gdk_display_get_default()
        let typeName = display.flatMap {
            g_type_name_from_instance(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GTypeInstance.self))
        }
        if let typeName, String(cString: typeName) == "GdkWaylandDisplay" {
            return try WaylandInput(window: window, targetInWindow: targetInWindow)
        }
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window), &surfaceX, &surfaceY)
        return try XdotoolInput(title: windowTitle, offset: (targetInWindow.x + Int(surfaceX), targetInWindow.y + Int(surfaceY)))
    }
}

/// xdotool on the X display.
@MainActor
struct XdotoolInput: RealInput {
    let windowID: String
    /// The target's origin in X window coordinates.
    let offset: (x: Int, y: Int)

    init(title: String, offset: (x: Int, y: Int)) throws {
        self.offset = offset
        windowID = try Self.windowID(title)
        runCommand(["xdotool", "windowfocus", "--sync", windowID])
    }

    private static func windowID(_ title: String) throws -> String {
        for _ in 0..<50 {
            let process = Process()
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdotool", "search", "--name", "^\(title)$"]
            process.standardOutput = output
            try process.run()
            GtkTest.pump(timeout: 5) { !process.isRunning }
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if let id = text.split(separator: "\n").last { return String(id) }
            GtkTest.pump(for: 0.1)
        }
        throw WaylandSessionError(description: "window \(title) not found by xdotool")
    }

    func point(at x: Int, _ y: Int) {
        move(to: x, y)
        // A click puts the keyboard focus where the pointer is, as on Wayland.
        runCommand(["xdotool", "click", "1"])
        GtkTest.pump(for: 0.1)
    }
    func wheel(up: Bool, count: Int, delayMs: Int) {
        runCommand(["xdotool", "click", "--repeat", "\(count)", "--delay", "\(delayMs)", up ? "4" : "5"])
    }
    func press(at x: Int, _ y: Int) {
        let (windowX, windowY) = (offset.x + x, offset.y + y)
        runCommand(["xdotool", "mousemove", "--window", windowID, "\(windowX)", "\(windowY)", "mousedown", "1"])
    }
    func move(to x: Int, _ y: Int) {
        runCommand(["xdotool", "mousemove", "--window", windowID, "\(offset.x + x)", "\(offset.y + y)"])
    }
    func release() { runCommand(["xdotool", "mouseup", "1"]) }
    func refreshKey(controlR: Bool) { runCommand(["xdotool", "key", controlR ? "ctrl+r" : "F5"]) }
}

/// mutter's remote-desktop API on the Wayland display. Wayland never tells a client where its
/// window is, so the driver finds it: it moves the pointer over a grid of monitor points until
/// GTK reports a motion inside the window, which ties monitor and window coordinates together.
/// GTK runs between steps (a blocked main loop would see a burst instead of a gesture).
@MainActor
final class WaylandInput: RealInput {
    static let monitor = (width: 1280, height: 800)
    private let input: RemoteInput
    private let window: WidgetPointer
    private let targetInWindow: (x: Int, y: Int)
    /// Monitor position of the target's origin, once found.
    private var targetOnMonitor: (x: Int, y: Int)?
    /// Where the pointer is on the monitor.
    private var pointer = (x: 0, y: 0)

    nonisolated(unsafe) private static var lastMotion: (x: Double, y: Double)?

    init(window: WidgetPointer, targetInWindow: (x: Int, y: Int)) throws {
        input = try RemoteInput()
        self.window = window
        self.targetInWindow = targetInWindow
    }

    /// Finds the window on the monitor from GTK's own motion reports.
    private func locate() -> (x: Int, y: Int)? {
        let motion = gtk_event_controller_motion_new()!
        let callback: @convention(c) (OpaquePointer?, Double, Double, gpointer?) -> Void = { _, x, y, _ in
            WaylandInput.lastMotion = (x, y)
        }
        _ = g_signal_connect_data(
            gpointer(motion), "motion", unsafeBitCast(callback, to: GCallback.self), nil, nil, G_CONNECT_DEFAULT)
        gtk_widget_add_controller(window, motion)
        defer { gtk_widget_remove_controller(window, motion) }
        // mutter adds its virtual pointer to the seat on the first pointer event; GTK must bind
        // the new wl_pointer before a motion can enter the window.
        send("home")
        GtkTest.pump(for: 0.2)
        // The same for the virtual keyboard, created on the first key (a lone Shift).
        send("key 0xffe1 1")
        send("key 0xffe1 0")
        GtkTest.pump(for: 0.3)
        for y in stride(from: 40, to: Self.monitor.height, by: 60) {
            for x in stride(from: 40, to: Self.monitor.width, by: 60) {
                Self.lastMotion = nil
                moveOnMonitor(to: (x, y))
                GtkTest.pump(for: 0.01)
                if let seen = Self.lastMotion {
                    return (x - Int(seen.x.rounded()), y - Int(seen.y.rounded()))
                }
            }
        }
        XCTFail("the window was not found on the monitor")
        return nil
    }

    private func moveOnMonitor(to point: (x: Int, y: Int)) {
        send("motion \(point.x - pointer.x) \(point.y - pointer.y)")
        pointer = point
    }

    private func onMonitor(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
        let window = targetOnMonitor ?? (0, 0)
        return (window.x + targetInWindow.x + x, window.y + targetInWindow.y + y)
    }

    private func send(_ command: String) {
        do { try input.send(command) } catch { XCTFail("\(error)") }
        GtkTest.pump(for: 0.005)
    }

    func point(at x: Int, _ y: Int) {
        if targetOnMonitor == nil { targetOnMonitor = locate() }
        moveOnMonitor(to: onMonitor(x, y))
        GtkTest.pump(for: 0.05)
        // Headless mutter focuses a window on a click, not when it maps.
        send("button \(RemoteInput.leftButton) 1")
        send("button \(RemoteInput.leftButton) 0")
        GtkTest.pump(for: 0.1)
    }

    func wheel(up: Bool, count: Int, delayMs: Int) {
        for index in 0..<count {
            if index > 0 { GtkTest.pump(for: Double(delayMs) / 1_000) }
            send("wheel \(up ? -1 : 1)")
        }
    }

    func press(at x: Int, _ y: Int) {
        move(to: x, y)
        GtkTest.pump(for: 0.02)
        send("button \(RemoteInput.leftButton) 1")
    }

    func move(to x: Int, _ y: Int) { moveOnMonitor(to: onMonitor(x, y)) }

    func release() { send("button \(RemoteInput.leftButton) 0") }

    func refreshKey(controlR: Bool) {
        do { try input.key(controlR ? RemoteInput.letterR : RemoteInput.f5, control: controlR) } catch { XCTFail("\(error)") }
        GtkTest.pump(for: 0.05)
    }
}
