// The network feed against a real HTTP server with faults on demand (Tests/Network): the app is
// launched as a user would, with --source mastodon and --trace, on the test's X display, and
// driven by real keys and wheel notches. Each fault must end in the right header or footer
// state with a message that says what happened, keep the rows already shown, and never show a
// row twice; a superseded request must be closed (the server sees it), and hundreds of
// refreshes and pages must leave no thread or file descriptor behind.

import Foundation
import RefreshEngine
import WaylandSupport
import XCTest

final class NetworkTests: XCTestCase {
    /// A server with `posts` statuses, and the app reading it (with --trace unless `trace` is off).
    private func start(
        posts: Int = 500, serverArguments: [String] = [], before: (TimelineServer) -> Void = { _ in },
        trace: Bool = true, size: String = "960x480"
    ) throws -> (DemoProcess, TimelineServer, String) {
        // The stream off: these check what refreshes and pages bring (StreamTests the stream).
        // The window is low enough that the first 20 rows reach more than a screen below it:
        // the list then loads no second page by itself (it does within a screen of the end),
        // and every count below is exact.
        try startDemoReadingTimeline(
            serverArguments: ["--posts", "\(posts)"] + serverArguments,
            appArguments: (trace ? ["--trace"] : []) + ["--stream", "off"], size: size, before: before)
    }

    private func items(_ app: DemoProcess) -> Int { app.last?["items"] as? Int ?? -1 }

    /// The first page shown, the header closed and the list at rest; the rows reach more than a
    /// screen below the view, so no page follows by itself.
    private func waitForTheFirstPage(_ app: DemoProcess, file: StaticString = #filePath, line: UInt = #line) {
        app.wait("the first page of the timeline, laid out with the header closed", file: file, line: line) {
            $0.atRest() && self.items($0) >= 20
                && ($0.events.last { $0["event"] as? String == "geometry" }?["height"] as? Double) == 0
        }
        guard let geometry = app.events.last(where: { $0["event"] as? String == "geometry" }),
            let content = geometry["contentHeight"] as? Double, let viewport = geometry["viewportHeight"] as? Double,
            let offset = geometry["offset"] as? Double
        else { return XCTFail("no geometry in the trace", file: file, line: line) }
        XCTAssertGreaterThan(
            content - viewport - offset, viewport,
            "the first page ends within a screen of the view, so the list would load the next by itself",
            file: file, line: line)
    }

    /// The app's "rows" lines (one after each answer): what was added, removed, shown twice.
    private func rowLines(_ app: DemoProcess) -> [TraceLine] {
        app.trace.filter { $0["milestone"] as? String == "rows" }
    }

    /// Checks that no row ever went and none showed twice, and that the rows the trace followed
    /// are the rows the list counts; returns their ids.
    @discardableResult
    private func expectRowsKeptAndUnique(
        _ app: DemoProcess, file: StaticString = #filePath, line: UInt = #line
    ) -> [String] {
        // The "rows" line follows the trace of the event that showed the rows, through a pipe
        // that may hand over one before the other: wait for it.
        func followed(_ app: DemoProcess) -> Int? { rowLines(app).last?["count"] as? Int }
        app.wait(
            "the rows followed (\(String(describing: followed(app)))) are the rows shown (\(items(app)))",
            file: file, line: line
        ) { followed($0) == self.items($0) }
        var ids: [String] = []
        for row in rowLines(app) {
            XCTAssertEqual(row["removed"] as? Int, 0, "rows shown before went away: \(row)", file: file, line: line)
            XCTAssertEqual(row["repeated"] as? Int, 0, "a row id shows twice: \(row)", file: file, line: line)
            ids += (row["added"] as? String ?? "").split(separator: ",").map(String.init)
        }
        XCTAssertEqual(Set(ids).count, ids.count, "a row id was added twice", file: file, line: line)
        XCTAssertEqual(ids.count, items(app), "the rows followed are the rows shown", file: file, line: line)
        return ids
    }

    /// Refreshes with F5 and waits for the header to show `state` for that refresh.
    private func refresh(
        _ app: DemoProcess, _ window: String, expecting state: String, timeout: Double = 60,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let result = refreshResult(app, window, timeout: timeout, file: file, line: line)
        XCTAssertEqual(result, state, "an F5 refresh's result", file: file, line: line)
    }

    /// Presses F5 and waits for the refresh it starts to show its result and the header to
    /// collapse; returns the result shown ("succeeded" or "failed"), nil if none came.
    @discardableResult
    private func refreshResult(
        _ app: DemoProcess, _ window: String, timeout: Double = 60, file: StaticString = #filePath,
        line: UInt = #line
    ) -> String? {
        let before = app.count(effect: "startRefresh")
        let seen = app.events.count
        func result(_ app: DemoProcess) -> String? {
            app.events.dropFirst(seen).lazy.compactMap { $0["header"] as? String }
                .first { $0 == "succeeded" || $0 == "failed" }
        }
        shell(["xdotool", "windowfocus", "--sync", window])
        shell(["xdotool", "key", "F5"])
        app.wait("an F5 refresh showing its result", timeout: timeout, file: file, line: line) {
            $0.count(effect: "startRefresh") > before && result($0) != nil
        }
        app.wait("the header collapsed", file: file, line: line) { $0.settled() }
        return result(app)
    }

    /// The failure message of the last completion that failed.
    private func lastFailure(_ app: DemoProcess) -> String {
        app.events.last { $0["outcome"] as? String == "failure" }?["message"] as? String ?? "(no failure)"
    }

    /// Turns the wheel down until the footer leaves `idle` for good or a page request reaches
    /// the server; the app then has asked for a page.
    private func scrollToTheEnd(
        _ app: DemoProcess, until done: (DemoProcess) -> Bool, file: StaticString = #filePath, line: UInt = #line
    ) {
        for _ in 0..<40 where !done(app) {
            shell(["xdotool", "click", "--repeat", "10", "--delay", "\(InputPace.spinNotchMs)", "5"])
            app.wait("the page the wheel reached", file: file, line: line) { $0.atRest() || done($0) }
        }
        XCTAssertTrue(
            done(app), "the wheel never got there; footer \(app.last?["footer"] ?? "?")", file: file, line: line)
    }

    func testPagesEndOnlyWhereTheServerSaysNotAtAShortAnswer() throws {
        // 47 statuses: 20, then 7 (the server's choice, more exist), then the last 20, whose
        // answer names no next page.
        let (app, server, _) = try start(posts: 47) { $0.control("fault=short&on=page") }
        waitForTheFirstPage(app)
        scrollToTheEnd(app) { $0.last?["footer"] as? String == "exhausted" }
        app.wait("every status shown") { $0.atRest() && self.items($0) == 47 }
        let pages = app.events.filter { $0["event"] as? String == "loadMoreCompleted" }
        XCTAssertEqual(pages.map { $0["received"] as? Int }, [7, 20], "a short page, then the last full one")
        XCTAssertEqual(pages.map { $0["hasMore"] as? Bool }, [true, false], "the end from the Link header")
        XCTAssertEqual(server.requests("page").count, 2)
        let ids = expectRowsKeptAndUnique(app)
        XCTAssertEqual(ids.first, "109000047")
        XCTAssertEqual(ids.last, "109000001")
    }

    func testAShortFirstPageThatSaysMoreLoadsOnByItself() throws {
        // 7 statuses where 20 were asked, with a Link header's rel="next": more exist.
        let (app, server, _) = try start(posts: 47) { $0.control("fault=short&on=refresh") }
        app.wait("the short first page and the page after it, with no input") {
            $0.atRest() && self.items($0) >= 27
        }
        let first = app.events.first { $0["event"] as? String == "refreshCompleted" }
        XCTAssertEqual(first?["received"] as? Int, 7)
        XCTAssertEqual(first?["hasMore"] as? Bool, true, "more from the Link header")
        XCTAssertEqual(
            server.requests("page").first?["query"] as? [String: String], ["limit": "20", "max_id": "109000041"],
            "the next page, older than the oldest of the seven")
        let ids = expectRowsKeptAndUnique(app)
        XCTAssertEqual(ids.prefix(8).last, "109000040")
    }

    func testAPullAtTheTopShowsTheNewPosts() throws {
        // The view goes to the new posts but keeps the focused row (the first one before the
        // pull) in view: a window tall enough for the five statuses and it, so the top is where
        // the view ends.
        let (app, server, _) = try start(size: "960x900")
        waitForTheFirstPage(app)
        let before = items(app)
        server.control("post=5")
        app.waitUntilAWheelMayPull()
        let seen = app.trace.count
        shell(["xdotool", "click", "--repeat", "4", "--delay", "\(InputPace.pullNotchMs)", "4"])
        app.wait("the pull's refresh with five new posts over, the header closed") {
            $0.atRest() && self.items($0) == before + 5
                && ($0.events.last { $0["event"] as? String == "geometry" }?["height"] as? Double) == 0
        }
        let after = app.trace.dropFirst(seen)
        let applied = after.first { $0["event"] as? String == "refreshApplied" }
        XCTAssertEqual(applied?["new"] as? Int, 5)
        XCTAssertTrue(after.contains { $0["effect"] as? String == "scrollToTop" }, "the view sent to the new posts")
        let geometry = app.events.last { $0["event"] as? String == "geometry" }
        XCTAssertEqual(geometry?["offset"] as? Double, 0, "the view at the top, on the newest post")
        XCTAssertEqual(
            expectRowsKeptAndUnique(app).suffix(5), ["109000505", "109000504", "109000503", "109000502", "109000501"])
    }

    func testServerErrorsFailTheHeaderOrFooterAndKeepTheRows() throws {
        let (app, server, window) = try start()
        waitForTheFirstPage(app)
        let before = items(app)
        server.control("fault=500&on=refresh")
        refresh(app, window, expecting: "failed")
        XCTAssertEqual(lastFailure(app), "The server answered 500 Internal Server Error")
        XCTAssertEqual(items(app), before, "rows kept after a failed refresh")
        server.control("fault=500&on=page")
        scrollToTheEnd(app) { $0.last?["footer"] as? String == "failed" }
        XCTAssertEqual(lastFailure(app), "The server answered 500 Internal Server Error")
        XCTAssertEqual(items(app), before, "rows kept after a failed page")
        expectRowsKeptAndUnique(app)
    }

    func testTooManyRequestsWaitsAsLongAsTheServerAsks() throws {
        let (app, server, window) = try start()
        waitForTheFirstPage(app)
        let before = items(app)
        server.control("fault=429&on=refresh&retry_after=6")
        refresh(app, window, expecting: "failed")
        XCTAssertEqual(lastFailure(app), "Too many requests: the server asks to wait 6 s")
        let answered = Date()
        let asked = server.requests().count
        // Within the wait every refresh fails without asking the server and says how long is
        // left; the first after it asks the server again, and succeeds.
        var result = refreshResult(app, window)
        while result == "failed", Date().timeIntervalSince(answered) < 60 {
            XCTAssertEqual(server.requests().count, asked, "a request within the server's Retry-After")
            XCTAssertTrue(lastFailure(app).hasPrefix("Too many requests: the server asks to wait "), lastFailure(app))
            result = refreshResult(app, window)
        }
        XCTAssertEqual(result, "succeeded", "a refresh once the server's wait was over")
        XCTAssertEqual(server.requests().count, asked + 1, "asked again once the wait was over")
        XCTAssertEqual(items(app), before)
        expectRowsKeptAndUnique(app)
    }

    func testAHangingRequestIsEndedByTheWatchdogAndClosed() throws {
        let (app, server, window) = try start()
        waitForTheFirstPage(app)
        let before = items(app)
        server.control("fault=hang&on=refresh")
        // The list's watchdog (operationTimeout, 30 s by default) ends the refresh.
        refresh(app, window, expecting: "failed", timeout: 120)
        // No answer ended it: the watchdog did, operationTimeout after the refresh started. Both
        // instants on the engine's clock (`atMs`: the event that started the refresh, the one
        // that showed the failure); a line's `ms` is when it was printed, a millisecond later or so.
        let trace = app.trace
        let start = trace.lastIndex { $0["effect"] as? String == "startRefresh" } ?? 0
        let started = trace[...start].last { $0["event"] != nil }?["atMs"] as? Int ?? 0
        let after = trace[start...].filter { $0["event"] != nil }
        XCTAssertFalse(after.contains { $0["event"] as? String == "refreshCompleted" }, "the hanging request answered")
        let failed = after.first { $0["header"] as? String == "failed" }?["atMs"] as? Int ?? 0
        XCTAssertGreaterThanOrEqual(failed - started, Self.operationTimeoutMs, "failed before the watchdog was due")
        server.wait("the hanging request's connection closed by the app") {
            $0.of("closed").contains { $0["during"] as? String == "hang" }
        }
        XCTAssertEqual(items(app), before)
        expectRowsKeptAndUnique(app)
    }

    func testACutBodyAndInvalidJSONFailWithTheirReasons() throws {
        let (app, server, window) = try start()
        waitForTheFirstPage(app)
        let before = items(app)
        server.control("fault=cut&on=refresh")
        refresh(app, window, expecting: "failed")
        XCTAssertFalse(lastFailure(app).isEmpty)
        XCTAssertFalse(
            lastFailure(app).contains("not a timeline"), "a cut body is a transport error: \(lastFailure(app))")
        server.control("fault=invalid&on=refresh")
        refresh(app, window, expecting: "failed")
        XCTAssertEqual(lastFailure(app), "The server's answer is not a timeline (invalid JSON)")
        XCTAssertEqual(items(app), before)
        refresh(app, window, expecting: "succeeded")
        expectRowsKeptAndUnique(app)
    }

    func testAnEmptyPageEndsThePaging() throws {
        let (app, server, _) = try start()
        waitForTheFirstPage(app)
        let before = items(app)
        server.control("fault=empty&on=page")
        scrollToTheEnd(app) { $0.last?["footer"] as? String == "exhausted" }
        XCTAssertEqual(items(app), before)
        XCTAssertEqual(app.events.last { $0["event"] as? String == "loadMoreCompleted" }?["received"] as? Int, 0)
        expectRowsKeptAndUnique(app)
    }

    func testNewPostsAndShiftedPagesShowEveryRowOnce() throws {
        let (app, server, window) = try start()
        waitForTheFirstPage(app)
        let first = items(app)
        // Three statuses arrive, and the next page starts five statuses early (as a server's
        // page does when the timeline moved under it).
        server.control("post=3")
        server.control("fault=duplicates&on=page")
        scrollToTheEnd(app) { $0.atRest() && server.requests("page").count >= 1 && self.items($0) > first }
        XCTAssertEqual(items(app), first + 15, "the five repeated statuses are not shown again")
        refresh(app, window, expecting: "succeeded")
        XCTAssertEqual(items(app), first + 18, "the three new statuses on top, every row kept")
        let refreshed = rowLines(app).last?["added"] as? String
        XCTAssertEqual(refreshed, "109000503,109000502,109000501")
        XCTAssertEqual(
            server.requests("refresh").last?["query"] as? [String: String], ["limit": "20", "min_id": "109000500"])
        expectRowsKeptAndUnique(app)
    }

    func testARedirectIsFollowed() throws {
        let (app, server, _) = try start { $0.control("fault=redirect&times=2") }
        waitForTheFirstPage(app)
        XCTAssertEqual(server.of("answered").first?["status"] as? Int, 307)
        XCTAssertTrue(
            server.requests().contains { ($0["path"] as? String)?.hasPrefix("/moved/") == true },
            "the app followed the redirect")
        expectRowsKeptAndUnique(app)
    }

    func testARefreshCancelsThePageItSupersedesAndTheServerSeesTheConnectionClosed() throws {
        let (app, server, window) = try start()
        waitForTheFirstPage(app)
        server.control("fault=hang&on=page")
        scrollToTheEnd(app) { _ in !server.of("hanging").isEmpty }
        refresh(app, window, expecting: "succeeded")
        XCTAssertGreaterThanOrEqual(app.count(effect: "cancel"), 1, "the list cancelled the page")
        server.wait("the superseded page's connection closed by the app") {
            $0.of("closed").contains { $0["kind"] as? String == "page" }
        }
        expectRowsKeptAndUnique(app)
    }

    func testTwoHundredRefreshAndPageCyclesLeaveNoThreadOrDescriptorBehind() throws {
        // No trace: the server's log says when each refresh and page was answered.
        let (app, server, window) = try start(posts: 20_000, serverArguments: ["--lively", "0.5"], trace: false)
        let pid = app.process.processIdentifier
        server.wait("the first page") { $0.of("answered").count >= 1 }
        shell(["xdotool", "windowfocus", "--sync", window])
        /// Presses `key` until the server answered one more request of `kind` than before; false
        /// (and the test failed, saying why) when that never happened.
        func cycle(_ key: String, _ kind: String) -> Bool {
            let before = server.of("answered").count
            let asked = server.requests(kind).count
            let reached = poll(every: 0.01, timeout: 60) {
                if server.requests(kind).count > asked || !app.process.isRunning { return true }
                shell(["xdotool", "key", key])
                return poll(every: 0.02, timeout: 0.3) { server.requests(kind).count > asked }
            }
            guard reached, app.process.isRunning else {
                let status = app.process.isRunning ? "running" : "exited (\(app.process.terminationStatus))"
                XCTFail("\(key) never sent a \(kind) request; the app \(status): \(app.stderr)")
                return false
            }
            return server.wait("the \(kind) answered") { $0.of("answered").count > before }
        }
        for _ in 0..<5 {
            guard cycle("F5", "refresh"), cycle("End", "page") else { return }
        }
        let threads = Self.count("/proc/\(pid)/task")
        let descriptors = Self.count("/proc/\(pid)/fd")
        for _ in 0..<200 {
            guard cycle("F5", "refresh"), cycle("End", "page") else { return }
        }
        XCTAssertTrue(app.process.isRunning, "the app ended: \(app.stderr)")
        // Threads that idle pools let go of go within their idle time: wait for that, not a time.
        let settled = poll(every: 0.5, timeout: 90) {
            Self.count("/proc/\(pid)/task") <= threads && Self.count("/proc/\(pid)/fd") <= descriptors
        }
        XCTAssertTrue(
            settled,
            "after 200 cycles: \(Self.count("/proc/\(pid)/task")) threads (\(threads) before), "
                + "\(Self.count("/proc/\(pid)/fd")) file descriptors (\(descriptors) before)")
        XCTAssertGreaterThanOrEqual(server.requests("page").count, 205)
        print(
            "200 cycles (\(server.requests("refresh").count) refreshes, \(server.requests("page").count) pages "
                + "asked for): threads \(threads) → \(Self.count("/proc/\(pid)/task")), "
                + "file descriptors \(descriptors) → \(Self.count("/proc/\(pid)/fd"))")
    }

    /// The list's watchdog: the engine's default `operationTimeout`, which the demo keeps.
    static let operationTimeoutMs = Int(try! RefreshConfiguration().operationTimeout)

    private static func count(_ directory: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: directory).count) ?? -1
    }
}
