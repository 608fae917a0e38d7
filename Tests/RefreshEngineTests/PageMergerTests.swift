// De-duplication: which rows of an answer to show.

import RefreshEngine
import XCTest

final class PageMergerTests: XCTestCase {
    /// Every value hashes alike: each check after the first must be the exact one.
    struct Colliding: Hashable {
        let value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }

    func testAppendSkipsRowsAlreadyShownAndRepeatsWithinThePage() {
        XCTAssertEqual(PageMerger.rowsToAppend(existing: Set([1, 2, 3]), incoming: [3, 4, 4, 5, 1]), [1, 3])
        XCTAssertEqual(PageMerger.rowsToAppend(existing: Set<Int>(), incoming: []), [])
    }

    func testKeepNewKeepsRowsNotShownOnceEachAndRecordsThem() {
        var shownRows = [1, 2, 3]
        var shown = ShownIdentifiers(shownRows)
        var exactChecks = 0
        let rows = [(3, "c"), (4, "d"), (4, "d again"), (5, "e"), (1, "a")]
        let kept = PageMerger.keepNew(rows, id: { $0.0 }, shown: &shown) { id in
            exactChecks += 1
            return shownRows.contains(id)
        }
        XCTAssertEqual(kept.map(\.1), ["d", "e"])
        XCTAssertEqual(exactChecks, 2, "only the rows whose hash was seen (3 and 1) are checked exactly")
        shownRows += kept.map(\.0)
        for id in [1, 2, 3, 4, 5] { XCTAssertTrue(shown.mayContain(id)) }
        XCTAssertFalse(shown.mayContain(6))
        XCTAssertEqual(PageMerger.keepNew([(Int, String)](), id: { $0.0 }, shown: &shown) { _ in true }.count, 0)
    }

    func testAHashCollisionNeverDropsARowNorLetsADuplicateIn() {
        let existing = [Colliding(value: 1), Colliding(value: 2)]
        var shown = ShownIdentifiers(existing)
        let incoming = [Colliding(value: 3), Colliding(value: 2), Colliding(value: 4), Colliding(value: 3)]
        let kept = PageMerger.keepNew(incoming, id: { $0 }, shown: &shown) { existing.contains($0) }
        XCTAssertEqual(kept.map(\.value), [3, 4], "3 and 4 collide with shown rows but are new; 2 and the second 3 are not")
    }

    func testReplaceKeepsFirstOccurrences() {
        XCTAssertEqual(PageMerger.rowsToReplace(incoming: [7, 7, 8, 7, 9]), [0, 2, 4])
    }
}
