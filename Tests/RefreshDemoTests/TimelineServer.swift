// The fault-injecting timeline server of Tests/Network/timeline_server.py, run by a test: started
// on a free loopback port (which it reports in its first line), switched through its /control
// endpoint, and read through its log (one JSON object per request, answer, fault and closed
// connection), so a test sees what the app really asked for and what it gave up on.

import Foundation
import XCTest

final class TimelineServer: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let lines = PipeLines()
    private(set) var port = 0

    /// The server script, from this file's place in the package.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Network/timeline_server.py").standardized.path

    /// Starts the server with `arguments` (`--posts N`, `--lively S`) and waits for its port.
    init(_ arguments: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-u", Self.script] + arguments
        process.standardOutput = output
        lines.collect(from: output)
        try process.run()
        guard
            wait(
                "the timeline server listening", timeout: 30, file: file, line: line,
                until: { !$0.of("listening").isEmpty }),
            let port = of("listening").first?["port"] as? Int
        else { throw TestSetupError(description: "the timeline server did not start") }
        self.port = port
    }

    deinit { stop() }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        output.fileHandleForReading.readabilityHandler = nil
    }

    /// The address the app is given (https with `--https`: a certificate no one trusts).
    var url: String { (process.arguments?.contains("--https") == true ? "https" : "http") + "://127.0.0.1:\(port)" }

    /// Every log line so far, parsed.
    var log: [[String: Any]] {
        lines.lines.compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// The log lines of one event ("request", "answered", "closed", "hanging", …).
    func of(_ event: String) -> [[String: Any]] { log.filter { $0["event"] as? String == event } }

    /// Timeline requests of `kind` ("refresh" or "page"; nil: both).
    func requests(_ kind: String? = nil) -> [[String: Any]] {
        of("request").filter { kind == nil || $0["kind"] as? String == kind }
    }

    /// Sends `/control?query` (as `fault=500&on=refresh`) and fails the test unless it is taken.
    func control(_ query: String, file: StaticString = #filePath, line: UInt = #line) {
        let answer = Self.get(port: port, path: "/control?" + query)
        XCTAssertTrue(
            answer.hasPrefix("HTTP/1.1 200"), "the server refused /control?\(query): \(answer)", file: file, line: line)
    }

    /// One HTTP/1.1 GET on loopback, the whole answer as text ("" when the connection failed).
    static func get(port: Int, path: String) -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return "" }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// Polls until `condition` holds on the server, or fails naming `what` after `timeout` s.
    @discardableResult
    func wait(
        _ what: @autoclosure () -> String, timeout: Double = 60, file: StaticString = #filePath, line: UInt = #line,
        until condition: (TimelineServer) -> Bool
    ) -> Bool {
        if poll(every: 0.02, timeout: timeout, until: { condition(self) || !process.isRunning }), process.isRunning {
            return true
        }
        let tail = lines.lines.suffix(8).joined(separator: "\n")
        XCTFail(
            process.isRunning
                ? "the timeline server never saw \(what()) in \(Int(timeout)) s; its last lines:\n\(tail)"
                : "the timeline server exited (\(process.terminationStatus)) waiting for \(what())",
            file: file, line: line)
        return false
    }
}

extension XCTestCase {
    /// A timeline server started with `serverArguments` (`before` switches its faults before the
    /// app starts), and the demo reading it with `appArguments` besides --source mastodon, 20
    /// statuses a page and a window of `size` (960×480 unless given), in a state directory of
    /// its own; both stopped when the test ends. Also the demo's window, with the pointer over it.
    func startDemoReadingTimeline(
        serverArguments: [String], appArguments: [String], appEnvironment: [String: String] = [:],
        size: String = "960x480", before: (TimelineServer) -> Void
    ) throws -> (DemoProcess, TimelineServer, String) {
        let server = try TimelineServer(serverArguments)
        addTeardownBlock { server.stop() }
        before(server)
        let state = NSTemporaryDirectory() + "refresh-demo-state-\(UUID().uuidString)"
        let app = try DemoProcess(
            appArguments + ["--source", "mastodon", "--server", server.url, "--page-size", "20", "--size", size],
            environment: appEnvironment.merging(["XDG_STATE_HOME": state]) { $1 })
        addTeardownBlock {
            app.stop()
            try? FileManager.default.removeItem(atPath: state)
        }
        let window = try requireDemoWindow()
        shell(["xdotool", "mousemove", "--window", window, "300", "300"])
        return (app, server, window)
    }
}

extension XCTestCase {
    /// Runs `script`, an AT-SPI client in Tests/ScreenReader, on `app`'s process id and
    /// `arguments`; fails with what it printed unless it exits 0. Returns what it printed.
    @discardableResult
    func runScreenReaderClient(
        _ script: String, _ arguments: [String], for app: DemoProcess, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../ScreenReader/\(script)").standardized.path
        let client = Process()
        let output = Pipe()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        client.arguments = [path, "\(app.process.processIdentifier)"] + arguments
        client.standardOutput = output
        client.standardError = output
        try client.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        client.waitUntilExit()
        XCTAssertEqual(client.terminationStatus, 0, "the AT-SPI client \(script): \(said)", file: file, line: line)
        return said
    }
}
