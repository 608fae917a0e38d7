// A failed load of the rows newer than the first one shown (the top side of a restored list):
// the pill says so and offers Retry, wherever the view is; Retry loads them again without
// moving the view or touching the older rows and the footer; a success brings the count back;
// a refresh instead starts over from the newest and the Retry goes with the failure.

import RefreshEngine
import XCTest

final class NewerRetryTests: XCTestCase {
    func testRetryOnThePillLoadsTheNewerRowsAgainAndTheirCountShows() {
        let store = EngineStore.failedNewer()
        // The reader scrolls down and back: Retry stays on offer, nothing loads by itself, the
        // place is saved as it rests.
        store.send(.geometry(offset: 300, contentHeight: 2_000, viewportHeight: 600), at: 500, effects: [])
        store.send(.geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 600, effects: [])
        store.send(.tick, at: 1_100, effects: [.persistPlace])
        XCTAssertEqual(store.engine.pill, .retryNewer, "at the top too: nothing else retries it")
        // Retry: the newer rows load again; the view stays where it is (no scrollToTop).
        store.send(.pillActivated(hadFocus: false), at: 2_000, effects: [.startLoadNewer(token(3))]) {
            $0.newerRows = .loading
        }
        XCTAssertEqual(store.engine.pill, .hidden)
        XCTAssertFalse(store.engine.refersTo(failure(1)), "the old message can go")
        store.send(
            .loadNewerCompleted(token(3), .success(received: 6, hasMore: false)), at: 2_300,
            effects: [.applyNewer(token(3))]
        ) { $0.newerRows = .none }
        store.send(
            .newerApplied(shown: 26, added: 6), at: 2_300, effects: [.keepPlace, .announce(.newItemsAbove(count: 6))]
        ) { $0.newAbove = 6 }
        XCTAssertEqual(store.engine.pill, .newAbove(6))
        // The pill now goes to the newest, as any count does.
        store.send(.pillActivated(hadFocus: false), at: 3_000, effects: [.scrollToTop]) { $0.newAbove = 0 }
    }

    func testAFailureAwayFromTheTopKeepsTheCountAndTheOlderRowsAndRetryMovesNothing() {
        let store = EngineStore.restored()
        store.send(
            .geometry(offset: 13, contentHeight: 2_000, viewportHeight: 600), at: 320,
            effects: [.startLoadNewer(token(2))]
        ) { $0.newerRows = .loading }
        store.send(
            .loadNewerCompleted(token(2), .success(received: 10, hasMore: true)), at: 600,
            effects: [.applyNewer(token(2))]
        ) { $0.newerRows = .more }
        store.send(
            .newerApplied(shown: 30, added: 10), at: 600, effects: [.keepPlace, .announce(.newItemsAbove(count: 10))]
        ) { $0.newAbove = 10 }
        // Laid out, the view moved down by their height; scrolled up, the next ones load.
        store.send(.geometry(offset: 1_014, contentHeight: 3_000, viewportHeight: 600), at: 610, effects: [])
        store.send(.rowsAboveView(10), at: 610, effects: [])
        store.send(.tick, at: 1_110, effects: [.persistPlace])
        store.send(
            .geometry(offset: 500, contentHeight: 3_000, viewportHeight: 600), at: 2_000,
            effects: [.startLoadNewer(token(3))]
        ) { $0.newerRows = .loading }
        store.send(.rowsAboveView(5), at: 2_000, effects: []) { $0.newAbove = 5 }
        // Their watchdog: a failure like any other; the five above still count, under Retry.
        store.send(.tick, at: 32_000, effects: [.persistPlace, .cancel(token(3)), .announce(.loadNewerFailed)]) {
            $0.newerRows = .failed
        }
        XCTAssertEqual(store.engine.pill, .retryNewer, "the failure shows over the count")
        XCTAssertEqual(store.engine.newerFailure, .timedOut)
        // The older rows page on at the end as ever.
        store.send(
            .geometry(offset: 2_400, contentHeight: 3_000, viewportHeight: 600), at: 33_000,
            effects: [.startLoadMore(token(4), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(4), page: 2)
        }
        // Retry while a page loads: both go on, the view stays.
        store.send(.pillActivated(hadFocus: false), at: 33_100, effects: [.startLoadNewer(token(5))]) {
            $0.newerRows = .loading
        }
        XCTAssertEqual(store.engine.pill, .newAbove(5), "the count shows again while they load")
        // A second activation is the count's: to the newest. They are not shown (rows newer
        // than the restored ones still load), so a refresh brings them, ending both loads.
        store.send(
            .pillActivated(hadFocus: false), at: 33_200,
            effects: [
                .cancel(token(4)), .cancel(token(5)), .startRefresh(token(6), origin: .request),
                .announce(.refreshStarted),
            ]
        ) {
            $0.newAbove = 0
            $0.header = Header.refreshing()
            $0.footer = .idle
            $0.inFlight = .refresh(token(6))
            $0.newerRows = .none
        }
    }

    func testARefreshEndsTheRetryAndAnActivationWithNothingToRetryIsIgnored() {
        let store = EngineStore.failedNewer()
        store.send(.tick, at: 820, effects: [.persistPlace])
        store.send(
            .refreshRequested, at: 1_000,
            effects: [.startRefresh(token(3), origin: .request), .announce(.refreshStarted)]
        ) {
            $0.header = Header.refreshing()
            $0.inFlight = .refresh(token(3))
            $0.newerRows = .none
        }
        XCTAssertEqual(store.engine.pill, .hidden, "the refresh shows the newest itself")
        XCTAssertFalse(store.engine.refersTo(failure(1)))
        // An activation that crossed the pill's going away does nothing.
        store.send(.pillActivated(hadFocus: false), at: 1_100, effects: []) { $0.counters.ignoredRequests = 1 }
    }
}
