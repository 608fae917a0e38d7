// A bounded number of rows: past `maximumRows`, rows far from the view go in whole pages, from
// the side with the most of them, and load again when the reader comes back; rows loaded again
// above are not new to the pill; a row arriving at the top while the newest rows are not shown
// counts at once and loads with them; a list loaded by page numbers drops only below, at a page
// boundary, and asks for those pages again.

import RefreshEngine
import XCTest

final class BoundedRowsTests: XCTestCase {
    /// Pages of 20, at most 100 rows.
    let bounded = RefreshConfiguration.with {
        $0.pageSize = 20
        $0.maximumRows = 100
    }

    /// A list loaded by cursor, its view at rows 100...111 of 160: three pages dropped above,
    /// then `arrived` rows arrived at the top, counted in the pill.
    private func droppedAboveThenArrived(
        _ arrived: Int, file: StaticString = #filePath, line: UInt = #line
    ) -> EngineStore {
        let store = EngineStore.loaded(bounded, items: 20, hasMore: true, loadsByCursor: true)
        store.send(.geometry(offset: 5_000, contentHeight: 8_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.itemsShown(160), at: 1_100, effects: [])
        store.send(
            .rowsInView(first: 100, last: 111), at: 1_100, effects: [.dropRows(above: 60, below: 0)], file: file,
            line: line
        ) {
            $0.newerRows = .more
            $0.rowsAbove = RowsAbove(dropped: 60)
        }
        store.send(
            .rowsArrivedAboveShown(arrived), at: 1_200, effects: [.announce(.newItemsAbove(count: arrived))],
            file: file, line: line
        ) {
            $0.newAbove = arrived
            $0.rowsAbove = RowsAbove(dropped: 60, arrived: arrived)
        }
        return store
    }

    func testTheRowsInViewAreWantedOnlyPastTheBound() {
        let store = EngineStore.loaded(bounded, items: 40, hasMore: true, loadsByCursor: true)
        XCTAssertFalse(store.engine.wantsRowsInView, "40 rows of at most 100")
        store.send(.itemsShown(140), at: 2_000, effects: [])
        XCTAssertTrue(store.engine.wantsRowsInView, "140 rows of at most 100")
        store.send(.maximumRowsChanged(0), at: 2_100, effects: [])
        XCTAssertFalse(store.engine.wantsRowsInView, "unbounded")
        store.send(.maximumRowsChanged(200), at: 2_200, effects: [])
        XCTAssertFalse(store.engine.wantsRowsInView, "140 rows of at most 200")
    }

    func testAStreamOnTopOfAReaderInMidListDropsPagesAboveAndLoadsThemAgainUncounted() {
        let store = EngineStore.loaded(bounded, items: 40, hasMore: true, loadsByCursor: true)
        // Rows of 50 px: the reader is at row 6, rows 6...17 in view.
        store.send(.geometry(offset: 300, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.rowsInView(first: 6, last: 17), at: 1_100, effects: [])
        // A live stream put 100 rows on top: the place holds, the pill counts them.
        store.send(.itemsShown(140), at: 2_000, effects: [])
        store.send(.rowsInsertedAbove(100), at: 2_000, effects: [.keepPlace, .announce(.newItemsAbove(count: 100))]) {
            $0.newAbove = 100
        }
        store.send(.geometry(offset: 5_300, contentHeight: 7_000, viewportHeight: 600), at: 2_010, effects: [])
        // 140 rows, 40 too many: the farthest page above goes (the view, a view's worth more and
        // a page stay on each side); newer rows exist again above the first one shown.
        store.send(.rowsInView(first: 106, last: 117), at: 2_010, effects: [.dropRows(above: 40, below: 0)]) {
            $0.newerRows = .more
            $0.rowsAbove = RowsAbove(dropped: 40)
        }
        XCTAssertEqual(store.engine.itemsShown, 100)
        XCTAssertFalse(store.engine.showsNewestRows)
        // The next post arrives while the newest rows are not shown: counted, not put in.
        store.send(.rowsArrivedAboveShown(1), at: 2_050, effects: [.announce(.newItemsAbove(count: 101))]) {
            $0.newAbove = 101
            $0.rowsAbove = RowsAbove(dropped: 40, arrived: 1)
        }
        // Laid out with the first row in view where it was; 100 rows is the bound: nothing goes.
        store.send(.geometry(offset: 3_300, contentHeight: 5_000, viewportHeight: 600), at: 2_060, effects: [])
        store.send(.rowsInView(first: 66, last: 77), at: 2_060, effects: [])
        // The reader scrolls up near the top: the rows above load again (newer than the first).
        store.send(
            .geometry(offset: 500, contentHeight: 5_000, viewportHeight: 600), at: 3_000,
            effects: [.startLoadNewer(token(2))]
        ) { $0.newerRows = .loading }
        // Ten shown rows above the view, 40 dropped and one arrived: 51 new rows are above it.
        store.send(.rowsAboveView(10), at: 3_000, effects: []) { $0.newAbove = 51 }
        store.send(
            .loadNewerCompleted(token(2), .success(received: 41, hasMore: false)), at: 3_300,
            effects: [.applyNewer(token(2))]
        ) { $0.newerRows = .none }
        // They went in above the view, which keeps its place; none is new: no count, no word.
        store.send(.newerApplied(shown: 141, added: 41), at: 3_300, effects: [.keepPlace]) {
            $0.rowsAbove = RowsAbove()
        }
        XCTAssertTrue(store.engine.showsNewestRows)
        // Laid out; 141 rows, three pages too many: from below this time (nothing lies far
        // enough above), the two whole pages past the view's margin.
        store.send(.geometry(offset: 2_550, contentHeight: 7_050, viewportHeight: 600), at: 3_310, effects: [])
        store.send(.rowsInView(first: 51, last: 62), at: 3_310, effects: [.dropRows(above: 0, below: 40)])
        XCTAssertEqual(store.engine.itemsShown, 101)
        // Laid out; the rows below load again by cursor when the reader goes down there.
        store.send(.geometry(offset: 2_550, contentHeight: 5_050, viewportHeight: 600), at: 3_320, effects: [])
        store.send(
            .geometry(offset: 4_450, contentHeight: 5_050, viewportHeight: 600), at: 4_000,
            effects: [.startLoadMore(token(3), page: 2), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(3), page: 2)
        }
        // While it loads, nothing goes, however many rows.
        store.send(.rowsInView(first: 60, last: 71), at: 4_000, effects: [])
    }

    func testAListLoadedByPageNumberDropsOnlyBelowAtAPageBoundaryAndAsksForThosePagesAgain() {
        let store = EngineStore.loaded(bounded, items: 20, hasMore: true)
        // Pages 2 to 6, asked for by hand, the view resting at the top.
        for page in 2...6 {
            let value = UInt64(page)
            store.requestPage(token: value, page: page, at: Milliseconds(page) * 1_000)
            store.send(
                .loadMoreCompleted(token(value), .success(received: 20, hasMore: true)), at: Milliseconds(page) * 1_000,
                effects: [.applyPage(token(value), page: page)]
            ) {
                $0.footer = .idle
                $0.inFlight = nil
                $0.paging.currentPage = page
            }
            store.send(.itemsShown(page * 20), at: Milliseconds(page) * 1_000, effects: [])
            store.send(.tick, at: Milliseconds(page) * 1_000 + 200, effects: [])
        }
        // At the bottom, rows 108...119 in view: nothing above may go, nothing below can.
        store.send(.rowsInView(first: 108, last: 119), at: 7_000, effects: [])
        // Back at the top, rows 0...11 in view: 20 too many, and page 6 goes, the next page
        // asked for again.
        store.send(.rowsInView(first: 0, last: 11), at: 7_100, effects: [.dropRows(above: 0, below: 20)]) {
            $0.paging.currentPage = 5
        }
        XCTAssertEqual(store.engine.itemsShown, 100)
        XCTAssertTrue(store.engine.showsNewestRows, "nothing went above")
        // A lower bound: down to the view, its margin and the page boundary past them (3 pages).
        store.send(.maximumRowsChanged(40), at: 7_200, effects: [])
        store.send(.rowsInView(first: 0, last: 11), at: 7_300, effects: [.dropRows(above: 0, below: 40)]) {
            $0.paging.currentPage = 3
        }
        store.send(.geometry(offset: 0, contentHeight: 3_000, viewportHeight: 600), at: 7_310, effects: [])
        store.send(
            .geometry(offset: 2_400, contentHeight: 3_000, viewportHeight: 600), at: 8_000,
            effects: [.startLoadMore(token(7), page: 4), .announce(.loadingMore)]
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(7), page: 4)
        }
    }

    func testAnEndedListDroppingRowsBelowLoadsThemAgain() {
        let store = EngineStore.loaded(bounded, items: 20, hasMore: false, loadsByCursor: true)
        XCTAssertEqual(store.expected.footer, .exhausted)
        store.send(.itemsShown(160), at: 1_100, effects: [])
        store.send(.rowsInView(first: 0, last: 11), at: 1_100, effects: [.dropRows(above: 0, below: 60)]) {
            $0.footer = .idle
        }
        XCTAssertEqual(store.engine.itemsShown, 100)
    }

    func testTheBoundCanBeLiftedAndSetAndBadReportsAreRejected() {
        let store = EngineStore.loaded(bounded, items: 20, hasMore: true, loadsByCursor: true)
        XCTAssertEqual(store.engine.maximumRows, 100)
        store.send(.maximumRowsChanged(0), at: 1_100, effects: [])
        XCTAssertEqual(store.engine.maximumRows, 0)
        store.send(.itemsShown(300), at: 1_100, effects: [])
        // Unbounded: nothing goes.
        store.send(.rowsInView(first: 150, last: 161), at: 1_200, effects: [])
        store.send(.maximumRowsChanged(-1), at: 1_300, effects: []) { $0.counters.rejectedInputs = 1 }
        // Positions that are not rows shown are from before a change.
        store.send(.rowsInView(first: 5, last: 4), at: 1_300, effects: []) { $0.counters.rejectedInputs = 2 }
        store.send(.rowsInView(first: 290, last: 300), at: 1_300, effects: []) { $0.counters.rejectedInputs = 3 }
        // The newest rows are shown: an arrival at the top is the host's to put in.
        store.send(.rowsArrivedAboveShown(1), at: 1_300, effects: []) { $0.counters.rejectedInputs = 4 }
        // Bound again: 300 rows, the view in the middle: the farthest side first.
        store.send(.maximumRowsChanged(200), at: 1_400, effects: [])
        store.send(.rowsInView(first: 100, last: 111), at: 1_400, effects: [.dropRows(above: 0, below: 100)])
        store.send(.maximumRowsChanged(150), at: 1_500, effects: [])
        store.send(.tick, at: 1_600, effects: [])
        store.send(.rowsInView(first: 100, last: 111), at: 1_600, effects: [.dropRows(above: 60, below: 0)]) {
            $0.newerRows = .more
            $0.rowsAbove = RowsAbove(dropped: 60)
        }
        XCTAssertEqual(store.engine.itemsShown, 140)
    }

    func testThePillOfAListThatDroppedItsNewestRowsRefreshesToShowThem() {
        let store = droppedAboveThenArrived(3)
        // The pill goes to the newest rows: not shown, so a refresh brings them.
        store.send(
            .pillActivated(hadFocus: false), at: 2_000,
            effects: [.startRefresh(token(2), origin: .request), .announce(.refreshStarted)]
        ) {
            $0.newAbove = 0
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
            $0.newerRows = .none
            $0.rowsAbove = RowsAbove()
        }
        store.send(
            .refreshCompleted(token(2), .success(received: 20, hasMore: true), wallClock: wall), at: 2_400,
            effects: [.applyRefresh(token(2)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded()
            $0.inFlight = nil
        }
        // Its rows took the place of those in view: the view goes to the newest.
        store.send(
            .refreshApplied(shown: 20, new: 20, viewKept: false), at: 2_400,
            effects: [.scrollToTop, .announce(.refreshed(newItems: 20))])
    }

    func testARefreshShowsTheNewestRowsAndForgetsTheRowsAbove() {
        let store = droppedAboveThenArrived(2)
        store.send(
            .refreshRequested, at: 2_000,
            effects: [.startRefresh(token(2), origin: .request), .announce(.refreshStarted)]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = .refresh(token(2))
            $0.newerRows = .none
            $0.rowsAbove = RowsAbove()
        }
        XCTAssertTrue(store.engine.showsNewestRows)
    }
}
