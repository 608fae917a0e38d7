// The README's example is the real, compiled Examples/RefreshExample/main.swift, verbatim, and
// it runs: its window shows on the test's display and fills with rows.

import Foundation
import XCTest

final class ExampleTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testTheReadmeQuotesTheExampleVerbatim() throws {
        let example = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Examples/RefreshExample/main.swift"), encoding: .utf8)
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertLessThan(
            example.split(separator: "\n", omittingEmptySubsequences: false).count, 80, "a minimal example")
        XCTAssertTrue(
            readme.contains("```swift\n" + example + "```"),
            "README.md quotes Examples/RefreshExample/main.swift verbatim")
    }

    func testTheExampleRuns() throws {
        let binary = URL(fileURLWithPath: demoBinary).deletingLastPathComponent().appendingPathComponent(
            "refresh-example"
        ).path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary), "refresh-example is built with the tests")
        let state = NSTemporaryDirectory() + "refresh-example-state-\(UUID().uuidString)"
        let app = try DemoProcess([], executable: binary, environment: ["XDG_STATE_HOME": state])
        defer {
            app.stop()
            try? FileManager.default.removeItem(atPath: state)
        }
        guard let window = xWindow(named: "^Posts$") else {
            return XCTFail("the example's window never showed: \(app.stderr)")
        }
        // Its first refresh fills the window with rows of text: the share of dark pixels in a
        // screenshot goes from about 0.1 % (the header's spinner) to about 2 % (twenty rows).
        let shot = NSTemporaryDirectory() + "refresh-example-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: shot) }
        var dark = 0.0
        poll(every: 0.05, timeout: 60) {
            shell(["import", "-window", window, shot])
            dark =
                Double(
                    shell([
                        "convert", shot, "-colorspace", "gray", "-threshold", "50%", "-format", "%[fx:1-mean]", "info:",
                    ])) ?? 0
            return dark >= 0.008 || !app.process.isRunning
        }
        XCTAssertGreaterThanOrEqual(dark, 0.008, "the example's rows never showed (dark share \(dark)): \(app.stderr)")
        XCTAssertTrue(app.process.isRunning, "still running: \(app.stderr)")
    }
}
