// With `refreshMerge = .prependNew` a refresh puts its new rows on top of the ones shown, so it
// says nothing about the older pages: the paging position and the footer stay as they were. A
// short refresh answer ends paging only when it is all the list shows.

import RefreshEngine
import XCTest

final class MergePolicyTests: XCTestCase {
    let prepend = RefreshConfiguration.prependingNew

    func testAShortRefreshThatPrependsKeepsThePagingAndTheFooter() {
        let store = EngineStore.loaded(prepend, items: 20, hasMore: true)
        store.requestPage(token: 2, page: 2, at: 1_100)
        store.send(
            .loadMoreCompleted(token(2), .success(received: 20, hasMore: true)), at: 1_200,
            effects: [.applyPage(token(2), page: 2)]
        ) {
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
        store.send(.itemsShown(40), at: 1_210, effects: [])
        store.requestRefresh(token: 3, at: 2_000)
        let later = WallClockInstant(millisecondsSince1970: wall.millisecondsSince1970 + 60_000)
        store.send(
            .refreshCompleted(token(3), .success(received: 3, hasMore: nil), wallClock: later), at: 2_500,
            effects: [
                .applyRefresh(token(3)), .persistLastUpdated(later),
            ]
        ) {
            $0.header = Header.succeeded(lastUpdated: later)
            $0.inFlight = nil
            // Still page 2 and more to come: three new posts on top end nothing.
        }
        // At the top: the view goes to the new rows (ViewPlacementTests).
        store.send(
            .refreshApplied(shown: 43, new: 3), at: 2_510, effects: [.scrollToTop, .announce(.refreshed(newItems: 3))])
        XCTAssertEqual(store.engine.footer, .idle)
        XCTAssertEqual(store.engine.paging.currentPage, 2)
    }

    func testTheFirstRefreshThatPrependsStillEndsPagingWhenShort() {
        let store = EngineStore(prepend)
        store.beginFirstRefresh()
        store.send(
            .refreshCompleted(token(1), .success(received: 7, hasMore: nil), wallClock: wall), at: 500,
            effects: [.applyRefresh(token(1)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded()
            $0.inFlight = nil
            $0.footer = .hidden  // 7 rows: less than a page, so no footer row
            $0.paging.currentPage = 1
        }
        store.send(.itemsShown(7), at: 510, effects: [])
        store.send(.itemsShown(20), at: 520, effects: []) {
            $0.footer = .exhausted  // the host added rows; paging had ended with the short page
        }
    }

    func testReplacingStillStartsPagingOver() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.requestRefresh(token: 2, at: 2_000)
        store.send(
            .refreshCompleted(token(2), .success(received: 3, hasMore: nil), wallClock: wall), at: 2_500,
            effects: [.applyRefresh(token(2)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded(lastUpdated: wall)
            $0.inFlight = nil
            $0.footer = .hidden
        }
        store.send(.itemsShown(3), at: 2_510, effects: [])
        XCTAssertEqual(store.engine.paging.currentPage, 1)
    }
}
