// De-duplication: which rows of an answer to show.

import RefreshEngine
import XCTest

final class PageMergerTests: XCTestCase {
    func testAppendSkipsRowsAlreadyShownAndRepeatsWithinThePage() {
        XCTAssertEqual(PageMerger.rowsToAppend(existing: Set([1, 2, 3]), incoming: [3, 4, 4, 5, 1]), [1, 3])
        XCTAssertEqual(PageMerger.rowsToAppend(existing: Set<Int>(), incoming: []), [])
    }

    func testPrependKeepsOnlyWhatIsNewInOrder() {
        XCTAssertEqual(PageMerger.rowsToPrepend(existing: Set(["b", "c"]), incoming: ["z", "a", "b"]), [0, 1])
    }

    func testReplaceKeepsFirstOccurrences() {
        XCTAssertEqual(PageMerger.rowsToReplace(incoming: [7, 7, 8, 7, 9]), [0, 2, 4])
    }
}
