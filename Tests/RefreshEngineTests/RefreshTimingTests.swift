// The initial load, the minimum spinner time, the result display time and the collapse.

import RefreshEngine
import XCTest

final class RefreshTimingTests: XCTestCase {
    let paging = Paging(firstPage: 1, pageSize: 20, currentPage: nil)

    func testNewEngineAsksForTheFirstRefreshAndHoldsTheSpinnerForItsMinimumTime() {
        let store = EngineStore()
        XCTAssertEqual(store.expected, Snapshot(header: Header.idle, footer: .hidden, paging: paging, inFlight: nil))
        store.begin(effects: [
            .startRefresh(token(1), origin: .initial), .announce(.refreshStarted),
        ]) {
            $0.header = Header.refreshing()
            $0.inFlight = .refresh(token(1))
        }
        // A fast answer (100 ms): items apply at once, the spinner keeps turning until 400 ms.
        store.send(
            .refreshCompleted(token(1), .success(received: 20, hasMore: nil), wallClock: wall), at: 100,
            effects: [.applyRefresh(token(1)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = nil
            $0.footer = .idle
            $0.paging.currentPage = 1
        }
        // The host applied the rows (18 of them new); the announcement waits for the result.
        store.send(.refreshApplied(shown: 20, new: 18), at: 100, effects: [])
        store.send(.tick, at: 399, effects: [])
        store.send(
            .tick, at: 400, effects: [.announce(.refreshed(newItems: 18))]
        ) {
            $0.header = Header.succeeded()
        }
        store.send(.tick, at: 1_000, effects: []) {
            $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
        }
    }

    func testSlowAnswerShowsTheResultAtOnce() {
        let store = EngineStore()
        store.beginFirstRefresh()
        store.send(
            .refreshCompleted(token(1), .success(received: 5, hasMore: nil), wallClock: wall), at: 2_000,
            effects: [
                .applyRefresh(token(1)), .persistLastUpdated(wall),
            ]
        ) {
            $0.header = Header.succeeded()
            $0.inFlight = nil
            $0.footer = .hidden  // five rows: less than a page, nothing more to show
            $0.paging.currentPage = 1
        }
        // The result shows already; the announcement comes with the rows.
        store.send(.refreshApplied(shown: 5, new: 5), at: 2_000, effects: [.announce(.refreshed(newItems: 5))])
        store.send(.tick, at: 2_600, effects: []) { $0.header = HeaderPresentation(state: .idle, lastUpdated: wall) }
    }

    func testRequestsWhileRefreshingStartNothing() {
        let store = EngineStore()
        store.beginFirstRefresh()
        store.send(.refreshRequested, at: 50, effects: []) { $0.counters.ignoredRequests += 1 }
        store.send(.loadMoreRequested, at: 60, effects: []) { $0.counters.ignoredRequests += 1 }
        XCTAssertEqual(store.engine.counters.ignoredRequests, 2)
    }

    func testRefreshOnStartCanBeTurnedOff() throws {
        let store = EngineStore(.with { $0.refreshOnStart = false })
        store.begin(effects: [])
        store.send(
            .refreshRequested, at: 5,
            effects: [
                .startRefresh(token(1), origin: .request), .announce(.refreshStarted),
            ]
        ) {
            $0.header = Header.refreshing()
            $0.inFlight = .refresh(token(1))
        }
    }

    func testARequestDuringTheResultStartsANewRefresh() {
        let store = EngineStore.loaded()
        store.requestRefresh(token: 2, at: 1_100)
        store.send(
            .refreshCompleted(token(2), .failure(failure(1)), wallClock: wall), at: 1_600,
            effects: [.announce(.refreshFailed)]
        ) {
            $0.header = Header.failed(lastUpdated: wall)
            $0.inFlight = nil
        }
        store.send(
            .refreshRequested, at: 1_700,
            effects: [
                .startRefresh(token(3), origin: .request), .announce(.refreshStarted),
            ]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(3))
        }
    }
}

/// How the header moves: a pull is followed exactly; the header slides open for a refresh
/// nobody pulled for, and slides closed, over `headerSlideDuration`.
final class HeaderSlideTests: XCTestCase {
    func testAPullIsFollowedAndARequestSlidesOpen() {
        let store = EngineStore.loaded()
        XCTAssertEqual(store.engine.headerSlideMilliseconds, 200, "idle: a collapse slides")
        store.send(.pull(.wheel(notches: 3)), at: 1_100, effects: [.announce(.releaseToRefresh)]) {
            $0.header = Header.armed(64 + 64.0 * 8 / 72, lastUpdated: wall)
        }
        XCTAssertEqual(store.engine.headerSlideMilliseconds, 0, "a pull is followed exactly")
        store.send(.tick, at: 1_350, effects: [.startRefresh(token(2), origin: .pull), .announce(.refreshStarted)]) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
        XCTAssertEqual(store.engine.headerSlideMilliseconds, 0, "opened by the pull already")
        store.send(
            .refreshCompleted(token(2), .success(received: 20, hasMore: true), wallClock: wall), at: 1_800,
            effects: [.applyRefresh(token(2)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded(lastUpdated: wall)
            $0.inFlight = nil
        }
        XCTAssertEqual(store.engine.headerSlideMilliseconds, 0, "the result shows where the header is")
        store.send(.tick, at: 2_400, effects: []) { $0.header = HeaderPresentation(state: .idle, lastUpdated: wall) }
        XCTAssertEqual(store.engine.headerSlideMilliseconds, 200, "and slides closed")
        store.requestRefresh(token: 3, at: 3_000)
        XCTAssertEqual(store.engine.headerSlideMilliseconds, 200, "F5 slides it open")
    }

    func testTheSlideIsConfigurable() throws {
        let store = EngineStore(try RefreshConfiguration(headerSlideDuration: 0))
        store.beginFirstRefresh()
        XCTAssertEqual(store.engine.headerSlideMilliseconds, 0, "no slide at all")
        XCTAssertThrowsError(try RefreshConfiguration(headerSlideDuration: -1))
    }
}

/// "Refreshed, N new items" goes with the result on screen, with the count of rows the host
/// reports new (not the raw count the loader returned).
final class RefreshAnnouncementTests: XCTestCase {
    func testTheAnnouncementWaitsForTheRowsAndSaysHowManyAreNew() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.requestRefresh(token: 2, at: 2_000)
        store.send(
            .refreshCompleted(token(2), .success(received: 20, hasMore: true), wallClock: wall), at: 3_000,
            effects: [.applyRefresh(token(2)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded(lastUpdated: wall)
            $0.inFlight = nil
        }
        // Twenty rows before and after: no layout to wait for, so the next wake-up is the result's
        // end (or the view's trip to the new rows at the top: ViewPlacementTests).
        store.send(
            .refreshApplied(shown: 20, new: 2), at: 3_000,
            effects: [.scrollToTop, .announce(.refreshed(newItems: 2))])
        XCTAssertEqual(store.engine.counters.rejectedInputs, 0)
    }

    func testWithNoResultTimeTheAnnouncementComesWithTheRows() throws {
        let store = EngineStore(try RefreshConfiguration(minimumSpinnerTime: 0, resultDisplayTime: 0))
        store.beginFirstRefresh()
        store.send(
            .refreshCompleted(token(1), .success(received: 20, hasMore: true), wallClock: wall), at: 100,
            effects: [.applyRefresh(token(1)), .persistLastUpdated(wall)]
        ) {
            $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
            $0.inFlight = nil
            $0.footer = .idle
            $0.paging.currentPage = 1
        }
        store.send(.refreshApplied(shown: 20, new: 20), at: 100, effects: [.announce(.refreshed(newItems: 20))])
    }

    func testImpossibleCountsAreRejected() {
        let store = EngineStore.loaded()
        store.send(.refreshApplied(shown: 5, new: 6), at: 1_100, effects: []) { $0.counters.rejectedInputs += 1 }
        store.send(.refreshApplied(shown: -1, new: 0), at: 1_100, effects: []) { $0.counters.rejectedInputs += 1 }
        XCTAssertEqual(store.engine.counters.rejectedInputs, 2)
    }
}
