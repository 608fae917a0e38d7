// The demo keeps its place across a restart on Wayland too: a client of headless mutter,
// scrolled to mid-list by wheel notches through mutter's remote-desktop API, quit with Ctrl+Q,
// launched again in the same session with the same state directory: it asks for the saved row
// and shows it as the first visible row where it was; the wheel up then brings the newer rows,
// which count in the pill, down to none at the top. (The touchpad's way there and back is the
// widget suite's, PlaceRestoreTests and NewPillTests on Wayland.)

import Foundation
import WaylandSupport
import XCTest

final class PlaceWaylandTests: XCTestCase {
    func testQuitInMidListAndStartAgainOnWaylandShowsTheSameFirstVisibleRow() throws {
        let session = try WaylandSession()
        let input = try RemoteInput(environment: session.environment)
        let state = demoStateDirectory()
        addTeardownBlock { session.stop() }
        func launch() throws -> DemoProcess {
            let app = try DemoProcess(
                ["--trace", "--latency-ms", "50", "--total", "200"], base: session.environment,
                environment: ["XDG_STATE_HOME": state])
            addTeardownBlock { app.stop() }
            app.wait("the first frame on Wayland") { $0.trace.contains { $0["milestone"] as? String == "first-frame" } }
            try input.movePointer(toX: WaylandAppTests.overTheList.x, y: WaylandAppTests.overTheList.y)
            return app
        }

        let first = try launch()
        first.wait("the initial load") { $0.settled() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        for round in 0..<3 {
            // Onto the rows first, so GTK picks the list under the pointer (leaveInMidList says why),
            // and each notch counted in, so none still on its way moves the view after the read.
            try input.movePointer(
                toX: WaylandAppTests.overTheList.x, y: WaylandAppTests.overTheList.y + Double((round + 1) % 2))
            let arrived = first.pullEvents(kind: "wheel") + 8
            try input.wheel(up: false, count: 8, delayMs: InputPace.spinNotchMs)
            first.wait(
                "the eight notches in (\(first.pullEvents(kind: "wheel")) of \(arrived) received), the pages the wheel reached loaded"
            ) {
                $0.pullEvents(kind: "wheel") >= arrived && $0.atRest()
            }
        }
        first.wait("the place saved once the view rested after the last notch") {
            $0.atRest() && $0.placeSaved(after: DemoProcess.isWheelPull) != nil
        }
        let left = try XCTUnwrap(first.placeSaved(after: DemoProcess.isWheelPull))
        XCTAssertNotEqual(left.id, "post-200", "scrolled away from the newest")
        // A click gives the window keyboard focus (headless mutter does not focus new windows).
        try input.click()
        try input.key(RemoteInput.letterQ, control: true)
        first.waitForExit("Ctrl+Q quits")

        let second = try launch()
        try second.expectOpened(at: left)
        XCTAssertGreaterThan(second.last?["newAbove"] as? Int ?? 0, 0, "the newer rows above count in the pill")

        // The wheel up: the pill counts down as the newer rows come into view, and goes at the
        // top, the newest row first. The pill goes once the newest row shows in part, which may
        // be a notch or two before the very top: the wheel goes on until there.
        var counts: [Int] = []
        func offset() -> Double? { second.events.last { $0["event"] as? String == "geometry" }?["offset"] as? Double }
        func atTheTop() -> Bool {
            second.last?["newAbove"] as? Int == 0 && second.last?["newerRows"] as? String == "none" && offset() == 0
        }
        // Onto the restored rows first, as before the first launch's notches.
        try input.movePointer(toX: WaylandAppTests.overTheList.x, y: WaylandAppTests.overTheList.y + 1)
        for _ in 0..<80 where !atTheTop() {
            let arrived = second.pullEvents(kind: "wheel") + 4
            try input.wheel(up: true, count: 4, delayMs: InputPace.spinNotchMs)
            second.wait("the four notches in, the rows the wheel reached in") {
                $0.pullEvents(kind: "wheel") >= arrived && $0.atRest()
            }
            if let count = second.last?["newAbove"] as? Int, count != counts.last { counts.append(count) }
        }
        second.wait("at the top (offset \(String(describing: offset()))), nothing newer, the pill gone") {
            $0.atRest() && atTheTop()
        }
        XCTAssertTrue(zip(counts, counts.dropFirst()).contains { $1 < $0 }, "the pill counted down: \(counts)")
    }
}
