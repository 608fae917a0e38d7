// Input is timed when it happened, not when the host got round to it: a display server stamps
// every event on its own 32-bit millisecond clock, and `InputClock` maps those stamps onto the
// host's monotonic clock. A backlog handled at once after a stall keeps its real spacing.

import RefreshEngine
import XCTest

final class InputClockTests: XCTestCase {
    private func at(_ milliseconds: Int64) -> MonotonicInstant { MonotonicInstant(milliseconds: milliseconds) }

    func testTheFirstEventIsTimedWhenItIsHandled() {
        var clock = InputClock()
        XCTAssertEqual(clock.instant(ofEventTime: 90_000, handledAt: at(5_000)), at(5_000))
    }

    func testABacklogHandledAtOnceKeepsItsSpacing() {
        var clock = InputClock()
        // Handled as it happened: the server's clock runs 85 s ahead of the host's.
        XCTAssertEqual(clock.instant(ofEventTime: 90_000, handledAt: at(5_000)), at(5_000))
        XCTAssertEqual(clock.instant(ofEventTime: 90_060, handledAt: at(5_061)), at(5_060))
        // A stall: three notches 60 ms apart, all handled 400 ms later within 2 ms.
        XCTAssertEqual(clock.instant(ofEventTime: 90_120, handledAt: at(5_520)), at(5_120))
        XCTAssertEqual(clock.instant(ofEventTime: 90_180, handledAt: at(5_521)), at(5_180))
        XCTAssertEqual(clock.instant(ofEventTime: 90_240, handledAt: at(5_522)), at(5_240))
    }

    func testTheQuickestDeliverySetsTheOffset() {
        var clock = InputClock()
        // The first event came late (a cold start): later ones, handled sooner, correct it.
        XCTAssertEqual(clock.instant(ofEventTime: 1_000, handledAt: at(700)), at(700))
        XCTAssertEqual(clock.instant(ofEventTime: 1_300, handledAt: at(800)), at(800))
        XCTAssertEqual(clock.instant(ofEventTime: 1_350, handledAt: at(900)), at(850))
    }

    func testInstantsNeverRunBackwardsNorAhead() {
        var clock = InputClock()
        XCTAssertEqual(clock.instant(ofEventTime: 2_000, handledAt: at(2_000)), at(2_000))
        // A server that stamps out of order: the later event is not put before the earlier one.
        XCTAssertEqual(clock.instant(ofEventTime: 1_990, handledAt: at(2_010)), at(2_000))
        // Never later than when it is handled.
        XCTAssertEqual(clock.instant(ofEventTime: 2_100, handledAt: at(2_050)), at(2_050))
        XCTAssertEqual(clock.instant(ofEventTime: 2_101, handledAt: at(2_051)), at(2_051))
    }

    func testTheServerClockWrapsAfterFortyNineDays() {
        var clock = InputClock()
        XCTAssertEqual(clock.instant(ofEventTime: UInt32.max - 9, handledAt: at(10_000)), at(10_000))
        XCTAssertEqual(clock.instant(ofEventTime: 40, handledAt: at(10_300)), at(10_050))
    }

    func testEventsWithoutATimeOrFromAnotherClockAreTimedWhenHandled() {
        var clock = InputClock()
        XCTAssertEqual(clock.instant(ofEventTime: 50_000_000, handledAt: at(1_000)), at(1_000))
        // 0 is "no time" (GDK_CURRENT_TIME): a synthesized event.
        XCTAssertEqual(clock.instant(ofEventTime: 0, handledAt: at(1_100)), at(1_100))
        // A stamp 14 hours behind the others is a new clock (another server), not a backlog: it is
        // timed when handled and becomes the reference.
        XCTAssertEqual(clock.instant(ofEventTime: 7, handledAt: at(1_200)), at(1_200))
        XCTAssertEqual(clock.instant(ofEventTime: 57, handledAt: at(1_400)), at(1_250))
        XCTAssertEqual(clock.remappedClocks, 1)
    }

    func testALongStallIsStillABacklog() {
        var clock = InputClock()
        XCTAssertEqual(clock.instant(ofEventTime: 10_000, handledAt: at(10_000)), at(10_000))
        // Suspended for 20 s with input queued: still timed when it happened.
        XCTAssertEqual(clock.instant(ofEventTime: 10_100, handledAt: at(30_000)), at(10_100))
        XCTAssertEqual(clock.remappedClocks, 0)
    }
}
