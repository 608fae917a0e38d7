// Examples/python/timeline.py, a live Mastodon timeline in Python, on the meson-installed library
// alone (its typelib and shared library, as MesonTests installs them) against the bundled
// timeline server (Tests/Network), worked with a real wheel and keyboard on the test's X display:
// the first page newest first; the wheel down to the end asking for the statuses older than the
// last row; posts streamed while the reader is below them counted in the pill, the first row in
// view held; a status opened on a page of its own by a click and Escape back to the same place;
// a cut stream reconnecting and loading what it missed; Ctrl+Q; and a second run
// opening at the place the first left, asking for the saved status and, as the wheel goes up,
// for the statuses newer than the first row shown.

import Foundation
import XCTest

/// A request the list asked for: its cursor, and the first and last rows shown when it was asked.
private typealias AskedRequest = (cursor: String?, first: String?, last: String?)

/// What the app's trace says of its rows, its view and the requests the list asked for.
extension DemoProcess {
    /// The last `rows` line: how many rows the list shows, and the first and last ids.
    fileprivate var rows: (count: Int, first: String?, last: String?)? {
        trace.last { $0["milestone"] as? String == "rows" }.map {
            ($0["count"] as? Int ?? -1, $0["first"] as? String, $0["last"] as? String)
        }
    }

    /// The first row in view and its top (px from the list's top), as the last frame painted them.
    fileprivate var view: (first: String, top: Double)? {
        guard let line = trace.last(where: { $0["milestone"] as? String == "view" }),
            let first = line["first"] as? String, let top = line["top"] as? Double
        else { return nil }
        return (first, top)
    }

    /// The stream's state as last traced (`connecting`, `live`, `reconnecting`, `off`).
    fileprivate var streamState: String? {
        trace.last { $0["milestone"] as? String == "stream" }?["state"] as? String
    }

    /// The requests of `kind` (`newest`, `older`, `newer`, `at`) the list asked for, in order.
    fileprivate func asked(_ kind: String) -> [AskedRequest] {
        var shown: (first: String?, last: String?) = (nil, nil)
        var requests: [AskedRequest] = []
        for line in trace {
            if line["milestone"] as? String == "rows" {
                shown = (line["first"] as? String, line["last"] as? String)
            } else if ["refresh", "load-more"].contains(line["event"] as? String ?? ""),
                line["kind"] as? String == kind
            {
                requests.append((line["cursor"] as? String, shown.first, shown.last))
            }
        }
        return requests
    }
}

final class PythonTimelineTests: XCTestCase {
    static let script = Installation.sourceRoot + "/Examples/python/timeline.py"

    /// The example on `server` with its state in `state`, traced, in a 600×480 window; and that
    /// window, the pointer over its rows.
    private func launch(
        _ server: TimelineServer, state: String, _ installation: Installation
    ) throws -> (DemoProcess, String) {
        let app = try DemoProcess(
            [Self.script, "--source", "mastodon", "--server", server.url, "--trace", "--size", "600x480"],
            executable: "/usr/bin/python3",
            environment: installation.environment.merging(["XDG_STATE_HOME": state]) { $1 })
        addTeardownBlock { app.stop() }
        guard let window = xWindow(named: "^Public timeline$") else {
            throw TestSetupError(description: "the timeline's window never showed: \(app.stderr.suffix(2_000))")
        }
        shell(["xdotool", "mousemove", "--window", window, "300", "300"])
        return (app, window)
    }

    /// Turns the wheel (`button` 4 up, 5 down) five notches at a time until `asked` holds.
    private func wheel(_ button: String, until asked: () -> Bool) -> Bool {
        poll(every: 0.5, timeout: 60) {
            if !asked() { shell(["xdotool", "click", "--repeat", "5", "--delay", "60", button]) }
            return asked()
        }
    }

    /// Checks that each request of `kind` so far was asked with `cursor(request)` as its cursor.
    private func expectCursors(
        _ app: DemoProcess, _ kind: String, are cursor: (AskedRequest) -> String?,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for request in app.asked(kind) {
            XCTAssertEqual(request.cursor, cursor(request), "a request for \(kind) statuses", file: file, line: line)
        }
    }

    /// Checks that no `rows` line showed an id twice or the rows out of order (newest first).
    private func expectEveryRowOnceInOrder(_ app: DemoProcess, file: StaticString = #filePath, line: UInt = #line) {
        for rows in app.trace where rows["milestone"] as? String == "rows" {
            XCTAssertEqual(rows["repeated"] as? Int, 0, "a row shown twice: \(rows)", file: file, line: line)
            XCTAssertEqual(rows["ordered"] as? Bool, true, "rows out of order: \(rows)", file: file, line: line)
        }
    }

    func testAPythonTimelinePagesStreamsAndOpensWhereItWasLeft() throws {
        let installation = try Installation.make()
        let server = try TimelineServer(["--port", "0", "--posts", "200"])
        addTeardownBlock { server.stop() }
        let state = demoStateDirectory()
        let (app, window) = try launch(server, state: state, installation)

        // The first page, newest first, asked for without a cursor; then the stream goes live.
        app.wait("the first page shown (\(app.stderr.suffix(1_000)))") { ($0.rows?.count ?? 0) >= 20 }
        XCTAssertEqual(app.rows?.first, "109000200", "the newest status first")
        XCTAssertEqual(app.asked("newest").map(\.cursor), [nil], "one refresh, without a cursor")
        XCTAssertEqual(server.requests().first?["query"] as? [String: String], ["limit": "20"])
        app.wait("the stream live (\(String(describing: app.streamState)))") { $0.streamState == "live" }

        // The wheel down to the end, twice: the statuses older than the last row, appended below
        // it (and the place left a page and more below the newest, for the second run).
        let olderBefore = app.asked("older").count
        let shownBefore = app.rows?.count ?? 0
        XCTAssertTrue(
            wheel("5") { app.asked("older").count >= olderBefore + 2 },
            "the wheel down to the end asked for older statuses twice: \(app.trace.suffix(4))")
        let page = app.asked("older")[olderBefore]
        app.wait("the older pages appended (\(String(describing: app.rows)))") {
            ($0.rows?.count ?? 0) >= shownBefore + 40 && $0.settled()
        }
        XCTAssertEqual(app.rows?.first, "109000200", "appended below: the first row stays")
        expectCursors(app, "older") { $0.last }
        XCTAssertTrue(
            server.requests("page").contains { ($0["query"] as? [String: String])?["max_id"] == page.cursor },
            "the server was asked for max_id \(String(describing: page.cursor))")

        // Scrolled down, three posts streamed: the pill counts them, the first row in view holds.
        app.wait("the view scrolled down, at rest (\(String(describing: app.view)))") {
            $0.settled() && $0.view != nil && $0.view?.first != $0.rows?.first
        }
        let held = try XCTUnwrap(app.view)
        let shown = app.rows?.count ?? 0
        server.control("post=3")
        app.wait("the pill counting 3 new posts, \(held.first) first in view (\(String(describing: app.view)))") {
            $0.last?["newAbove"] as? Int == 3 && $0.view?.first == held.first
        }
        XCTAssertEqual(app.view?.top ?? .nan, held.top, accuracy: 3, "the first row in view did not move")
        XCTAssertEqual(app.rows?.count, shown + 3)
        XCTAssertEqual(app.rows?.first, "109000203", "the newest on top")

        // A click on a status opens it on its own page (the list's activate, single-click-activate
        // on); Escape comes back to the timeline with the same first row in view, to the pixel.
        app.wait("the rows at rest before opening a post") { $0.settled() && $0.view != nil }
        let before = try XCTUnwrap(app.view)
        shell(["xdotool", "mousemove", "--window", window, "300", "300"])
        shell(["xdotool", "click", "1"])
        app.wait("a status opened on its own page (\(app.trace.suffix(3)))") {
            $0.trace.contains { $0["milestone"] as? String == "post" }
        }
        let opened = app.trace.last { $0["milestone"] as? String == "post" }?["id"] as? String
        XCTAssertNotNil(opened, "the opened status's id")
        shell(["xdotool", "key", "Escape"])
        app.wait(
            "back on the timeline, \(before.first) first in view at \(before.top) (\(String(describing: app.view)))"
        ) {
            $0.trace.contains { $0["milestone"] as? String == "timeline" } && $0.view?.first == before.first
        }
        XCTAssertEqual(app.view?.top ?? .nan, before.top, accuracy: 0.5, "the first row in view where it was")

        // The stream cut while two posts come: it reconnects and loads them (min_id), once each.
        let states = app.trace.filter { $0["milestone"] as? String == "stream" }.count
        server.control("stream=drop&post=2")
        app.wait("the stream reconnected, the two missed posts shown (\(String(describing: app.rows)))") {
            let stream = $0.trace.filter { $0["milestone"] as? String == "stream" }.dropFirst(states)
            return stream.first?["state"] as? String == "reconnecting" && stream.last?["state"] as? String == "live"
                && $0.rows?.first == "109000205" && $0.rows?.count == shown + 5
        }
        XCTAssertTrue(
            server.requests("refresh").contains { ($0["query"] as? [String: String])?["min_id"] == "109000203" },
            "the missed posts asked for after the newest shown")
        XCTAssertEqual(app.view?.first, held.first, "the first row in view still held")
        app.wait("the rows at rest") { $0.settled() }

        // Ctrl+Q quits; the widget keeps the place.
        let left = try XCTUnwrap(app.view)
        shell(["xdotool", "windowfocus", "--sync", window])
        shell(["xdotool", "key", "ctrl+q"])
        app.waitForExit("Ctrl+Q quits")
        XCTAssertEqual(app.process.terminationStatus, 0, app.stderr)
        XCTAssertFalse(app.stderr.contains("CRITICAL"), app.stderr)
        expectEveryRowOnceInOrder(app)
        server.wait("the stream closed by the app") {
            $0.of("stream-closed").contains { $0["ending"] as? String == "closed" }
        }

        // The next run opens there: the saved status asked for (max_id one past its id), shown
        // where it was, then the newer statuses (min_id) as the view nears the top.
        // Counted by page requests: the log comes through a pipe, so a request of the first run
        // may still be on its way, but every page it asked for was answered long ago.
        let pagesBefore = server.requests("page").count
        let (second, _) = try launch(server, state: state, installation)
        second.wait("the saved place asked for (\(second.trace.suffix(3)))") { !$0.asked("at").isEmpty }
        XCTAssertEqual(second.asked("at").first?.cursor, left.first, "the status first in view when it quit")
        XCTAssertTrue(second.asked("newest").isEmpty, "no refresh from the newest first")
        // The app's trace and the server's log come through two pipes: the request may reach
        // the log after the app said it asked.
        server.wait("the restore's page request in the server's log") { $0.requests("page").count > pagesBefore }
        let restore = server.requests("page").dropFirst(pagesBefore).first?["query"] as? [String: String]
        XCTAssertEqual(restore?["max_id"], (Int(left.first) ?? 0).advanced(by: 1).description, "max_id one past it")
        second.wait("\(left.first) first in view where it was (\(String(describing: second.view)))") {
            $0.view?.first == left.first && abs(($0.view?.top ?? .nan) - left.top) <= 3
        }
        second.wait("the list at rest, its newer statuses asked for") {
            $0.settled() && !$0.asked("newer").isEmpty
        }
        let newerBefore = second.asked("newer").count
        XCTAssertTrue(
            wheel("4") { second.asked("newer").count > newerBefore },
            "the wheel up asked for newer statuses: \(second.trace.suffix(4))")
        second.wait("the newer statuses shown above") { $0.settled() && $0.asked("newer").count > newerBefore }
        expectCursors(second, "newer") { $0.first }
        for request in second.asked("newer") {
            XCTAssertTrue(
                server.requests("refresh").contains {
                    ($0["query"] as? [String: String])?["min_id"] == request.cursor
                }, "the server was asked for min_id \(String(describing: request.cursor))")
        }
        expectEveryRowOnceInOrder(second)
        XCTAssertFalse(second.stderr.contains("CRITICAL"), second.stderr)
    }
}
