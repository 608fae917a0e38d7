// The main thread never waits on the disk. Another connection holds the cache file's write lock
// (as a second instance or a backup tool would) while posts are streamed in and the reader
// scrolls for two seconds: the posts show at once, the frames keep coming (counted: the trace's
// `firstRow` lines, one for each frame that moved the first row in view), and the writes wait on
// the cache's own queue. When the lock goes, every post streamed meanwhile is in the file.

import Foundation
import XCTest

@testable import RefreshDemo

final class CacheLockTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "refresh-demo-lock-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func milestones(_ app: DemoProcess, _ name: String) -> [TraceLine] {
        app.trace.filter { $0["milestone"] as? String == name }
    }

    /// The ids the trace says the cache committed ("cached" lines).
    private func committedIDs(_ app: DemoProcess) -> Set<String> {
        Set(milestones(app, "cached").flatMap { ($0["ids"] as? String ?? "").split(separator: ",").map(String.init) })
    }

    /// The ids the trace's "rows" lines say went in.
    private func shownIDs(_ app: DemoProcess) -> Set<String> {
        Set(milestones(app, "rows").flatMap { ($0["added"] as? String ?? "").split(separator: ",").map(String.init) })
    }

    func testFramesKeepComingWhileTheCacheFileIsLockedAndNothingIsLostWhenTheLockGoes() throws {
        let server = try TimelineServer(["--posts", "300", "--heartbeat", "1"])
        addTeardownBlock { server.stop() }
        let app = try DemoProcess(
            ["--trace", "--source", "mastodon", "--server", server.url, "--size", "960x480"],
            environment: ["XDG_CACHE_HOME": folder + "/cache", "XDG_STATE_HOME": folder + "/state"])
        addTeardownBlock { app.stop() }
        let window = try requireDemoWindow()
        shell(["xdotool", "mousemove", "--window", window, "300", "300"])
        app.wait("the stream live and the first page committed to the cache") { app in
            self.milestones(app, "stream").last?["state"] as? String == "live"
                && self.committedIDs(app).contains("109000300")
        }
        let file = CacheFile(
            path: folder + "/cache/" + applicationID + "/"
                + URL(fileURLWithPath: TimelineCache.defaultPath(applicationID: applicationID, server: server.url))
                .lastPathComponent)
        let streamed = (301...305).map { "109000\($0)" }

        let (frames, notches, committedWhileLocked) = try file.holdingTheWriteLock {
            server.control("post=5")
            app.wait("the five posts streamed while the file is locked shown") { app in
                self.shownIDs(app).isSuperset(of: streamed)
            }
            // The reader scrolls for two seconds, the lock held: six notches down, five up, and
            // again (down the list, never pulling at the top); frames counted in each second.
            let framesBefore = milestones(app, "firstRow").count
            let start = Date()
            var notches = 0
            var framesInFirstSecond: Int?
            while Date().timeIntervalSince(start) < 2 {
                shell(["xdotool", "click", "--repeat", "6", "--delay", "25", "5"])
                shell(["xdotool", "click", "--repeat", "5", "--delay", "25", "4"])
                notches += 11
                if framesInFirstSecond == nil, Date().timeIntervalSince(start) >= 1 {
                    framesInFirstSecond = milestones(app, "firstRow").count - framesBefore
                }
            }
            let frames = milestones(app, "firstRow").count - framesBefore
            return (
                (all: frames, first: framesInFirstSecond ?? frames), notches, committedIDs(app).intersection(streamed)
            )
        }
        print(
            "cache file locked 2 s: \(frames.all) frames moved the first row (\(frames.first) in the first second), "
                + "\(notches) wheel notches")
        XCTAssertGreaterThanOrEqual(frames.first, 2, "frames kept coming in the lock's first second")
        XCTAssertGreaterThanOrEqual(frames.all - frames.first, 2, "frames kept coming in the lock's second second")
        XCTAssertEqual(committedWhileLocked, [], "no write got past the lock (else this test locked nothing)")

        // The lock gone: the writes that waited go through, and nothing is lost.
        app.wait("the five posts streamed during the lock committed") { app in
            self.committedIDs(app).isSuperset(of: streamed)
        }
        XCTAssertTrue(Set(try file.ids()).isSuperset(of: streamed), "the posts streamed during the lock in the file")
        XCTAssertFalse(app.stderr.contains("timeline cache could not"), "no write given up: \(app.stderr)")
    }
}
