// The binary itself: bad flags exit 2 with the problem and the usage; --help exits 0.

import Foundation
import XCTest

final class CommandLineTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        let out = Pipe()
        let err = Pipe()
        process.executableURL = URL(fileURLWithPath: demoBinary)
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self)
        )
    }

    func testBadFlagsExitTwoWithTheProblemAndTheUsage() throws {
        for arguments in [
            ["--bogus"], ["--page-size", "0"], ["--fail-rate", "2"], ["--source", "folder"], ["--latency-ms"],
        ] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.err.hasPrefix("refresh-demo: "), "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.contains("Usage: refresh-demo"), "\(arguments)")
            XCTAssertEqual(result.out, "", "nothing on stdout")
        }
        XCTAssertTrue(
            try run(["--page-size", "0"]).err.contains("--page-size must be a whole number in 1…1000, not '0'"))
    }

    func testHelpPrintsUsageAndExitsZero() throws {
        let result = try run(["--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.out.contains("--screenshots DIR"))
        XCTAssertTrue(result.out.contains("--fail-rate F"))
    }
}
