// When the bottom is near: exactly one load per page, never during a refresh, and loads made
// only to fill a short viewport are capped.

import RefreshEngine
import XCTest

final class LoadMoreTests: XCTestCase {
    func testLoadStartsWithinOneViewportOfTheBottomExactlyOncePerPage() {
        let store = EngineStore.loaded()  // 2 000 px of content, 600 px viewport
        store.send(.geometry(offset: 700, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(
            .geometry(offset: 800, contentHeight: 2_000, viewportHeight: 600), at: 1_200,
            effects: [.startLoadMore(token(2), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(2), page: 2)
        }
        for offset in stride(from: 810.0, through: 1_400, by: 10) {
            store.send(.geometry(offset: offset, contentHeight: 2_000, viewportHeight: 600), at: 1_300, effects: [])
        }
        store.send(.edgeHint(.bottom), at: 1_350, effects: [])
        store.send(
            .loadMoreCompleted(token(2), .success(received: 20, hasMore: nil)), at: 1_400,
            effects: [.applyPage(token(2), page: 2)]
        ) {
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
        // Geometry from before the new rows were laid out starts nothing.
        store.send(.geometry(offset: 1_400, contentHeight: 2_000, viewportHeight: 600), at: 1_410, effects: [])
        store.send(.itemsShown(40), at: 1_420, effects: [])
        store.send(.geometry(offset: 1_400, contentHeight: 4_000, viewportHeight: 600), at: 1_430, effects: [])
        store.send(
            .geometry(offset: 2_900, contentHeight: 4_000, viewportHeight: 600), at: 1_500,
            effects: [.startLoadMore(token(3), page: 3), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(3), page: 3)
        }
    }

    func testLoadMoreDistanceIsConfigurable() {
        let store = EngineStore.loaded(.with { $0.loadMoreDistance = 50 })
        store.send(.geometry(offset: 1_300, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(
            .geometry(offset: 1_350, contentHeight: 2_000, viewportHeight: 600), at: 1_200,
            effects: [.startLoadMore(token(2), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(2), page: 2)
        }
    }

    func testNoLoadStartsDuringARefreshAndARefreshCancelsALoad() {
        let store = EngineStore.loaded()
        store.requestRefresh(token: 2, at: 1_100)
        store.send(.geometry(offset: 1_400, contentHeight: 2_000, viewportHeight: 600), at: 1_150, effects: [])
        store.send(.loadMoreRequested, at: 1_160, effects: []) { $0.counters.ignoredRequests += 1 }
        store.send(
            .refreshCompleted(token(2), .success(received: 20, hasMore: nil), wallClock: wall), at: 1_200,
            effects: [.applyRefresh(token(2)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = nil
        }
        store.send(
            .geometry(offset: 1_400, contentHeight: 2_100, viewportHeight: 600), at: 1_300, effects: [],
            { _ in })  // the spinner still holds: no load behind it
        store.send(.tick, at: 1_500, effects: [.startLoadMore(token(3), page: 2), .announce(.loadingMore)]) {
            $0.header = Header.succeeded()
            $0.footer = .loading
            $0.inFlight = .loadMore(token(3), page: 2)
        }
        store.send(
            .refreshRequested, at: 1_600,
            effects: [
                .cancel(token(3)), .startRefresh(token(4), origin: .request), .announce(.refreshStarted),
            ]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.footer = .idle
            $0.inFlight = .refresh(token(4))
        }
        store.send(.loadMoreCompleted(token(3), .success(received: 20, hasMore: nil)), at: 1_700, effects: []) {
            $0.counters.staleAnswers += 1
        }
        XCTAssertEqual(store.engine.counters.staleAnswers, 1)
    }

    func testContentShorterThanTheViewportLoadsAtMostFivePagesInARow() {
        let store = EngineStore(
            .with {
                $0.minimumSpinnerTime = 0; $0.resultDisplayTime = 0
            })
        store.beginFirstRefresh()
        store.send(
            .refreshCompleted(token(1), .success(received: 20, hasMore: nil), wallClock: wall), at: 10,
            effects: [.applyRefresh(token(1)), .persistLastUpdated(wall)]
        ) {
            // Zero spinner and result times: the header collapses with the answer.
            $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 1
        }
        var height = 100.0
        for page in 2...6 {
            let t = Int64(page) * 100
            let started = UInt64(page)
            store.send(
                .geometry(offset: 0, contentHeight: height, viewportHeight: 600), at: t,
                effects: [.startLoadMore(token(started), page: page), .announce(.loadingMore)]
            ) {
                $0.footer = .loading
                $0.inFlight = .loadMore(token(started), page: page)
            }
            store.send(
                .loadMoreCompleted(token(started), .success(received: 20, hasMore: true)), at: t + 50,
                effects: [.applyPage(token(started), page: page)]
            ) {
                $0.footer = .idle
                $0.inFlight = nil
                $0.paging.currentPage = page
            }
            height += 100
        }
        // Five pages in a row without scrolling: the sixth waits for the user.
        store.send(.geometry(offset: 0, contentHeight: height, viewportHeight: 600), at: 700, effects: [])
        store.requestPage(token: 7, page: 7, at: 800)
    }

    func testAHiddenFooterLoadsNothingByItself() {
        let store = EngineStore.loaded()
        store.send(.footerHidden(true), at: 1_100, effects: []) { $0.footer = .hidden }
        store.send(.geometry(offset: 1_400, contentHeight: 2_000, viewportHeight: 600), at: 1_200, effects: [])
        store.send(.loadMoreRequested, at: 1_250, effects: []) { $0.counters.ignoredRequests += 1 }
        store.send(
            .footerHidden(false), at: 1_300, effects: [.startLoadMore(token(2), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(2), page: 2)
        }
    }

    func testUnknownGeometryLoadsNothing() {
        let store = EngineStore()
        store.beginFirstRefresh()
        store.send(
            .refreshCompleted(token(1), .success(received: 20, hasMore: nil), wallClock: wall), at: 1_000,
            effects: [.applyRefresh(token(1)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded()
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 1
        }
        store.send(.edgeHint(.bottom), at: 1_100, effects: [])
        store.send(.edgeHint(.top), at: 1_100, effects: [])
    }
}
