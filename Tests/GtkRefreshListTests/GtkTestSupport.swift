// Shared by the widget tests: GTK initialised once (under the Xvfb the test command starts),
// the main-loop bridge installed, a pump that runs the GLib loop until a condition holds, and
// a small row type with page helpers.

import CGtk
import GtkInterop
import Foundation
@testable import GtkRefreshList
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

    /// Runs the GLib main loop until `condition` holds or `timeout` seconds pass.
    @discardableResult
    static func pump(timeout: Double = patience, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            // Dispatches what is ready; when nothing was, waits a millisecond.
            if g_main_context_iteration(nil, 0) == 0 { usleep(1_000) }
        }
        return true
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
        let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
        for frame in 1...count where !painted(window, timeout: 10) {
            // Headless mutter now and then stops sending a window frame callbacks under load,
            // and GTK then draws it no more; shown again, it gets a fresh surface.
            gtk_widget_set_visible(window, 0)
            gtk_window_present(window.as(GtkWindow.self))
            wait("frame \(frame) painted (the window shown again)", file: file, line: line) {
                painted(window, timeout: 1)
            }
        }
    }

    /// Runs what the main loop has ready until nothing is left (idle callbacks, disposal).
    static func drainPending() {
        let deadline = Date().addingTimeInterval(patience)
        while g_main_context_iteration(nil, 0) != 0, Date() < deadline {}
    }

    /// A shown window holding `child`, `width`×`height` px, once a frame has drawn it. Headless
    /// mutter now and then sends a new window no frame callbacks, so GTK never draws it; shown
    /// again, it gets a fresh surface.
    static func window(_ child: WidgetPointer, width: Int32 = 400, height: Int32 = 500) -> WidgetPointer {
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), width, height)
        gtk_window_set_child(window.as(GtkWindow.self), child)
        gtk_window_present(window.as(GtkWindow.self))
        wait("the window mapped and laid out") { gtk_widget_get_mapped(child) != 0 && gtk_widget_get_height(child) > 0 }
        if !painted(window, timeout: 10) {
            gtk_widget_set_visible(window, 0)
            gtk_window_present(window.as(GtkWindow.self))
            wait("the window shown again and drawn") { painted(window, timeout: 1) }
        }
        return window
    }

    /// Whether `window` paints a frame within `timeout` seconds of asking for one.
    private static func painted(_ window: WidgetPointer, timeout: Double) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(window) else { return pump(timeout: timeout) { false } }
        var painted = false
        let connections = SignalConnections()
        connections.onVoid(gpointer(clock), "after-paint") { painted = true }
        defer { connections.disconnectAll() }
        gtk_widget_queue_draw(window)
        return pump(timeout: timeout) { painted }
    }

    static func destroy(_ window: WidgetPointer) {
        gtk_window_destroy(window.as(GtkWindow.self))
        drainPending()
    }

    /// A list of `Row`s with labels, quick timings and the given changes.
    static func makeList(
        _ change: (inout RefreshListConfiguration) -> Void = { _ in }
    ) throws -> RefreshList<Row> {
        var configuration = RefreshListConfiguration()
        configuration.engine = try RefreshConfiguration(minimumSpinnerTime: 50, resultDisplayTime: 100, pageSize: 20)
        configuration.startsWhenShown = false
        change(&configuration)
        return try RefreshList(configuration: configuration, rows: .label { "row \($0.id)" })
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
