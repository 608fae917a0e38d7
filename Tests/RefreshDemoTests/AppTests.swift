// The app launched as a user would, on the test's X display, with --trace, driven by real
// input through xdotool: the initial load, a wheel refresh, paging to the end, F5 (with a row
// focused, the view stays at the top), failures that keep the rows, and a real folder shown a
// page at a time.

import Foundation
import WaylandSupport
import XCTest

final class AppTests: XCTestCase {
    private func launch(_ arguments: [String]) throws -> (DemoProcess, String) {
        let state = NSTemporaryDirectory() + "refresh-demo-state-\(UUID().uuidString)"
        let app = try DemoProcess(["--trace"] + arguments, environment: ["XDG_STATE_HOME": state])
        addTeardownBlock {
            app.stop()
            try? FileManager.default.removeItem(atPath: state)
        }
        let window = try requireDemoWindow()
        shell(["xdotool", "mousemove", "--window", window, "300", "300"])
        return (app, window)
    }

    private func items(_ app: DemoProcess) -> Int { app.last?["items"] as? Int ?? -1 }

    func testInitialLoadThenWheelUpRefreshesOnceAndF5RefreshesAgain() throws {
        let (app, window) = try launch(["--latency-ms", "100", "--total", "200"])
        app.wait("the initial load") { $0.count(effect: "startRefresh") == 1 && $0.settled() && self.items($0) >= 20 }
        XCTAssertEqual(app.effects.first { $0["effect"] as? String == "startRefresh" }?["origin"] as? String, "initial")
        app.waitUntilAWheelMayPull()
        // Four notches at a user's pace: one refresh, then nothing left to happen.
        shell(["xdotool", "click", "--repeat", "4", "--delay", "\(InputPace.pullNotchMs)", "4"])
        app.wait("a wheel refresh, then the list at rest") { $0.count(effect: "startRefresh") == 2 && $0.atRest() }
        XCTAssertEqual(app.count(effect: "startRefresh"), 2, "exactly one refresh from the wheel")
        XCTAssertTrue(app.events.contains { $0["event"] as? String == "pull" && $0["header"] as? String == "armed" })
        shell(["xdotool", "windowfocus", "--sync", window])
        shell(["xdotool", "key", "F5"])
        app.wait("an F5 refresh") { $0.count(effect: "startRefresh") == 3 && $0.settled() }
        XCTAssertEqual(app.effects.last { $0["effect"] as? String == "startRefresh" }?["origin"] as? String, "request")
    }

    func testF5AtTheTopWithARowFocusedKeepsTheViewAtTheTop() throws {
        let (app, window) = try launch(["--latency-ms", "100", "--total", "50"])
        app.wait("the initial load at rest") { $0.atRest() && self.items($0) >= 20 }
        // A click on a row a few rows down gives it the keyboard focus; the view stays at the top.
        shell(["xdotool", "mousemove", "--window", window, "200", "200", "click", "1"])
        shell(["xdotool", "key", "F5"])
        app.wait("an F5 refresh, then the list at rest") { $0.count(effect: "startRefresh") == 2 && $0.atRest() }
        // While the header rests open the list gives up its height, and GTK's list view keeps
        // the focused row at its share of the view's height: the view must still be at the top
        // when the refresh's rows go in (else they would go above it, out of sight), and after.
        let geometry = { (line: TraceLine) in line["event"] as? String == "geometry" }
        let applied = try XCTUnwrap(app.events.lastIndex { $0["event"] as? String == "refreshApplied" })
        let before = try XCTUnwrap(app.events[..<applied].last(where: geometry), "geometry before the rows went in")
        XCTAssertEqual(before["offset"] as? Double, 0, "the view at the top as the refresh's rows went in")
        XCTAssertEqual(app.events.last(where: geometry)?["offset"] as? Double, 0, "the view at the top after")
        XCTAssertEqual(app.count(effect: "keepPlace"), 0, "nothing kept away from the top")
    }

    func testWheelDownLoadsPageAfterPageUntilExhaustedAtTotal() throws {
        let (app, _) = try launch(["--latency-ms", "50", "--total", "95", "--page-size", "20"])
        app.wait("the initial load") { $0.settled() && self.items($0) >= 20 }
        for _ in 0..<40 where app.last?["footer"] as? String != "exhausted" {
            shell(["xdotool", "click", "--repeat", "10", "--delay", "\(InputPace.spinNotchMs)", "5"])
            app.wait("the page the wheel reached loaded") { $0.atRest() }
        }
        app.expectTheEndReachedPageByPage(items: 95)
    }

    func testFailuresShowFailedAndKeepTheRows() throws {
        let (app, window) = try launch(["--latency-ms", "50", "--total", "100"])
        app.wait("the initial load") { $0.settled() && self.items($0) >= 20 }
        // Set the failure rate to 1 in the side pane, as a keyboard user would (Alt+F, its mnemonic).
        shell(["xdotool", "windowfocus", "--sync", window])
        shell(["xdotool", "key", "alt+f"])
        shell(["xdotool", "key", "ctrl+a"])
        shell(["xdotool", "type", "1"])
        shell(["xdotool", "key", "Tab"])
        shell(["xdotool", "mousemove", "--window", window, "300", "300"])
        // The rows shown now, after any page that followed the first to fill the viewport.
        app.wait("the list settled") { $0.settled() }
        let before = items(app)
        XCTAssertGreaterThanOrEqual(before, 20)
        shell(["xdotool", "key", "F5"])
        app.wait("a failed refresh") { $0.events.contains { $0["header"] as? String == "failed" } }
        XCTAssertEqual(items(app), before, "rows kept")
        XCTAssertTrue(
            app.events.contains {
                $0["event"] as? String == "refreshCompleted" && $0["outcome"] as? String == "failure"
            })
        app.wait("the header collapsed") { $0.settled() }
        XCTAssertEqual(items(app), before)
    }

    func testAFailRateOfOneFailsTheFirstLoadCleanly() throws {
        let (app, _) = try launch(["--latency-ms", "20", "--fail-rate", "1"])
        // First the loader's answer, then the header showing it: a failure names which never came.
        app.wait("the first load answered with a failure") {
            $0.events.contains { $0["event"] as? String == "refreshCompleted" && $0["outcome"] as? String == "failure" }
        }
        app.wait("the header showing the first load failed") {
            $0.events.contains { $0["header"] as? String == "failed" }
        }
        XCTAssertEqual(items(app), 0)
        app.wait("the header collapsed after the failure") { $0.settled() }
        XCTAssertTrue(app.process.isRunning)
    }

    /// A first load that fails shows the status page with its reason and Retry (Alt+R, its
    /// mnemonic); once the feed answers again, Retry brings the rows.
    func testAFailedFirstLoadShowsTheErrorViewAndRetryLoadsTheRows() throws {
        let (app, window) = try launch(["--latency-ms", "50", "--fail-rate", "1", "--total", "60"])
        app.wait("the error view after the first load failed") {
            $0.settled() && $0.last?["placeholder"] as? String == "failed"
        }
        XCTAssertEqual(items(app), 0)
        shell(["xdotool", "windowfocus", "--sync", window])
        shell(["xdotool", "key", "alt+f"])
        shell(["xdotool", "key", "ctrl+a"])
        shell(["xdotool", "type", "0"])
        shell(["xdotool", "key", "Tab"])
        shell(["xdotool", "key", "alt+r"])
        app.wait("Retry refreshing, its rows in, the error view gone") {
            $0.count(effect: "startRefresh") == 2 && $0.settled() && self.items($0) >= 20
                && $0.last?["placeholder"] as? String == "none"
        }
    }

    /// A feed with nothing in it shows the empty view; a wheel pull on it refreshes, and what the
    /// refresh brings (the simulated feed's new posts) takes the empty view's place.
    func testAnEmptyFeedShowsTheEmptyViewAndAPullOnItRefreshes() throws {
        let (app, _) = try launch(["--latency-ms", "50", "--total", "0"])
        app.wait("the empty view after the first load") {
            $0.settled() && $0.last?["placeholder"] as? String == "empty"
        }
        app.waitUntilAWheelMayPull()
        shell(["xdotool", "click", "--repeat", "4", "--delay", "\(InputPace.pullNotchMs)", "4"])
        app.wait("a refresh from the pull on the empty view, then the list at rest") {
            $0.count(effect: "startRefresh") == 2 && $0.atRest()
        }
        XCTAssertTrue(app.events.contains { $0["event"] as? String == "pull" && $0["header"] as? String == "armed" })
        let shown = items(app)
        XCTAssertEqual(app.last?["placeholder"] as? String, shown == 0 ? "empty" : "none", "\(shown) rows")
    }

    func testAFolderIsShownAPageAtATime() throws {
        let folder = NSTemporaryDirectory() + "refresh-demo-folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        for index in 0..<47 {
            try Data("file \(index)\n".utf8).write(to: URL(fileURLWithPath: folder + "/file-\(index).txt"))
        }
        let (app, _) = try launch(["--source", "folder", "--folder", folder, "--page-size", "20"])
        app.wait("the first page") { $0.settled() && self.items($0) >= 20 }
        for _ in 0..<40 where app.last?["footer"] as? String != "exhausted" {
            shell(["xdotool", "click", "--repeat", "10", "--delay", "\(InputPace.spinNotchMs)", "5"])
            app.wait("the page the wheel reached loaded") { $0.atRest() }
        }
        app.wait("every file") { $0.last?["footer"] as? String == "exhausted" && self.items($0) == 47 }
        let received = app.events.filter { ($0["event"] as? String)?.hasSuffix("Completed") == true }.compactMap {
            $0["received"] as? Int
        }
        XCTAssertEqual(received, [20, 20, 7], "pages of the page size, then the rest")
    }

    func testAnUnreadableFolderFailsCleanly() throws {
        let (app, _) = try launch(["--source", "folder", "--folder", "/nonexistent/refresh-demo-test"])
        app.wait("a failed refresh") { $0.events.contains { $0["header"] as? String == "failed" } }
        let failure = app.events.first { $0["outcome"] as? String == "failure" }
        XCTAssertTrue(
            (failure?["message"] as? String)?.contains("No such file") == true, "\(String(describing: failure))")
        app.wait("the header collapsed") { $0.settled() }
        XCTAssertTrue(app.process.isRunning)
    }
}

/// The window as a GNOME app has it: the controls pane beside the list when there is room,
/// folded away at a phone's width; F9 shows and hides it; Ctrl+Q quits.
final class WindowTests: XCTestCase {
    private func controls(_ app: DemoProcess) -> (shown: Bool, folded: Bool)? {
        guard let line = app.trace.last(where: { $0["milestone"] as? String == "controls" }),
            let shown = line["shown"] as? Bool, let folded = line["folded"] as? Bool
        else { return nil }
        return (shown, folded)
    }

    func testThePaneSitsBesideTheListAndF9HidesIt() throws {
        let app = try DemoProcess(["--trace"])
        defer { app.stop() }
        let window = try requireDemoWindow()
        app.wait("the controls pane beside the list after the first frame") {
            self.controls($0).map { $0.shown && !$0.folded } ?? false
        }
        shell(["xdotool", "windowfocus", "--sync", window])
        shell(["xdotool", "key", "F9"])
        app.wait("F9 hiding the pane") { self.controls($0).map { !$0.shown } ?? false }
        shell(["xdotool", "key", "F9"])
        app.wait("F9 showing the pane again") { self.controls($0).map { $0.shown } ?? false }
        shell(["xdotool", "key", "ctrl+q"])
        app.waitForExit("Ctrl+Q quitting the app")
        XCTAssertEqual(app.process.terminationStatus, 0)
    }

    func testAtAPhonesWidthThePaneIsFoldedAwayUntilAskedFor() throws {
        let app = try DemoProcess(["--trace", "--size", "360x640"])
        defer { app.stop() }
        let window = try requireDemoWindow()
        app.wait("the pane folded and hidden at 360 px") { self.controls($0).map { $0.folded && !$0.shown } ?? false }
        app.wait("the first page in the narrow window") { $0.settled() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        shell(["xdotool", "windowfocus", "--sync", window])
        shell(["xdotool", "key", "F9"])
        app.wait("F9 sliding the pane over the list") { self.controls($0).map { $0.folded && $0.shown } ?? false }
    }
}
