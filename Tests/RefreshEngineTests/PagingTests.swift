// Paging: refresh resets to the first page, pages advance on success, and a short page (when
// the loader does not say more exist), an empty page or "no more data" ends in exhausted until
// the next refresh.

import RefreshEngine
import XCTest

final class PagingTests: XCTestCase {
    func testAShortPageExhaustsAndARefreshStartsOver() {
        let store = EngineStore.loaded(.with { $0.firstPage = 0 })
        XCTAssertEqual(store.expected.paging, Paging(firstPage: 0, pageSize: 20, currentPage: 0))
        store.requestPage(token: 2, page: 1, at: 1_100)
        store.send(
            .loadMoreCompleted(token(2), .success(received: 20, hasMore: nil)), at: 1_200,
            effects: [.applyPage(token(2), page: 1)]
        ) {
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 1
        }
        store.requestPage(token: 3, page: 2, at: 1_300)
        store.send(
            .loadMoreCompleted(token(3), .success(received: 7, hasMore: nil)), at: 1_400,
            effects: [.applyPage(token(3), page: 2), .announce(.noMoreItems)]
        ) {
            $0.footer = .exhausted
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
        store.send(.geometry(offset: 1_400, contentHeight: 2_000, viewportHeight: 600), at: 1_500, effects: [])
        store.send(.loadMoreRequested, at: 1_510, effects: []) { $0.counters.ignoredRequests += 1 }
        store.requestRefresh(token: 4, at: 1_600)
        store.send(
            .refreshCompleted(token(4), .success(received: 20, hasMore: true), wallClock: wall), at: 1_700,
            effects: [.applyRefresh(token(4)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 0
        }
    }

    func testAnEmptyPageExhausts() {
        let store = EngineStore.loaded()
        store.requestPage(token: 2, page: 2, at: 1_100)
        store.send(
            .loadMoreCompleted(token(2), .success(received: 0, hasMore: true)), at: 1_200,
            effects: [.applyPage(token(2), page: 2), .announce(.noMoreItems)]
        ) {
            $0.footer = .exhausted
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
    }

    func testAShortPageThatSaysMoreKeepsPaging() {
        let store = EngineStore.loaded()
        store.requestPage(token: 2, page: 2, at: 1_100)
        store.send(
            .loadMoreCompleted(token(2), .success(received: 7, hasMore: true)), at: 1_200,
            effects: [.applyPage(token(2), page: 2)]
        ) {
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
    }

    func testHasMoreFalseOnAFullPageExhausts() {
        let store = EngineStore.loaded()
        store.requestPage(token: 2, page: 2, at: 1_100)
        store.send(
            .loadMoreCompleted(token(2), .success(received: 20, hasMore: false)), at: 1_200,
            effects: [.applyPage(token(2), page: 2), .announce(.noMoreItems)]
        ) {
            $0.footer = .exhausted
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
    }

    func testFooterHidesWhileTheListHoldsLessThanAPage() {
        let store = EngineStore.loaded(items: 12)
        XCTAssertEqual(store.expected.footer, .hidden)
        store.send(.geometry(offset: 0, contentHeight: 300, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.loadMoreRequested, at: 1_200, effects: []) { $0.counters.ignoredRequests += 1 }
        // After de-duplication a full page can show fewer rows; the host says how many.
        let full = EngineStore.loaded(items: 20)
        full.send(.itemsShown(18), at: 1_100, effects: []) { $0.footer = .hidden }
        full.send(.itemsShown(25), at: 1_200, effects: []) { $0.footer = .idle }
    }

    func testRefreshWithNoDataEmptiesTheList() {
        let store = EngineStore()
        store.beginFirstRefresh()
        store.send(
            .refreshCompleted(token(1), .success(received: 0, hasMore: false), wallClock: wall), at: 500,
            effects: [.applyRefresh(token(1)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded()
            $0.inFlight = nil
            $0.footer = .hidden
            $0.paging.currentPage = 1
        }
        // The host emptied the list: the result is announced with it, and with no row added there
        // is no layout to wait for; the next wake-up is the result's end.
        store.send(
            .refreshApplied(shown: 0, new: 0), at: 500,
            effects: [.announce(.refreshed(newItems: 0))])
        XCTAssertEqual(store.engine.itemsShown, 0)
    }
}
