// Tunables changed on a running engine (`.configurationChanged`): taken at once when valid, as
// `init` validates them; a pull in progress is judged against the new threshold, the next page
// is asked for and judged with the new page size, the bottom measured with the new load-more
// distance, the next refresh merged as the new policy says. An invalid one is rejected and
// counted, and changes nothing.

import RefreshEngine
import XCTest

final class ConfigurationChangeTests: XCTestCase {
    /// The header of a pull of `distance` px under `configuration`, as the curve draws it.
    private func armed(_ distance: Double, _ configuration: RefreshConfiguration) -> HeaderPresentation {
        Header.armed(
            PullCurve.visibleHeight(
                pull: distance, threshold: configuration.pullThreshold, maximum: configuration.maximumHeaderHeight),
            lastUpdated: wall)
    }

    func testAThresholdLoweredMidPullArmsAtTheNewOneAndTheReleaseRefreshes() {
        let store = EngineStore.loaded()
        store.send(.pull(.wheel(notches: 2)), at: 1_100, effects: []) {
            $0.header = Header.pulling(48, arrow: 67.5, progress: 0.75, lastUpdated: wall)
        }
        let lower = RefreshConfiguration.standard.withPullThreshold(40)
        // 48 px of pull is past 40: it arms now, and says so once.
        store.send(.configurationChanged(lower), at: 1_150, effects: [.announce(.releaseToRefresh)]) {
            $0.header = self.armed(48, lower)
        }
        XCTAssertEqual(store.engine.configuration, lower)
        // The wheel's silence is the release (250 ms after the last notch): it refreshes.
        store.send(.tick, at: 1_349, effects: [])
        store.send(.tick, at: 1_350, effects: [.startRefresh(token(2), origin: .pull), .announce(.refreshStarted)]) {
            $0.header = Header.refreshing(height: 40, lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
    }

    func testAThresholdRaisedPastAnArmedPullTakesTheArmingBack() {
        let store = EngineStore.loaded()
        store.send(.pull(.wheel(notches: 3)), at: 1_100, effects: [.announce(.releaseToRefresh)]) {
            $0.header = self.armed(72, .standard)
        }
        let higher = RefreshConfiguration.standard.withPullThreshold(96)
        store.send(.configurationChanged(higher), at: 1_150, effects: []) {
            $0.header = Header.pulling(72, arrow: 67.5, progress: 0.75, lastUpdated: wall)
        }
        // Released short of the new threshold: the header springs back, nothing refreshes.
        store.send(.tick, at: 1_350, effects: []) {
            $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
        }
        XCTAssertEqual(store.engine.inFlight, nil)
    }

    func testInThresholdCrossingModeALoweredThresholdRefreshesAtOnce() {
        let crossing = RefreshConfiguration.with { $0.triggerMode = .onThresholdCross }
        let store = EngineStore.loaded(crossing)
        store.send(.pull(.wheel(notches: 2)), at: 1_100, effects: []) {
            $0.header = Header.pulling(48, arrow: 67.5, progress: 0.75, lastUpdated: wall)
        }
        store.send(
            .configurationChanged(crossing.withPullThreshold(40)), at: 1_150,
            effects: [.startRefresh(token(2), origin: .pull), .announce(.refreshStarted)]
        ) {
            $0.header = Header.refreshing(height: 40, lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
    }

    func testAPageSizeChangedBetweenLoadsAsksAndJudgesTheNextPageWithTheNewSize() {
        let store = EngineStore.loaded(items: 20, hasMore: nil)
        store.requestPage(token: 2, page: 2, at: 1_100)
        store.send(
            .loadMoreCompleted(token(2), .success(received: 20, hasMore: nil)), at: 1_200,
            effects: [.applyPage(token(2), page: 2)]
        ) {
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
        store.send(.itemsShown(40), at: 1_210, effects: [])
        store.send(.configurationChanged(.with { $0.pageSize = 10 }), at: 1_300, effects: []) {
            $0.paging.pageSize = 10
        }
        // The next page, of the new size: 10 rows is a full one, so paging goes on.
        store.requestPage(token: 3, page: 3, at: 1_400)
        store.send(
            .loadMoreCompleted(token(3), .success(received: 10, hasMore: nil)), at: 1_500,
            effects: [.applyPage(token(3), page: 3)]
        ) {
            $0.footer = .idle
            $0.inFlight = nil
            $0.paging.currentPage = 3
        }
        store.send(.itemsShown(50), at: 1_510, effects: [])
        // A page under way keeps the size it was asked with; the answer is judged by the size now.
        store.requestPage(token: 4, page: 4, at: 1_600)
        store.send(.configurationChanged(.with { $0.pageSize = 30 }), at: 1_650, effects: []) {
            $0.paging.pageSize = 30
        }
        store.send(
            .loadMoreCompleted(token(4), .success(received: 10, hasMore: nil)), at: 1_700,
            effects: [.applyPage(token(4), page: 4), .announce(.noMoreItems)]
        ) {
            $0.footer = .exhausted
            $0.inFlight = nil
            $0.paging.currentPage = 4
        }
    }

    func testALongerLoadMoreDistanceLoadsTheNextPageAtOnce() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        // 1 400 px from the bottom: more than one view (600 px), so nothing loads.
        store.send(.geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(
            .configurationChanged(.with { $0.loadMoreDistance = 1_500 }), at: 1_200,
            effects: [.startLoadMore(token(2), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(2), page: 2)
        }
    }

    func testAMergePolicyChangedBeforeTheAnswerMergesTheRefreshAsItSaysNow() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
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
        store.send(.configurationChanged(.prependingNew), at: 2_100, effects: [])
        let later = WallClockInstant(millisecondsSince1970: wall.millisecondsSince1970 + 60_000)
        // Prepended: still page 2 and more to come (replacing would start over at page 1).
        store.send(
            .refreshCompleted(token(3), .success(received: 3, hasMore: nil), wallClock: later), at: 2_500,
            effects: [.applyRefresh(token(3)), .persistLastUpdated(later)]
        ) {
            $0.header = Header.succeeded(lastUpdated: later)
            $0.inFlight = nil
        }
        XCTAssertEqual(store.engine.configuration.refreshMerge, .prependNew)
    }

    func testAnInvalidConfigurationIsRejectedCountedAndChangesNothing() {
        let store = EngineStore.loaded()
        var invalid = RefreshConfiguration.standard
        invalid.pageSize = 0
        store.send(.configurationChanged(invalid), at: 1_100, effects: []) {
            $0.counters.rejectedInputs = 1
        }
        invalid = .standard
        invalid.pullThreshold = 200  // above the largest header height (128)
        store.send(.configurationChanged(invalid), at: 1_200, effects: []) {
            $0.counters.rejectedInputs = 2
        }
        XCTAssertEqual(store.engine.configuration, .standard)
    }

    func testTheBoundIsTheConfigurationsMaximumRowsWhicheverEventSetsIt() {
        let store = EngineStore.loaded()
        store.send(.configurationChanged(.with { $0.maximumRows = 300 }), at: 1_100, effects: [])
        XCTAssertEqual(store.engine.maximumRows, 300)
        store.send(.maximumRowsChanged(0), at: 1_200, effects: [])
        XCTAssertEqual(store.engine.maximumRows, 0)
        XCTAssertEqual(store.engine.configuration.maximumRows, 0, "one home for the bound")
    }

    func testANewThresholdTakesTheHeaderHeightsThatFollowedTheOldOne() throws {
        let standard = RefreshConfiguration.standard.withPullThreshold(100)
        XCTAssertEqual(standard.pullThreshold, 100)
        XCTAssertEqual(standard.maximumHeaderHeight, 200)
        XCTAssertEqual(standard.refreshingHeaderHeight, 100)
        XCTAssertNoThrow(try standard.validate())
        // Heights set on their own stay, moved only as far as validity needs.
        let own = try RefreshConfiguration(maximumHeaderHeight: 150, refreshingHeaderHeight: 50)
        let raised = own.withPullThreshold(180)
        XCTAssertEqual(raised.maximumHeaderHeight, 180)
        XCTAssertEqual(raised.refreshingHeaderHeight, 50)
        XCTAssertNoThrow(try raised.validate())
        let lowered = own.withPullThreshold(30)
        XCTAssertEqual(lowered.maximumHeaderHeight, 150)
        XCTAssertEqual(lowered.refreshingHeaderHeight, 50)
    }

    func testALoadMoreDistanceSettingBelowZeroIsTheDefaultOneView() {
        XCTAssertNil(RefreshConfiguration.loadMoreDistance(setting: -1), "the property's default")
        XCTAssertNil(RefreshConfiguration.loadMoreDistance(setting: -0.5))
        XCTAssertEqual(RefreshConfiguration.loadMoreDistance(setting: 0), 0)
        XCTAssertEqual(RefreshConfiguration.loadMoreDistance(setting: 250), 250)
    }
}
