// Fixtures the tests of rows above the view and of the saved place share: a list whose
// refreshes prepend new rows, a refresh by F5 that succeeds, and a list opened at a saved place.

import RefreshEngine
import XCTest

extension RefreshConfiguration {
    /// The standard configuration with refreshes that put new rows in before the ones shown.
    static let prependingNew = RefreshConfiguration.with { $0.refreshMerge = .prependNew }
}

extension EngineStore {
    /// Refreshes (header idle, nothing in flight) by F5 at `ms` as `token`; the answer brings
    /// `received` rows 500 ms later and the result shows.
    func refreshSucceeding(
        token value: UInt64, at ms: Milliseconds, received: Int,
        file: StaticString = #filePath, line: UInt = #line, _ update: (inout Snapshot) -> Void = { _ in }
    ) {
        requestRefresh(token: value, at: ms, file: file, line: line)
        send(
            .refreshCompleted(token(value), .success(received: received, hasMore: true), wallClock: wall),
            at: ms + 500, effects: [.applyRefresh(token(value)), .persistLastUpdated(wall)], file: file, line: line
        ) {
            $0.header = Header.succeeded()
            $0.inFlight = nil
            update(&$0)
        }
    }

    /// Begins with a saved place: the restore starts as token 1, quietly (no announcement).
    func beginRestoring(file: StaticString = #filePath, line: UInt = #line) {
        begin(place: .saved, effects: [.startRefresh(token(1), origin: .restore)], file: file, line: line) {
            $0.header = Header.refreshing()
            $0.inFlight = .refresh(token(1))
        }
        XCTAssertTrue(engine.isRestoringPlace, file: file, line: line)
        XCTAssertFalse(engine.savesPlace, "the saved place is not overwritten while it is restored")
    }

    /// A list that restored 20 rows at its saved place and laid them out, newer rows to load.
    static func restored(file: StaticString = #filePath, line: UInt = #line) -> EngineStore {
        let store = EngineStore()
        store.beginRestoring(file: file, line: line)
        store.send(
            .restoreCompleted(token(1), .success(received: 20, hasMore: true), found: true), at: 300,
            effects: [.applyRestore(token(1))], file: file, line: line
        ) {
            // No "Refreshed": the list opens where it was, its header closed, no last-updated time.
            $0.header = Header.idle
            $0.inFlight = nil
            $0.footer = .idle
            $0.paging.currentPage = 1
            $0.newerRows = .more
        }
        store.send(.itemsShown(20), at: 300, effects: [], file: file, line: line)
        return store
    }

    /// A restored list whose first load of newer rows (token 2), started at the top, failed.
    static func failedNewer(file: StaticString = #filePath, line: UInt = #line) -> EngineStore {
        let store = EngineStore.restored(file: file, line: line)
        store.send(
            .geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 320,
            effects: [.startLoadNewer(token(2))], file: file, line: line
        ) { $0.newerRows = .loading }
        XCTAssertEqual(store.engine.pill, .hidden, "nothing to show while they load", file: file, line: line)
        store.send(
            .loadNewerCompleted(token(2), .failure(failure(1))), at: 400, effects: [.announce(.loadNewerFailed)],
            file: file, line: line
        ) { $0.newerRows = .failed }
        XCTAssertEqual(store.engine.pill, .retryNewer, file: file, line: line)
        XCTAssertEqual(store.engine.newerFailure, failure(1), file: file, line: line)
        XCTAssertTrue(store.engine.refersTo(failure(1)), "its message is still shown", file: file, line: line)
        return store
    }
}
