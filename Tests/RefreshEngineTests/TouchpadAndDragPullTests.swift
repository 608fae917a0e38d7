// Touchpad and drag pulls: pixel deltas through the same curve, ended by scroll-end or release;
// kinetic deceleration and drags begun mid-list never pull; a cancel never refreshes.

import RefreshEngine
import XCTest

final class TouchpadAndDragPullTests: XCTestCase {
    let height70 = 64 + 64.0 * 6 / 70

    func testTouchpadPixelsAccumulateAndScrollEndReleases() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.touchpad), at: 1_100, effects: [])
        // Each movement moves the idle-release deadline (the stop may never come); the wake-up
        // asked for first stands until it comes.
        store.send(.pull(.touchpad(distance: 32)), at: 1_110, effects: []) {
            $0.header = Header.pulling(32, arrow: 0, progress: 0.5, lastUpdated: wall)
        }
        store.send(.pull(.touchpad(distance: 38)), at: 1_120, effects: [.announce(.releaseToRefresh)]) {
            $0.header = Header.armed(self.height70, lastUpdated: wall)
        }
        store.send(
            .gestureEnded(.touchpad, cancelled: false), at: 1_130,
            effects: [.startRefresh(token(2), origin: .pull), .announce(.refreshStarted)]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
    }

    func testKineticTouchpadDeltasAfterScrollEndNeverPull() {
        let store = EngineStore.loaded()
        store.send(.pull(.touchpad(distance: 80)), at: 1_100, effects: []) { $0.counters.ignoredPulls += 1 }
        XCTAssertFalse(store.tookInput)
        XCTAssertEqual(store.engine.counters.ignoredPulls, 1)
    }

    func testCancelledArmedPullCollapsesWithoutRefreshing() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.touchpad), at: 1_100, effects: [])
        store.send(.pull(.touchpad(distance: 100)), at: 1_110, effects: [.announce(.releaseToRefresh)]) {
            $0.header = Header.armed(64 + 64.0 * 36 / 100, lastUpdated: wall)
        }
        store.send(.gestureEnded(.touchpad, cancelled: true), at: 1_120, effects: []) {
            $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
        }
    }

    func testDragFromTheTopFollowsThePointerAndReleaseRefreshes() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        store.send(.pull(.drag(distance: 16)), at: 1_110, effects: []) {
            $0.header = Header.pulling(16, arrow: 0, progress: 0.25, lastUpdated: wall)
        }
        store.send(.pull(.drag(distance: 32)), at: 1_120, effects: []) {
            $0.header = Header.pulling(48, arrow: 67.5, progress: 0.75, lastUpdated: wall)
        }
        XCTAssertEqual(store.engine.pullKind, .drag)
        store.send(.pull(.drag(distance: 22)), at: 1_130, effects: [.announce(.releaseToRefresh)]) {
            $0.header = Header.armed(self.height70, lastUpdated: wall)
        }
        // A wheel notch cannot take over a drag.
        store.send(.pull(.wheel(notches: 1)), at: 1_135, effects: []) { $0.counters.ignoredPulls += 1 }
        store.send(.pull(.drag(distance: -10)), at: 1_140, effects: []) {
            $0.header = Header.pulling(60, arrow: 151.875, progress: 60.0 / 64, lastUpdated: wall)
        }
        store.send(.pull(.drag(distance: 10)), at: 1_150, effects: [.announce(.releaseToRefresh)]) {
            $0.header = Header.armed(self.height70, lastUpdated: wall)
        }
        store.send(
            .gestureEnded(.drag, cancelled: false), at: 1_160,
            effects: [
                .startRefresh(token(2), origin: .pull), .announce(.refreshStarted),
            ]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
    }

    func testADragBegunMidListNeverPullsEvenAfterReachingTheTop() {
        let store = EngineStore.loaded()
        store.send(.geometry(offset: 200, contentHeight: 2_000, viewportHeight: 600), at: 1_050, effects: [])
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        store.send(.geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 1_150, effects: [])
        store.send(.pull(.drag(distance: 100)), at: 1_200, effects: []) { $0.counters.ignoredPulls += 1 }
        XCTAssertFalse(store.engine.isPulling)
        store.send(.gestureEnded(.drag, cancelled: false), at: 1_300, effects: [])
    }

    func testAnUpwardDragAtTheTopIsNotAPull() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        store.send(.pull(.drag(distance: -40)), at: 1_110, effects: [])
        XCTAssertFalse(store.tookInput, "selection and scrolling keep the drag")
    }

    func testPullsWhileTheHeaderShowsAResultAreIgnored() {
        let store = EngineStore()
        store.beginFirstRefresh()
        store.send(
            .refreshCompleted(token(1), .failure(failure(1)), wallClock: wall), at: 500,
            effects: [.announce(.refreshFailed)]
        ) {
            $0.header = Header.failed()
            $0.inFlight = nil
        }
        store.send(.gestureBegan(.drag), at: 600, effects: [])
        store.send(.pull(.drag(distance: 100)), at: 610, effects: []) { $0.counters.ignoredPulls += 1 }
        XCTAssertEqual(store.engine.counters.ignoredPulls, 1)
    }
}

/// How the header moves when a pull ends: input that brings the pull back to nothing has already
/// moved the header shut, so it follows that input (no slide); a release, a cancel or an idle
/// wheel lets go of a header still open, which slides shut.
final class PullCollapseTests: XCTestCase {
    func testAPullBroughtBackToNothingByTheInputFollowsItShut() {
        for kind in [PullKind.drag, .touchpad] {
            let store = EngineStore.loaded()
            store.send(.gestureBegan(kind), at: 1_100, effects: [])
            let input = { (distance: Double) in
                kind == .drag ? PullInput.drag(distance: distance) : .touchpad(distance: distance)
            }
            store.send(.pull(input(48)), at: 1_110, effects: []) {
                $0.header = Header.pulling(48, arrow: 67.5, progress: 0.75, lastUpdated: wall)
            }
            XCTAssertEqual(store.engine.headerSlideMilliseconds, 0, "\(kind): following the pull")
            store.send(.pull(input(-60)), at: 1_120, effects: []) {
                $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
            }
            XCTAssertEqual(store.engine.headerSlideMilliseconds, 0, "\(kind): shut by the input itself, no slide")
            // Pulled again and let go short of the threshold: the header springs back.
            store.send(.pull(input(16)), at: 1_130, effects: []) {
                $0.header = Header.pulling(16, arrow: 0, progress: 0.25, lastUpdated: wall)
            }
            store.send(.gestureEnded(kind, cancelled: false), at: 1_140, effects: []) {
                $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
            }
            XCTAssertEqual(
                store.engine.headerSlideMilliseconds, store.engine.configuration.headerSlideDuration,
                "\(kind): released open, it slides shut")
        }
    }

    func testWheelNotchesBackDownToNothingFollowThePullShut() {
        let store = EngineStore.loaded()
        store.send(.pull(.wheel(notches: 1)), at: 1_100, effects: []) {
            $0.header = Header.pulling(24, arrow: 0, progress: 0.375, lastUpdated: wall)
        }
        store.send(.pull(.wheel(notches: -1)), at: 1_150, effects: []) {
            $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
        }
        XCTAssertEqual(store.engine.headerSlideMilliseconds, 0)
    }
}
