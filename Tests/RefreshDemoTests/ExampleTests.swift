// The README's example is the real, compiled Examples/RefreshExample/main.swift, verbatim, and
// it runs: its window shows on the test's display and stays up.

import Foundation
import XCTest

final class ExampleTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testTheReadmeQuotesTheExampleVerbatim() throws {
        let example = try String(contentsOf: Self.packageRoot.appendingPathComponent("Examples/RefreshExample/main.swift"), encoding: .utf8)
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertLessThan(example.split(separator: "\n", omittingEmptySubsequences: false).count, 80, "a minimal example")
        XCTAssertTrue(readme.contains("```swift\n" + example + "```"), "README.md quotes Examples/RefreshExample/main.swift verbatim")
    }

    func testTheExampleRuns() throws {
        let binary = URL(fileURLWithPath: demoBinary).deletingLastPathComponent().appendingPathComponent("refresh-example").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary), "refresh-example is built with the tests")
        let state = NSTemporaryDirectory() + "refresh-example-state-\(UUID().uuidString)"
        let app = try DemoProcess([], executable: binary, environment: ["XDG_STATE_HOME": state])
        defer {
            app.stop()
            try? FileManager.default.removeItem(atPath: state)
        }
        var window = ""
        for _ in 0..<100 where window.isEmpty {
            window = shell(["xdotool", "search", "--onlyvisible", "--name", "^Posts$"]).trimmingCharacters(in: .whitespacesAndNewlines)
            usleep(100_000)
        }
        XCTAssertFalse(window.isEmpty, "the example's window showed: \(app.stderr)")
        usleep(1_500_000)  // the first refresh and page load
        XCTAssertTrue(app.process.isRunning, "still running: \(app.stderr)")
    }
}
