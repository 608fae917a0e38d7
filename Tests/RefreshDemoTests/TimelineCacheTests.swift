// The demo's timeline cache (TimelineCache.swift): statuses kept across runs newest first as the
// server orders ids, pages older than a status, the sync instant, the bound, WAL mode, and a file
// it must not read (another server, another schema, not a database) set aside, never read, the
// cache starting empty. Each step runs on the cache's own queue, as the app's jobs do (the cache
// stops a debug build that calls SQLite on the main thread); jobs queued from the main loop are
// answered there in order.

import CGtk
import CSQLite
import Foundation
import XCTest

@testable import RefreshDemo

/// Statuses `ids` as the server would send them.
private func statuses(_ ids: [Int]) -> [CachedStatus] {
    ids.map { CachedStatus(id: String($0), json: #"{"id":"\#($0)","content":"<p>post \#($0)</p>"}"#) }
}

final class TimelineCacheTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("timeline-cache-\(UUID().uuidString)")
            .path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private var path: String { folder + "/cache/timeline.sqlite" }
    private let server = "https://social.example"

    /// Runs `body` on `cache`'s queue, isolated to it, as the app's jobs run.
    private func on<Value: Sendable>(
        _ cache: TimelineCache, _ body: @Sendable (isolated TimelineCache) throws -> Value
    ) async throws -> Value {
        try await body(cache)
    }

    /// Lets `cache` go and waits until its connection closed, on its queue.
    private func close(_ cache: inout TimelineCache?) {
        guard let queue = cache?.queue else { return }
        cache = nil
        queue.queue.sync {}
    }

    func testStatusesComeBackNewestFirstAcrossRunsAndPageOlderThanAStatus() async throws {
        let path = self.path
        var cache: TimelineCache? = TimelineCache(path: path, server: server)
        try await on(cache!) { cache in
            XCTAssertEqual(try cache.open(), .new)
            // Ids ordered as the server orders them: 100 is newer than 99.
            try cache.store(statuses([98, 99, 100, 101]))
            try cache.store(statuses([102]))
            XCTAssertTrue(FileManager.default.fileExists(atPath: path + "-wal"), "WAL mode: the log beside the file")
        }
        close(&cache)

        let reopened = TimelineCache(path: path, server: server)
        try await on(reopened) { reopened in
            XCTAssertEqual(try reopened.open(), .reused)
            XCTAssertEqual(try reopened.statuses(count: 10).map(\.id), ["102", "101", "100", "99", "98"])
            XCTAssertEqual(try reopened.statuses(olderThan: "100", count: 10).map(\.id), ["99", "98"])
            XCTAssertEqual(try reopened.statuses(olderThan: "102", count: 2).map(\.id), ["101", "100"])
            // The rows above a place: the ones just newer, newest first.
            XCTAssertEqual(try reopened.statuses(newerThan: "99", count: 2).map(\.id), ["101", "100"])
            XCTAssertEqual(try reopened.statuses(newerThan: "100", count: 10).map(\.id), ["102", "101"])
            XCTAssertEqual(try reopened.statuses(newerThan: "102", count: 10), [], "nothing newer than the newest")
            XCTAssertEqual(try reopened.statuses(newerThan: "97", count: 1).map(\.id), ["98"])
            XCTAssertEqual(try reopened.statuses(count: 1).first, statuses([102]).first, "the JSON as stored")
            // A status stored again (an edit) replaces the one kept, not a second copy.
            let edited = CachedStatus(id: "100", json: #"{"id":"100","content":"<p>edited</p>"}"#)
            try reopened.store([edited])
            XCTAssertEqual(try reopened.count(), 5)
            XCTAssertEqual(try reopened.statuses(olderThan: "101", count: 1), [edited])
            XCTAssertTrue(try reopened.remove(id: "100"))
            XCTAssertFalse(try reopened.remove(id: "100"), "removed already")
            XCTAssertEqual(try reopened.statuses(count: 10).map(\.id), ["102", "101", "99", "98"])
        }
    }

    func testAnEditReplacesOnlyAStatusTheCacheKeeps() async throws {
        try await on(TimelineCache(path: path, server: server)) { cache in
            try cache.open()
            try cache.store(statuses([100, 101, 102]))
            let edited = CachedStatus(id: "101", json: #"{"id":"101","content":"<p>edited</p>"}"#)
            XCTAssertTrue(try cache.replace(edited))
            XCTAssertEqual(try cache.statuses(olderThan: "102", count: 1), [edited])
            // An edit of a status never fetched would sit apart from the others: not kept.
            XCTAssertFalse(try cache.replace(statuses([50])[0]))
            XCTAssertEqual(try cache.statuses(count: 10).map(\.id), ["102", "101", "100"])
        }
    }

    func testOpenedWarningsStayAcrossRunsWithTheirStatusesOnly() async throws {
        var cache: TimelineCache? = TimelineCache(path: path, server: server, limit: 4)
        try await on(cache!) { cache in
            try cache.open()
            try cache.store(statuses([100, 101, 102]))
            try cache.setOpened("101", true)
            try cache.setOpened("102", true)
            try cache.setOpened("50", true)
            XCTAssertEqual(try cache.openedWarnings(), ["101", "102"], "only a status the cache keeps")
            try cache.setOpened("102", false)
        }
        close(&cache)
        try await on(TimelineCache(path: path, server: server, limit: 4)) { reopened in
            try reopened.open()
            XCTAssertEqual(try reopened.openedWarnings(), ["101"], "kept across runs, closed ones not")
            try reopened.setOpened("100", true)
            // Two newer statuses push 100 and 101 out (the limit is 4): their opened warnings go too.
            try reopened.store(statuses([103, 104, 105]))
            XCTAssertEqual(try reopened.statuses(count: 10).map(\.id), ["105", "104", "103", "102"])
            XCTAssertEqual(try reopened.openedWarnings(), [])
            try reopened.setOpened("104", true)
            XCTAssertTrue(try reopened.remove(id: "104"))
            XCTAssertEqual(try reopened.openedWarnings(), [], "a deleted status's warning goes with it")
        }
    }

    func testALookUpFindsAnyKeptStatusAndAStoreCanReplaceEverything() async throws {
        try await on(TimelineCache(path: path, server: server)) { cache in
            try cache.open()
            XCTAssertTrue(try cache.isEmpty())
            try cache.store(statuses([100, 101, 102]))
            XCTAssertFalse(try cache.isEmpty())
            try cache.setOpened("101", true)
            XCTAssertTrue(try cache.contains(any: ["5", "101"]))
            XCTAssertFalse(try cache.contains(any: ["5", "99", "103"]))
            XCTAssertFalse(try cache.contains(any: []))
            try cache.store(statuses([7, 8]), replacingAll: true)
            XCTAssertEqual(try cache.statuses(count: 10).map(\.id), ["8", "7"], "the new run alone")
            XCTAssertEqual(try cache.openedWarnings(), [], "what was kept with the old statuses went too")
            try cache.store(statuses([9]))
            XCTAssertEqual(try cache.statuses(count: 10).map(\.id), ["9", "8", "7"], "kept beside it after")
        }
    }

    func testTheCacheKeepsAtMostItsLimitDroppingTheOldest() async throws {
        try await on(TimelineCache(path: path, server: server, limit: 5)) { cache in
            try cache.open()
            try cache.store(statuses(Array(95...99)))
            try cache.store(statuses(Array(100...102)))
            XCTAssertEqual(try cache.count(), 5)
            XCTAssertEqual(try cache.statuses(count: 10).map(\.id), ["102", "101", "100", "99", "98"])
        }
    }

    func testTheSyncInstantIsKeptAcrossRuns() async throws {
        var cache: TimelineCache? = TimelineCache(path: path, server: server)
        try await on(cache!) { cache in
            try cache.open()
            XCTAssertNil(try cache.syncedAt())
            try cache.setSyncedAt(1_796_547_864_589)
        }
        close(&cache)
        try await on(TimelineCache(path: path, server: server)) { reopened in
            try reopened.open()
            XCTAssertEqual(try reopened.syncedAt(), 1_796_547_864_589)
        }
    }

    func testAnotherServersCacheIsSetAsideNotRead() async throws {
        let path = self.path
        var cache: TimelineCache? = TimelineCache(path: path, server: server)
        try await on(cache!) { cache in
            try cache.open()
            try cache.store(statuses([1, 2, 3]))
        }
        close(&cache)
        try await on(TimelineCache(path: path, server: "https://other.example")) { other in
            XCTAssertEqual(try other.open(), .setAside(reason: "other-server", to: path + ".other-server"))
            XCTAssertEqual(try other.count(), 0, "nothing of the other server's is read")
        }
        // Set aside, not lost: the first server's cache is whole where it was moved.
        try await on(TimelineCache(path: path + ".other-server", server: server)) { moved in
            XCTAssertEqual(try moved.open(), .reused)
            XCTAssertEqual(try moved.statuses(count: 10).map(\.id), ["3", "2", "1"])
        }
    }

    func testACacheOfAnotherSchemaIsSetAside() async throws {
        let path = self.path
        var cache: TimelineCache? = TimelineCache(path: path, server: server)
        try await on(cache!) { cache in
            try cache.open()
            try cache.store(statuses([1]))
        }
        close(&cache)
        var database: OpaquePointer?
        XCTAssertEqual(sqlite3_open(path, &database), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(database, "PRAGMA user_version = 0", nil, nil, nil), SQLITE_OK)
        sqlite3_close(database)
        try await on(TimelineCache(path: path, server: server)) { reopened in
            XCTAssertEqual(try reopened.open(), .setAside(reason: "schema-0", to: path + ".schema-0"))
            XCTAssertEqual(try reopened.count(), 0)
            try reopened.store(statuses([7]))
            XCTAssertEqual(try reopened.statuses(count: 10).map(\.id), ["7"])
        }
    }

    func testACorruptFileIsMovedAsideAndTheCacheStartsFresh() async throws {
        let path = self.path
        try FileManager.default.createDirectory(atPath: folder + "/cache", withIntermediateDirectories: true)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        var cache: TimelineCache? = TimelineCache(path: path, server: server)
        try await on(cache!) { cache in
            XCTAssertEqual(try cache.open(), .setAside(reason: "corrupt", to: path + ".corrupt"))
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: path + ".corrupt")), garbage, "moved, not changed")
            try cache.store(statuses([1, 2]))
            XCTAssertEqual(try cache.statuses(count: 10).map(\.id), ["2", "1"])
        }
        close(&cache)
        // Corrupt again: the first file set aside stays as it is.
        let other = Data(garbage.reversed())
        try other.write(to: URL(fileURLWithPath: path))
        try await on(TimelineCache(path: path, server: server)) { cache in
            XCTAssertEqual(try cache.open(), .setAside(reason: "corrupt", to: path + ".corrupt-2"))
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path + ".corrupt")), garbage)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path + ".corrupt-2")), other)
            XCTAssertEqual(try cache.count(), 0)
        }
    }

    func testJobsQueuedFromTheMainLoopRunInOrderOffItAndAnswerOnItInOrder() {
        let path = self.path
        MainActor.assumeIsolated { Self.queueJobsAndExpectTheirAnswersInOrder(path: path) }
    }

    /// Queued without waiting, as the app queues them: a write, a read of it, a removal, a
    /// read again; each answered on the main thread, in the order queued.
    @MainActor
    private static func queueJobsAndExpectTheirAnswersInOrder(path: String) {
        let server = "https://social.example"
        let cache = TimelineCache(path: path, server: server)
        let answers = Answers()
        cache.run { cache throws(TimelineCacheError) in
            try cache.open()
        } then: { _ in
            answers.add("opened")
        }
        cache.run { cache throws(TimelineCacheError) in
            try cache.store(statuses([1, 2]))
        } then: { _ in
            answers.add("stored")
        }
        cache.run { cache throws(TimelineCacheError) in
            try cache.statuses(count: 10).map(\.id)
        } then: {
            answers.add("read " + ((try? $0.get()) ?? []).joined(separator: ","))
        }
        cache.run { cache throws(TimelineCacheError) in
            try cache.remove(id: "2")
        } then: { _ in
            answers.add("removed")
        }
        cache.run { cache throws(TimelineCacheError) in
            try cache.statuses(count: 10).map(\.id)
        } then: {
            answers.add("read " + ((try? $0.get()) ?? []).joined(separator: ","))
        }
        // The main queue is drained here by the test's run loop, as GLib drains it in the app.
        let deadline = Date().addingTimeInterval(60)
        while answers.all.count < 5, Date() < deadline {
            RunLoop.main.run(until: Date().addingTimeInterval(0.01))
        }
        XCTAssertEqual(answers.all, ["opened", "stored", "read 2,1", "removed", "read 1"], "answered in order")
        XCTAssertTrue(answers.onMainThread, "every answer on the main thread")
    }

    func testEachServerHasItsOwnFileUnderTheCacheFolder() {
        let one = TimelineCache.defaultPath(applicationID: "io.example.App", server: server)
        let two = TimelineCache.defaultPath(applicationID: "io.example.App", server: "https://other.example")
        XCTAssertNotEqual(one, two)
        XCTAssertEqual(one, TimelineCache.defaultPath(applicationID: "io.example.App", server: server), "stable")
        XCTAssertTrue(one.hasPrefix(String(cString: g_get_user_cache_dir()) + "/io.example.App/timeline-"), one)
    }
}

/// What the main thread was answered, in order.
@MainActor
private final class Answers {
    private(set) var all: [String] = []
    private(set) var onMainThread = true

    func add(_ answer: String) {
        all.append(answer)
        onMainThread = onMainThread && Thread.isMainThread
    }
}
