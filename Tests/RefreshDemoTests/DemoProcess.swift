// Runs refresh-demo as a user would (a separate process on the test's X display) and reads its
// --trace lines as they come.

import Foundation
import RefreshEngine
import Synchronization
import XCTest

/// The built refresh-demo next to the test bundle.
let demoBinary: String = {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return directory.appendingPathComponent("refresh-demo").path
}()

/// One parsed trace line.
typealias TraceLine = [String: Any]

/// The complete lines a child process writes to a pipe, collected as they come.
final class PipeLines: Sendable {
    private let state = Mutex<(complete: [String], partial: String)>(([], ""))

    /// Starts collecting what `pipe` delivers.
    func collect(from pipe: Pipe) {
        pipe.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            guard !data.isEmpty else { return }
            state.withLock { state in
                state.partial += String(decoding: data, as: UTF8.self)
                while let newline = state.partial.firstIndex(of: "\n") {
                    state.complete.append(String(state.partial[..<newline]))
                    state.partial = String(state.partial[state.partial.index(after: newline)...])
                }
            }
        }
    }

    /// Every complete line so far.
    var lines: [String] { state.withLock { $0.complete } }

    /// Everything so far, the last line even if incomplete.
    var text: String { state.withLock { ($0.complete + [$0.partial]).joined(separator: "\n") } }
}

/// A test could not set up what it needs (a window, a server); the test ends with this.
struct TestSetupError: Error, CustomStringConvertible {
    let description: String
}

final class DemoProcess: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let lines = PipeLines()
    private let errorLines = PipeLines()

    /// A cache folder of this launch's own, unless the test gave one (removed on `stop`).
    private let ownCache: String?

    /// Starts the app with the test's environment (or `base`, a whole environment such as a
    /// Wayland session's) plus `environment`. A launch reading a Mastodon timeline gets an empty
    /// `XDG_CACHE_HOME` of its own unless `environment` names one (a test of the timeline's
    /// cache, across launches): no launch starts from statuses another test or run left.
    init(
        _ arguments: [String], executable: String = demoBinary, base: [String: String]? = nil,
        environment: [String: String] = [:]
    ) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = environment
        if arguments.contains("mastodon"), environment["XDG_CACHE_HOME"] == nil {
            let folder = NSTemporaryDirectory() + "refresh-demo-cache-\(UUID().uuidString)"
            environment["XDG_CACHE_HOME"] = folder
            ownCache = folder
        } else {
            ownCache = nil
        }
        process.environment = (base ?? ProcessInfo.processInfo.environment).merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = errors
        lines.collect(from: output)
        errorLines.collect(from: errors)
        try process.run()
    }

    deinit { stop() }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        if let ownCache { try? FileManager.default.removeItem(atPath: ownCache) }
    }

    var stderr: String { errorLines.text }

    /// Every trace line so far, parsed.
    var trace: [TraceLine] {
        lines.lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? TraceLine
        }
    }

    /// Event lines (with their state fields).
    var events: [TraceLine] { trace.filter { $0["event"] != nil } }
    /// Effect lines.
    var effects: [TraceLine] { trace.filter { $0["effect"] != nil } }
    /// The latest event line.
    var last: TraceLine? { events.last }

    func count(effect name: String) -> Int { effects.filter { $0["effect"] as? String == name }.count }

    /// Waits until the feed's end shows with `items` rows, then checks it was reached by loading
    /// pages 2…5 once each, in order, and by no refresh but the first.
    func expectTheEndReachedPageByPage(items: Int, file: StaticString = #filePath, line: UInt = #line) {
        wait("the end of the feed", file: file, line: line) {
            $0.last?["footer"] as? String == "exhausted" && $0.last?["items"] as? Int == items
        }
        let pages = effects.filter { $0["effect"] as? String == "startLoadMore" }.compactMap { $0["page"] as? Int }
        XCTAssertEqual(pages, [2, 3, 4, 5], "each page once, in order", file: file, line: line)
        XCTAssertEqual(count(effect: "startRefresh"), 1, file: file, line: line)
    }

    /// Polls until `condition` holds on the trace, or fails after `timeout` seconds (generous: a
    /// first run on a cold, busy machine is slow; it only costs time when failing).
    @discardableResult
    func wait(
        _ what: @autoclosure () -> String, timeout: Double = 60, file: StaticString = #filePath, line: UInt = #line,
        until condition: (DemoProcess) -> Bool
    ) -> Bool {
        var exited = false
        let held = poll(every: 0.005, timeout: timeout) {
            if condition(self) { return true }
            exited = !process.isRunning
            return exited
        }
        if held, !exited { return true }
        if exited {
            XCTFail(
                "refresh-demo exited (\(process.terminationStatus)) waiting for \(what()): \(stderr)", file: file,
                line: line)
            return false
        }
        XCTFail(
            "timed out after \(Int(timeout)) s waiting for \(what()); headers seen: \(headerHistory); last event: \(String(describing: last))",
            file: file, line: line)
        return false
    }

    /// Waits until the app exits by itself (a run with nothing to show, such as --screenshots),
    /// or fails naming `what` after `timeout` seconds.
    @discardableResult
    func waitForExit(
        _ what: @autoclosure () -> String, timeout: Double = 120, file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        if poll(every: 0.02, timeout: timeout, until: { !process.isRunning }) { return true }
        XCTFail("still running after \(Int(timeout)) s: \(what()); \(stderr)", file: file, line: line)
        return false
    }

    /// The header states the trace went through, each run of one state once
    /// ("idle → refreshing → failed → idle"): what a failed wait says happened instead.
    var headerHistory: String {
        var states: [String] = []
        for case let state as String in events.map({ $0["header"] }) where states.last != state { states.append(state) }
        return states.joined(separator: " → ")
    }

    /// The list is settled: header idle, nothing in flight.
    func settled() -> Bool {
        guard let last else { return false }
        return last["header"] as? String == "idle" && last["inFlight"] == nil && last["footer"] as? String != "loading"
    }

    /// Settled, and nothing due: the engine has no deadline left (its last event says so), so
    /// nothing more happens until new input or a loader's answer. What a test checks now is final.
    func atRest() -> Bool {
        guard settled(), let last else { return false }
        return last["wakeUpMonotonicMs"] == nil || last["wakeUpMonotonicMs"] is NSNull
    }

    /// Now on the app's trace clock (the `ms` of its lines), from the CLOCK_MONOTONIC time its
    /// launch milestone carries; `nil` before that line.
    var traceNow: Int? {
        guard let launch = trace.first(where: { $0["milestone"] as? String == "launch" }),
            let launchMs = launch["ms"] as? Int, let launchUs = launch["monotonicUs"] as? Int
        else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowUs = Int(now.tv_sec) * 1_000_000 + Int(now.tv_nsec) / 1_000
        return launchMs + (nowUs - launchUs) / 1_000
    }

    /// Whether `milliseconds` of the app's clock passed since its last trace line: the list
    /// rested that long (what a wheel needs before it may pull: its idle interval).
    func quiet(for milliseconds: Int) -> Bool {
        guard let now = traceNow, let lastMs = trace.last?["ms"] as? Int else { return false }
        return now - lastMs >= milliseconds
    }

    /// Pull events the app has handled from `kind` ("wheel", "touchpad", "drag"): every scroll
    /// or drag event it receives becomes one, taken or not, so this counts input that arrived.
    func pullEvents(kind: String) -> Int {
        events.filter { $0["event"] as? String == "pull" && $0["kind"] as? String == kind }.count
    }

    /// The wheel's idle interval of the app's engine (it keeps the default): how long the list
    /// must rest at the top, the wheel quiet, before a notch up may pull.
    static let wheelIdleMs = Int(try! RefreshConfiguration().wheelIdleInterval)

    /// Waits until the list is at rest and has been for the wheel's idle interval, measured on
    /// the app's own clock, and a frame's margin (the trace rounds to whole milliseconds): a
    /// wheel notch up may pull now.
    func waitUntilAWheelMayPull(file: StaticString = #filePath, line: UInt = #line) {
        wait(
            "the list at rest at the top for the wheel's idle interval (\(Self.wheelIdleMs) ms)", file: file, line: line
        ) {
            $0.atRest() && $0.quiet(for: Self.wheelIdleMs + 20)
        }
    }
}

/// Runs a command to completion (xdotool), returning its standard output.
@discardableResult
func shell(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> String {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = output
    do { try process.run() } catch {
        XCTFail("cannot run \(arguments): \(error)", file: file, line: line)
        return ""
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// The X window id of the app's window, once it is shown.
func demoWindow(file: StaticString = #filePath, line: UInt = #line) -> String? {
    xWindow(named: "Refresh List", file: file, line: line)
}

/// The demo's X window id; throws (ending the test, its failure recorded) when none showed.
func requireDemoWindow(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    guard let window = demoWindow(file: file, line: line) else {
        throw TestSetupError(description: "the demo's window never showed")
    }
    return window
}

/// The X window id of the visible window whose name matches `name` (a regular expression),
/// polled for up to 60 s.
func xWindow(named name: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    var found: String?
    let shown = poll(every: 0.02, timeout: 60) {
        found = shell(["xdotool", "search", "--onlyvisible", "--name", name]).split(separator: "\n").last.map(
            String.init)
        return found != nil
    }
    if !shown { XCTFail("no window named \(name) showed within 60 s", file: file, line: line) }
    return found
}

/// Checks `condition` every `interval` seconds until it holds (true) or `timeout` seconds pass
/// (false): the one place the app tests wait, for a condition, never for a time.
@discardableResult
func poll(every interval: Double, timeout: Double, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { return false }
        usleep(useconds_t(interval * 1_000_000))
    }
    return true
}
