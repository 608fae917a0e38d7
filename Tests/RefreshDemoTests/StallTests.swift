// A main loop that comes back late must never skip a state the user must see. The demo is
// stopped (SIGSTOP) for 1.5 s right after a refresh answer arrived, then continued, as a
// laptop closed mid-refresh or a stalled machine would; and it is launched on cold font caches,
// where the first frame takes about a second. Through --trace: the result header is shown by a
// frame (`presented`) and stays for its display time of that frame's time before it collapses.

import Foundation
import XCTest

final class StallTests: XCTestCase {
    /// The demo's result display time (ms).
    private let resultDisplayTime = 600
    /// How long the process is stopped (µs): well over the display time.
    private let stallMicroseconds: useconds_t = 1_500_000

    private func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> DemoProcess {
        let state = NSTemporaryDirectory() + "refresh-demo-state-\(UUID().uuidString)"
        let app = try DemoProcess(
            ["--trace"] + arguments, environment: environment.merging(["XDG_STATE_HOME": state]) { $1 })
        addTeardownBlock {
            if app.process.isRunning { kill(app.process.processIdentifier, SIGCONT) }
            app.stop()
            try? FileManager.default.removeItem(atPath: state)
        }
        return app
    }

    func testAFailureAnsweredJustBeforeAStallIsStillShownForItsTime() throws {
        let app = try launch(["--latency-ms", "300", "--fail-rate", "1"])
        try stallRightAfterTheAnswer(app, outcome: "failure")
        expectResultShownForItsTime("failed", in: app)
    }

    func testASuccessAnsweredJustBeforeAStallIsStillShownForItsTime() throws {
        let app = try launch(["--latency-ms", "300"])
        try stallRightAfterTheAnswer(app, outcome: "success")
        expectResultShownForItsTime("succeeded", in: app)
    }

    func testAFirstLaunchOnColdFontCachesShowsTheFirstLoadsResult() throws {
        // fontconfig with an empty cache directory of its own: the first frame builds it.
        let cache = NSTemporaryDirectory() + "refresh-demo-fontconfig-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: cache) }
        let configuration = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <include ignore_missing="yes">/etc/fonts/conf.d</include>
              <dir>/usr/share/fonts</dir>
              <dir>/usr/local/share/fonts</dir>
              <cachedir>\(cache)</cachedir>
            </fontconfig>
            """
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: cache + "/fonts.conf"))
        let app = try launch(
            ["--latency-ms", "20", "--fail-rate", "1"],
            environment: ["FONTCONFIG_FILE": cache + "/fonts.conf", "XDG_CACHE_HOME": cache])
        expectResultShownForItsTime("failed", in: app)
        let firstFrame = app.trace.first { $0["milestone"] as? String == "first-frame" }?["ms"] as? Int
        let answer = app.events.first { $0["event"] as? String == "refreshCompleted" }?["ms"] as? Int
        print("cold font caches: answer at \(answer ?? -1) ms, first frame at \(firstFrame ?? -1) ms")
    }

    /// Stops the app as soon as the trace shows the first refresh's answer with `outcome`,
    /// keeps it stopped for `stallMicroseconds`, then lets it go on.
    private func stallRightAfterTheAnswer(_ app: DemoProcess, outcome: String) throws {
        let answered = { (app: DemoProcess) in
            app.events.contains { $0["event"] as? String == "refreshCompleted" && $0["outcome"] as? String == outcome }
        }
        // Polled tightly (1 ms), so the stop usually lands before the frame that would show it.
        guard poll(every: 0.001, timeout: 60, until: { answered(app) || !app.process.isRunning }), answered(app) else {
            throw TestSetupError(
                description:
                    "the first refresh never answered with \(outcome); last event: \(String(describing: app.last)); \(app.stderr)"
            )
        }
        let pid = app.process.processIdentifier
        XCTAssertEqual(kill(pid, SIGSTOP), 0, "SIGSTOP")
        // Stopped for sure: the kernel reports the process in state T.
        XCTAssertTrue(poll(every: 0.001, timeout: 60) { processState(pid) == "T" }, "the app never stopped")
        usleep(stallMicroseconds)  // the stall itself: the stimulus, not a wait for a condition
        XCTAssertEqual(kill(pid, SIGCONT), 0, "SIGCONT")
    }

    /// The state letter of process `pid` in /proc (R running, S sleeping, T stopped, …).
    private func processState(_ pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    /// The `state` header (succeeded or failed) was shown by a frame and stayed for the display
    /// time of that frame's time; the next header state was `idle`, nothing skipped.
    private func expectResultShownForItsTime(
        _ state: String, in app: DemoProcess, file: StaticString = #filePath, line: UInt = #line
    ) {
        app.wait("the \(state) header, then idle", timeout: 60, file: file, line: line) { app in
            let events = app.events
            guard let start = events.firstIndex(where: { $0["header"] as? String == state }) else { return false }
            return events[start...].contains { $0["header"] as? String == "idle" }
        }
        let events = app.events
        guard let start = events.firstIndex(where: { $0["header"] as? String == state }) else { return }
        let shown = events[start...].prefix { $0["header"] as? String == state }
        guard let after = events[start...].first(where: { $0["header"] as? String != state }) else { return }
        XCTAssertEqual(
            after["header"] as? String, "idle", "the \(state) header gave way to idle", file: file, line: line)
        guard let frame = shown.first(where: { $0["event"] as? String == "presented" }) else {
            XCTFail("no frame showed the \(state) header before it collapsed: \(Array(shown))", file: file, line: line)
            return
        }
        let frameMs = frame["ms"] as? Int ?? 0
        let collapsedMs = after["ms"] as? Int ?? 0
        // Trace milliseconds and the engine's are the same clock truncated apart: ±1 ms.
        XCTAssertGreaterThanOrEqual(
            collapsedMs - frameMs, resultDisplayTime - 1,
            "the \(state) header was on screen \(collapsedMs - frameMs) ms from its first frame at \(frameMs) ms",
            file: file, line: line)
    }
}
