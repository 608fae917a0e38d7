// De-duplication: which rows of an answer to show.

import RefreshEngine
import XCTest

final class PageMergerTests: XCTestCase {
    /// Every value hashes alike: each check after the first must be the exact one.
    struct Colliding: Hashable {
        let value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
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
        XCTAssertEqual(
            kept.map(\.value), [3, 4], "3 and 4 collide with shown rows but are new; 2 and the second 3 are not")
    }

    func testTheIndexKeepsEveryRowThroughItsGrowth() {
        // Pages of 50 (each with its first row again at its end) into a list that grows to 20 000
        // rows: the index grows many times on the way and loses nothing.
        var shown = ShownIdentifiers<Int>()
        var shownRows = Set<Int>()
        for start in stride(from: 0, to: 20_000, by: 50) {
            let page = Array(start..<(start + 50)) + [start]
            let kept = PageMerger.keepNew(page, id: { $0 }, shown: &shown) { shownRows.contains($0) }
            XCTAssertEqual(kept, Array(start..<(start + 50)), "page at \(start)")
            shownRows.formUnion(kept)
        }
        for start in stride(from: 0, to: 20_000, by: 500) {
            let again = PageMerger.keepNew(Array(start..<(start + 50)), id: { $0 }, shown: &shown) {
                shownRows.contains($0)
            }
            XCTAssertEqual(again, [], "every row is shown already")
        }
        XCTAssertTrue((0..<20_000).allSatisfy { shown.mayContain($0) })
        XCTAssertEqual(
            PageMerger.keepNew([20_000, -1], id: { $0 }, shown: &shown) { shownRows.contains($0) }, [20_000, -1])
    }

    func testReplaceKeepsFirstOccurrencesAndCountsWhatIsNew() {
        let shownBefore = [1, 2, 3]
        let old = ShownIdentifiers(shownBefore)
        var exactChecks = 0
        let incoming = [(7, "a"), (7, "b"), (8, "c"), (3, "d"), (7, "e"), (9, "f")]
        let result = PageMerger.replace(with: incoming, id: { $0.0 }, old: old) { id in
            exactChecks += 1
            return shownBefore.contains(id)
        }
        XCTAssertEqual(result.rows.map(\.1), ["a", "c", "d", "f"], "the first occurrence of each id")
        XCTAssertEqual(result.new, 3, "7, 8 and 9 were not shown; 3 was")
        XCTAssertEqual(exactChecks, 1, "only 3's hash was in the old index")
        for id in [7, 8, 3, 9] { XCTAssertTrue(result.shown.mayContain(id)) }
        XCTAssertFalse(result.shown.mayContain(1), "the new index holds only what is shown now")
        // Nothing repeated: the answer comes back as it is.
        XCTAssertEqual(
            PageMerger.replace(with: [(1, "x")], id: { $0.0 }, old: ShownIdentifiers<Int>()) { _ in true }.rows.map(
                \.1), ["x"])
    }

    func testReplaceWithCollidingHashesKeepsEveryDistinctRow() {
        let old = ShownIdentifiers([Colliding(value: 1)])
        let incoming = [Colliding(value: 1), Colliding(value: 2), Colliding(value: 2), Colliding(value: 3)]
        let result = PageMerger.replace(with: incoming, id: { $0 }, old: old) { $0 == Colliding(value: 1) }
        XCTAssertEqual(result.rows.map(\.value), [1, 2, 3])
        XCTAssertEqual(result.new, 2)
    }

    func testAReplacementKeepsTheOldTopRowsTheNewRowsHoldInOrder() {
        // Three new posts on top of the first page; the later pages give way.
        let (prepended, kept) = PageMerger.replacementKeeps(
            old: Array(1...40), new: [-2, -1, 0] + Array(1...17), id: { $0 })
        XCTAssertEqual(prepended, 3)
        XCTAssertEqual(kept, 17)
        // Nothing new: every row of the answer stays.
        XCTAssertTrue(PageMerger.replacementKeeps(old: Array(1...20), new: Array(1...20), id: { $0 }) == (0, 20))
        // The old first row gone, or nothing shown before: nothing is kept.
        XCTAssertTrue(PageMerger.replacementKeeps(old: Array(1...20), new: Array(2...21), id: { $0 }) == (0, 0))
        XCTAssertTrue(PageMerger.replacementKeeps(old: [Int](), new: Array(1...20), id: { $0 }) == (0, 0))
        // Kept only as far as the order holds.
        XCTAssertTrue(PageMerger.replacementKeeps(old: [1, 2, 3, 4], new: [0, 1, 2, 4, 3], id: { $0 }) == (1, 2))
    }
}
