// Failures, the watchdog and tokens: nothing is lost on a failure, a failed load waits for a
// retry, and an answer that is not the one in flight changes nothing.

import RefreshEngine
import XCTest

final class FailureTests: XCTestCase {
    func testFailedLoadWaitsForAnExplicitRetry() {
        let store = EngineStore.loaded()
        store.send(
            .geometry(offset: 1_400, contentHeight: 2_000, viewportHeight: 600), at: 1_100,
            effects: [.startLoadMore(token(2), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(2), page: 2)
        }
        store.send(
            .loadMoreCompleted(token(2), .failure(failure(503))), at: 1_200,
            effects: [.announce(.loadFailed)]
        ) {
            $0.footer = .failed
            $0.inFlight = nil
        }
        XCTAssertEqual(store.engine.footerFailure, failure(503))
        store.send(.geometry(offset: 1_390, contentHeight: 2_000, viewportHeight: 600), at: 1_300, effects: [])
        store.send(.edgeHint(.bottom), at: 1_310, effects: [])
        store.send(
            .loadMoreRequested, at: 1_400, effects: [.startLoadMore(token(3), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(3), page: 2)
        }
    }

    func testARefreshResetsAFailedFooter() {
        let store = EngineStore.loaded()
        store.requestPage(token: 2, page: 2, at: 1_100)
        store.send(.loadMoreCompleted(token(2), .failure(failure(503))), at: 1_200, effects: [.announce(.loadFailed)]) {
            $0.footer = .failed
            $0.inFlight = nil
        }
        store.requestRefresh(token: 3, at: 1_300)
        store.send(
            .refreshCompleted(token(3), .success(received: 20, hasMore: nil), wallClock: wall), at: 2_000,
            effects: [.applyRefresh(token(3)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded()
            $0.footer = .idle
            $0.inFlight = nil
        }
    }

    func testRefreshFailureKeepsItemsPagingAndTimestamp() {
        let store = EngineStore.loaded()
        store.requestPage(token: 2, page: 2, at: 1_100)
        store.send(
            .loadMoreCompleted(token(2), .success(received: 20, hasMore: nil)), at: 1_200,
            effects: [.applyPage(token(2), page: 2)]
        ) {
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
        store.requestRefresh(token: 3, at: 1_300)
        let later = WallClockInstant(millisecondsSince1970: wall.millisecondsSince1970 + 60_000)
        store.send(
            .refreshCompleted(token(3), .failure(failure(1)), wallClock: later), at: 2_000,
            effects: [.announce(.refreshFailed)]
        ) {
            $0.header = Header.failed(lastUpdated: wall)
            $0.inFlight = nil
        }
        XCTAssertEqual(store.engine.itemsShown, 40)
        XCTAssertEqual(store.engine.headerFailure, failure(1))
        store.send(.tick, at: 2_600, effects: []) { $0.header = HeaderPresentation(state: .idle, lastUpdated: wall) }
    }

    /// A failure that comes before the spinner's minimum time is held, not shown: the engine
    /// still refers to it (the host must keep its message) while the header or, with no rows,
    /// the placeholder shows it.
    func testAHeldFailureIsReferredToUntilTheHeaderCollapses() {
        let store = EngineStore()
        store.beginFirstRefresh()
        store.send(.refreshCompleted(token(1), .failure(failure(4)), wallClock: wall), at: 100, effects: []) {
            $0.inFlight = nil
        }
        XCTAssertNil(store.engine.headerFailure, "held: the spinner still turns")
        XCTAssertTrue(store.engine.refersTo(failure(4)))
        XCTAssertFalse(store.engine.refersTo(failure(5)))
        store.send(.tick, at: 400, effects: [.announce(.refreshFailed)]) {
            $0.header = Header.failed()
        }
        XCTAssertEqual(store.engine.headerFailure, failure(4))
        XCTAssertTrue(store.engine.refersTo(failure(4)))
        store.send(.tick, at: 1_000, effects: []) { $0.header = Header.idle }
        XCTAssertNil(store.engine.headerFailure)
        // No rows: the placeholder shows the failure now, so its message is still needed.
        XCTAssertEqual(store.engine.placeholder, .failed(failure(4)))
        XCTAssertTrue(store.engine.refersTo(failure(4)))
        store.send(.itemsShown(3), at: 1_100, effects: [])  // rows the app put in itself
        XCTAssertEqual(store.engine.placeholder, .none)
        XCTAssertFalse(store.engine.refersTo(failure(4)))
    }

    func testWatchdogFailsARefreshWithNoAnswerAndIgnoresItsLateAnswer() {
        let store = EngineStore()
        store.beginFirstRefresh()
        store.send(.tick, at: 29_999, effects: [])
        store.send(
            .tick, at: 30_000,
            effects: [.cancel(token(1)), .announce(.refreshFailed)]
        ) {
            $0.header = Header.failed()
            $0.inFlight = nil
        }
        store.send(
            .refreshCompleted(token(1), .success(received: 20, hasMore: nil), wallClock: wall), at: 30_100, effects: []
        ) { $0.counters.staleAnswers += 1 }
        XCTAssertEqual(store.engine.counters.staleAnswers, 1)
        XCTAssertNil(store.engine.lastUpdated)
    }

    func testWatchdogFailsALoadWithNoAnswer() {
        let store = EngineStore.loaded()
        store.requestPage(token: 2, page: 2, at: 1_000)
        store.send(
            .tick, at: 31_000, effects: [.cancel(token(2)), .announce(.loadFailed)]
        ) {
            $0.footer = .failed
            $0.inFlight = nil
        }
        XCTAssertEqual(store.engine.footerFailure, .timedOut)
        store.send(.loadMoreCompleted(token(2), .success(received: 20, hasMore: nil)), at: 31_100, effects: []) {
            $0.counters.staleAnswers += 1
        }
    }

    func testDuplicateUnknownAndCrossedAnswersChangeNothing() {
        let store = EngineStore.loaded()
        store.send(
            .refreshCompleted(token(1), .success(received: 20, hasMore: nil), wallClock: wall), at: 1_100, effects: []
        ) { $0.counters.staleAnswers += 1 }
        store.send(.refreshCompleted(token(99), .failure(failure(9)), wallClock: wall), at: 1_110, effects: []) {
            $0.counters.staleAnswers += 1
        }
        store.requestPage(token: 2, page: 2, at: 1_200)
        // A load answer sent as a refresh answer, and vice versa.
        store.send(
            .refreshCompleted(token(2), .success(received: 20, hasMore: nil), wallClock: wall), at: 1_210, effects: []
        ) { $0.counters.staleAnswers += 1 }
        store.send(.loadMoreCompleted(token(1), .success(received: 20, hasMore: nil)), at: 1_220, effects: []) {
            $0.counters.staleAnswers += 1
        }
        store.send(
            .loadMoreCompleted(token(2), .success(received: 20, hasMore: nil)), at: 1_230,
            effects: [.applyPage(token(2), page: 2)]
        ) {
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
        store.send(.loadMoreCompleted(token(2), .success(received: 20, hasMore: nil)), at: 1_240, effects: []) {
            $0.counters.staleAnswers += 1
        }
        XCTAssertEqual(store.engine.counters.staleAnswers, 5)
        XCTAssertEqual(store.engine.itemsShown, 40)
        // While refresh #3 runs, the answer of the long-finished refresh #1 is not taken for it.
        store.requestRefresh(token: 3, at: 1_300)
        store.send(.refreshCompleted(token(1), .failure(failure(9)), wallClock: wall), at: 1_350, effects: []) {
            $0.counters.staleAnswers += 1
        }
    }
}
