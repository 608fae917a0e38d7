// The place survives a restart: a list with a saved place asks for the rows there, not the
// newest; the rows newer than the first one shown load near the top, go in above the view
// without moving it and count in the pill; a place that is gone, a failing source or a silent
// one falls back to the newest with no error; the place is saved once the view rests, never
// while the saved one is being restored.

import RefreshEngine
import XCTest

final class RestorePlaceTests: XCTestCase {
    func testASavedPlaceOpensThereAndNewerRowsLoadAboveItCountedInThePill() {
        let store = EngineStore.restored()
        XCTAssertTrue(store.engine.savesPlace)
        // Laid out and put at the saved place, 13 px down: near the top, the newer rows load.
        store.send(
            .geometry(offset: 13, contentHeight: 2_000, viewportHeight: 600), at: 320,
            effects: [.startLoadNewer(token(2))]
        ) { $0.newerRows = .loading }
        // A second geometry while they load starts nothing more.
        store.send(.geometry(offset: 14, contentHeight: 2_000, viewportHeight: 600), at: 330, effects: [])
        store.send(
            .loadNewerCompleted(token(2), .success(received: 10, hasMore: true)), at: 600,
            effects: [.applyNewer(token(2))]
        ) { $0.newerRows = .more }
        // They went in above the view: the place holds, the pill counts, a screen reader hears it.
        store.send(
            .newerApplied(shown: 30, added: 10), at: 600,
            effects: [.keepPlace, .announce(.newItemsAbove(count: 10))]
        ) { $0.newAbove = 10 }
        // Laid out, the view moved down by their height: far from the top now, nothing loads.
        store.send(.geometry(offset: 1_014, contentHeight: 3_000, viewportHeight: 600), at: 610, effects: [])
        store.send(.rowsAboveView(10), at: 610, effects: [])
        // The view rested for the save interval: its place is saved.
        store.send(.tick, at: 1_110, effects: [.persistPlace])
        XCTAssertNil(store.engine.nextWakeUp, "saved once, not again until the view moves")
        // The wheel scrolls up: rows scrolled into view count down, and near the top the next
        // newer rows load.
        store.send(
            .geometry(offset: 500, contentHeight: 3_000, viewportHeight: 600), at: 2_000,
            effects: [.startLoadNewer(token(3))]
        ) { $0.newerRows = .loading }
        store.send(.rowsAboveView(5), at: 2_000, effects: []) { $0.newAbove = 5 }
        store.send(
            .loadNewerCompleted(token(3), .success(received: 3, hasMore: false)), at: 2_300,
            effects: [.applyNewer(token(3))]
        ) { $0.newerRows = .none }
        store.send(
            .newerApplied(shown: 33, added: 3), at: 2_300, effects: [.keepPlace, .announce(.newItemsAbove(count: 8))]
        ) { $0.newAbove = 8 }
        // At the top now the first row is the newest: nothing more loads there.
        store.send(.geometry(offset: 0, contentHeight: 3_300, viewportHeight: 600), at: 2_400, effects: []) {
            $0.newAbove = 0
        }
        store.send(.tick, at: 2_900, effects: [.persistPlace])
    }

    func testNewerRowsAboveARestoredViewAtTheVeryTopAreCountedUntilSeen() {
        let store = EngineStore.restored()
        // The saved row was the first, its top at the view's top: the view is at offset 0.
        store.send(
            .geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 320,
            effects: [.startLoadNewer(token(2))]
        ) { $0.newerRows = .loading }
        store.send(
            .loadNewerCompleted(token(2), .success(received: 4, hasMore: false)), at: 600,
            effects: [.applyNewer(token(2))]
        ) { $0.newerRows = .none }
        store.send(
            .newerApplied(shown: 24, added: 4), at: 600, effects: [.keepPlace, .announce(.newItemsAbove(count: 4))]
        ) { $0.newAbove = 4 }
        // The rows laid out before the view moved down for them: still at offset 0, and not seen.
        store.send(.geometry(offset: 0, contentHeight: 2_400, viewportHeight: 600), at: 610, effects: [])
        // The view moved down by their height: they are above it.
        store.send(.geometry(offset: 400, contentHeight: 2_400, viewportHeight: 600), at: 610, effects: [])
        store.send(.rowsAboveView(4), at: 610, effects: [])
        // (The view rested: its place was saved.) Scrolled back to the top: seen, the pill goes.
        store.send(
            .geometry(offset: 0, contentHeight: 2_400, viewportHeight: 600), at: 2_000, effects: [.persistPlace]
        ) {
            $0.newAbove = 0
        }
    }

    func testASavedRowThatIsGoneFallsBackToTheNewestWithNoError() {
        let store = EngineStore()
        store.beginRestoring()
        // The source answered, but not with the saved row: the first refresh, from the newest.
        store.send(
            .restoreCompleted(token(1), .success(received: 20, hasMore: true), found: false), at: 300,
            effects: [.startRefresh(token(2), origin: .initial), .announce(.refreshStarted)]
        ) { $0.inFlight = .refresh(token(2)) }
        XCTAssertFalse(store.engine.isRestoringPlace)
        store.send(
            .refreshCompleted(token(2), .success(received: 20, hasMore: true), wallClock: wall), at: 800,
            effects: [.applyRefresh(token(2)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded()
            $0.inFlight = nil
            $0.footer = .idle
            $0.paging.currentPage = 1
        }
        XCTAssertEqual(store.engine.newerRows, .none, "the newest rows show: none newer to load")
    }

    func testAFailedOrEmptyOrSilentRestoreFallsBackToTheNewest() {
        let failing = EngineStore()
        failing.beginRestoring()
        failing.send(
            .restoreCompleted(token(1), .failure(failure(1)), found: false), at: 300,
            effects: [.startRefresh(token(2), origin: .initial), .announce(.refreshStarted)]
        ) { $0.inFlight = .refresh(token(2)) }

        let empty = EngineStore()
        empty.beginRestoring()
        empty.send(
            .restoreCompleted(token(1), .success(received: 0, hasMore: false), found: true), at: 300,
            effects: [.startRefresh(token(2), origin: .initial), .announce(.refreshStarted)]
        ) { $0.inFlight = .refresh(token(2)) }

        let silent = EngineStore()
        silent.beginRestoring()
        // The watchdog gives the place up for the newest rows, with no "Refresh failed".
        silent.send(
            .tick, at: 30_000,
            effects: [.cancel(token(1)), .startRefresh(token(2), origin: .initial), .announce(.refreshStarted)]
        ) { $0.inFlight = .refresh(token(2)) }
        // Its late answer is stale, as is a restore answer sent as a refresh's.
        silent.send(
            .restoreCompleted(token(1), .success(received: 20, hasMore: true), found: true), at: 30_100, effects: []
        ) {
            $0.counters.staleAnswers = 1
        }
        let confused = EngineStore()
        confused.beginRestoring()
        confused.send(
            .refreshCompleted(token(1), .success(received: 20, hasMore: true), wallClock: wall), at: 300, effects: []
        ) { $0.counters.staleAnswers = 1 }
    }

    func testARefreshStopsTheNewerRowsAndStartsOverFromTheNewest() {
        let store = EngineStore.restored()
        store.send(
            .geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 320,
            effects: [.startLoadNewer(token(2))]
        ) { $0.newerRows = .loading }
        store.send(
            .refreshRequested, at: 400,
            effects: [.cancel(token(2)), .startRefresh(token(3), origin: .request), .announce(.refreshStarted)]
        ) {
            $0.header = Header.refreshing()
            $0.inFlight = .refresh(token(3))
            $0.newerRows = .none
        }
        store.send(.loadNewerCompleted(token(2), .success(received: 5, hasMore: true)), at: 500, effects: []) {
            $0.counters.staleAnswers = 1
        }
    }

    func testNewerRowsThatFailOrAddNothingEndTheTopSide() {
        let failing = EngineStore.failedNewer()
        // Scrolling about asks no more: the pill's Retry does (NewerRetryTests), or a refresh
        // starts over from the newest.
        failing.send(.geometry(offset: 10, contentHeight: 2_000, viewportHeight: 600), at: 500, effects: [])

        // A source that repeats the rows shown has nothing newer: no loop of loads.
        let repeating = EngineStore.restored()
        repeating.send(
            .geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 320,
            effects: [.startLoadNewer(token(2))]
        ) { $0.newerRows = .loading }
        repeating.send(
            .loadNewerCompleted(token(2), .success(received: 5, hasMore: true)), at: 400,
            effects: [.applyNewer(token(2))]
        ) { $0.newerRows = .more }
        repeating.send(.newerApplied(shown: 20, added: 0), at: 400, effects: []) { $0.newerRows = .none }
        repeating.send(.geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 500, effects: [])
        // A count the host cannot have is refused.
        repeating.send(.newerApplied(shown: 2, added: 5), at: 600, effects: []) { $0.counters.rejectedInputs = 1 }
    }

    func testAListWithNothingSavedStartsAtTheNewestAndSavesOnceTheViewRests() {
        let store = EngineStore()
        store.begin(
            place: .nothingSaved, effects: [.startRefresh(token(1), origin: .initial), .announce(.refreshStarted)]
        ) {
            $0.header = Header.refreshing()
            $0.inFlight = .refresh(token(1))
        }
        XCTAssertTrue(store.engine.savesPlace)
        store.send(
            .refreshCompleted(token(1), .success(received: 20, hasMore: true), wallClock: wall), at: 500,
            effects: [.applyRefresh(token(1)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded()
            $0.inFlight = nil
            $0.footer = .idle
            $0.paging.currentPage = 1
        }
        store.send(.refreshApplied(shown: 20, new: 20), at: 500, effects: [.announce(.refreshed(newItems: 20))])
        store.send(.geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 510, effects: [])
        store.send(.geometry(offset: 200, contentHeight: 2_000, viewportHeight: 600), at: 1_000, effects: [])
        // Moving again puts the save off: one save when the view rests, not one per frame.
        store.send(.geometry(offset: 400, contentHeight: 2_000, viewportHeight: 600), at: 1_400, effects: []) {
            $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
        }
        store.send(.tick, at: 1_500, effects: [])
        store.send(.tick, at: 1_900, effects: [.persistPlace])

        // A list that keeps no place never saves one.
        let plain = EngineStore.loaded()
        XCTAssertFalse(plain.engine.savesPlace)
        plain.send(.geometry(offset: 300, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        plain.send(.tick, at: 5_000, effects: [])
    }

    func testWhileTheSavedPlaceIsRestoredNothingIsSaved() {
        let store = EngineStore()
        store.beginRestoring()
        store.send(.geometry(offset: 0, contentHeight: 600, viewportHeight: 600), at: 10, effects: [])
        store.send(.tick, at: 1_000, effects: [])
        XCTAssertEqual(store.engine.nextWakeUp, at(30_000), "only the restore's watchdog is due")
    }
}
