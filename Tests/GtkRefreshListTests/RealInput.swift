// Real input for the widget tests, on whichever display server GTK opened: X11 through
// xdotool (core button and key events, as Xvfb sees a mouse and keyboard), Wayland through
// mutter's remote-desktop API (axis_discrete notches, finger axis frames, evdev buttons and
// keysyms, and a touchscreen: `RealTouch`). Positions are in the coordinates of the widget under test (the list), so the same
// test reads the same on both, whatever decorations each draws around the window.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import WaylandSupport
import XCTest

@MainActor
protocol RealInput {
    /// Focuses the window, puts the pointer at (`x`, `y`) in the target widget and clicks there
    /// (the keyboard focus follows).
    func point(at x: Int, _ y: Int)
    /// Two clicks at (`x`, `y`) in the target widget, as fast as a double click.
    func doubleClick(at x: Int, _ y: Int)
    /// `count` wheel notches, `delayMs` apart (the input's pace: `InputPace`, not a wait).
    func wheel(up: Bool, count: Int, delayMs: Int)
    /// `count` wheel notches, `delayMs` apart, sent while the main loop is held for `stallMs`
    /// (and at least as long as the notches take): GTK reads them all at once afterwards, as
    /// on a busy machine. Returns once GTK has handled them.
    func wheelDuringStall(up: Bool, count: Int, delayMs: Int, stallMs: Int)
    /// A left-button drag from (`x`, `fromY`) to (`x`, `toY`) in 10 px moves; released only
    /// when `release` is called.
    func press(at x: Int, _ y: Int)
    func move(to x: Int, _ y: Int)
    func release()
    /// F5, or Ctrl+R when `controlR`.
    func refreshKey(controlR: Bool)
    /// One press and release of `key`.
    func key(_ key: NavigationKey)
}

/// One finger on a touchscreen, at points in the target widget's coordinates. Only the Wayland
/// driver has one (mutter's remote-desktop touchscreen): xdotool drives X11's core pointer and
/// keyboard and has no touch, so `RealInputs.touchscreen` skips a test under X11, and the
/// Wayland pass of Tests/run-all.sh runs it.
@MainActor
protocol RealTouch {
    /// The finger down at (`x`, `y`); returns once GTK has the touch, throws (after failing the
    /// test) if it never comes.
    func touchDown(at x: Int, _ y: Int) throws
    /// The finger moved to (`x`, `y`); returns once GTK has the move.
    func touchMove(to x: Int, _ y: Int) throws
    /// The finger lifted; returns once GTK has the end of the touch.
    func touchUp() throws
}

/// Two fingers on a touchpad: smooth scrolling in px with a begin (GDK_SCROLL_UNIT_SURFACE).
/// Only the Wayland driver has one (mutter's remote-desktop finger axis); Xvfb has no XI2
/// touchpad, so a test that needs it skips under X11 and the Wayland pass of Tests/run-all.sh
/// runs it.
@MainActor
protocol RealTouchpad {
    /// A finger scroll of `steps` frames of `dy` px each (negative scrolls up, toward the top),
    /// a frame apart, then the fingers lift; returns once GTK has scroll events from it (GTK
    /// merges the smooth scroll events that come within one frame, so not one per step).
    func fingerScroll(dy: Double, steps: Int)
}

/// A main loop held up, as on a busy machine: no GLib iteration (nor Foundation's run loop) runs
/// until the stall's length has passed and what it waits for has happened. The length is part of
/// the gesture under test, like `InputPace`, not a wait for the app.
struct MainLoopStall {
    let end: Date

    init(milliseconds: Int) { end = Date().addingTimeInterval(Double(milliseconds) / 1_000) }

    /// Holds the calling thread until the stall's end and until `done` holds; fails naming `what`
    /// if `done` never holds within 30 s.
    func hold(until what: String, _ done: () -> Bool) {
        let deadline = max(end, Date().addingTimeInterval(30))
        while !(done() && Date() >= end) {
            guard Date() < deadline else { return XCTFail("never happened within 30 s while stalled: \(what)") }
            usleep(1_000)
        }
    }
}

/// Keys a keyboard user moves with, by their X keysym name and value.
enum NavigationKey: String {
    case end = "End", tab = "Tab", shiftTab = "shift+Tab", enter = "Return", keypadEnter = "KP_Enter"
    case space = "space"

    /// The key's keysym, pressed with Shift held when `shifted`.
    var keysym: Int {
        switch self {
        case .end: 0xFF57
        case .tab, .shiftTab: 0xFF09
        case .enter: 0xFF0D
        case .keypadEnter: 0xFF8D
        case .space: 0x20
        }
    }

    var shifted: Bool { self == .shiftTab }
}

enum RealInputs {
    /// The driver for the display GTK opened, aiming at `target` inside `window`.
    @MainActor static func make(
        window: WidgetPointer, target: WidgetPointer, windowTitle: String, touchscreen: Bool = false
    ) throws -> any RealInput {
        var point = graphene_point_t()
        var origin = graphene_point_t(x: 0, y: 0)
        _ = withUnsafePointer(to: &origin) { gtk_widget_compute_point(target, window, $0, &point) }
        let targetInWindow = (x: Int(point.x), y: Int(point.y))
        let display = gdk_display_get_default()
        let typeName = display.flatMap {
            g_type_name_from_instance(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GTypeInstance.self))
        }
        if let typeName, String(cString: typeName) == "GdkWaylandDisplay" {
            return try WaylandInput(window: window, targetInWindow: targetInWindow, touchscreen: touchscreen)
        }
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window), &surfaceX, &surfaceY)
        return try XdotoolInput(
            title: windowTitle, offset: (targetInWindow.x + Int(surfaceX), targetInWindow.y + Int(surfaceY)),
            targetInWindow: targetInWindow, window: window)
    }
}

extension RealInputs {
    /// A touchscreen and the usual input for the display GTK opened, aiming at `target` inside
    /// `window`. Under X11 it throws XCTSkip: xdotool has no touch, and the same test runs in
    /// the Wayland pass of Tests/run-all.sh, where a touchscreen that cannot be opened fails it.
    @MainActor static func touchscreen(window: WidgetPointer, target: WidgetPointer, windowTitle: String) throws
        -> any RealInput & RealTouch
    {
        let input = try make(window: window, target: target, windowTitle: windowTitle, touchscreen: true)
        guard let touch = input as? any RealInput & RealTouch else {
            throw XCTSkip("touch needs the Wayland pass (Tests/run-all.sh): xdotool has no touchscreen")
        }
        return touch
    }
}

/// xdotool on the X display. Each step returns once GTK has received the events it sent.
@MainActor
struct XdotoolInput: RealInput {
    let windowID: String
    /// The target's origin in X window coordinates (the GTK window's surface).
    let offset: (x: Int, y: Int)
    /// The target's origin in the GTK window's coordinates.
    let targetInWindow: (x: Int, y: Int)
    let watch: InputWatch

    init(title: String, offset: (x: Int, y: Int), targetInWindow: (x: Int, y: Int), window: WidgetPointer) throws {
        self.offset = offset
        self.targetInWindow = targetInWindow
        watch = InputWatch(window: window)
        windowID = try Self.windowID(title)
        runCommand(["xdotool", "windowfocus", "--sync", windowID])
    }

    private static func windowID(_ title: String) throws -> String {
        var found: String?
        GtkTest.wait("xdotool finding the window \(title)") {
            let process = Process()
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdotool", "search", "--name", "^\(title)$"]
            process.standardOutput = output
            guard (try? process.run()) != nil else { return false }
            GtkTest.pump { !process.isRunning }
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            found = text.split(separator: "\n").last.map(String.init)
            return found != nil
        }
        guard let found else { throw WaylandSessionError(description: "window \(title) not found by xdotool") }
        return found
    }

    func point(at x: Int, _ y: Int) {
        move(to: x, y)
        // A click puts the keyboard focus where the pointer is, as on Wayland.
        let before = watch.counts
        runCommand(["xdotool", "click", "1"])
        watch.wait("a click", since: before) { $0.releases > $1.releases }
    }
    func doubleClick(at x: Int, _ y: Int) {
        move(to: x, y)
        let before = watch.counts
        runCommand(["xdotool", "click", "--repeat", "2", "--delay", "\(InputPace.doubleClickMs)", "1"])
        watch.wait("a double click", since: before) { $0.releases >= $1.releases + 2 }
    }
    func wheel(up: Bool, count: Int, delayMs: Int) {
        let before = watch.counts
        // The delay is the user's pace between notches (InputPace), part of the gesture under test.
        runCommand(["xdotool", "click", "--repeat", "\(count)", "--delay", "\(delayMs)", up ? "4" : "5"])
        watch.wait("\(count) wheel notches", since: before) { $0.scrolls >= $1.scrolls + count }
    }
    func wheelDuringStall(up: Bool, count: Int, delayMs: Int, stallMs: Int) {
        let before = watch.counts
        let stall = MainLoopStall(milliseconds: stallMs)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool", "click", "--repeat", "\(count)", "--delay", "\(delayMs)", up ? "4" : "5"]
        do { try process.run() } catch { return XCTFail("cannot run xdotool: \(error)") }
        stall.hold(until: "xdotool sent the notches") { !process.isRunning }
        XCTAssertEqual(process.terminationStatus, 0, "xdotool click failed")
        watch.wait("\(count) wheel notches after the stall", since: before) { $0.scrolls >= $1.scrolls + count }
    }
    func press(at x: Int, _ y: Int) {
        move(to: x, y)
        let before = watch.counts
        runCommand(["xdotool", "mousedown", "1"])
        watch.wait("a button press", since: before) { $0.presses > $1.presses }
    }
    func move(to x: Int, _ y: Int) {
        runCommand(["xdotool", "mousemove", "--window", windowID, "\(offset.x + x)", "\(offset.y + y)"])
        watch.waitForPointer(at: Double(targetInWindow.x + x), Double(targetInWindow.y + y))
    }
    func release() {
        let before = watch.counts
        runCommand(["xdotool", "mouseup", "1"])
        watch.wait("a button release", since: before) { $0.releases > $1.releases }
    }
    func refreshKey(controlR: Bool) {
        let before = watch.counts
        runCommand(["xdotool", "key", controlR ? "ctrl+r" : "F5"])
        watch.wait(controlR ? "Ctrl+R" : "F5", since: before) { $0.keys >= $1.keys + (controlR ? 2 : 1) }
    }
    func key(_ key: NavigationKey) {
        let before = watch.counts
        runCommand(["xdotool", "key", key.rawValue])
        watch.wait(key.rawValue, since: before) { $0.keys > $1.keys }
    }
}

/// mutter's remote-desktop API on the Wayland display. Wayland never tells a client where its
/// window is, so the driver finds it: it moves the pointer over a grid of monitor points until
/// GTK reports a motion inside the window, which ties monitor and window coordinates together.
/// Each step returns once GTK has received what it sent (a blocked main loop would see a burst
/// instead of a gesture).
@MainActor
final class WaylandInput: RealInput {
    static let monitor = (width: 1280, height: 800)
    private let input: RemoteInput
    private let window: WidgetPointer
    fileprivate let watch: InputWatch
    private let targetInWindow: (x: Int, y: Int)
    /// Monitor position of the window's surface origin.
    private var windowOnMonitor = (x: 0, y: 0)
    /// Where the pointer is on the monitor.
    private var pointer = (x: 0, y: 0)
    /// Where the last window was found: mutter places each new window alike, so the next search
    /// tries there first (and confirms it like any other guess).
    private static var lastFound: (x: Int, y: Int)?

    /// Finds the window on the monitor, or throws naming what never happened. With
    /// `touchscreen` the session also has a touchscreen (`RealTouch`), or throws.
    init(window: WidgetPointer, targetInWindow: (x: Int, y: Int), touchscreen: Bool = false) throws {
        input = try RemoteInput(touchscreen: touchscreen)
        self.window = window
        self.targetInWindow = targetInWindow
        watch = InputWatch(window: window)
        windowOnMonitor = try locate()
        reshownWhenFound = GtkTest.watch(of: window).reshown
        if touchscreen { try addTouchscreen() }
    }

    /// `FrameWatch.reshown` when the window was last found.
    private var reshownWhenFound = 0

    /// Finds the window again if its frame watch showed it again since (mutter may place the new
    /// surface elsewhere); true if it did.
    @discardableResult
    private func followWindow() -> Bool {
        guard GtkTest.watch(of: window).reshown != reshownWhenFound else { return false }
        do { windowOnMonitor = try locate() } catch { XCTFail("\(error)") }
        reshownWhenFound = GtkTest.watch(of: window).reshown
        return true
    }

    /// How long one grid point of `locate()` listens for a motion inside the window (ms), pass
    /// by pass: the one absence window in these drivers, since a motion outside every window
    /// produces no event at all. Too short for a slow machine, it costs time (a later grid point,
    /// the next, longer pass), never a wrongly placed window.
    static let probePassesMs = [50.0, 250.0, 1_000.0]
    /// The whole search's budget (s): past it the test stops with an error instead of scanning on.
    static let locateBudget = 120.0

    /// Finds the window on the monitor from GTK's own motion reports.
    private func locate() throws -> (x: Int, y: Int) {
        let deadline = Date().addingTimeInterval(Self.locateBudget)
        // mutter adds its virtual pointer to the seat on the first pointer event, and its
        // virtual keyboard on the first key (a lone Shift); GTK binds each as it appears.
        try input.send("home")
        try input.send("key 0xffe1 1")
        try input.send("key 0xffe1 0")
        GtkTest.frames(of: window)
        if let known = Self.lastFound, confirm(known, deadline: deadline) { return known }
        var motions = watch.counts.motions
        for probeMs in Self.probePassesMs {
            if let origin = locate(probingFor: probeMs, deadline: deadline) {
                Self.lastFound = origin
                return origin
            }
            if Date() > deadline { break }
            if watch.counts.motions == motions {
                // A whole pass and no motion reached the window: mutter is not showing it.
                GtkTest.watch(of: window).showAgain(because: "no pointer motion reached it")
            }
            motions = watch.counts.motions
        }
        throw WaylandSessionError(
            description: "the window was not found on the monitor within \(Int(Self.locateBudget)) s "
                + "(\(watch.counts.motions) pointer motions reached it)")
    }

    /// One pass of `locate()` over the monitor, each grid point listening for `probeMs`. A
    /// motion inside the window is the answer to one of the last few points sent (a late one to
    /// an earlier point), so each of those is tried, newest first, as the point it answered.
    private func locate(probingFor probeMs: Double, deadline: Date) -> (x: Int, y: Int)? {
        var sent: [(x: Int, y: Int)] = []
        for y in stride(from: 40, to: Self.monitor.height, by: 60) {
            for x in stride(from: 40, to: Self.monitor.width, by: 60) {
                guard Date() < deadline else { return nil }
                let before = watch.counts
                moveOnMonitor(to: (x, y))
                sent.append((x, y))
                guard
                    GtkTest.pump(timeout: probeMs / 1_000, until: { self.watch.counts.motions > before.motions }),
                    let seen = InputWatch.lastPointer
                else { continue }
                for point in sent.suffix(4).reversed() {
                    let origin = (x: point.x - Int(seen.x.rounded()), y: point.y - Int(seen.y.rounded()))
                    if confirm(origin, deadline: deadline) { return origin }
                }
                sent.removeAll()
            }
        }
        return nil
    }

    /// Whether the window's surface is at `origin` on the monitor: a move to a point inside it
    /// must be reported there.
    private func confirm(_ origin: (x: Int, y: Int), deadline: Date) -> Bool {
        let inWindow = (x: targetInWindow.x + 20, y: targetInWindow.y + 20)
        moveOnMonitor(to: (origin.x + inWindow.x, origin.y + inWindow.y))
        let budget = min(2, max(0, deadline.timeIntervalSinceNow))
        return GtkTest.pump(timeout: budget) {
            InputWatch.lastPointer.map {
                abs($0.x - Double(inWindow.x)) <= 1 && abs($0.y - Double(inWindow.y)) <= 1
            } ?? false
        }
    }

    private func moveOnMonitor(to point: (x: Int, y: Int)) {
        send("motion \(point.x - pointer.x) \(point.y - pointer.y)")
        pointer = point
    }

    private func onMonitor(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
        (windowOnMonitor.x + targetInWindow.x + x, windowOnMonitor.y + targetInWindow.y + y)
    }

    fileprivate func send(_ command: String) {
        do { try input.send(command) } catch { XCTFail("\(error)") }
    }

    func point(at x: Int, _ y: Int) {
        move(to: x, y)
        // Headless mutter focuses a window on a click, not when it maps.
        let before = watch.counts
        send("button \(RemoteInput.leftButton) 1")
        send("button \(RemoteInput.leftButton) 0")
        watch.wait("a click", since: before) { $0.releases > $1.releases }
    }

    func doubleClick(at x: Int, _ y: Int) {
        move(to: x, y)
        let before = watch.counts
        send("button \(RemoteInput.leftButton) 1")
        send("button \(RemoteInput.leftButton) 0")
        send("sleep \(InputPace.doubleClickMs)")
        send("button \(RemoteInput.leftButton) 1")
        send("button \(RemoteInput.leftButton) 0")
        watch.wait("a double click", since: before) { $0.releases >= $1.releases + 2 }
    }

    /// Where the last `move(to:)` put the pointer, in the target's coordinates.
    private var lastTarget: (x: Int, y: Int)?

    func wheel(up: Bool, count: Int, delayMs: Int) {
        if followWindow(), let lastTarget { move(to: lastTarget.x, lastTarget.y) }
        let before = watch.counts
        for index in 0..<count {
            // The user's pace between notches (InputPace): part of the gesture under test, not a
            // wait for anything. GTK runs meanwhile.
            if index > 0 {
                let next = Date().addingTimeInterval(Double(delayMs) / 1_000)
                GtkTest.pump { Date() >= next }
            }
            send("wheel \(up ? -1 : 1)")
        }
        watch.wait("\(count) wheel notches", since: before) { $0.scrolls >= $1.scrolls + count }
    }

    func wheelDuringStall(up: Bool, count: Int, delayMs: Int, stallMs: Int) {
        if followWindow(), let lastTarget { move(to: lastTarget.x, lastTarget.y) }
        let before = watch.counts
        let stall = MainLoopStall(milliseconds: stallMs)
        // The injector paces the notches ("sleep") and answers each command once mutter took
        // it; meanwhile this thread waits for it, so GTK's main loop reads nothing.
        for index in 0..<count {
            if index > 0 { send("sleep \(delayMs)") }
            send("wheel \(up ? -1 : 1)")
        }
        stall.hold(until: "the notches sent") { true }
        watch.wait("\(count) wheel notches after the stall", since: before) { $0.scrolls >= $1.scrolls + count }
    }

    func press(at x: Int, _ y: Int) {
        move(to: x, y)
        let before = watch.counts
        send("button \(RemoteInput.leftButton) 1")
        watch.wait("a button press", since: before) { $0.presses > $1.presses }
    }

    func move(to x: Int, _ y: Int) {
        followWindow()
        lastTarget = (x, y)
        moveOnMonitor(to: onMonitor(x, y))
        watch.waitForPointer(at: Double(targetInWindow.x + x), Double(targetInWindow.y + y))
    }

    func release() {
        let before = watch.counts
        send("button \(RemoteInput.leftButton) 0")
        watch.wait("a button release", since: before) { $0.releases > $1.releases }
    }

    func refreshKey(controlR: Bool) {
        let before = watch.counts
        do { try input.key(controlR ? RemoteInput.letterR : RemoteInput.f5, control: controlR) } catch {
            XCTFail("\(error)")
        }
        watch.wait(controlR ? "Ctrl+R" : "F5", since: before) { $0.keys >= $1.keys + (controlR ? 2 : 1) }
    }

    func key(_ key: NavigationKey) {
        let before = watch.counts
        do { try input.key(key.keysym, shift: key.shifted) } catch { XCTFail("\(error)") }
        watch.wait(key.rawValue, since: before) { $0.keys > $1.keys }
    }
}

extension WaylandInput: RealTouchpad {
    func fingerScroll(dy: Double, steps: Int) {
        let before = watch.counts
        for _ in 0..<steps {
            send("axis 0 \(dy) 4")
            send("sleep \(InputPace.frameMs)")
        }
        send("axis 0 0 5")
        watch.wait("a finger scroll", since: before) { $0.scrolls > $1.scrolls }
    }
}

extension WaylandInput: RealTouch {
    /// mutter adds its virtual touchscreen to the seat on the first touch, which GTK misses while
    /// it binds the new capability: one touch outside the window, then a wait until GTK's seat
    /// can touch and mutter knows it.
    fileprivate func addTouchscreen() throws {
        let width = Int(gtk_widget_get_width(window)), height = Int(gtk_widget_get_height(window))
        let corners = [(x: 2, y: 2), (x: Self.monitor.width - 2, y: Self.monitor.height - 2)]
        guard
            let outside = corners.first(where: {
                !((windowOnMonitor.x...windowOnMonitor.x + width).contains($0.x)
                    && (windowOnMonitor.y...windowOnMonitor.y + height).contains($0.y))
            })
        else { throw WaylandSessionError(description: "no monitor corner outside the window for a first touch") }
        try input.send("touch-down 0 \(outside.x) \(outside.y)")
        try input.send("touch-up 0")
        // The touch may have taken the pointer with it: relative motions start from the corner
        // they are known to start from again.
        try input.send("home")
        pointer = (0, 0)
        let seat = gdk_display_get_default_seat(gdk_display_get_default())
        GtkTest.wait("GTK's seat with mutter's touchscreen") {
            gdk_seat_get_capabilities(seat).rawValue & GDK_SEAT_CAPABILITY_TOUCH.rawValue != 0
        }
        // GTK asks for the seat's touch when it learns of it, and mutter sends touches only to a
        // client that has it: a frame drawn after that (mutter answered the commit that followed
        // the request) says mutter knows.
        GtkTest.frames(of: window)
    }

    func touchDown(at x: Int, _ y: Int) throws {
        followWindow()
        let before = watch.counts
        let point = onMonitor(x, y)
        try input.send("touch-down 0 \(point.x) \(point.y)")
        try touchArrived(watch.wait("a touch down at (\(x), \(y))", since: before) { $0.touchBegins > $1.touchBegins })
        try touchArrived(watch.waitForTouch(at: Double(targetInWindow.x + x), Double(targetInWindow.y + y)))
    }

    func touchMove(to x: Int, _ y: Int) throws {
        let point = onMonitor(x, y)
        try input.send("touch-motion 0 \(point.x) \(point.y)")
        try touchArrived(watch.waitForTouch(at: Double(targetInWindow.x + x), Double(targetInWindow.y + y)))
    }

    func touchUp() throws {
        let before = watch.counts
        try input.send("touch-up 0")
        try touchArrived(watch.wait("the touch lifted", since: before) { $0.touchEnds > $1.touchEnds })
    }

    /// Ends the gesture when GTK never received a step of it (the wait failed the test already).
    private func touchArrived(_ arrived: Bool) throws {
        if !arrived { throw WaylandSessionError(description: "the touch never reached the window") }
    }
}
