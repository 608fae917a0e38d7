// Paging: refresh resets to the first page, pages advance on success, and a short page (when
// the loader does not say more exist), an empty page or "no more data" ends in exhausted until
// the next refresh. Whether more exist is the source's word: a short page that says more shows
// the footer and loads on, however few rows show.

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

    func testAnEndedListShorterThanAPageHidesItsFooter() {
        let store = EngineStore.loaded(items: 12)
        XCTAssertEqual(store.expected.footer, .hidden)
        store.send(.geometry(offset: 0, contentHeight: 300, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.loadMoreRequested, at: 1_200, effects: []) { $0.counters.ignoredRequests += 1 }
    }

    func testMoreRowsExistWhateverTheCountShown() {
        let store = EngineStore.loaded(items: 20)
        // After de-duplication a full page can show fewer rows: the page was full, so more may
        // exist, and the footer stays.
        store.send(.itemsShown(18), at: 1_100, effects: [])
        // No rows (the app removed them all): the placeholder shows, and nothing loads by itself.
        store.send(.itemsShown(0), at: 1_200, effects: []) { $0.footer = .hidden }
        store.send(.geometry(offset: 0, contentHeight: 0, viewportHeight: 600), at: 1_300, effects: [])
        // Three rows, far fewer than a page, and more to come: the next page loads.
        store.send(
            .itemsShown(3), at: 1_400, effects: [.startLoadMore(token(2), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(2), page: 2)
        }
    }

    func testAShortFirstPageWithMoreToComeShowsTheFooterAndLoadsOn() {
        // A server answered 5 rows where 20 were asked, and said more exist (Mastodon does this
        // when it filtered statuses out).
        let store = EngineStore()
        store.beginFirstRefresh()
        store.send(
            .refreshCompleted(token(1), .success(received: 5, hasMore: true), wallClock: wall), at: 500,
            effects: [.applyRefresh(token(1)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded()
            $0.inFlight = nil
            $0.footer = .idle
            $0.paging.currentPage = 1
        }
        store.send(.refreshApplied(shown: 5, new: 5), at: 510, effects: [.announce(.refreshed(newItems: 5))])
        // Five rows end well within a screen: the next page loads as the view is near the end.
        store.send(
            .geometry(offset: 0, contentHeight: 250, viewportHeight: 600), at: 520,
            effects: [.startLoadMore(token(2), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(2), page: 2)
        }
        store.send(
            .loadMoreCompleted(token(2), .success(received: 20, hasMore: true)), at: 600,
            effects: [.applyPage(token(2), page: 2)]
        ) {
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
        store.send(.itemsShown(25), at: 610, effects: [])
        store.send(.geometry(offset: 0, contentHeight: 1_250, viewportHeight: 600), at: 620, effects: [])
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
