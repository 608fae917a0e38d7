// Rows that go in above the view and the "N new" pill: away from the top the place holds and
// the pill counts them, in both merge modes and for an app's own inserts; the count goes down
// as they scroll into view and is gone at the top; the pill goes to the newest; a screen
// reader hears each arrival once, a refresh's with its outcome ("Refreshed, 5 new items
// above"), an insert's as the count ("5 new items above"). At the top the view shows what
// arrived.

import RefreshEngine
import XCTest

final class NewAboveTests: XCTestCase {
    let prepend = RefreshConfiguration.prependingNew

    func testARefreshAwayFromTheTopKeepsThePlaceAndCountsDownToTheTop() {
        let store = EngineStore.loaded(prepend, items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.refreshSucceeding(token: 2, at: 2_000, received: 5)
        // The five went in before the first row in view: the place holds, the pill says 5, and
        // a screen reader hears the refresh and where its rows went, once.
        store.send(
            .refreshApplied(shown: 25, new: 5, insertedAbove: 5), at: 2_510,
            effects: [.keepPlace, .announce(.refreshedNewAbove(count: 5))]
        ) { $0.newAbove = 5 }
        // Laid out: the view moved down by their height, 10 rows are wholly above it.
        store.send(.geometry(offset: 755, contentHeight: 2_255, viewportHeight: 600), at: 2_520, effects: [])
        store.send(.rowsAboveView(10), at: 2_520, effects: [])
        // The wheel scrolls up: rows scrolled into view are seen, one by one.
        store.send(.geometry(offset: 200, contentHeight: 2_255, viewportHeight: 600), at: 3_000, effects: [])
        store.send(.rowsAboveView(4), at: 3_000, effects: []) { $0.newAbove = 4 }
        store.send(.rowsAboveView(1), at: 3_060, effects: []) { $0.newAbove = 1 }
        // Scrolling down again does not bring the seen ones back.
        store.send(.rowsAboveView(3), at: 3_120, effects: []) {
            // (The result had its time on screen meanwhile.)
            $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
        }
        // At the top nothing is above: the pill goes.
        store.send(.geometry(offset: 0, contentHeight: 2_255, viewportHeight: 600), at: 3_200, effects: []) {
            $0.newAbove = 0
        }
        store.send(.rowsAboveView(0), at: 3_200, effects: [])
    }

    func testAReplacingRefreshCountsTheRowsItPutAboveTheView() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.refreshSucceeding(token: 2, at: 2_000, received: 20) { $0.paging.currentPage = 1 }
        store.send(
            .refreshApplied(shown: 20, new: 2, insertedAbove: 2, viewKept: true), at: 2_510,
            effects: [.keepPlace, .announce(.refreshedNewAbove(count: 2))]
        ) { $0.newAbove = 2 }
    }

    func testARefreshWhoseSpinnerHoldsSaysItsRowsAboveWithTheResult() {
        let store = EngineStore.loaded(prepend, items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.requestRefresh(token: 2, at: 2_000)
        // A fast answer: the spinner keeps turning for its minimum time.
        store.send(
            .refreshCompleted(token(2), .success(received: 3, hasMore: true), wallClock: wall), at: 2_100,
            effects: [.applyRefresh(token(2)), .persistLastUpdated(wall)]
        ) { $0.inFlight = nil }
        // The rows go in above the view at once, the place holds and the pill counts them; the
        // words wait for the result.
        store.send(.refreshApplied(shown: 23, new: 3, insertedAbove: 3), at: 2_100, effects: [.keepPlace]) {
            $0.newAbove = 3
        }
        store.send(.tick, at: 2_400, effects: [.announce(.refreshedNewAbove(count: 3))]) {
            $0.header = Header.succeeded()
        }
    }

    func testARefreshAddingToThePillSaysTheWholeCountAboveOnce() {
        let store = EngineStore.loaded(prepend, items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        // An app's insert: said as an arrival.
        store.send(.itemsShown(21), at: 1_200, effects: [])
        store.send(.rowsInsertedAbove(1), at: 1_200, effects: [.keepPlace, .announce(.newItemsAbove(count: 1))]) {
            $0.newAbove = 1
        }
        store.refreshSucceeding(token: 2, at: 2_000, received: 4)
        // The refresh brings four more: "Refreshed, 5 new items above", and nothing else.
        store.send(
            .refreshApplied(shown: 25, new: 4, insertedAbove: 4), at: 2_510,
            effects: [.keepPlace, .announce(.refreshedNewAbove(count: 5))]
        ) { $0.newAbove = 5 }
    }

    func testARefreshAwayFromTheTopThatPutNothingAboveSaysItsOutcome() {
        let store = EngineStore.loaded(prepend, items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.refreshSucceeding(token: 2, at: 2_000, received: 0)
        store.send(.refreshApplied(shown: 20, new: 0), at: 2_510, effects: [.announce(.refreshed(newItems: 0))])
        // Rows above a refresh that shows more rows than it has are a host bug.
        store.refreshSucceeding(token: 3, at: 4_000, received: 2)
        store.send(.refreshApplied(shown: 22, new: 2, insertedAbove: 23), at: 4_510, effects: []) {
            $0.counters.rejectedInputs = 1
        }
        store.send(.refreshApplied(shown: 22, new: 2, insertedAbove: -1), at: 4_510, effects: []) {
            $0.counters.rejectedInputs = 2
        }
    }

    func testARefreshAtTheTopShowsItsRowsAndCountsNone() {
        let store = EngineStore.loaded(prepend, items: 20, hasMore: true)
        store.refreshSucceeding(token: 2, at: 2_000, received: 5)
        // The view is going to them: nothing to count, and the refresh's outcome is all to say.
        store.send(
            .refreshApplied(shown: 25, new: 5, insertedAbove: 5), at: 2_510,
            effects: [.scrollToTop, .announce(.refreshed(newItems: 5))])
        store.send(.geometry(offset: 255, contentHeight: 2_255, viewportHeight: 600), at: 2_520, effects: [])
        store.send(.rowsAboveView(5), at: 2_520, effects: [])
        store.send(.geometry(offset: 0, contentHeight: 2_255, viewportHeight: 600), at: 2_530, effects: [])
    }

    func testInsertsAwayFromTheTopAddUpAndThePillGoesToTheNewest() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.itemsShown(21), at: 1_200, effects: [])
        store.send(.rowsInsertedAbove(1), at: 1_200, effects: [.keepPlace, .announce(.newItemsAbove(count: 1))]) {
            $0.newAbove = 1
        }
        // A later arrival says the whole count above, once.
        store.send(.itemsShown(23), at: 1_800, effects: [])
        store.send(.rowsInsertedAbove(2), at: 1_800, effects: [.keepPlace, .announce(.newItemsAbove(count: 3))]) {
            $0.newAbove = 3
        }
        // The pill: to the newest; it goes at once.
        store.send(.pillActivated(hadFocus: false), at: 2_000, effects: [.scrollToTop]) { $0.newAbove = 0 }
        // A second activation that crossed its going is ignored.
        store.send(.pillActivated(hadFocus: false), at: 2_010, effects: []) { $0.counters.ignoredRequests = 1 }
        // Geometry from before the view got to the top starts no load near the old end.
        store.send(.geometry(offset: 1_650, contentHeight: 2_300, viewportHeight: 600), at: 2_020, effects: [])
        store.send(.geometry(offset: 0, contentHeight: 2_300, viewportHeight: 600), at: 2_040, effects: [])
    }

    func testAnArrivalAfterSomeWereSeenCountsOnFromWhatIsLeft() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.rowsInsertedAbove(3), at: 1_200, effects: [.keepPlace, .announce(.newItemsAbove(count: 3))]) {
            $0.newAbove = 3
        }
        store.send(.rowsAboveView(1), at: 1_500, effects: []) { $0.newAbove = 1 }
        store.send(.rowsInsertedAbove(2), at: 1_800, effects: [.keepPlace, .announce(.newItemsAbove(count: 3))]) {
            $0.newAbove = 3
        }
    }

    func testAnInsertAtTheTopShowsTheRow() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.itemsShown(21), at: 1_200, effects: [])
        store.send(.rowsInsertedAbove(1), at: 1_200, effects: [.scrollToTop])
        store.send(.geometry(offset: 0, contentHeight: 2_100, viewportHeight: 600), at: 1_220, effects: [])
    }

    func testNothingAboveARowInViewOrNothingLaidOutCountsNothing() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        // An insert below the first row in view: it shows where it went.
        store.send(.rowsInsertedAbove(0), at: 1_200, effects: [])
        store.send(.rowsInsertedAbove(-1), at: 1_210, effects: []) { $0.counters.rejectedInputs = 1 }
        store.send(.rowsAboveView(-3), at: 1_220, effects: []) { $0.counters.rejectedInputs = 2 }
        // The pill with nothing above is not there to activate.
        store.send(.pillActivated(hadFocus: false), at: 1_230, effects: []) { $0.counters.ignoredRequests = 1 }
        // A list not laid out yet has no view to keep.
        let fresh = EngineStore(prepend)
        fresh.send(.rowsInsertedAbove(4), at: 10, effects: [])
    }
}
