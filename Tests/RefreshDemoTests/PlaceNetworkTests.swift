// The network feed keeps its place too: the demo on a Mastodon-compatible server (Tests/Network),
// scrolled down by the wheel, quit with Ctrl+Q and launched again with the same state directory,
// asks for the saved status with `max_id` one past its id, shows it as the first visible row
// where it was, and asks for the statuses above it with `min_id`.

import Foundation
import WaylandSupport
import XCTest

final class PlaceNetworkTests: XCTestCase {
    private func launch(_ server: TimelineServer, state: String) throws -> (DemoProcess, String) {
        // The stream off: this checks what the restore asks for (StreamTests the stream).
        let app = try DemoProcess(
            [
                "--trace", "--source", "mastodon", "--server", server.url, "--stream", "off", "--page-size", "20",
                "--size", "960x480",
            ],
            environment: ["XDG_STATE_HOME": state])
        addTeardownBlock { app.stop() }
        let window = try requireDemoWindow()
        shell(["xdotool", "mousemove", "--window", window, "300", "300"])
        return (app, window)
    }

    private func savedPlace(_ app: DemoProcess) -> (id: String, top: Double)? {
        guard let line = app.effects.last(where: { $0["effect"] as? String == "persistPlace" }),
            let id = line["id"] as? String, let top = line["top"] as? Double
        else { return nil }
        return (id, top)
    }

    func testTheTimelineOpensWhereItWasLeftAndAsksForTheNewerStatusesWithMinID() throws {
        let server = try TimelineServer(["--posts", "500"])
        addTeardownBlock { server.stop() }
        let state = NSTemporaryDirectory() + "refresh-demo-place-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: state) }

        let (first, window) = try launch(server, state: state)
        first.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        for _ in 0..<2 {
            shell(["xdotool", "click", "--repeat", "8", "--delay", "\(InputPace.spinNotchMs)", "5"])
            first.wait("the pages the wheel reached loaded") { $0.atRest() }
        }
        first.wait("the place saved") { $0.atRest() && self.savedPlace($0) != nil }
        let left = try XCTUnwrap(savedPlace(first))
        shell(["xdotool", "windowfocus", "--sync", window])
        shell(["xdotool", "key", "ctrl+q"])
        first.waitForExit("Ctrl+Q quits")
        let before = server.of("request").count

        let (second, _) = try launch(server, state: state)
        second.wait("the saved place restored") { $0.count(effect: "applyRestore") == 1 }
        let asked = server.of("request").dropFirst(before).compactMap { $0["query"] as? [String: Any] }
        let successor = try XCTUnwrap(Int(left.id)).advanced(by: 1)
        XCTAssertEqual(asked.first?["max_id"] as? String, String(successor), "max_id one past the saved status")
        second.wait("the restored view at rest, its place saved again") {
            $0.atRest() && $0.effects.contains { $0["effect"] as? String == "persistPlace" }
        }
        let opened = try XCTUnwrap(savedPlace(second))
        XCTAssertEqual(opened.id, left.id, "the same first visible row")
        XCTAssertEqual(opened.top, left.top, accuracy: 3, "where it was")
        server.wait("the statuses above asked for with min_id") {
            $0.of("request").dropFirst(before).contains { ($0["query"] as? [String: Any])?["min_id"] != nil }
        }
        XCTAssertGreaterThan(second.count(effect: "applyNewer"), 0, "the newer statuses went in above")
    }
}
