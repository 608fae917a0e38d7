// Where the view goes after a refresh put its rows in: at the top it shows them; away from the
// top the rows in view hold their place; a replacing refresh that took away every row in view
// shows the first rows (and loads no page from where the old end was); a focused row stays in
// view.

import RefreshEngine
import XCTest

final class ViewPlacementTests: XCTestCase {
    let prepend = RefreshConfiguration.prependingNew

    func testARefreshAtTheTopShowsTheNewRows() {
        let store = EngineStore.loaded(prepend, items: 20, hasMore: true)
        store.refreshSucceeding(token: 2, at: 2_000, received: 5)
        // Five new rows above the twenty shown, the view at the top: it goes to them.
        store.send(
            .refreshApplied(shown: 25, new: 5), at: 2_510, effects: [.scrollToTop, .announce(.refreshed(newItems: 5))])
        // The list kept its anchor first (the new rows above the view); that is not where the
        // view stays, so it starts nothing.
        store.send(.geometry(offset: 255, contentHeight: 2_255, viewportHeight: 600), at: 2_520, effects: [])
        store.send(.geometry(offset: 0, contentHeight: 2_255, viewportHeight: 600), at: 2_530, effects: [])
        // The header closes over the new rows.
        store.send(.tick, at: 3_100, effects: []) { $0.header = HeaderPresentation(state: .idle, lastUpdated: wall) }
    }

    func testTheFirstRowsOfAnEmptyListAndARefreshWithNothingNewMoveNothing() {
        let store = EngineStore(prepend)
        store.beginFirstRefresh()
        store.send(
            .refreshCompleted(token(1), .success(received: 20, hasMore: true), wallClock: wall), at: 500,
            effects: [.applyRefresh(token(1)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded()
            $0.inFlight = nil
            $0.footer = .idle
            $0.paging.currentPage = 1
        }
        // Nothing was shown above which the rows could go.
        store.send(.refreshApplied(shown: 20, new: 20), at: 510, effects: [.announce(.refreshed(newItems: 20))])
        store.send(.geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 520, effects: [])
        store.send(.tick, at: 1_100, effects: []) { $0.header = HeaderPresentation(state: .idle, lastUpdated: wall) }
        store.refreshSucceeding(token: 2, at: 2_000, received: 20)
        store.send(.refreshApplied(shown: 20, new: 0), at: 2_510, effects: [.announce(.refreshed(newItems: 0))])
    }

    func testAwayFromTheTopThePlaceHolds() {
        let store = EngineStore.loaded(prepend, items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.refreshSucceeding(token: 2, at: 2_000, received: 5)
        // The new rows stay above, out of view; the rows in view do not move.
        store.send(.refreshApplied(shown: 25, new: 5), at: 2_510, effects: [.announce(.refreshed(newItems: 5))])
        store.send(.geometry(offset: 755, contentHeight: 2_255, viewportHeight: 600), at: 2_520, effects: [])
    }

    func testAReplaceThatKeepsTheRowsInViewHoldsThePlace() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.refreshSucceeding(token: 2, at: 2_000, received: 20) { $0.paging.currentPage = 1 }
        store.send(
            .refreshApplied(shown: 20, new: 2, viewKept: true), at: 2_510,
            effects: [.announce(.refreshed(newItems: 2))])
    }

    func testAReplaceFromTheEndShowsTheFirstRowsAndLoadsOnlyWhatTheyNeed() {
        // A hundred rows, the last page said to be the last; the view at the very end.
        let store = EngineStore.loaded(items: 20, hasMore: true, contentHeight: 5_000)
        store.requestPage(token: 2, page: 2, at: 1_100)
        store.send(
            .loadMoreCompleted(token(2), .success(received: 80, hasMore: false)), at: 1_200,
            effects: [.applyPage(token(2), page: 2), .announce(.noMoreItems)]
        ) {
            $0.footer = .exhausted
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
        store.send(.itemsShown(100), at: 1_210, effects: [])
        store.send(.geometry(offset: 4_400, contentHeight: 5_000, viewportHeight: 600), at: 1_300, effects: [])
        // Ctrl+R: the first page replaces the hundred rows; none of those in view is left.
        store.refreshSucceeding(token: 3, at: 2_000, received: 20) {
            $0.footer = .idle
            $0.paging.currentPage = 1
        }
        store.send(
            .refreshApplied(shown: 20, new: 2, viewKept: false), at: 2_510,
            effects: [.scrollToTop, .announce(.refreshed(newItems: 2))])
        // The shorter list first ends where the view was: no page loads from there.
        store.send(.geometry(offset: 400, contentHeight: 1_000, viewportHeight: 600), at: 2_520, effects: [])
        // At the top, the first page is less than two screens: the next page, once.
        store.send(
            .geometry(offset: 0, contentHeight: 1_000, viewportHeight: 600), at: 2_530,
            effects: [.startLoadMore(token(4), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(4), page: 2)
        }
        store.send(
            .loadMoreCompleted(token(4), .success(received: 20, hasMore: true)), at: 2_600,
            effects: [.applyPage(token(4), page: 2)]
        ) {
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
        store.send(.itemsShown(40), at: 2_610, effects: [])
        store.send(.geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 2_620, effects: [])
    }

    func testAHostThatNeverGetsToTheTopLoadsAgainAfterTheSettleTime() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.refreshSucceeding(token: 2, at: 2_000, received: 20) { $0.paging.currentPage = 1 }
        store.send(
            .refreshApplied(shown: 20, new: 20, viewKept: false), at: 2_510,
            effects: [.scrollToTop, .announce(.refreshed(newItems: 20))])
        store.send(.geometry(offset: 1_000, contentHeight: 2_000, viewportHeight: 600), at: 2_520, effects: [])
        // 100 ms on, geometry counts as it is.
        store.send(
            .tick, at: 2_610, effects: [.startLoadMore(token(3), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(3), page: 2)
        }
    }

    func testTheTopOffsetKeepsTheFocusedRowWholeInView() {
        let rows: [(focused: ClosedRange<Double>?, viewport: Double, offset: Double, why: String)] = [
            (nil, 600, 0, "no focused row: the top"),
            (250...300, 600, 0, "the focused row is in view at the top"),
            (550...600, 600, 0, "its bottom at the view's bottom edge"),
            (700...750, 600, 150, "pushed below the view: it is the last row in view"),
            (100...900, 600, 100, "taller than the view: its top shows"),
            (700...750, 0, 0, "no view yet"),
        ]
        for row in rows {
            XCTAssertEqual(
                RefreshEngine.topOffset(keepingInView: row.focused, viewportHeight: row.viewport), row.offset, row.why)
        }
    }
}
