// The last-updated instant survives restarts; a missing, unreadable or corrupt file means
// "never updated" with a warning, never a crash. The store is internal to the list (an app
// only names a key), hence @testable: the tests write and read its files directly.

import CGtk
import GtkInterop
import Foundation
@testable import GtkRefreshList
import RefreshEngine
import XCTest

final class PersistenceTests: XCTestCase {
    func testSavesAndLoadsPerKeyAtomically() throws {
        let store = LastUpdatedStore(applicationID: "org.example.Test", stateDirectory: try temporaryDirectory())
        XCTAssertNil(store.load(key: "inbox"), "never written: never updated")
        let instant = WallClockInstant(millisecondsSince1970: 1_764_000_000_123)
        XCTAssertTrue(store.save(instant, key: "inbox"))
        XCTAssertEqual(store.load(key: "inbox"), instant)
        XCTAssertNil(store.load(key: "outbox"), "keys are separate")
        XCTAssertTrue(store.path(for: "inbox").hasSuffix("/org.example.Test/last-updated/inbox"))
        XCTAssertTrue(
            store.path(for: "../../etc/passwd").hasSuffix("/last-updated/.._.._etc_passwd"), "keys stay in the folder")
    }

    func testCorruptOrUnreadableFilesMeanNeverUpdated() throws {
        let store = LastUpdatedStore(applicationID: "org.example.Test", stateDirectory: try temporaryDirectory())
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try Data("yesterday-ish\n".utf8).write(to: URL(fileURLWithPath: store.path(for: "corrupt")))
        XCTAssertNil(store.load(key: "corrupt"))
        try Data("-5\n".utf8).write(to: URL(fileURLWithPath: store.path(for: "negative")))
        XCTAssertNil(store.load(key: "negative"))
        try FileManager.default.createDirectory(atPath: store.path(for: "folder"), withIntermediateDirectories: true)
        XCTAssertNil(store.load(key: "folder"), "a directory where the file should be")
        XCTAssertFalse(store.save(WallClockInstant(millisecondsSince1970: 1), key: "folder"))
    }

    func testAListRestoresItsTimestampAndStoresTheNextSuccess() throws {
        let directory = try temporaryDirectory()
        try onMainActor {
            let store = LastUpdatedStore(applicationID: ListDriver<Row>.applicationID(), stateDirectory: directory)
            let earlier = WallClockInstant(millisecondsSince1970: 1_600_000_000_000)
            store.save(earlier, key: "feed")
            let list = try GtkTest.makeList {
                $0.lastUpdatedKey = "feed"
                $0.stateDirectory = directory
                $0.lastUpdatedStyle = .absolute
            }
            XCTAssertEqual(list.state.header.lastUpdated, earlier)
            XCTAssertTrue(list.shownLastUpdated.contains("2020"), list.shownLastUpdated)
            list.onRefresh { page(1...3) }
            g_object_ref_sink(list.widget.raw)
            defer { g_object_unref(list.widget.raw) }
            list.start()
            GtkTest.wait("the refresh's 3 rows in (\(list.items.count) now)") { list.items.count == 3 }
            let saved = try XCTUnwrap(store.load(key: "feed"))
            XCTAssertGreaterThan(saved, earlier)
            XCTAssertEqual(saved, list.state.header.lastUpdated)
        }
    }
}
