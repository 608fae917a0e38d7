// A mouse wheel at the top edge: notches accumulate, the third arms, silence is the release,
// and notches that merely carried the list up to the top never pull.

import RefreshEngine
import XCTest

final class WheelPullTests: XCTestCase {
    let armedHeight = 64 + 64.0 * 8 / 72  // 72 px of pull through the resistance curve

    func testThreeNotchesArmAndTheIdleIntervalReleases() {
        let store = EngineStore.loaded()
        store.send(.pull(.wheel(notches: 1)), at: 1_100, effects: []) {
            $0.header = Header.pulling(24, arrow: 0, progress: 0.375, lastUpdated: wall)
        }
        XCTAssertTrue(store.tookInput)
        // Each notch moves the idle release later; the wake-up asked for at 1 350 stands (no
        // effect per notch), comes early, and the engine asks again then.
        store.send(.pull(.wheel(notches: 1)), at: 1_200, effects: []) {
            $0.header = Header.pulling(48, arrow: 67.5, progress: 0.75, lastUpdated: wall)
        }
        store.send(.pull(.wheel(notches: 1)), at: 1_300, effects: [.announce(.releaseToRefresh)]) {
            $0.header = Header.armed(self.armedHeight, lastUpdated: wall)
        }
        store.send(.tick, at: 1_350, effects: [])
        store.send(.tick, at: 1_549, effects: [])
        store.send(
            .tick, at: 1_550,
            effects: [
                .startRefresh(token(2), origin: .pull), .announce(.refreshStarted),
            ]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
    }

    func testTwoNotchesSpringBackWithoutRefreshing() {
        let store = EngineStore.loaded()
        store.send(.pull(.wheel(notches: 1)), at: 1_100, effects: []) {
            $0.header = Header.pulling(24, arrow: 0, progress: 0.375, lastUpdated: wall)
        }
        store.send(.pull(.wheel(notches: 1)), at: 1_200, effects: []) {
            $0.header = Header.pulling(48, arrow: 67.5, progress: 0.75, lastUpdated: wall)
        }
        store.send(.tick, at: 1_350, effects: [])
        store.send(.tick, at: 1_450, effects: []) {
            $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
        }
    }

    func testNotchesDownPushThePullBack() {
        let store = EngineStore.loaded()
        store.send(.pull(.wheel(notches: 2)), at: 1_100, effects: []) {
            $0.header = Header.pulling(48, arrow: 67.5, progress: 0.75, lastUpdated: wall)
        }
        store.send(.pull(.wheel(notches: -1)), at: 1_150, effects: []) {
            $0.header = Header.pulling(24, arrow: 0, progress: 0.375, lastUpdated: wall)
        }
        store.send(.pull(.wheel(notches: -1)), at: 1_200, effects: []) {
            $0.header = HeaderPresentation(state: .idle, lastUpdated: wall)
        }
        XCTAssertTrue(store.tookInput, "the notch that closed the header belonged to the pull")
        store.send(.pull(.wheel(notches: -1)), at: 1_250, effects: [])
        XCTAssertFalse(store.tookInput, "further notches down scroll the list")
    }

    func testAWheelInTheMiddleOfTheListNeverPulls() {
        let store = EngineStore.loaded()
        store.send(.geometry(offset: 300, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        for step in 0..<10 {
            store.send(.pull(.wheel(notches: 1)), at: 1_200 + Int64(step) * 50, effects: [])
            XCTAssertFalse(store.tookInput)
        }
        XCTAssertEqual(store.engine.counters.ignoredPulls, 0, "scrolling mid-list is not an ignored pull")
    }

    func testNotchesThatCarriedTheListToTheTopDoNotPullUntilTheWheelRests() {
        let store = EngineStore.loaded()
        store.send(.geometry(offset: 400, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 2_000, effects: [])
        store.send(.pull(.wheel(notches: 1)), at: 2_100, effects: []) { $0.counters.ignoredPulls += 1 }
        store.send(.pull(.wheel(notches: 1)), at: 2_200, effects: []) { $0.counters.ignoredPulls += 1 }
        // At the top for 250 ms, but the wheel never stopped: still not a pull.
        store.send(.pull(.wheel(notches: 1)), at: 2_250, effects: []) { $0.counters.ignoredPulls += 1 }
        XCTAssertEqual(store.engine.counters.ignoredPulls, 3)
        // The wheel rested for the idle interval; the next notch pulls.
        store.send(.pull(.wheel(notches: 1)), at: 2_500, effects: []) {
            $0.header = Header.pulling(24, arrow: 0, progress: 0.375, lastUpdated: wall)
        }
    }

    func testAWheelSpinningOnPastTheTopNeverPulls() {
        // Measured under Wayland: twenty notches 25 ms apart carry the list to the top and keep
        // coming for another 250 ms; none of them may pull.
        let store = EngineStore.loaded()
        store.send(.geometry(offset: 700, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        var offset = 700.0
        for ms in stride(from: Int64(2_000), to: 2_500, by: 25) {
            offset = max(0, offset - 73)
            store.send(.geometry(offset: offset, contentHeight: 2_000, viewportHeight: 600), at: ms, effects: [])
            // Mid-list a notch scrolls; at the top it is a refused pull, and counted.
            store.send(.pull(.wheel(notches: 1)), at: ms, effects: []) {
                if offset == 0 { $0.counters.ignoredPulls += 1 }
            }
            XCTAssertFalse(store.engine.isPulling, "notch at \(ms) ms pulled")
        }
        store.send(.pull(.wheel(notches: 1)), at: 2_725, effects: []) {
            $0.header = Header.pulling(24, arrow: 0, progress: 0.375, lastUpdated: wall)
        }
    }

    func testThresholdCrossingModeRefreshesOnTheThirdNotch() {
        let store = EngineStore.loaded(.with { $0.triggerMode = .onThresholdCross })
        store.send(.pull(.wheel(notches: 2)), at: 1_100, effects: []) {
            $0.header = Header.pulling(48, arrow: 67.5, progress: 0.75, lastUpdated: wall)
        }
        // The watchdog (31 150) is later than the wake-up pending at 1 350, which stands.
        store.send(
            .pull(.wheel(notches: 1)), at: 1_150,
            effects: [
                .startRefresh(token(2), origin: .pull), .announce(.refreshStarted),
            ]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
        }
        // Further notches and the idle interval change nothing.
        store.send(.pull(.wheel(notches: 1)), at: 1_200, effects: []) { $0.counters.ignoredPulls += 1 }
        store.send(.tick, at: 1_500, effects: [])
        XCTAssertEqual(store.engine.inFlight, .refresh(token(2)))
    }

    func testAHiddenHeaderIgnoresPullsButStillRefreshesOnRequest() {
        let store = EngineStore.loaded()
        store.send(.headerHidden(true), at: 1_050, effects: []) { $0.header.isVisible = false }
        store.send(.pull(.wheel(notches: 3)), at: 1_100, effects: []) { $0.counters.ignoredPulls += 1 }
        XCTAssertEqual(store.engine.counters.ignoredPulls, 1)
        store.send(
            .refreshRequested, at: 1_200,
            effects: [.startRefresh(token(2), origin: .request), .announce(.refreshStarted)]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall).with { $0.isVisible = false }
            $0.inFlight = .refresh(token(2))
        }
    }

    func testHidingTheHeaderMidPullCollapsesIt() {
        let store = EngineStore.loaded()
        store.send(.pull(.wheel(notches: 1)), at: 1_100, effects: []) {
            $0.header = Header.pulling(24, arrow: 0, progress: 0.375, lastUpdated: wall)
        }
        store.send(.headerHidden(true), at: 1_150, effects: []) {
            $0.header = HeaderPresentation(state: .idle, lastUpdated: wall, isVisible: false)
        }
    }
}
