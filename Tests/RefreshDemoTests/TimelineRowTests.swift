// What a timeline row says besides its content, read as a screen reader reads it (AT-SPI): a
// status with a content warning shows the warning's words and a "Show more" button, the content
// hidden; pressed (through its AT-SPI action, as Orca presses it), the content shows and the
// button says "Show less", expanded. And how long ago a status was posted, said again each minute.

import Foundation
import XCTest

final class TimelineRowTests: XCTestCase {
    func testAContentWarningHidesTheContentUntilTheReaderOpensIt() throws {
        let (app, _, _) = try startDemoReadingTimeline(
            serverArguments: ["--posts", "60", "--warnings", "3"], appArguments: ["--trace"], before: { _ in })
        app.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        let said = try runScreenReaderClient("content_warning.py", [], for: app)
        print(said.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func testAWarningTheReaderOpenedIsStillOpenWhenTheAppStartsAgain() throws {
        let server = try TimelineServer(["--posts", "60", "--warnings", "3"])
        addTeardownBlock { server.stop() }
        let folder = NSTemporaryDirectory() + "refresh-demo-opened-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        func launch() throws -> DemoProcess {
            let app = try DemoProcess(
                ["--trace", "--source", "mastodon", "--server", server.url, "--page-size", "20", "--size", "960x480"],
                environment: ["XDG_CACHE_HOME": folder + "/cache", "XDG_STATE_HOME": folder + "/state"])
            addTeardownBlock { app.stop() }
            app.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
            return app
        }
        var app = try launch()
        let said = try runScreenReaderClient("content_warning.py", [], for: app)
        let number = try XCTUnwrap(
            said.split(separator: "\n").first { $0.hasPrefix("opened status #") }?.dropFirst("opened status #".count)
                .prefix { $0.isNumber }, "which status the reader opened: \(said)")
        app.stop()
        // Started again, from its cache at the same place: that status's content shows, its button
        // says "Show less", expanded.
        app = try launch()
        let again = try runScreenReaderClient("content_warning.py", ["--opened", String(number)], for: app)
        print(again.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func testTheTimeARowSaysIsSaidAgainEachMinute() throws {
        let (app, _, _) = try startDemoReadingTimeline(
            serverArguments: ["--posts", "60"], appArguments: ["--trace"], before: { _ in })
        app.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        let said = try runScreenReaderClient("posted_time.py", [], for: app)
        print(said.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
