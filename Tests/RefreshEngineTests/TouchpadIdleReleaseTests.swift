// A touchpad pull whose scroll-end never arrives (mutter 43's virtual pointer, X11 XI2 smooth
// scrolling, a flaky driver) must not stay open: silence for `touchpadIdleInterval` releases it,
// exactly as silence releases a wheel pull. A drag is never released by silence. (A delivered
// scroll-end still releases at once: TouchpadAndDragPullTests.)

import RefreshEngine
import XCTest

final class TouchpadIdleReleaseTests: XCTestCase {
    let height70 = 64 + 64.0 * 6 / 70

    func testAnArmedTouchpadPullWithTheStopLostRefreshesOnceAfterTheIdleInterval() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.touchpad), at: 1_100, effects: [])
        store.send(.pull(.touchpad(distance: 32)), at: 1_110, effects: []) {
            $0.header = Header.pulling(32, arrow: 0, progress: 0.5, lastUpdated: wall)
        }
        store.send(.pull(.touchpad(distance: 38)), at: 1_120, effects: [.announce(.releaseToRefresh)]) {
            $0.header = Header.armed(self.height70, lastUpdated: wall)
        }
        // Still inside the interval: the fingers may just be resting.
        store.send(.tick, at: 1_610, effects: [])
        store.send(.tick, at: 1_619, effects: [])
        store.send(
            .tick, at: 1_620,
            effects: [
                .startRefresh(token(2), origin: .pull), .announce(.refreshStarted),
            ]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
        // A stop that turns up after all, and more finger movement, change nothing.
        store.send(.gestureEnded(.touchpad, cancelled: false), at: 2_000, effects: [])
        store.send(.pull(.touchpad(distance: 30)), at: 2_010, effects: []) { $0.counters.ignoredPulls += 1 }
        XCTAssertEqual(store.engine.counters.ignoredPulls, 1)
    }

    func testAShortTouchpadPullWithTheStopLostCollapsesAfterTheIdleInterval() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.touchpad), at: 1_100, effects: [])
        store.send(.pull(.touchpad(distance: 32)), at: 1_110, effects: []) {
            $0.header = Header.pulling(32, arrow: 0, progress: 0.5, lastUpdated: wall)
        }
        store.send(.tick, at: 1_610, effects: []) {
            $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
        }
        XCTAssertNil(store.engine.nextWakeUp)
        // The fingers never lifted as far as GTK knows: they can pull again.
        store.send(.pull(.touchpad(distance: 16)), at: 1_700, effects: []) {
            $0.header = Header.pulling(16, arrow: 0, progress: 0.25, lastUpdated: wall)
        }
    }

    func testMovingFingersKeepThePullOpenPastTheInterval() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.touchpad), at: 1_100, effects: [])
        store.send(.pull(.touchpad(distance: 70)), at: 1_110, effects: [.announce(.releaseToRefresh)]) {
            $0.header = Header.armed(self.height70, lastUpdated: wall)
        }
        for ms in stride(from: Int64(1_500), through: 3_900, by: 400) {
            // Each movement moves the idle release 500 ms later.
            store.send(.pull(.touchpad(distance: 0.5)), at: ms, effects: []) {
                $0.header = Header.armed(
                    PullCurve.visibleHeight(pull: 70 + 0.5 * Double((ms - 1_100) / 400), threshold: 64, maximum: 128),
                    lastUpdated: wall)
            }
            XCTAssertEqual(store.engine.nextWakeUp, at(ms + 500))
        }
        XCTAssertNil(store.engine.inFlight, "still held after 2.8 s of slow movement")
        store.send(
            .gestureEnded(.touchpad, cancelled: false), at: 4_000,
            effects: [.startRefresh(token(2), origin: .pull), .announce(.refreshStarted)]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
    }

    func testAHeldDragIsNeverReleasedBySilence() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        store.send(.pull(.drag(distance: 70)), at: 1_110, effects: [.announce(.releaseToRefresh)]) {
            $0.header = Header.armed(self.height70, lastUpdated: wall)
        }
        XCTAssertNil(store.engine.nextWakeUp, "a drag has no idle deadline")
        store.send(.tick, at: 60_000, effects: [])
        store.send(
            .gestureEnded(.drag, cancelled: false), at: 60_010,
            effects: [.startRefresh(token(2), origin: .pull), .announce(.refreshStarted)]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
    }

    func testTheIntervalIsConfigurable() throws {
        let store = EngineStore.loaded(try RefreshConfiguration(touchpadIdleInterval: 120))
        store.send(.gestureBegan(.touchpad), at: 1_100, effects: [])
        store.send(.pull(.touchpad(distance: 70)), at: 1_110, effects: [.announce(.releaseToRefresh)]) {
            $0.header = Header.armed(self.height70, lastUpdated: wall)
        }
        store.send(.tick, at: 1_230, effects: [.startRefresh(token(2), origin: .pull), .announce(.refreshStarted)]) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
    }
}
