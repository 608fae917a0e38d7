// Real X input through xdotool on a real window under the X server: wheel notches, a mouse
// drag, F5 and Ctrl+R. The list must react as a user expects, exactly once per gesture.

import CGtk
import Foundation
@testable import GtkRefreshList
import RefreshEngine
import XCTest

final class XInputTests: XCTestCase {
    struct Harness {
        let list: RefreshList<Row>
        let window: WidgetPointer
        let windowID: String
        let counts: Counts
    }

    @MainActor final class Counts {
        var refreshes = 0
        var loads: [Int] = []
    }

    @MainActor private static func harness(pages: Int = 5, title: String) throws -> Harness {
        let list = try GtkTest.makeList()
        let counts = Counts()
        list.onRefresh { page(1...20, hasMore: true) }
        list.onLoadMore { number in page((number * 20 - 19)...(number * 20), hasMore: number < pages) }
        list.effectObserver = { effect in
            switch effect {
            case .startRefresh: counts.refreshes += 1
            case .startLoadMore(_, let page): counts.loads.append(page)
            default: break
            }
        }
        let window = GtkTest.window(list.widget, width: 360, height: 420)
        gtk_window_set_title(window.as(GtkWindow.self), title)
        list.start()
        XCTAssertTrue(GtkTest.pump { list.engine.header.state == .idle && list.engine.inFlight == nil })
        GtkTest.pump(for: 0.3)
        let id = try windowID(title)
        runCommand(["xdotool", "windowfocus", "--sync", id])
        runCommand(["xdotool", "mousemove", "--window", id, "180", "200"])
        // The list has rested at the top; the wheel may pull.
        GtkTest.pump(for: 0.3)
        counts.refreshes = 0
        return Harness(list: list, window: window, windowID: id, counts: counts)
    }

    @MainActor private static func windowID(_ title: String) throws -> String {
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
        throw XCTSkip("window \(title) not found by xdotool")
    }

    func testWheelNotchesUpAtTheTopStartExactlyOneRefresh() throws {
        try onMainActor {
            let h = try Self.harness(title: "wheel-top")
            defer { GtkTest.destroy(h.window) }
            runCommand(["xdotool", "click", "--repeat", "4", "--delay", "60", "4"])
            XCTAssertTrue(GtkTest.pump { h.list.engine.header.state == .refreshing }, "state \(h.list.engine.header.state)")
            XCTAssertTrue(GtkTest.pump { h.list.engine.header.state == .idle })
            GtkTest.pump(for: 0.3)
            XCTAssertEqual(h.counts.refreshes, 1)
        }
    }

    func testWheelDownLoadsEveryPageExactlyOnceUntilExhausted() throws {
        try onMainActor {
            let h = try Self.harness(pages: 6, title: "wheel-bottom")
            defer { GtkTest.destroy(h.window) }
            for _ in 0..<30 where h.list.engine.footer != .exhausted {
                runCommand(["xdotool", "click", "--repeat", "8", "--delay", "25", "5"])
                GtkTest.pump(for: 0.1)
            }
            XCTAssertTrue(GtkTest.pump { h.list.engine.footer == .exhausted })
            XCTAssertEqual(h.counts.loads, [2, 3, 4, 5, 6])
            XCTAssertEqual(h.list.items.map(\.id), (1...6).flatMap { Array((($0 * 20 - 19)...($0 * 20)).reversed()) })
            XCTAssertEqual(h.counts.refreshes, 0, "scrolling down never refreshes")
        }
    }

    func testAWheelInTheMiddleOfTheListNeverRefreshes() throws {
        try onMainActor {
            let h = try Self.harness(title: "wheel-middle")
            defer { GtkTest.destroy(h.window) }
            runCommand(["xdotool", "click", "--repeat", "10", "--delay", "30", "5"])
            GtkTest.pump(for: 0.4)
            let adjustment = gtk_scrolled_window_get_vadjustment(h.list.scrolledWindow.opaque)
            XCTAssertGreaterThan(gtk_adjustment_get_value(adjustment), 300)
            runCommand(["xdotool", "click", "--repeat", "3", "--delay", "60", "4"])
            GtkTest.pump(for: 0.6)
            XCTAssertGreaterThan(gtk_adjustment_get_value(adjustment), 0, "still mid-list")
            XCTAssertEqual(h.counts.refreshes, 0)
            XCTAssertEqual(h.list.engine.header.state, .idle)
        }
    }

    func testAMouseDragDownFromTheTopRefreshes() throws {
        try onMainActor {
            let h = try Self.harness(title: "drag-top")
            defer { GtkTest.destroy(h.window) }
            runCommand(["xdotool", "mousemove", "--window", h.windowID, "180", "60", "mousedown", "1"])
            for y in stride(from: 70, through: 190, by: 10) {
                runCommand(["xdotool", "mousemove", "--window", h.windowID, "180", "\(y)"])
                GtkTest.pump(for: 0.02)
            }
            XCTAssertEqual(h.list.engine.header.state, .armed)
            XCTAssertEqual(h.list.engine.pullKind, .drag)
            runCommand(["xdotool", "mouseup", "1"])
            XCTAssertTrue(GtkTest.pump { h.list.engine.header.state == .refreshing || h.counts.refreshes == 1 })
            XCTAssertTrue(GtkTest.pump { h.list.engine.header.state == .idle })
            XCTAssertEqual(h.counts.refreshes, 1)
        }
    }

    func testF5AndCtrlRRefresh() throws {
        try onMainActor {
            let h = try Self.harness(title: "keys")
            defer { GtkTest.destroy(h.window) }
            runCommand(["xdotool", "key", "F5"])
            XCTAssertTrue(GtkTest.pump { h.counts.refreshes == 1 })
            XCTAssertTrue(GtkTest.pump { h.list.engine.header.state == .idle })
            runCommand(["xdotool", "key", "ctrl+r"])
            XCTAssertTrue(GtkTest.pump { h.counts.refreshes == 2 })
            XCTAssertTrue(GtkTest.pump { h.list.engine.header.state == .idle })
        }
    }
}
