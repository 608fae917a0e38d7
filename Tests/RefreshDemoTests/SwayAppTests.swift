// The app under a second Wayland compositor, sway (wlroots), whose virtual pointer ends a
// finger scroll with wl_pointer.axis_stop: the real lift-to-refresh path, where GTK reports
// scroll-end and the pull ends at the lift rather than after the idle interval.

import Foundation
import WaylandSupport
import XCTest

final class SwayAppTests: XCTestCase {
    private func launch(_ arguments: [String]) throws -> (DemoProcess, RemoteInput) {
        let session = try SwaySession()
        let state = NSTemporaryDirectory() + "refresh-demo-state-\(UUID().uuidString)"
        let app = try DemoProcess(
            ["--trace"] + arguments, base: session.environment, environment: ["XDG_STATE_HOME": state])
        let input = try RemoteInput(environment: session.environment, injector: .wlroots)
        addTeardownBlock {
            app.stop()
            session.stop()
            try? FileManager.default.removeItem(atPath: state)
        }
        app.wait("the first frame under sway") { $0.trace.contains { $0["milestone"] as? String == "first-frame" } }
        app.wait("the initial load") {
            $0.count(effect: "startRefresh") == 1 && $0.settled() && ($0.last?["items"] as? Int ?? 0) >= 20
        }
        // sway tiles the window over the whole output; the list is its left part.
        try input.movePointer(toX: 400, y: 400)
        app.waitUntilAWheelMayPull()
        return (app, input)
    }

    private func pulls(_ app: DemoProcess) -> [TraceLine] {
        app.events.filter { $0["event"] as? String == "pull" && $0["header"] as? String != "idle" }
    }

    func testAnArmedFingerPullRefreshesTheMomentTheFingersLift() throws {
        let (app, input) = try launch(["--latency-ms", "100", "--total", "200"])
        try input.fingerScroll(dy: -10, steps: 10)
        app.wait("a finger refresh") { $0.count(effect: "startRefresh") == 2 }
        app.wait("the header collapsed, nothing left to happen") { $0.atRest() }
        XCTAssertEqual(app.count(effect: "startRefresh"), 2, "exactly one refresh")
        XCTAssertEqual(Set(pulls(app).compactMap { $0["kind"] as? String }), ["touchpad"])
        XCTAssertEqual(pulls(app).last?["header"] as? String, "armed")
        // The lift itself started the refresh: the effect follows the gesture's end.
        let trace = app.trace
        let lift = trace.firstIndex { $0["event"] as? String == "gestureEnded" && $0["kind"] as? String == "touchpad" }
        XCTAssertNotNil(lift, "sway delivered the stop as scroll-end")
        if let lift {
            XCTAssertEqual(trace[lift]["cancelled"] as? Int, 0)
            XCTAssertEqual(trace[lift]["header"] as? String, "refreshing")
            XCTAssertEqual(trace[lift + 1]["effect"] as? String, "startRefresh")
            XCTAssertEqual(trace[lift + 1]["origin"] as? String, "pull")
        }
    }

    func testAShortFingerPullCollapsesTheMomentTheFingersLift() throws {
        let (app, input) = try launch(["--latency-ms", "100", "--total", "200"])
        try input.fingerScroll(dy: -8, steps: 4)
        app.wait("the lift") { $0.events.contains { $0["event"] as? String == "gestureEnded" } }
        let lift = app.events.first { $0["event"] as? String == "gestureEnded" }
        XCTAssertEqual(lift?["header"] as? String, "idle", "collapsed at the lift, not after an idle interval")
        XCTAssertTrue(pulls(app).contains { $0["header"] as? String == "pulling" })
        app.wait("nothing left to happen") { $0.atRest() }
        XCTAssertEqual(app.count(effect: "startRefresh"), 1, "no refresh from a short pull")
    }

    func testWheelNotchesAtTheTopRefreshOnce() throws {
        let (app, input) = try launch(["--latency-ms", "100", "--total", "200"])
        try input.wheel(up: true, count: 4)
        app.wait("four notches in, one refresh, the list at rest") {
            $0.pullEvents(kind: "wheel") >= 4 && $0.count(effect: "startRefresh") == 2 && $0.atRest()
        }
        XCTAssertEqual(app.count(effect: "startRefresh"), 2)
        XCTAssertEqual(Set(pulls(app).compactMap { $0["kind"] as? String }), ["wheel"])
    }
}
