// The demo keeps its place across a restart, as a user would see it: launched with --trace on
// the test's X display, scrolled to mid-list by the wheel, quit with Ctrl+Q, launched again
// with the same state directory: it asks for the saved row, not the newest, and its first
// visible row is the same, a few px at most from where it was (the trace's persistPlace and
// applyRestore carry the place).

import Foundation
import XCTest

final class PlaceAppTests: XCTestCase {
    func testQuitInMidListAndStartAgainShowsTheSameFirstVisibleRow() throws {
        let state = demoStateDirectory()
        let arguments = ["--latency-ms", "50", "--total", "200"]
        let (first, window) = try launchDemo(arguments, state: state)
        first.wait("the initial load") { $0.settled() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        let left = try leaveInMidList(first, window: window, rounds: 3)
        XCTAssertNotEqual(left.id, "post-200", "scrolled away from the newest")

        let (second, _) = try launchDemo(arguments, state: state)
        second.wait("the saved place restored") { $0.count(effect: "applyRestore") == 1 }
        let restore = try XCTUnwrap(second.effects.first { $0["effect"] as? String == "applyRestore" })
        XCTAssertEqual(restore["id"] as? String, left.id, "the saved row asked for")
        XCTAssertEqual(
            second.effects.first { $0["effect"] as? String == "startRefresh" }?["origin"] as? String, "restore",
            "no refresh from the newest first")
        let opened = try XCTUnwrap(second.restoredPlace())
        XCTAssertEqual(opened.id, left.id, "the same first visible row")
        XCTAssertEqual(opened.top, left.top, accuracy: 3, "where it was")
        XCTAssertGreaterThan(second.count(effect: "applyNewer"), 0, "the newer rows loaded above it")
    }
}
