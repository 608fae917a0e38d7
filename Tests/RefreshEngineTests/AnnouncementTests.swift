// What a screen reader is told, and how often: once per change a user must know about, never
// per scroll frame. (How it is said is the host's business.)

import RefreshEngine
import XCTest

final class AnnouncementTests: XCTestCase {
    func testReleaseToRefreshIsSaidOncePerArm() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        store.send(.pull(.drag(distance: 40)), at: 1_110, effects: []) {
            $0.header = Header.pulling(
                PullCurve.visibleHeight(pull: 40, threshold: 64, maximum: 128),
                arrow: PullCurve.arrowDegrees(progress: 40.0 / 64), progress: 40.0 / 64, lastUpdated: wall)
        }
        // Crossing the threshold arms the pull: said once.
        store.send(.pull(.drag(distance: 30)), at: 1_120, effects: [.announce(.releaseToRefresh)]) {
            $0.header = Header.armed(PullCurve.visibleHeight(pull: 70, threshold: 64, maximum: 128), lastUpdated: wall)
        }
        // Further movement while armed: nothing more.
        for (step, ms) in zip(1...5, stride(from: Int64(1_130), to: 1_180, by: 10)) {
            store.send(.pull(.drag(distance: 4)), at: ms, effects: []) {
                $0.header = Header.armed(
                    PullCurve.visibleHeight(pull: 70 + 4 * Double(step), threshold: 64, maximum: 128), lastUpdated: wall
                )
            }
        }
        // Back under the threshold, then over it again: a new arm, said again.
        store.send(.pull(.drag(distance: -40)), at: 1_200, effects: []) {
            $0.header = Header.pulling(
                PullCurve.visibleHeight(pull: 50, threshold: 64, maximum: 128),
                arrow: PullCurve.arrowDegrees(progress: 50.0 / 64), progress: 50.0 / 64, lastUpdated: wall)
        }
        store.send(.pull(.drag(distance: 20)), at: 1_210, effects: [.announce(.releaseToRefresh)]) {
            $0.header = Header.armed(PullCurve.visibleHeight(pull: 70, threshold: 64, maximum: 128), lastUpdated: wall)
        }
        store.send(
            .gestureEnded(.drag, cancelled: false), at: 1_220,
            effects: [.startRefresh(token(2), origin: .pull), .announce(.refreshStarted)]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
    }

    func testAPullThatRefreshesOnTheCrossingSaysRefreshingNotRelease() {
        let store = EngineStore.loaded(.with { $0.triggerMode = .onThresholdCross })
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        store.send(
            .pull(.drag(distance: 70)), at: 1_110,
            effects: [.startRefresh(token(2), origin: .pull), .announce(.refreshStarted)]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
    }

    func testEveryPageLoadIsSaidWhenItStarts() {
        let store = EngineStore.loaded()
        // Automatic (the bottom came near) and asked for (Retry) alike.
        store.send(
            .geometry(offset: 1_400, contentHeight: 2_000, viewportHeight: 600), at: 1_100,
            effects: [.startLoadMore(token(2), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(2), page: 2)
        }
        store.send(.loadMoreCompleted(token(2), .failure(failure(1))), at: 1_200, effects: [.announce(.loadFailed)]) {
            $0.footer = .failed
            $0.inFlight = nil
        }
        store.requestPage(token: 3, page: 2, at: 1_300)
        store.send(
            .loadMoreCompleted(token(3), .success(received: 5, hasMore: nil)), at: 1_400,
            effects: [.applyPage(token(3), page: 2), .announce(.noMoreItems)]
        ) {
            $0.footer = .exhausted
            $0.inFlight = nil
            $0.paging.currentPage = 2
        }
    }
}
