// A status opened into its thread and back, as a reader does it, on X11 (xdotool under Xvfb)
// and on Wayland (headless mutter's remote-desktop input), against the timeline server: a click
// on a status opens its thread (the server sees the context request, the trace says the rows
// show: the `thread` milestone), Alt+Left goes back and the timeline's first row in view is the
// same at the same offset (the `firstRow` trace, 0 px); Enter on the focused row opens it again,
// Escape goes back, 0 px; statuses streamed in while the thread was open count in the pill on
// return. And a thread whose context request fails shows its own error view, which Retry (or a
// pull, or F5) recovers from.

import Foundation
import WaylandSupport
import XCTest

final class ThreadTests: XCTestCase {
    /// The input a test gives, on X11 or Wayland.
    private struct Input {
        /// A left click where the pointer is (over the list's rows).
        let click: () throws -> Void
        /// Alt+Left, Escape, Return.
        let altLeft: () throws -> Void
        let escape: () throws -> Void
        let enter: () throws -> Void
        /// `count` wheel notches down.
        let wheelDown: (_ count: Int) throws -> Void
    }

    func testAStatusOpensItsThreadAndTheTimelineIsWhereItWasOnReturn() throws {
        let (app, server, window) = try startDemoReadingTimeline(
            serverArguments: ["--posts", "200", "--heartbeat", "1"], appArguments: ["--trace"], before: { _ in })
        let input = Input(
            click: {
                shell(["xdotool", "mousemove", "--window", window, "300", "300"])
                shell(["xdotool", "click", "1"])
            },
            altLeft: { shell(["xdotool", "key", "alt+Left"]) }, escape: { shell(["xdotool", "key", "Escape"]) },
            enter: { shell(["xdotool", "key", "Return"]) },
            wheelDown: { count in
                shell(["xdotool", "mousemove", "--window", window, "300", "300"])
                shell(["xdotool", "click", "--repeat", "\(count)", "--delay", "25", "5"])
            })
        try openAndReturn(app, server, input)
    }

    func testAStatusOpensItsThreadAndTheTimelineIsWhereItWasOnReturnOnWayland() throws {
        let session = try WaylandSession()
        let server = try TimelineServer(["--posts", "200", "--heartbeat", "1"])
        let state = NSTemporaryDirectory() + "refresh-demo-state-\(UUID().uuidString)"
        let app = try DemoProcess(
            ["--trace", "--source", "mastodon", "--server", server.url, "--page-size", "20", "--size", "960x480"],
            base: session.environment, environment: ["XDG_STATE_HOME": state])
        let remote = try RemoteInput(environment: session.environment)
        addTeardownBlock {
            app.stop()
            server.stop()
            session.stop()
            try? FileManager.default.removeItem(atPath: state)
        }
        app.wait("the first frame on Wayland") { $0.trace.contains { $0["milestone"] as? String == "first-frame" } }
        // Over the list's rows: mutter centres the 960×480 window on its 1280×800 monitor.
        let over = (x: 460.0, y: 400.0)
        let input = Input(
            click: {
                try remote.movePointer(toX: over.x, y: over.y)
                try remote.click()
            },
            altLeft: { try remote.key(RemoteInput.left, alt: true) },
            escape: { try remote.key(RemoteInput.escape) }, enter: { try remote.key(RemoteInput.returnKey) },
            wheelDown: { count in
                try remote.movePointer(toX: over.x, y: over.y)
                try remote.wheel(up: false, count: count, delayMs: InputPace.spinNotchMs)
            })
        // The app is on the Wayland session's own bus, where no AT-SPI client of the test looks.
        try openAndReturn(app, server, input, checksFocus: false)
    }

    func testAThreadWhoseRequestFailsShowsItsErrorViewAndARefreshRecovers() throws {
        let (app, server, window) = try startDemoReadingTimeline(
            serverArguments: ["--posts", "200"], appArguments: ["--trace"], before: { _ in })
        app.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        // Both of the thread's requests (the status and its context) fail.
        server.control("fault=500&on=context&times=2")
        shell(["xdotool", "mousemove", "--window", window, "300", "300"])
        shell(["xdotool", "click", "1"])
        app.wait("the thread's error view") {
            $0.milestones("threadList").last?["placeholder"] as? String == "failed"
                && $0.milestones("threadList").last?["header"] as? String == "idle"
        }
        XCTAssertTrue(app.milestones("thread").isEmpty, "no rows shown: \(app.milestones("threadList"))")
        let opened = try XCTUnwrap(app.milestones("thread-open").last?["id"] as? String)
        // F5 refreshes the list the focus is in, the thread's (its status page's Retry and a
        // pull do the same): the fault is spent, the thread comes.
        shell(["xdotool", "key", "F5"])
        app.wait("the thread's rows after the retry") { $0.milestones("thread").last?["id"] as? String == opened }
        let rows = app.milestones("thread").last?["rows"] as? Int ?? 0
        XCTAssertGreaterThanOrEqual(rows, 3, "the status and its two replies at least")
        XCTAssertGreaterThanOrEqual(server.contextRequests(for: opened).count, 2, "asked again after the failure")
        // A request of the failed thread used after libsoup freed it showed first as GLib
        // criticals on reference counts, before the heap corruption that ended the app.
        XCTAssertFalse(app.stderr.contains("CRITICAL"), app.stderr)
    }

    func testClicksOnALinkAPictureOrAButtonInAStatusAreTheirsAndOpenNoThread() throws {
        let folder = NSTemporaryDirectory() + "refresh-demo-thread-clicks-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let opened = folder + "/opened"
        let browser = try TimelineLinkTests.browser(in: folder, writingTo: opened)
        let (app, _, window) = try startDemoReadingTimeline(
            serverArguments: ["--posts", "60", "--media", "7", "--warnings", "5"], appArguments: ["--trace"],
            appEnvironment: browser, size: "960x900", before: { _ in })
        app.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        func place(_ arguments: [String]) throws -> (x: Int, y: Int, width: Int, height: Int) {
            let said = try runScreenReaderClient("widget_place.py", arguments, for: app)
            // The line with the place (a warning of the AT-SPI library may come before it).
            for line in said.split(separator: "\n") {
                let fields = line.split(separator: " ").prefix(4).compactMap { Int($0) }
                if fields.count == 4 { return (fields[0], fields[1], fields[2], fields[3]) }
            }
            throw TestSetupError(description: "no place for \(arguments) in \(said)")
        }
        func click(_ x: Int, _ y: Int) {
            shell(["xdotool", "mousemove", "--window", window, "\(x)", "\(y)"])
            shell(["xdotool", "click", "1"])
        }
        func browserAsked(_ words: String) {
            let asked = poll(every: 0.05, timeout: 60) {
                (try? String(contentsOfFile: opened, encoding: .utf8))?.contains(words) == true
            }
            XCTAssertTrue(
                asked,
                "the browser asked for an address with \(words); it was asked: "
                    + ((try? String(contentsOfFile: opened, encoding: .utf8)) ?? "nothing"))
        }
        // Each click lands where GTK drew what it aims at (the trace's `target` lines: GTK 4.18's
        // AT-SPI places leave out the padding around a row's parts), on what a screen reader
        // finds there too.
        func target(_ what: String, _ kind: String, _ matches: (TraceLine) -> Bool) throws -> TracedTarget {
            try app.pointerTarget(what) { $0["kind"] as? String == kind && matches($0) }
        }
        func centre(_ target: TracedTarget) { click(target.x + target.width / 2, target.y + target.height / 2) }
        // The mention a reply starts with: its link opens, not the thread.
        let mention = try target("a reply's mention", "link") { ($0["text"] as? String)?.hasPrefix("@") == true }
        let status = try XCTUnwrap(mention.line["row"] as? String)
        let mentionText = try XCTUnwrap(mention.line["text"] as? String)
        _ = try place(["label", "\(mentionText) #\((Int(status) ?? 0) - 109_000_000): "])
        centre(mention)
        browserAsked("https://example.org/@")
        // A picture of status #56: the whole picture opens.
        _ = try place(["image", "A chart for #56"])
        centre(
            try target("a picture of #56", "picture") { ($0["text"] as? String)?.hasPrefix("A chart for #56") == true })
        browserAsked("/media/56-0-")
        // A content warning's button: it shows the content.
        _ = try place(["push button", "Show more"])
        let button = try target("a content warning's button", "button") { $0["text"] as? String == "Show more" }
        centre(button)
        _ = try place(["push button", "Show less"])
        _ = try target("the same button saying Show less", "button") {
            $0["row"] as? String == button.line["row"] as? String && $0["text"] as? String == "Show less"
        }
        XCTAssertTrue(
            app.milestones("thread-open").isEmpty, "no thread opened: \(app.milestones("thread-open"))")

        // A click on the status's words away from its links opens its thread.
        let words = try target("the text of the status with the mention", "text") { $0["row"] as? String == status }
        click(words.x + words.width - 8, words.y + min(words.height, 18) / 2)
        app.wait("the thread of the status clicked") { !$0.milestones("thread").isEmpty }
        XCTAssertEqual(app.milestones("thread-open").count, 1, "one thread opened")
    }

    /// The walk of the first two tests: the timeline scrolled into its rows, a click opens the
    /// status under the pointer, a status streams in, Alt+Left returns; Enter opens it again,
    /// Escape returns; the first row in view is the same, to the pixel, after each.
    private func openAndReturn(
        _ app: DemoProcess, _ server: TimelineServer, _ input: Input, checksFocus: Bool = true
    ) throws {
        app.wait("the stream live and the first page at rest") {
            $0.milestones("stream").last?["state"] as? String == "live" && $0.atRest()
                && ($0.last?["items"] as? Int ?? 0) >= 20
        }
        // Into the rows, away from the top: what streams in then waits above, in the pill.
        try input.wheelDown(6)
        app.wait("the list scrolled into its rows and at rest") {
            $0.atRest() && ($0.milestones("firstRow").last?["id"] as? String).map { $0 != "109000200" } == true
        }
        app.waitUntilAWheelMayPull()
        let left = try XCTUnwrap(app.milestones("firstRow").last, "the first row in view traced")

        try input.click()
        app.wait("the thread's rows shown (the thread milestone)") { !$0.milestones("thread").isEmpty }
        let thread = try XCTUnwrap(app.milestones("thread").last)
        let opened = try XCTUnwrap(thread["id"] as? String)
        XCTAssertGreaterThanOrEqual(thread["rows"] as? Int ?? 0, 3, "the status and its two replies at least")
        XCTAssertEqual(server.contextRequests(for: opened).count, 1, "the server saw the thread's context request")
        // The first row as the click left it (a click on a row cut at the top brings it into view).
        let before = firstRow(app, before: "thread-open", occurrence: 0) ?? left
        // A screen reader is on the opened status, and finds the way back.
        let words = "#\((Int(opened) ?? 0) - 109_000_000): "
        if checksFocus { try runScreenReaderClient("focused_row.py", ["Thread", words, "--back-button"], for: app) }

        // Two statuses streamed while the thread is open.
        let newAbove = app.last?["newAbove"] as? Int ?? 0
        let streamedBefore = streamedUpdates(server)
        server.control("post=2")
        server.wait("the two new statuses streamed") { self.streamedUpdates($0) >= streamedBefore + 2 }

        try input.altLeft()
        let back = try waitForReturn(app, occurrence: 0)
        XCTAssertEqual(back["id"] as? String, before["id"] as? String, "the same first row in view after Alt+Left")
        XCTAssertEqual(
            back["top"] as? Double ?? .nan, before["top"] as? Double ?? .infinity, accuracy: 0,
            "the first row 0 px from where it was after Alt+Left")
        app.wait("the pill counting the two streamed statuses, the list at rest") {
            guard let pill = $0.milestones("pill").last?["pill"] as? String else { return false }
            return pill != "hidden" && ($0.last?["newAbove"] as? Int ?? 0) >= newAbove + 2 && $0.atRest()
        }
        // They went in above the view: the first row stayed put.
        let counted = try XCTUnwrap(app.milestones("firstRow").last)
        XCTAssertEqual(counted["id"] as? String, before["id"] as? String, "the same first row with the pill shown")
        XCTAssertEqual(
            counted["top"] as? Double ?? .nan, before["top"] as? Double ?? .infinity, accuracy: 0,
            "the first row 0 px from where it was with the pill shown")
        // The focus is back on the opened row, in the timeline's list (GTK 4.8 names it; GTK 4.18
        // exposes the navigation page around it, titled as the window).
        if checksFocus {
            try runScreenReaderClient("focused_row.py", ["Mastodon timeline|Refresh List", words], for: app)
        }

        // The focus is back on the opened row: Enter opens it again.
        try input.enter()
        app.wait("the thread opened again by Enter") { $0.milestones("thread").count == 2 }
        XCTAssertEqual(app.milestones("thread").last?["id"] as? String, opened, "Enter opened the same status")
        XCTAssertEqual(server.contextRequests(for: opened).count, 2)
        let beforeEnter = firstRow(app, before: "thread-open", occurrence: 1) ?? back
        try input.escape()
        let again = try waitForReturn(app, occurrence: 1)
        XCTAssertEqual(again["id"] as? String, beforeEnter["id"] as? String, "the same first row after Escape")
        XCTAssertEqual(
            again["top"] as? Double ?? .nan, beforeEnter["top"] as? Double ?? .infinity, accuracy: 0,
            "the first row 0 px from where it was after Escape")
        XCTAssertEqual(again["id"] as? String, before["id"] as? String, "and where it was at first")
    }

    /// The statuses the server streamed (`update` events) so far, on every stream.
    private func streamedUpdates(_ server: TimelineServer) -> Int {
        server.of("streamed").reduce(0) { sum, line in
            sum + ((line["events"] as? [String])?.filter { $0 == "update" }.count ?? 0)
        }
    }

    /// The last `firstRow` line before the `occurrence`-th (from 0) `milestone` line.
    private func firstRow(_ app: DemoProcess, before milestone: String, occurrence: Int) -> TraceLine? {
        let trace = app.trace
        let marks = trace.indices.filter { trace[$0]["milestone"] as? String == milestone }
        guard occurrence < marks.count else { return nil }
        return trace[..<marks[occurrence]].last { $0["milestone"] as? String == "firstRow" }
    }

    /// Waits for the `occurrence`-th (from 0) return to the timeline and the `firstRow` line a
    /// frame traced after it.
    private func waitForReturn(_ app: DemoProcess, occurrence: Int) throws -> TraceLine {
        var found: TraceLine?
        app.wait("back on the timeline (return \(occurrence + 1)), its first row traced") {
            let trace = $0.trace
            let backs = trace.indices.filter {
                trace[$0]["milestone"] as? String == "back" && trace[$0]["to"] as? String == "timeline"
            }
            guard occurrence < backs.count else { return false }
            found = trace[backs[occurrence]...].first { $0["milestone"] as? String == "firstRow" }
            return found != nil
        }
        return try XCTUnwrap(found)
    }
}

extension DemoProcess {
    /// The trace's milestone lines named `name`.
    func milestones(_ name: String) -> [TraceLine] { trace.filter { $0["milestone"] as? String == name } }
}

extension TimelineServer {
    /// The context requests the server saw for status `id`.
    func contextRequests(for id: String) -> [[String: Any]] {
        requests("context").filter { $0["status"] as? String == id }
    }
}
