// A drag begun at the top is judged by its first `dragSlop` px (8 by default): gone down more
// than sideways, it pulls from where it began; a tap that rolls a few px, a sideways swipe that
// drifts down, or a drag that goes up first never pulls, whatever it does afterwards. A finger
// on a touchscreen does all of these at the top of a list.

import RefreshEngine
import XCTest

final class DragJudgementTests: XCTestCase {
    func testATapThatRollsAFewPxNeverPulls() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        store.send(.pull(.drag(distance: 3, sideways: 1)), at: 1_110, effects: [])
        XCTAssertFalse(store.tookInput, "the tap stays with the list's rows")
        store.send(.pull(.drag(distance: 4, sideways: -2)), at: 1_120, effects: [])
        XCTAssertFalse(store.tookInput, "7 px down is still inside the slop")
        store.send(.gestureEnded(.drag, cancelled: false), at: 1_130, effects: [])
    }

    func testADragDownPastTheSlopPullsFromWhereItBegan() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        store.send(.pull(.drag(distance: 5, sideways: 1)), at: 1_110, effects: [])
        XCTAssertFalse(store.tookInput)
        // 11 px down against 2 across: a pull, as long as the whole way down.
        store.send(.pull(.drag(distance: 6, sideways: 1)), at: 1_120, effects: []) {
            $0.header = Header.pulling(11, arrow: 0, progress: 11.0 / 64, lastUpdated: wall)
        }
        XCTAssertTrue(store.tookInput)
        XCTAssertEqual(store.engine.pullKind, .drag)
        // Judged, it follows every step, sideways drift included.
        store.send(.pull(.drag(distance: 37, sideways: 12)), at: 1_130, effects: []) {
            $0.header = Header.pulling(48, arrow: 67.5, progress: 0.75, lastUpdated: wall)
        }
    }

    func testASlowDragDownWithATremorAcrossPulls() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        // 1 px down a step, the finger trembling 1 px left and right: it went down, not across.
        for step in 1...7 {
            store.send(
                .pull(.drag(distance: 1, sideways: step % 2 == 0 ? -1 : 1)), at: 1_100 + 10 * Milliseconds(step),
                effects: [])
            XCTAssertFalse(store.tookInput, "\(step) px down: still inside the slop")
        }
        store.send(.pull(.drag(distance: 1, sideways: -1)), at: 1_180, effects: []) {
            $0.header = Header.pulling(8, arrow: 0, progress: 8.0 / 64, lastUpdated: wall)
        }
        XCTAssertTrue(store.tookInput, "8 px down, nothing across overall: a pull")
    }

    func testAStepThatMovesNothingJudgesNothingEvenWithNoSlop() throws {
        let store = EngineStore.loaded(try RefreshConfiguration(dragSlop: 0))
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        store.send(.pull(.drag(distance: 0, sideways: 0)), at: 1_110, effects: [])
        store.send(.pull(.drag(distance: 5, sideways: 0)), at: 1_120, effects: []) {
            $0.header = Header.pulling(5, arrow: 0, progress: 5.0 / 64, lastUpdated: wall)
        }
        XCTAssertTrue(store.tookInput, "the first step that moves is the one judged")
    }

    func testASidewaysSwipeThatDriftsDownNeverPulls() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        // 1 px down per 20 px across, as a thumb swipes.
        store.send(.pull(.drag(distance: 1, sideways: 20)), at: 1_110, effects: [])
        XCTAssertFalse(store.tookInput)
        // However far down it goes afterwards, the swipe never turns into a pull.
        for step in 1...3 {
            store.send(.pull(.drag(distance: 40, sideways: 20)), at: 1_110 + 10 * Milliseconds(step), effects: []) {
                $0.counters.ignoredPulls += 1
            }
            XCTAssertFalse(store.tookInput)
        }
        store.send(.gestureEnded(.drag, cancelled: false), at: 1_200, effects: [])
    }

    func testASwipeLeftIsJudgedLikeASwipeRight() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        store.send(.pull(.drag(distance: 4, sideways: -5)), at: 1_110, effects: [])
        store.send(.pull(.drag(distance: 4, sideways: -5)), at: 1_120, effects: [])
        XCTAssertFalse(store.tookInput, "8 px down against 10 px across is a swipe")
        store.send(.pull(.drag(distance: 40)), at: 1_130, effects: []) { $0.counters.ignoredPulls += 1 }
    }

    func testADragThatGoesUpFirstNeverPullsWhenItComesBackDown() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        // Up past the slop: a scroll down the list (the list scrolls; here it stays at the top).
        store.send(.pull(.drag(distance: -10)), at: 1_110, effects: [])
        store.send(.pull(.drag(distance: 80)), at: 1_120, effects: []) { $0.counters.ignoredPulls += 1 }
        XCTAssertFalse(store.engine.isPulling)
    }

    func testEachDragIsJudgedAfresh() {
        let store = EngineStore.loaded()
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        store.send(.pull(.drag(distance: 1, sideways: 20)), at: 1_110, effects: [])
        store.send(.gestureEnded(.drag, cancelled: false), at: 1_120, effects: [])
        store.send(.gestureBegan(.drag), at: 1_200, effects: [])
        store.send(.pull(.drag(distance: 16)), at: 1_210, effects: []) {
            $0.header = Header.pulling(16, arrow: 0, progress: 0.25, lastUpdated: wall)
        }
    }

    func testAZeroSlopJudgesTheFirstStep() throws {
        let store = EngineStore.loaded(try RefreshConfiguration(dragSlop: 0))
        store.send(.gestureBegan(.drag), at: 1_100, effects: [])
        store.send(.pull(.drag(distance: 1)), at: 1_110, effects: []) {
            $0.header = Header.pulling(1, arrow: 0, progress: 1.0 / 64, lastUpdated: wall)
        }
    }

    func testTheDragSlopIsCappedAtTheToolkitsDragThreshold() throws {
        let standard = RefreshConfiguration.standard
        // (toolkit threshold, slop): a smaller threshold caps the slop; a larger one, or none
        // known (below 0), leaves it.
        let table: [(Double, Double)] = [(4, 4), (0, 0), (8, 8), (12, 8), (-1, 8)]
        for (threshold, slop) in table {
            let fitted = standard.dragSlop(atMost: threshold)
            XCTAssertEqual(fitted.dragSlop, slop, "threshold \(threshold)")
            var expected = standard
            expected.dragSlop = slop
            XCTAssertEqual(fitted, expected, "only the slop changes (threshold \(threshold))")
            XCTAssertNoThrow(try fitted.validate())
        }
    }
}
