// The demo keeps its place across a restart, as a user would see it: launched with --trace on
// the test's X display, scrolled to mid-list by the wheel, quit with Ctrl+Q, launched again
// with the same state directory: it asks for the saved row, not the newest, and its first
// visible row is the same, a few px at most from where it was (the trace's persistPlace and
// applyRestore carry the place).

import Foundation
import WaylandSupport
import XCTest

final class PlaceAppTests: XCTestCase {
    private func launch(state: String) throws -> (DemoProcess, String) {
        let app = try DemoProcess(
            ["--trace", "--latency-ms", "50", "--total", "200"], environment: ["XDG_STATE_HOME": state])
        addTeardownBlock { app.stop() }
        let window = try requireDemoWindow()
        shell(["xdotool", "mousemove", "--window", window, "300", "300"])
        return (app, window)
    }

    /// The place the last `persistPlace` saved: the first visible row's id and its top.
    private func savedPlace(_ app: DemoProcess) -> (id: String, top: Double)? {
        guard let line = app.effects.last(where: { $0["effect"] as? String == "persistPlace" }),
            let id = line["id"] as? String, let top = line["top"] as? Double
        else { return nil }
        return (id, top)
    }

    func testQuitInMidListAndStartAgainShowsTheSameFirstVisibleRow() throws {
        let state = NSTemporaryDirectory() + "refresh-demo-place-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: state) }

        let (first, window) = try launch(state: state)
        first.wait("the initial load") { $0.settled() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        for _ in 0..<3 {
            shell(["xdotool", "click", "--repeat", "8", "--delay", "\(InputPace.spinNotchMs)", "5"])
            first.wait("the pages the wheel reached loaded") { $0.atRest() }
        }
        first.wait("the place saved once the view rested") { $0.atRest() && self.savedPlace($0) != nil }
        let left = try XCTUnwrap(savedPlace(first))
        XCTAssertNotEqual(left.id, "post-200", "scrolled away from the newest")
        shell(["xdotool", "windowfocus", "--sync", window])
        shell(["xdotool", "key", "ctrl+q"])
        first.waitForExit("Ctrl+Q quits")

        let (second, _) = try launch(state: state)
        second.wait("the saved place restored") { $0.count(effect: "applyRestore") == 1 }
        let restore = try XCTUnwrap(second.effects.first { $0["effect"] as? String == "applyRestore" })
        XCTAssertEqual(restore["id"] as? String, left.id, "the saved row asked for")
        XCTAssertEqual(
            second.effects.first { $0["effect"] as? String == "startRefresh" }?["origin"] as? String, "restore",
            "no refresh from the newest first")
        second.wait("the restored view at rest, its place saved again") {
            $0.atRest() && $0.effects.contains { $0["effect"] as? String == "persistPlace" }
        }
        let opened = try XCTUnwrap(savedPlace(second))
        XCTAssertEqual(opened.id, left.id, "the same first visible row")
        XCTAssertEqual(opened.top, left.top, accuracy: 3, "where it was")
        XCTAssertGreaterThan(second.count(effect: "applyNewer"), 0, "the newer rows loaded above it")
    }
}
