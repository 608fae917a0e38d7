// The timeline read from its cache (MastodonSource+Cache.swift), as a reader meets it: the app
// launched with --source mastodon against the bundled timeline server, its cache and state
// folders kept across launches. A start with the server down shows the cached rows in its first
// frame, says it is offline, and takes every post made meanwhile once when the server is back;
// an app killed while a burst of streamed posts goes in shows every post its cache had
// committed, in order, once. Each test prints its counts.

import Foundation
import XCTest

@testable import RefreshDemo

final class OfflineTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "refresh-demo-offline-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The demo reading `server`, with this test's cache and state folders (the same at each launch).
    private func launch(_ server: String, _ arguments: [String] = []) throws -> DemoProcess {
        let app = try DemoProcess(
            ["--trace", "--source", "mastodon", "--server", server, "--size", "960x480"] + arguments,
            environment: ["XDG_CACHE_HOME": folder + "/cache", "XDG_STATE_HOME": folder + "/state"])
        addTeardownBlock { app.stop() }
        return app
    }

    private func milestones(_ app: DemoProcess, _ name: String) -> [TraceLine] {
        app.trace.filter { $0["milestone"] as? String == name }
    }

    /// The ids the trace's "rows" lines say went in, in the order they did, and the last line.
    private func rowsTraced(_ app: DemoProcess) -> (added: [String], last: TraceLine?) {
        let lines = milestones(app, "rows")
        let added = lines.flatMap { ($0["added"] as? String ?? "").split(separator: ",").map(String.init) }
        return (added, lines.last)
    }

    private func lastCount(_ app: DemoProcess) -> Int { rowsTraced(app).last?["count"] as? Int ?? 0 }

    /// The statuses the cache of `server` holds now, newest first, read as the app reads them.
    private func committed(_ server: String) throws -> [String] {
        let path =
            folder + "/cache/" + applicationID + "/"
            + URL(fileURLWithPath: TimelineCache.defaultPath(applicationID: applicationID, server: server))
            .lastPathComponent
        return try TimelineCache(path: path, server: server).statuses(count: 1_000_000).map(\.id)
    }

    func testAStartWithTheServerDownShowsTheCachedRowsOfflineThenBackfillsEveryPostMadeMeanwhileOnce() throws {
        // A first run reads the timeline and follows it live, then quits.
        var server = try TimelineServer(["--posts", "300", "--heartbeat", "1"])
        let port = server.port
        let url = server.url
        var app = try launch(url)
        app.wait("the stream live and the first page in") { app in
            self.milestones(app, "stream").last?["state"] as? String == "live" && self.lastCount(app) >= 20
        }
        app.stop()
        server.stop()
        let cached = try committed(url)
        XCTAssertGreaterThanOrEqual(cached.count, 20, "the first run's rows are in the cache")

        // The server is down: the cached rows show, at once, and the app says it is offline.
        app = try launch(url)
        app.wait("the app saying it is offline, and its first frame") { app in
            self.milestones(app, "offline").last?["shown"] as? Bool == true
                && app.events.contains { $0["event"] as? String == "presented" }
        }
        let trace = app.trace
        let firstFrame = trace.firstIndex { $0["event"] as? String == "presented" }
        XCTAssertNotNil(firstFrame, "a frame was presented")
        if let firstFrame {
            XCTAssertGreaterThanOrEqual(
                trace[firstFrame]["items"] as? Int ?? 0, 20, "the first frame shows the cached rows")
        }
        let text = milestones(app, "offline").last?["text"] as? String ?? ""
        XCTAssertTrue(text.hasPrefix("Offline — showing posts from "), "the header bar says so: \(text)")
        XCTAssertTrue(text.range(of: #"\d\d:\d\d$"#, options: .regularExpression) != nil, "and since when: \(text)")
        app.wait("the cached rows shown") { self.lastCount($0) >= 20 }

        // The server comes back with ten posts made meanwhile: each arrives once, in order.
        server = try TimelineServer(["--port", "\(port)", "--posts", "310", "--heartbeat", "1"])
        addTeardownBlock { server.stop() }
        app.wait("the posts made meanwhile shown", timeout: 120) { app in
            let added = Set(self.rowsTraced(app).added)
            return (301...310).allSatisfy { added.contains("109000\($0)") }
        }
        app.wait("the offline label gone") { self.milestones($0, "offline").last?["shown"] as? Bool == false }
        let (added, last) = rowsTraced(app)
        XCTAssertEqual(added.count, Set(added).count, "no row went in twice")
        XCTAssertEqual(last?["repeated"] as? Int, 0, "no id shows twice")
        XCTAssertEqual(last?["ordered"] as? Bool, true, "the rows in the server's order")
        let backfilled = added.filter { $0 > "109000300" }
        XCTAssertEqual(backfilled.sorted(), (301...310).map { "109000\($0)" })
        print("offline start: \(cached.count) cached, \(backfilled.count) of 10 made meanwhile shown once")
    }

    func testEveryPostTheCacheCommittedBeforeTheAppWasKilledShowsAgainInOrderOnce() throws {
        let server = try TimelineServer(["--posts", "60", "--heartbeat", "1"])
        addTeardownBlock { server.stop() }
        let app = try launch(server.url)
        app.wait("the stream live and the first page in") { app in
            self.milestones(app, "stream").last?["state"] as? String == "live" && self.lastCount(app) >= 20
        }
        // A burst of 200 streamed posts; the app is killed while they go in.
        server.control("post=200")
        app.wait("50 of the burst kept") { app in
            self.milestones(app, "cached").flatMap { ($0["ids"] as? String ?? "").split(separator: ",") }
                .filter { $0 > "109000060" }.count >= 50
        }
        kill(app.process.processIdentifier, SIGKILL)
        app.process.waitUntilExit()
        server.stop()
        let committed = try committed(server.url)
        let burst = committed.filter { $0 > "109000060" }.count

        // Started again (the server down): every committed post, in order, once.
        let again = try launch(server.url, ["--page-size", "1000"])
        again.wait("every committed post shown (\(committed.count))", timeout: 120) {
            Set(self.rowsTraced($0).added).isSuperset(of: committed)
        }
        let (added, last) = rowsTraced(again)
        XCTAssertEqual(added.count, Set(added).count, "no row went in twice")
        XCTAssertEqual(last?["repeated"] as? Int, 0, "no id shows twice")
        XCTAssertEqual(last?["ordered"] as? Bool, true, "the rows in the server's order")
        XCTAssertEqual(Set(added), Set(committed), "the rows shown are the ones committed")
        print(
            "killed in a burst: \(committed.count) committed (\(burst) of the burst of 200), \(Set(added).count) shown once"
        )
    }
}
