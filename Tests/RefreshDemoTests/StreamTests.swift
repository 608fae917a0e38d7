// The live timeline against the timeline server's stream and its faults (Tests/Network): the app
// launched as a user would, with --source mastodon and --trace, on the test's X display. Each
// test checks what the header bar says (its status label's text and accessible description,
// as the app sets them), that every post shows exactly once and in order, that no row is lost,
// and what the server saw (stream connections, catch-up requests, connections closed).

import Foundation
import WaylandSupport
import XCTest

final class StreamTests: XCTestCase {
    /// A server with `posts` statuses (a heartbeat every second), and the app streaming from it.
    private func start(
        posts: Int = 100, serverArguments: [String] = [], appEnvironment: [String: String] = [:],
        before: (TimelineServer) -> Void = { _ in }
    ) throws -> (DemoProcess, TimelineServer, String) {
        try startDemoReadingTimeline(
            serverArguments: ["--posts", "\(posts)", "--heartbeat", "1"] + serverArguments, appArguments: ["--trace"],
            appEnvironment: appEnvironment, before: before)
    }

    /// `start()`, then waits until the stream is live and the first page at rest; also the
    /// index past the trace's "Live" line (for `waitForLabel(after:)`) and the rows shown.
    private func startLive() throws -> (DemoProcess, TimelineServer, Int, Int) {
        let (app, server, _) = try start()
        let seen = waitForLabel(app, "Live")
        app.wait("the first page at rest") { $0.atRest() && self.items($0) >= 20 }
        return (app, server, seen, items(app))
    }

    private func items(_ app: DemoProcess) -> Int { app.last?["items"] as? Int ?? -1 }

    /// The header bar's stream label as the app last set it: its text and its description.
    private func label(_ app: DemoProcess) -> (text: String, description: String)? {
        guard let line = app.trace.last(where: { $0["milestone"] as? String == "stream-label" }),
            let text = line["text"] as? String, let description = line["description"] as? String
        else { return nil }
        return (text, description)
    }

    /// Waits until the header bar's label said `text` (its description containing `reason`) in
    /// a trace line at or after `after`; returns the index just past that line, to wait for
    /// what follows it.
    @discardableResult
    private func waitForLabel(
        _ app: DemoProcess, _ text: String, reason: String? = nil, after: Int = 0, timeout: Double = 60,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        func match(_ app: DemoProcess) -> Int? {
            let trace = app.trace
            guard after < trace.count else { return nil }
            return trace[after...].firstIndex { line in
                guard line["milestone"] as? String == "stream-label", line["text"] as? String == text else {
                    return false
                }
                guard let reason else { return true }
                return (line["description"] as? String)?.contains(reason) == true
            }
        }
        app.wait(
            "the header bar saying \(text)\(reason.map { " (\($0))" } ?? ""); it says \(String(describing: label(app)))",
            timeout: timeout, file: file, line: line
        ) { match($0) != nil }
        return (match(app) ?? app.trace.count) + 1
    }

    /// The ids the list shows now, newest first, rebuilt from the trace's "rows" lines; checks
    /// that each line saw no row twice and the rows in order, and that no row went but those
    /// deleted (`removedAllowed`).
    @discardableResult
    private func expectEveryRowOnceInOrder(
        _ app: DemoProcess, removedAllowed: Int = 0, file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        // The "rows" line follows the trace of the event that showed the rows, through a pipe
        // that may hand over one before the other: the rows followed are the rows shown once it
        // came.
        func followed(_ app: DemoProcess) -> Int? {
            app.trace.last { $0["milestone"] as? String == "rows" }?["count"] as? Int
        }
        app.wait(
            "the rows followed (\(String(describing: followed(app)))) are the rows shown (\(items(app)))",
            file: file, line: line
        ) { followed($0) == self.items($0) }
        var removed = 0
        for row in app.trace where row["milestone"] as? String == "rows" {
            XCTAssertEqual(row["repeated"] as? Int, 0, "a row id shows twice: \(row)", file: file, line: line)
            XCTAssertEqual(row["ordered"] as? Bool, true, "rows out of order: \(row)", file: file, line: line)
            removed += row["removed"] as? Int ?? 0
        }
        XCTAssertEqual(removed, removedAllowed, "rows that went away", file: file, line: line)
        return removed
    }

    /// The ids added by the trace's "rows" lines, in the order they were added.
    /// Whether `app` shows `count` rows and its trace has said every row it ever added (the
    /// `rows` line of a batch can come a main-loop turn after the event that counted it).
    private func shown(_ app: DemoProcess, _ count: Int) -> Bool { items(app) == count && added(app).count >= count }

    private func added(_ app: DemoProcess) -> [String] {
        app.trace.filter { $0["milestone"] as? String == "rows" }.flatMap {
            ($0["added"] as? String ?? "").split(separator: ",").map(String.init)
        }
    }

    func testStreamedPostsGoOnTopOnceTheRefreshDoublesNothingAndScrolledDownThePillCountsThem() throws {
        let (app, server, window) = try start()
        waitForLabel(app, "Live")
        app.wait("the first page at rest") { $0.atRest() && self.items($0) >= 20 }
        let before = items(app)
        server.control("post=3")
        app.wait("the three streamed posts shown") { self.shown($0, before + 3) }
        XCTAssertEqual(added(app).suffix(3), ["109000101", "109000102", "109000103"], "each went on top as it came")
        // A refresh while streaming asks for what is newer than the streamed posts: nothing doubles.
        shell(["xdotool", "windowfocus", "--sync", window])
        let refreshes = app.count(effect: "startRefresh")
        shell(["xdotool", "key", "F5"])
        app.wait("the F5 refresh over") { $0.count(effect: "startRefresh") > refreshes && $0.atRest() }
        XCTAssertEqual(
            server.requests("refresh").last?["query"] as? [String: String], ["limit": "20", "min_id": "109000103"])
        XCTAssertEqual(items(app), before + 3)
        // Scrolled down: streamed posts go in above the view, which holds, and the pill counts them.
        shell(["xdotool", "click", "--repeat", "6", "--delay", "\(InputPace.spinNotchMs)", "5"])
        app.wait("the list at rest, scrolled down") {
            $0.atRest() && ($0.events.last { $0["event"] as? String == "geometry" }?["offset"] as? Double ?? 0) > 100
        }
        server.control("post=2")
        app.wait("the pill counting the two streamed posts") { ($0.last?["newAbove"] as? Int) == 2 }
        XCTAssertTrue(app.effects.contains { $0["effect"] as? String == "keepPlace" }, "the place held")
        expectEveryRowOnceInOrder(app)
        XCTAssertEqual(server.of("stream").count, 1, "one stream all along")
    }

    func testADroppedStreamReconnectsAndCatchesUpEveryMissedPostOnceInOrder() throws {
        let (app, server, live, before) = try startLive()
        var seen = live
        // The stream closes, then 45 posts come while no stream is open.
        server.control("stream=drop&post=45")
        seen = waitForLabel(app, "Reconnecting…", reason: "The server closed the stream", after: seen)
        waitForLabel(app, "Live", after: seen)
        app.wait("the 45 missed posts shown") { self.shown($0, before + 45) }
        // Caught up page after page by min_id, each page from the newest shown before it.
        let catchUps = server.requests("refresh").compactMap { ($0["query"] as? [String: String])?["min_id"] }
        XCTAssertEqual(Array(catchUps.suffix(4)), ["109000100", "109000120", "109000140", "109000145"])
        XCTAssertEqual(Set(added(app)).count, added(app).count, "a post shown twice")
        XCTAssertEqual(added(app).suffix(45).first, "109000120", "the oldest missed page first, newest on top")
        server.control("post=1")
        app.wait("a post streamed after the catch-up") { self.items($0) == before + 46 }
        expectEveryRowOnceInOrder(app)
        XCTAssertEqual(server.of("stream").count, 2)
    }

    func testAStalledStreamIsNoticedByTheHeartbeatDeadlineAndClosed() throws {
        let (app, server, live, before) = try startLive()
        var seen = live
        server.control("stream=stall&post=2")
        // The app's deadline is 40 s of silence (two missed heartbeats of Mastodon's 15 s).
        seen = waitForLabel(app, "Reconnecting…", reason: "went quiet", after: seen, timeout: 120)
        server.wait("the stalled stream closed by the app") { !$0.of("stream-closed").isEmpty }
        waitForLabel(app, "Live", after: seen)
        app.wait("the two posts of the stall caught up") { self.shown($0, before + 2) }
        XCTAssertEqual(added(app).suffix(2), ["109000102", "109000101"], "caught up, newest on top")
        expectEveryRowOnceInOrder(app)
    }

    func testMalformedUnknownDeletedAndEditedEventsKeepTheStreamLive() throws {
        let (app, server, live, before) = try startLive()
        var seen = live
        server.control("stream=malformed")
        server.control("stream=unknown")
        server.control("delete=109000099")
        server.control("edit=109000098")
        // The malformed event counted, and the stream goes on.
        app.wait("the malformed event counted") {
            $0.trace.contains { $0["milestone"] as? String == "stream" && $0["malformed"] as? Int == 1 }
        }
        app.wait("the deleted post removed") { self.items($0) == before - 1 }
        server.control("post=1")
        app.wait("a post streamed after them") { self.items($0) == before }
        XCTAssertEqual(label(app)?.text, "Live")
        // After a reconnection, the deleted post stays gone and the missed one comes once.
        server.control("stream=drop&post=1")
        seen = waitForLabel(app, "Reconnecting…", after: seen)
        waitForLabel(app, "Live", after: seen)
        app.wait("the missed post caught up") { self.items($0) == before + 1 }
        XCTAssertFalse(added(app).contains("1") || added(app).contains("108999999"), "an unknown id became a row")
        expectEveryRowOnceInOrder(app, removedAllowed: 1)
        XCTAssertEqual(server.of("stream").count, 2, "one reconnection: the one the drop asked for")
    }

    func testA401TurnsTheStreamOffSayingWhyAndA503IsRetried() throws {
        let (app, server, _) = try start { $0.control("stream_fault=401") }
        waitForLabel(app, "Offline", reason: "needs a sign-in (401 Unauthorized)")
        app.wait("the list at rest with its rows, the stream off") { $0.atRest() && self.items($0) >= 20 }
        XCTAssertEqual(server.of("stream").count, 1, "a 401 is not retried")
        app.stop()

        let (second, secondServer, _) = try start { $0.control("stream_fault=503&times=2") }
        let seen = waitForLabel(second, "Reconnecting…", reason: "The server answered 503 Service Unavailable")
        waitForLabel(second, "Live", after: seen)
        let times = secondServer.of("stream").compactMap { $0["t"] as? Double }
        XCTAssertEqual(times.count, 3)
        // The waits: 1 s, then 2 s, each scaled by a jitter between 0.5 and 1.
        XCTAssertGreaterThanOrEqual(times[1] - times[0], 0.45, "the first wait")
        XCTAssertGreaterThanOrEqual(times[2] - times[1], 0.95, "the second wait, doubled")
        expectEveryRowOnceInOrder(second)
    }

    /// A server whose stream asks for a sign-in: with MASTODON_ACCESS_TOKEN the app sends it
    /// and goes live; without it, the stream is off and the header bar says why.
    func testAServerWhoseStreamNeedsASignInGetsTheAccessToken() throws {
        let (app, server, _) = try start(
            serverArguments: ["--token", "s3cret"], appEnvironment: ["MASTODON_ACCESS_TOKEN": "s3cret"])
        waitForLabel(app, "Live")
        XCTAssertEqual(server.of("stream").map { $0["authorized"] as? Bool }, [true], "one stream, signed in")
        app.stop()

        let (unsigned, unsignedServer, _) = try start(
            serverArguments: ["--token", "s3cret"], appEnvironment: ["MASTODON_ACCESS_TOKEN": ""])
        waitForLabel(unsigned, "Offline", reason: "needs a sign-in (401 Unauthorized)")
        unsigned.wait("the list at rest with its rows, the stream off") { $0.atRest() && self.items($0) >= 20 }
        XCTAssertEqual(unsignedServer.of("stream").map { $0["authorized"] as? Bool }, [false])
    }

    /// A 503 saying Retry-After: 3 is reconnected after 3 s at least, not after the first
    /// backoff's 0.5 to 1 s.
    func testA503sRetryAfterIsWaitedFor() throws {
        let (app, server, _) = try start { $0.control("stream_fault=503&retry_after=3") }
        let seen = waitForLabel(app, "Reconnecting…", reason: "The server answered 503 Service Unavailable")
        waitForLabel(app, "Live", after: seen)
        let times = server.of("stream").compactMap { $0["t"] as? Double }
        XCTAssertEqual(times.count, 2)
        XCTAssertGreaterThanOrEqual(times[1] - times[0], 2.95, "the wait Retry-After asked for")
        expectEveryRowOnceInOrder(app)
    }

    func testABurstOfAThousandPostsShowsEveryOneOnce() throws {
        let (app, server, _) = try start()
        waitForLabel(app, "Live")
        app.wait("the first page at rest") { $0.atRest() && self.items($0) >= 20 }
        let before = items(app)
        server.control("post=1000")
        app.wait("the thousand posts shown", timeout: 180) { self.shown($0, before + 1_000) }
        XCTAssertEqual(added(app).suffix(1_000).first, "109000101")
        XCTAssertEqual(added(app).last, "109001100")
        expectEveryRowOnceInOrder(app)
    }

    func testASelfSignedCertificateFailsSayingSoAndNeverHangs() throws {
        let (app, server, _) = try start(serverArguments: ["--https"])
        XCTAssertTrue(server.url.hasPrefix("https://"))
        app.wait("the first load failed") {
            $0.events.contains { $0["placeholder"] as? String == "failed" } && $0.settled()
        }
        let failure = app.events.last { $0["outcome"] as? String == "failure" }?["message"] as? String ?? ""
        XCTAssertTrue(failure.hasPrefix("The server's certificate is not trusted"), failure)
        waitForLabel(app, "Offline", reason: "certificate is not trusted")
    }

    func testTheStreamClosesWhenTheAppGoes() throws {
        let (app, server, window) = try start()
        waitForLabel(app, "Live")
        shell(["xdotool", "windowfocus", "--sync", window])
        shell(["xdotool", "key", "ctrl+q"])
        app.waitForExit("Ctrl+Q quits")
        server.wait("the stream closed by the app") {
            $0.of("stream-closed").contains { $0["ending"] as? String == "closed" }
        }
    }

    func testAScreenReaderReadsTheStreamsStateAndWhy() throws {
        // A 401: the status says Offline, and its description why.
        let (app, _, _) = try start { $0.control("stream_fault=401") }
        waitForLabel(app, "Offline")
        try expectStatusRead(app, "Offline", describedWith: "needs a sign-in (401 Unauthorized)")
        app.stop()
        let (live, _, _) = try start()
        waitForLabel(live, "Live")
        try expectStatusRead(live, "Live", describedWith: "New posts appear as they are posted")
    }

    /// Runs the AT-SPI client (Tests/ScreenReader/stream_status.py) until `app`'s accessible tree
    /// has a status named `text` whose description contains `words`; fails with what it read.
    private func expectStatusRead(
        _ app: DemoProcess, _ text: String, describedWith words: String, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        try runScreenReaderClient("stream_status.py", [text, words], for: app, file: file, line: line)
    }
}
