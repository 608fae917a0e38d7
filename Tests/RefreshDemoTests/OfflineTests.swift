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

    /// Waits until `app` follows the stream live and shows its first page.
    private func waitLive(_ app: DemoProcess) {
        app.wait("the stream live and the first page in") { app in
            self.milestones(app, "stream").last?["state"] as? String == "live" && self.lastCount(app) >= 20
        }
    }

    /// The statuses the cache of `server` holds now, newest first, read on the test's own
    /// connection: what the app committed.
    private func committed(_ server: String) throws -> [String] {
        try CacheFile(path: cachePath(server)).ids()
    }

    /// The app's cache file for `server` in this test's cache folder.
    private func cachePath(_ server: String) -> String {
        folder + "/cache/" + applicationID + "/"
            + URL(fileURLWithPath: TimelineCache.defaultPath(applicationID: applicationID, server: server))
            .lastPathComponent
    }

    func testAStartWithTheServerDownShowsTheCachedRowsOfflineThenBackfillsEveryPostMadeMeanwhileOnce() throws {
        // A first run reads the timeline and follows it live, then quits.
        var server = try TimelineServer(["--posts", "300", "--heartbeat", "1"])
        let port = server.port
        let url = server.url
        var app = try launch(url)
        waitLive(app)
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

    func testAStartWithTheServerDownShowsTheAvatarsAndPicturesTheLastRunShowed() throws {
        // A first run shows the timeline's first rows with their avatars and pictures, then quits.
        let server = try TimelineServer(["--posts", "60", "--media", "2"])
        let url = server.url
        var app = try launch(url, ["--stream", "off"])
        app.wait("the first page's avatars and pictures shown") { app in
            self.lastCount(app) >= 20 && app.images.reduce(0) { $0 + $1.widgets } >= 8 && app.quiet(for: 1_000)
        }
        let online = Set(app.images.map(\.url))
        app.stop()
        server.stop()

        // The server is down: the same rows show with the same pictures, read from the disk.
        app = try launch(url, ["--stream", "off"])
        app.wait("the app offline with its cached rows, and pictures shown") { app in
            self.milestones(app, "offline").last?["shown"] as? Bool == true && self.lastCount(app) >= 20
                && app.images.reduce(0) { $0 + $1.widgets } >= 8
        }
        let offline = app.images
        XCTAssertTrue(
            offline.allSatisfy { online.contains($0.url) }, "only pictures the first run fetched: \(offline)")
        let avatars = offline.filter { $0.url.contains("/avatars/") }.count
        let media = offline.filter { $0.url.contains("/media/") }.count
        XCTAssertGreaterThan(avatars, 0, "avatars shown offline")
        XCTAssertGreaterThan(media, 0, "pictures shown offline")
        print(
            "offline pictures: \(online.count) fetched online; offline \(avatars) avatars and \(media) pictures "
                + "from the disk, in \(offline.reduce(0) { $0 + $1.widgets }) widgets")
    }

    func testAStartFromTheCacheWithTheStreamOffAsksOnceForWhatIsNewerAndSaysWhenItCannot() throws {
        // A first run, the stream off, reads the newest page into the cache, then quits.
        var server = try TimelineServer(["--posts", "300", "--heartbeat", "1"])
        let port = server.port
        let url = server.url
        var app = try launch(url, ["--stream", "off"])
        app.wait("the first page in, at rest") { $0.atRest() && self.lastCount($0) >= 20 }
        app.stop()
        server.stop()

        // The server is down: the cached rows show, and with no pull the app says it is offline.
        // (No place saved: the list opens at the newest cached row and asks nothing itself.)
        try? FileManager.default.removeItem(atPath: folder + "/state")
        app = try launch(url, ["--stream", "off"])
        app.wait("the app saying it is offline") { self.milestones($0, "offline").last?["shown"] as? Bool == true }
        XCTAssertGreaterThanOrEqual(lastCount(app), 20, "the cached rows shown")
        app.stop()

        // The server is back with ten posts made meanwhile: a start asks once for what is newer
        // than the newest cached status, and shows each post once, with no pull.
        server = try TimelineServer(["--port", "\(port)", "--posts", "310", "--heartbeat", "1"])
        addTeardownBlock { server.stop() }
        try? FileManager.default.removeItem(atPath: folder + "/state")
        app = try launch(url, ["--stream", "off"])
        app.wait("the posts made meanwhile shown", timeout: 30) { app in
            let added = Set(self.rowsTraced(app).added)
            return (301...310).allSatisfy { added.contains("109000\($0)") }
        }
        app.wait("at rest") { $0.atRest() }
        let asked = server.requests().compactMap { $0["query"] as? [String: String] }
        XCTAssertEqual(asked.first, ["limit": "20", "min_id": "109000300"], "newer than the newest cached, first")
        XCTAssertEqual(asked.filter { $0["min_id"] == "109000300" }.count, 1, "once")
        XCTAssertEqual(app.count(effect: "startRefresh"), 1, "the first load only: no pull")
        XCTAssertTrue(server.of("stream").isEmpty, "no stream")
        let (added, last) = rowsTraced(app)
        XCTAssertEqual(added.count, Set(added).count, "no row went in twice")
        XCTAssertEqual(last?["ordered"] as? Bool, true, "the rows in the server's order")
    }

    func testAPlaceTheCacheNoLongerHoldsIsFetchedAndTheCacheStartsAgainFromIt() throws {
        // A first run reads down the timeline (the stream off) and quits: its place is saved.
        let server = try TimelineServer(["--posts", "500"])
        addTeardownBlock { server.stop() }
        let arguments = ["--stream", "off", "--page-size", "20"]
        let first = try launch(server.url, arguments)
        let window = try requireDemoWindow()
        shell(["xdotool", "mousemove", "--window", window, "300", "300"])
        first.wait("the first page at rest") { $0.atRest() && self.lastCount($0) >= 20 }
        let left = try leaveInMidList(first, window: window, rounds: 2)
        let place = try XCTUnwrap(Int(left.id))
        // The place's status and the five above it leave the cache (as a smaller bound or a
        // deletion takes them): what it holds now begins five statuses above the place.
        try CacheFile(path: cachePath(server.url)).remove(
            try committed(server.url).filter { (Int($0) ?? 0) <= place + 5 })
        let kept = try committed(server.url)
        XCTAssertFalse(kept.isEmpty, "statuses above the place stay cached")
        XCTAssertEqual(gaps(kept), [])

        // Started again: the place comes from the server (max_id), and the cache does not keep it
        // beside the statuses five above it, which a page read from the cache would show as its
        // neighbours: it starts again from the place's page.
        let second = try launch(server.url, arguments)
        second.wait("the saved place restored") { $0.count(effect: "applyRestore") == 1 }
        second.wait("the statuses above the place in, at rest") {
            $0.atRest() && $0.count(effect: "applyNewer") > 0
        }
        let opened = try XCTUnwrap(second.restoredPlace())
        XCTAssertEqual(opened.id, left.id, "the same first visible row")
        let after = try committed(server.url)
        XCTAssertTrue(after.contains(left.id), "the place's status cached again")
        XCTAssertEqual(gaps(after), [], "the cache holds one run")
        let (added, last) = rowsTraced(second)
        XCTAssertEqual(added.count, Set(added).count, "no row went in twice")
        XCTAssertEqual(last?["ordered"] as? Bool, true, "the rows in the server's order")
        let shown = added.compactMap { Int($0) }.filter { $0 > place }.sorted()
        XCTAssertFalse(shown.isEmpty, "statuses above the place shown")
        XCTAssertEqual(shown, Array((place + 1)..<(place + 1 + shown.count)), "none skipped above the place")
        print(
            "place \(left.id) out of the cache (\(kept.count) kept above it): \(after.count) cached after, "
                + "\(shown.count) shown above it")
    }

    func testADroppedStreamCatchesUpIntoTheCacheAfterItsNewestStatusWasDeleted() throws {
        let server = try TimelineServer(["--posts", "300", "--heartbeat", "1"])
        addTeardownBlock { server.stop() }
        let app = try launch(server.url)
        waitLive(app)
        // A post streamed, shown and kept; then deleted: the newest the stream showed is gone.
        server.control("post=1")
        app.wait("the streamed post kept") { _ in (try? self.committed(server.url))?.first == "109000301" }
        server.control("delete=109000301")
        app.wait("the deleted post out of the cache") { _ in
            (try? self.committed(server.url))?.first == "109000300"
        }
        // The stream drops; five posts come while it is away. The catch-up asks for what is newer
        // than the deleted post, and its page joins the cache beside it.
        server.control("stream=drop&post=5")
        app.wait("the five posts made while the stream was away shown", timeout: 30) { app in
            let added = Set(self.rowsTraced(app).added)
            return (302...306).allSatisfy { added.contains("109000\($0)") }
        }
        app.wait("the stream live again") { self.milestones($0, "stream").last?["state"] as? String == "live" }
        let cached = try committed(server.url)
        XCTAssertEqual(Array(cached.prefix(6)), (300...306).reversed().filter { $0 != 301 }.map { "109000\($0)" })
        XCTAssertEqual(gaps(cached), ["109000300…109000302"], "one run, but for the deleted post")
    }

    func testEveryPostTheCacheCommittedBeforeTheAppWasKilledShowsAgainInOrderOnce() throws {
        let server = try TimelineServer(["--posts", "60", "--heartbeat", "1"])
        addTeardownBlock { server.stop() }
        let app = try launch(server.url)
        waitLive(app)
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

    /// The places where `ids` (the cache's, newest first) skip statuses: the bundled server's
    /// ids are consecutive numbers, so a run without a gap steps by one.
    private func gaps(_ ids: [String]) -> [String] {
        zip(ids, ids.dropFirst()).filter { (Int($0) ?? 0) - (Int($1) ?? 0) != 1 }.map { "\($1)…\($0)" }
    }

    /// The app has read every event the server streamed before a malformed one it sends now:
    /// the stream's trace line counts that one (events are read in order).
    private func waitUntilStreamedEventsRead(_ app: DemoProcess, _ server: TimelineServer, malformed: Int) {
        server.control("stream=malformed")
        app.wait("the malformed event counted") {
            self.milestones($0, "stream").last?["malformed"] as? Int == malformed
        }
    }

    func testAPostStreamedWhileTheCatchUpRunsIsNotCachedAboveStatusesNotFetchedYet() throws {
        // A first run caches the newest page and quits; 30 posts come while it is away.
        let server = try TimelineServer(["--posts", "300", "--heartbeat", "1"])
        addTeardownBlock { server.stop() }
        var app = try launch(server.url)
        waitLive(app)
        app.stop()
        server.control("post=30")
        // Started again at the newest cached row (no place saved): the catch-up from it hangs,
        // and a post is streamed meanwhile; the app quits before the catch-up is over.
        try? FileManager.default.removeItem(atPath: folder + "/state")
        server.control("fault=hang&on=newer")
        app = try launch(server.url)
        server.wait("the catch-up from the newest cached status hanging") { !$0.of("hanging").isEmpty }
        XCTAssertEqual(
            server.requests("refresh").last?["query"] as? [String: String], ["limit": "20", "min_id": "109000300"])
        server.control("post=1")
        waitUntilStreamedEventsRead(app, server, malformed: 1)
        app.stop()
        let cached = try committed(server.url)
        XCTAssertEqual(gaps(cached), [], "the cache holds one run of the timeline")
        XCTAssertFalse(cached.contains("109000331"), "the streamed post waits for the statuses below it")

        // A third start catches up from the newest cached status: all 31 posts, in order, once.
        server.control("clear=1")
        try? FileManager.default.removeItem(atPath: folder + "/state")
        app = try launch(server.url)
        app.wait("every post made while the app was away or catching up shown", timeout: 30) { app in
            let added = Set(self.rowsTraced(app).added)
            return (301...331).allSatisfy { added.contains("109000\($0)") }
        }
        let (added, last) = rowsTraced(app)
        XCTAssertEqual(added.count, Set(added).count, "no row went in twice")
        XCTAssertEqual(last?["ordered"] as? Bool, true, "the rows in the server's order")
        XCTAssertEqual(gaps(try committed(server.url)), [], "the cache still holds one run")
    }

    func testAStreamedEditOfAStatusNeverFetchedLeavesNoGapInTheCache() throws {
        let server = try TimelineServer(["--posts", "300", "--heartbeat", "1"])
        addTeardownBlock { server.stop() }
        let app = try launch(server.url)
        waitLive(app)
        let before = try committed(server.url)
        // An edit of a status far older than any fetched, and of one the cache holds.
        server.control("edit=109000150")
        server.control("edit=109000299")
        waitUntilStreamedEventsRead(app, server, malformed: 1)
        let after = try committed(server.url)
        XCTAssertEqual(after, before, "the cache holds the same statuses")
        XCTAssertEqual(gaps(after), [])
        // Written on the cache's queue: looked for until it is there.
        app.wait("the cached status the edit names replaced") { _ in
            (try? CacheFile(path: self.cachePath(server.url)).json(of: "109000299"))??.contains("edited") == true
        }
    }
}
