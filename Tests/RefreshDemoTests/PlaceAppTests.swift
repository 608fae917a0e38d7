// The demo keeps its place across a restart, as a user would see it: launched with --trace on
// the test's X display, scrolled to mid-list by the wheel, quit with Ctrl+Q, launched again
// with the same state directory: it asks for the saved row, not the newest, and its first
// visible row is the same, a few px at most from where it was (the trace's persistPlace and
// applyRestore carry the place). The folder source keeps its place the same way: the newest
// files first, and files written between the runs load above the restored row.

import Foundation
import XCTest

final class PlaceAppTests: XCTestCase {
    func testQuitInMidListAndStartAgainShowsTheSameFirstVisibleRow() throws {
        let state = demoStateDirectory()
        let arguments = ["--latency-ms", "50", "--total", "200"]
        let (first, window) = try launchDemo(arguments, state: state)
        first.wait("the initial load") { $0.settled() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        let left = try leaveInMidList(first, window: window, rounds: 3)
        XCTAssertNotEqual(left.id, "post-200", "scrolled away from the newest")

        let (second, _) = try launchDemo(arguments, state: state)
        try second.expectOpened(at: left)
    }

    func testAFolderOpensAtTheSameFileAndTheFilesWrittenSinceLoadAboveIt() throws {
        let folder = NSTemporaryDirectory() + "refresh-demo-folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let start = Date().addingTimeInterval(-10_000)
        /// Writes `file-<index>.txt`, modified `index` minutes after `start`: a higher index is newer.
        func write(_ index: Int) throws {
            let path = folder + "/file-\(index).txt"
            try Data("file \(index)\n".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes(
                [.modificationDate: start.addingTimeInterval(Double(index) * 60)], ofItemAtPath: path)
        }
        for index in 0..<120 { try write(index) }
        let state = demoStateDirectory()
        let arguments = ["--source", "folder", "--folder", folder, "--page-size", "20"]
        let (first, window) = try launchDemo(arguments, state: state)
        first.wait("the newest files") { $0.settled() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        let left = try leaveInMidList(first, window: window, rounds: 2)
        XCTAssertNotEqual(left.id, "file-119.txt", "scrolled away from the newest")
        for index in 120..<125 { try write(index) }

        // The files written since are among the newer rows loaded above the saved one.
        let (second, _) = try launchDemo(arguments, state: state)
        try second.expectOpened(at: left)
    }
}
