// Which bound rows a list prepares at once, which wait, in which order waiting ones are prepared,
// and the heights that hold a waiting row's place.

import RefreshEngine
import XCTest

final class RowPreparationTests: XCTestCase {
    let preparation = RowPreparation(minimumAhead: 3)

    func testTheWindowIsTheViewAndAViewsWorthOnEachSide() {
        // 5 rows in view: 5 more on each side.
        XCTAssertEqual(preparation.window(inView: 100...104, rowCount: 1_000), 95...109)
        // One tall row in view: the minimum ahead, 3.
        XCTAssertEqual(preparation.window(inView: 40...40, rowCount: 1_000), 37...43)
    }

    func testTheWindowStaysWithinTheRows() {
        XCTAssertEqual(preparation.window(inView: 0...4, rowCount: 1_000), 0...9)
        XCTAssertEqual(preparation.window(inView: 996...999, rowCount: 1_000), 992...999)
        // A view reported past the rows (rows went since): clamped to them.
        XCTAssertEqual(preparation.window(inView: 8...12, rowCount: 10), 5...9)
        XCTAssertEqual(preparation.window(inView: 0...0, rowCount: 1), 0...0)
    }

    func testNothingIsInTheWindowBeforeALayoutOrWithoutRows() {
        XCTAssertNil(preparation.window(inView: nil, rowCount: 1_000))
        XCTAssertNil(preparation.window(inView: 0...3, rowCount: 0))
        XCTAssertFalse(preparation.preparesAtOnce(0, inView: nil, rowCount: 1_000))
    }

    func testARowBoundNearTheViewIsPreparedAtOnceAndAFarOneWaits() {
        XCTAssertTrue(preparation.preparesAtOnce(102, inView: 100...104, rowCount: 1_000))
        XCTAssertTrue(preparation.preparesAtOnce(109, inView: 100...104, rowCount: 1_000))
        XCTAssertTrue(preparation.preparesAtOnce(95, inView: 100...104, rowCount: 1_000))
        XCTAssertFalse(preparation.preparesAtOnce(110, inView: 100...104, rowCount: 1_000))
        XCTAssertFalse(preparation.preparesAtOnce(194, inView: 100...104, rowCount: 1_000))
        XCTAssertFalse(preparation.preparesAtOnce(94, inView: 100...104, rowCount: 1_000))
    }

    func testWaitingRowsArePreparedNearestFirstTheWayTheReaderGoesFirst() {
        let waiting = [150, 96, 108, 106, 98, 104]
        // 104 is in view (the host prepares it before drawing; asked, it comes first).
        XCTAssertEqual(preparation.next(waiting: waiting, inView: 100...104, rowCount: 1_000, going: .down), 104)
        let outside = [150, 96, 108, 106, 98]
        // Going down: 106 (2 below) before 98 (2 above); then 108 before 96; 150 is out of the window.
        XCTAssertEqual(preparation.next(waiting: outside, inView: 100...104, rowCount: 1_000, going: .down), 106)
        XCTAssertEqual(
            preparation.next(waiting: [150, 96, 108, 98], inView: 100...104, rowCount: 1_000, going: .down), 98)
        XCTAssertEqual(
            preparation.next(waiting: [150, 96, 108], inView: 100...104, rowCount: 1_000, going: .down), 108)
        XCTAssertEqual(preparation.next(waiting: [150, 96], inView: 100...104, rowCount: 1_000, going: .down), 96)
        XCTAssertNil(preparation.next(waiting: [150], inView: 100...104, rowCount: 1_000, going: .down))
        // Going up: 98 before 106.
        XCTAssertEqual(preparation.next(waiting: outside, inView: 100...104, rowCount: 1_000, going: .up), 98)
        // Before a layout nothing is prepared ahead.
        XCTAssertNil(preparation.next(waiting: outside, inView: nil, rowCount: 1_000, going: .down))
    }

    func testANegativeMinimumCountsAsNone() {
        let none = RowPreparation(minimumAhead: -4)
        XCTAssertEqual(none.minimumAhead, 0)
        XCTAssertEqual(none.window(inView: 10...11, rowCount: 100), 8...13)
    }
}

final class RowHeightsTests: XCTestCase {
    func testAHeightIsKnownAtTheWidthItWasMeasuredAt() {
        var heights = RowHeights<String>()
        XCTAssertNil(heights.height(of: "a", width: 400))
        heights.remember("a", width: 400, height: 132)
        XCTAssertEqual(heights.height(of: "a", width: 400), 132)
        // Another width: not known (the row wraps otherwise).
        XCTAssertNil(heights.height(of: "a", width: 360))
        heights.remember("a", width: 360, height: 154)
        XCTAssertEqual(heights.height(of: "a", width: 360), 154)
        XCTAssertNil(heights.height(of: "a", width: 400))
        XCTAssertEqual(heights.count, 1)
    }

    func testAPlaceIsHeldAtTheRowsOwnHeightElseTheMedianOfTheFirstMeasuredElseTheFallback() {
        var heights = RowHeights<Int>()
        XCTAssertEqual(heights.placeHeight(of: 1, width: 400, fallback: 48), 48)
        heights.remember(1, width: 400, height: 100)
        heights.remember(2, width: 400, height: 400)
        heights.remember(3, width: 400, height: 120)
        XCTAssertEqual(heights.placeHeight(of: 2, width: 400, fallback: 48), 400)
        // Never measured: the median of 100, 120 and 400 so far.
        XCTAssertEqual(heights.placeHeight(of: 9, width: 400, fallback: 48), 120)
        // At a width nothing was measured at: the fallback.
        XCTAssertEqual(heights.placeHeight(of: 9, width: 360, fallback: 48), 48)
    }

    func testTheEstimateSettlesAfterSixteenHeightsAndHoldsThen() {
        var heights = RowHeights<Int>()
        for key in 0..<16 { heights.remember(key, width: 400, height: 100 + key) }
        XCTAssertEqual(heights.placeHeight(of: 99, width: 400, fallback: 48), 108)
        // Taller rows measured since do not move it: a list's unmeasured rows keep their place.
        for key in 16..<200 { heights.remember(key, width: 400, height: 500) }
        XCTAssertEqual(heights.placeHeight(of: 999, width: 400, fallback: 48), 108)
        // Another width starts it again.
        heights.remember(0, width: 360, height: 130)
        XCTAssertEqual(heights.placeHeight(of: 999, width: 360, fallback: 48), 130)
        XCTAssertEqual(heights.placeHeight(of: 999, width: 400, fallback: 48), 48)
    }

    func testTheOldestRowsAreForgottenPastTheCapacity() {
        var heights = RowHeights<Int>(capacity: 3)
        for key in 0..<10 { heights.remember(key, width: 400, height: 100 + key) }
        XCTAssertEqual(heights.count, 3)
        XCTAssertNil(heights.height(of: 6, width: 400))
        XCTAssertEqual(heights.height(of: 7, width: 400), 107)
        XCTAssertEqual(heights.height(of: 9, width: 400), 109)
        // A remembered row measured again keeps its turn.
        heights.remember(7, width: 400, height: 200)
        heights.remember(10, width: 400, height: 110)
        XCTAssertNil(heights.height(of: 7, width: 400))
        XCTAssertEqual(heights.height(of: 10, width: 400), 110)
        heights.removeAll()
        XCTAssertEqual(heights.count, 0)
        XCTAssertEqual(heights.placeHeight(of: 10, width: 400, fallback: 48), 48)
    }

    func testManyRowsStayWithinTheCapacity() {
        var heights = RowHeights<Int>(capacity: 100)
        for key in 0..<100_000 { heights.remember(key, width: 400, height: key % 300) }
        XCTAssertEqual(heights.count, 100)
        XCTAssertEqual(heights.height(of: 99_999, width: 400), 99_999 % 300)
    }

    func testNonsenseIsIgnored() {
        var heights = RowHeights<Int>(capacity: 0)
        XCTAssertEqual(heights.capacity, 1)
        heights.remember(1, width: 0, height: 10)
        heights.remember(2, width: 400, height: -1)
        XCTAssertEqual(heights.count, 0)
    }
}
