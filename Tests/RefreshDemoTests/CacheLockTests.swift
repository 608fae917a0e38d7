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

    /// Now on the monotonic clock (µs), as GLib's `g_get_monotonic_time` reads it in the app.
    private static func monotonicMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
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

        let (lockedAt, notches, committedWhileLocked) = try file.holdingTheWriteLock {
            server.control("post=5")
            app.wait("the five posts streamed while the file is locked shown") { app in
                self.shownIDs(app).isSuperset(of: streamed)
            }
            // The reader scrolls for two seconds, the lock held: six notches down, five up, and
            // again (down the list, never pulling at the top).
            let start = Self.monotonicMicroseconds()
            var notches = 0
            while Self.monotonicMicroseconds() - start < 2_000_000 {
                shell(["xdotool", "click", "--repeat", "6", "--delay", "25", "5"])
                shell(["xdotool", "click", "--repeat", "5", "--delay", "25", "4"])
                notches += 11
            }
            return (start, notches, committedIDs(app).intersection(streamed))
        }

        // The lock gone: the writes that waited go through, and nothing is lost.
        app.wait("the five posts streamed during the lock committed") { app in
            self.committedIDs(app).isSuperset(of: streamed)
        }
        // Frames counted by when the app drew them (its trace's monotonic time, the clock this
        // test reads), in each second of the lock, however late the trace's lines came through.
        func frames(inSecond second: Int64) -> Int {
            milestones(app, "firstRow").filter {
                let drawn = ($0["monotonicUs"] as? Int64) ?? Int64($0["monotonicUs"] as? Int ?? 0)
                return drawn >= lockedAt + second * 1_000_000 && drawn < lockedAt + (second + 1) * 1_000_000
            }.count
        }
        let (first, second) = (frames(inSecond: 0), frames(inSecond: 1))
        print(
            "cache file locked 2 s: \(first + second) frames moved the first row (\(first) in the first second), "
                + "\(notches) wheel notches")
        XCTAssertGreaterThanOrEqual(first, 2, "frames kept coming in the lock's first second")
        XCTAssertGreaterThanOrEqual(second, 2, "frames kept coming in the lock's second second")
        XCTAssertEqual(committedWhileLocked, [], "no write got past the lock (else this test locked nothing)")

        XCTAssertTrue(Set(try file.ids()).isSuperset(of: streamed), "the posts streamed during the lock in the file")
        XCTAssertFalse(app.stderr.contains("timeline cache could not"), "no write given up: \(app.stderr)")
    }
}
