// The app as a Wayland user runs it: a Wayland client of a real compositor (headless mutter),
// driven by real input injected through mutter's remote-desktop API, judged by its --trace.
// mutter 43's virtual pointer never delivers a finger scroll's stop (no wl_pointer.axis_stop),
// so these finger pulls are the "stop lost" case: they must end by themselves.

import Foundation
import WaylandSupport
import XCTest

final class WaylandAppTests: XCTestCase {
    /// The pointer over the list: mutter centres the app's window on its 1280×800 monitor.
    static let overTheList = (x: 640.0, y: 400.0)

    private func launch(_ arguments: [String]) throws -> (DemoProcess, RemoteInput) {
        let session = try WaylandSession()
        let state = NSTemporaryDirectory() + "refresh-demo-state-\(UUID().uuidString)"
        let app = try DemoProcess(
            ["--trace"] + arguments, base: session.environment, environment: ["XDG_STATE_HOME": state])
        let input = try RemoteInput(environment: session.environment)
        addTeardownBlock {
            app.stop()
            session.stop()
            try? FileManager.default.removeItem(atPath: state)
        }
        app.wait("the first frame on Wayland") { $0.trace.contains { $0["milestone"] as? String == "first-frame" } }
        try input.movePointer(toX: Self.overTheList.x, y: Self.overTheList.y)
        return (app, input)
    }

    private func items(_ app: DemoProcess) -> Int { app.last?["items"] as? Int ?? -1 }

    private func pulls(_ app: DemoProcess) -> [TraceLine] {
        app.events.filter { $0["event"] as? String == "pull" && $0["header"] as? String != "idle" }
    }

    private func refreshStarts(_ app: DemoProcess) -> [TraceLine] {
        app.effects.filter { $0["effect"] as? String == "startRefresh" }
    }

    /// Waits for the first load and for the list to rest at the top (a wheel may pull then).
    private func loaded(_ app: DemoProcess) {
        app.wait("the initial load") { $0.count(effect: "startRefresh") == 1 && $0.settled() && self.items($0) >= 20 }
        app.waitUntilAWheelMayPull()
    }

    func testWheelNotchesAtTheTopRefreshOnce() throws {
        let (app, input) = try launch(["--latency-ms", "100", "--total", "200"])
        loaded(app)
        try input.wheel(up: true, count: 4)
        app.wait("four notches in, one refresh, the list at rest") {
            $0.pullEvents(kind: "wheel") >= 4 && $0.count(effect: "startRefresh") == 2 && $0.atRest()
        }
        XCTAssertEqual(app.count(effect: "startRefresh"), 2, "exactly one refresh from four notches")
        XCTAssertEqual(refreshStarts(app).last?["origin"] as? String, "pull")
        XCTAssertEqual(Set(pulls(app).compactMap { $0["kind"] as? String }), ["wheel"], "discrete notches are a wheel")
        XCTAssertTrue(pulls(app).contains { $0["header"] as? String == "armed" })
    }

    func testTheWheelInMidListOrRushingToTheTopNeverRefreshes() throws {
        let (app, input) = try launch(["--latency-ms", "50", "--total", "400"])
        loaded(app)
        try input.wheel(up: false, count: 10, delayMs: InputPace.spinNotchMs)
        app.wait("ten notches in, scrolled into the list") {
            $0.pullEvents(kind: "wheel") >= 10 && $0.events.contains { ($0["offset"] as? Double ?? 0) > 300 }
        }
        try input.wheel(up: true, count: 3, delayMs: InputPace.spinNotchMs)
        app.wait("three more notches in, the list at rest") { $0.pullEvents(kind: "wheel") >= 13 && $0.atRest() }
        XCTAssertTrue(pulls(app).isEmpty, "mid-list notches never pull: \(pulls(app))")
        // Notches that carry the list up to the top and beyond, without resting there.
        try input.wheel(up: true, count: 20, delayMs: InputPace.spinNotchMs)
        app.wait("twenty more notches in, the list at rest") { $0.pullEvents(kind: "wheel") >= 33 && $0.atRest() }
        XCTAssertEqual(app.count(effect: "startRefresh"), 1, "no refresh: \(pulls(app))")
        let geometry = app.events.last { $0["event"] as? String == "geometry" }
        XCTAssertEqual(geometry?["offset"] as? Double, 0, "the wheel did bring the list to the top")
    }

    func testAnArmedFingerPullWhoseStopIsLostRefreshesOnceAfterTheIdleInterval() throws {
        let (app, input) = try launch(["--latency-ms", "100", "--total", "200"])
        loaded(app)
        try input.fingerScroll(dy: -10, steps: 10)
        app.wait("a finger refresh") { $0.count(effect: "startRefresh") == 2 }
        app.wait("the header collapsed, nothing left to happen") { $0.atRest() }
        XCTAssertEqual(app.count(effect: "startRefresh"), 2, "exactly one refresh from one finger pull")
        let fingerPulls = pulls(app)
        XCTAssertEqual(Set(fingerPulls.compactMap { $0["kind"] as? String }), ["touchpad"], "a finger is a touchpad")
        XCTAssertTrue(
            app.events.contains { $0["event"] as? String == "gestureBegan" && $0["kind"] as? String == "touchpad" })
        XCTAssertFalse(app.events.contains { $0["event"] as? String == "gestureEnded" }, "mutter 43 sends no stop")
        // The header followed the fingers: every step taller than the one before, up to armed.
        let heights = fingerPulls.compactMap { $0["height"] as? Double }
        XCTAssertGreaterThanOrEqual(heights.count, 4, "\(heights)")
        XCTAssertEqual(heights, heights.sorted(), "the header follows the fingers")
        XCTAssertEqual(fingerPulls.last?["header"] as? String, "armed")
        // Released by the idle interval (500 ms after the last movement happened), not by
        // anything sooner: on the engine's clock (`atMs`), the event whose handling started the
        // refresh came 500 ms or more after the last movement.
        let lastPull = fingerPulls.last?["atMs"] as? Int ?? 0
        let start = app.trace.lastIndex { $0["effect"] as? String == "startRefresh" } ?? 0
        let release = app.trace[..<start].last { $0["event"] != nil }
        let released = release?["atMs"] as? Int ?? 0
        XCTAssertGreaterThanOrEqual(released - lastPull, 500, "released by silence, not before it: \(release ?? [:])")
    }

    func testAShortFingerPullWhoseStopIsLostCollapsesWithoutRefreshing() throws {
        let (app, input) = try launch(["--latency-ms", "100", "--total", "200"])
        loaded(app)
        try input.fingerScroll(dy: -8, steps: 4)
        app.wait("the header pulled") { $0.events.contains { $0["header"] as? String == "pulling" } }
        app.wait("the header collapsed by itself, nothing left to happen") {
            $0.last?["header"] as? String == "idle" && $0.atRest()
        }
        XCTAssertEqual(app.count(effect: "startRefresh"), 1, "no refresh from a short pull")
        XCTAssertFalse(pulls(app).contains { $0["header"] as? String == "armed" })
    }

    func testAContinuousScrollerPullsLikeAFinger() throws {
        let (app, input) = try launch(["--latency-ms", "100", "--total", "200"])
        loaded(app)
        for _ in 0..<10 {
            try input.send("axis 0 -10 8")
            try input.send("sleep \(InputPace.frameMs)")
        }
        app.wait("a refresh") { $0.count(effect: "startRefresh") == 2 }
        XCTAssertEqual(Set(pulls(app).compactMap { $0["kind"] as? String }), ["touchpad"])
    }

    func testAWheelThatReportsPixelsIsStillAWheel() throws {
        let (app, input) = try launch(["--latency-ms", "100", "--total", "200"])
        loaded(app)
        for _ in 0..<4 {
            try input.send("axis 0 -10 2")  // axis source wheel, 10 px, no discrete step
            try input.send("sleep \(InputPace.pullNotchMs)")  // a notch's pace
        }
        app.wait("a wheel refresh") { $0.count(effect: "startRefresh") == 2 && $0.settled() }
        XCTAssertEqual(Set(pulls(app).compactMap { $0["kind"] as? String }), ["wheel"])
        XCTAssertEqual(pulls(app).first?["height"] as? Double, 24, "10 px is one notch")
    }

    func testWheelAndFingersDownLoadEveryPageOnceUntilExhausted() throws {
        let (app, input) = try launch(["--latency-ms", "50", "--total", "95", "--page-size", "20"])
        loaded(app)
        for round in 0..<40 where app.last?["footer"] as? String != "exhausted" {
            if round % 2 == 0 {
                try input.wheel(up: false, count: 8, delayMs: InputPace.spinNotchMs)
            } else {
                try input.fingerScroll(dy: 40, steps: 10)
            }
            app.wait("the page the scroll reached loaded") { $0.atRest() }
        }
        app.expectTheEndReachedPageByPage(items: 95)
    }

    func testF5AndControlRRefresh() throws {
        let (app, input) = try launch(["--latency-ms", "50", "--total", "200"])
        loaded(app)
        // A click gives the window keyboard focus (headless mutter does not focus new windows).
        try input.click()
        try input.key(RemoteInput.f5)
        app.wait("an F5 refresh") { $0.count(effect: "startRefresh") == 2 && $0.settled() }
        try input.key(RemoteInput.letterR, control: true)
        app.wait("a Ctrl+R refresh") { $0.count(effect: "startRefresh") == 3 && $0.settled() }
        XCTAssertEqual(refreshStarts(app).dropFirst().compactMap { $0["origin"] as? String }, ["request", "request"])
    }

    func testADragFromTheTopFollowsThePointerAndRefreshesOnRelease() throws {
        let (app, input) = try launch(["--latency-ms", "100", "--total", "200"])
        loaded(app)
        try input.drag(dy: 150, steps: 15)
        app.wait("a drag refresh") { $0.count(effect: "startRefresh") == 2 }
        app.wait("the header collapsed, nothing left to happen") { $0.atRest() }
        XCTAssertEqual(app.count(effect: "startRefresh"), 2)
        XCTAssertEqual(Set(pulls(app).compactMap { $0["kind"] as? String }), ["drag"])
        XCTAssertTrue(
            app.events.contains { $0["event"] as? String == "gestureEnded" && $0["kind"] as? String == "drag" })
    }
}
