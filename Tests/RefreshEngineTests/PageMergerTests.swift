// De-duplication: which rows of an answer to show.

import RefreshEngine
import XCTest

final class PageMergerTests: XCTestCase {
    func testAppendSkipsRowsAlreadyShownAndRepeatsWithinThePage() {
        XCTAssertEqual(PageMerger.rowsToAppend(existing: Set([1, 2, 3]), incoming: [3, 4, 4, 5, 1]), [1, 3])
        XCTAssertEqual(PageMerger.rowsToAppend(existing: Set<Int>(), incoming: []), [])
        // The one-pass form keeps the rows themselves and records what it shows.
        var shown: Set<Int> = [1, 2, 3]
        let rows = [(3, "c"), (4, "d"), (4, "d again"), (5, "e"), (1, "a")]
        XCTAssertEqual(PageMerger.appendNew(rows, id: { $0.0 }, shown: &shown).map(\.1), ["d", "e"])
        XCTAssertEqual(shown, [1, 2, 3, 4, 5])
        XCTAssertEqual(PageMerger.appendNew([(Int, String)](), id: { $0.0 }, shown: &shown).count, 0)
    }

    func testPrependKeepsOnlyWhatIsNewInOrder() {
        XCTAssertEqual(PageMerger.rowsToPrepend(existing: Set(["b", "c"]), incoming: ["z", "a", "b"]), [0, 1])
    }

    func testReplaceKeepsFirstOccurrences() {
        XCTAssertEqual(PageMerger.rowsToReplace(incoming: [7, 7, 8, 7, 9]), [0, 2, 4])
    }
}
