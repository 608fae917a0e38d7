// The network feed keeps its place too: the demo on a Mastodon-compatible server (Tests/Network),
// scrolled down by the wheel, quit with Ctrl+Q and launched again with the same state directory,
// asks for the saved status with `max_id` one past its id, shows it as the first visible row
// where it was, and asks for the statuses above it with `min_id`. When those fail (the server's
// fault on newer statuses), the pill offers Retry; a click on it, once the server answers
// again, brings them in above the view without moving it.

import Foundation
import WaylandSupport
import XCTest

final class PlaceNetworkTests: XCTestCase {
    private func arguments(_ server: TimelineServer) -> [String] {
        // The stream off: this checks what the restore asks for (StreamTests the stream).
        ["--source", "mastodon", "--server", server.url, "--stream", "off", "--page-size", "20", "--size", "960x480"]
    }

    /// A first run left in mid-list: the place it saved.
    private func leftInMidList(_ server: TimelineServer, state: String) throws -> DemoPlace {
        let (first, window) = try launchDemo(arguments(server), state: state)
        first.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        return try leaveInMidList(first, window: window, rounds: 2)
    }

    func testTheTimelineOpensWhereItWasLeftAndAsksForTheNewerStatusesWithMinID() throws {
        let server = try TimelineServer(["--posts", "500"])
        addTeardownBlock { server.stop() }
        let state = demoStateDirectory()
        let left = try leftInMidList(server, state: state)
        let before = server.of("request").count

        let (second, _) = try launchDemo(arguments(server), state: state)
        second.wait("the saved place restored") { $0.count(effect: "applyRestore") == 1 }
        let asked = server.of("request").dropFirst(before).compactMap { $0["query"] as? [String: Any] }
        let successor = try XCTUnwrap(Int(left.id)).advanced(by: 1)
        XCTAssertEqual(asked.first?["max_id"] as? String, String(successor), "max_id one past the saved status")
        let opened = try XCTUnwrap(second.restoredPlace())
        XCTAssertEqual(opened.id, left.id, "the same first visible row")
        XCTAssertEqual(opened.top, left.top, accuracy: 3, "where it was")
        server.wait("the statuses above asked for with min_id") {
            $0.of("request").dropFirst(before).contains { ($0["query"] as? [String: Any])?["min_id"] != nil }
        }
        XCTAssertGreaterThan(second.count(effect: "applyNewer"), 0, "the newer statuses went in above")
    }

    func testNewerStatusesThatFailShowRetryOnThePillAndAClickBringsThem() throws {
        let server = try TimelineServer(["--posts", "500"])
        addTeardownBlock { server.stop() }
        let state = demoStateDirectory()
        let left = try leftInMidList(server, state: state)
        server.control("fault=500&on=newer&times=1000")

        let (second, window) = try launchDemo(arguments(server), state: state)
        // The pill as painted, from the trace: what it offers and its centre in the window.
        func pill(_ app: DemoProcess) -> TraceLine? { app.trace.last { $0["milestone"] as? String == "pill" } }
        second.wait("the pill offering Retry (\(String(describing: pill(second))))") {
            pill($0)?["pill"] as? String == "retryNewer" && $0.atRest()
        }
        XCTAssertTrue(
            server.requests("refresh").contains { ($0["query"] as? [String: Any])?["min_id"] != nil },
            "the newer statuses were asked for")
        XCTAssertEqual(second.count(effect: "applyNewer"), 0, "none came")
        let held = try XCTUnwrap(second.restoredPlace())
        XCTAssertEqual(held.id, left.id, "the saved status stays the first visible row")
        XCTAssertEqual(held.top, left.top, accuracy: 3, "where it was")
        XCTAssertNotEqual(second.last?["header"] as? String, "failed", "the header says nothing of it")

        server.control("clear=1")
        let shown = try XCTUnwrap(pill(second))
        let x = try XCTUnwrap(shown["x"] as? Int)
        let y = try XCTUnwrap(shown["y"] as? Int)
        shell(["xdotool", "mousemove", "--window", window, "\(x)", "\(y)", "click", "1"])
        second.wait("Retry brought the newer statuses, counted in the pill") {
            $0.count(effect: "applyNewer") > 0 && pill($0)?["pill"] as? String == "newAbove"
                && $0.events.contains { $0["event"] as? String == "pillActivated" }
        }
        // Saved after the newer statuses went in, not the place the restore saved before them.
        func newerApplied(_ line: TraceLine) -> Bool { line["effect"] as? String == "applyNewer" }
        second.wait("the view at rest, its place saved after the newer statuses went in") {
            $0.atRest() && $0.placeSaved(after: newerApplied) != nil
        }
        let after = try XCTUnwrap(second.placeSaved(after: newerApplied))
        XCTAssertEqual(after.id, left.id, "the newer statuses went in above without moving the first visible row")
        XCTAssertEqual(after.top, left.top, accuracy: 3)
    }
}
