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

    /// Runs the GLib main loop until `condition` holds or `timeout` seconds pass.
    @discardableResult
    static func pump(timeout: Double = 5, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(1_000) }
        }
        return true
    }

    /// Runs the GLib main loop for `seconds`.
    static func pump(for seconds: Double) {
        _ = pump(timeout: seconds) { false }
    }

    /// A shown window holding `child`, `width`×`height` px.
    static func window(_ child: WidgetPointer, width: Int32 = 400, height: Int32 = 500) -> WidgetPointer {
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), width, height)
        gtk_window_set_child(window.as(GtkWindow.self), child)
        gtk_window_present(window.as(GtkWindow.self))
        _ = pump(timeout: 5) { gtk_widget_get_mapped(child) != 0 && gtk_widget_get_height(child) > 0 }
        pump(for: 0.1)
        return window
    }

    static func destroy(_ window: WidgetPointer) {
        gtk_window_destroy(window.as(GtkWindow.self))
        pump(for: 0.05)
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
