// The view's placement at each layout (ViewPlacement.swift): what a layout does after rows went
// in above the view, rows were dropped, the list was resized or the engine sent the view to the
// first rows, and which of them wins. Each step states the whole placement after it.

import RefreshEngine
import XCTest

/// The facts a host measures at a layout, as a test sets them.
struct Facts: PlacementFacts {
    var offset: Double = 300
    var lowestOffset: Double = 0
    var highestOffset: Double = 2_000
    var viewportHeight: Double = 600
    var focusedTop: Double?
    var focused: ClosedRange<Double>?
    var rows: [Int: Double] = [:]

    func focusedRowTop() -> Double? { focusedTop }
    func focusedExtent() -> ClosedRange<Double>? { focused }
    func rowTop(at position: Int) -> Double? { rows[position] }
}

/// Every field of a placement, for stating the whole of it.
struct Placed: Equatable {
    var focusedRowTop: Double?
    var showsFirstRows = false
    var resizeKeep: ViewPlacement.ResizeKeep?
    var resizeAllocated = false
    var firstRowsOffset: Double?
    var candidate: RowPlace?
    var rowToKeep: RowPlace?
    var focusesNewestRow = false
    var goingInAbove = 0

    init() {}

    init(_ placement: ViewPlacement) {
        focusedRowTop = placement.focusedRowTop
        showsFirstRows = placement.showsFirstRows
        resizeKeep = placement.resizeKeep
        resizeAllocated = placement.resizeAllocated
        firstRowsOffset = placement.firstRowsOffset
        candidate = placement.candidate
        rowToKeep = placement.rowToKeep
        focusesNewestRow = placement.focusesNewestRow
        goingInAbove = placement.goingInAbove
    }

    /// Whether a layout has something to place (`ViewPlacement.awaitsLayout`), from these fields.
    var awaitsLayout: Bool {
        focusedRowTop != nil || showsFirstRows || resizeKeep != nil || rowToKeep != nil || focusesNewestRow
    }

    /// The same, the first rows asked for.
    var showingFirstRows: Placed {
        var next = self
        next.showsFirstRows = true
        return next
    }
}

final class PlacementLayoutTests: XCTestCase {
    var placement = ViewPlacement()

    /// Runs `event` and checks the whole placement after it.
    func step(
        _ event: (inout ViewPlacement) -> Void, file: StaticString = #filePath, line: UInt = #line,
        _ expected: Placed
    ) {
        event(&placement)
        XCTAssertEqual(Placed(placement), expected, file: file, line: line)
    }

    /// A layout with `facts`: checks what the host does and the whole placement after it.
    func layout(
        _ facts: Facts, does expectedStep: ViewPlacement.Step, file: StaticString = #filePath, line: UInt = #line,
        _ expected: Placed
    ) {
        XCTAssertEqual(placement.layout(facts), expectedStep, "the layout's step", file: file, line: line)
        XCTAssertEqual(Placed(placement), expected, file: file, line: line)
    }

    func place(_ position: Int, _ top: Double) -> RowPlace { RowPlace(position: position, top: top) }

    func testRowsAboveTheViewPutTheFirstRowInViewBackWhereItWas() {
        var candidate = Placed()
        candidate.candidate = place(8, -12)
        candidate.goingInAbove = 5
        var above = 0
        step({ above = $0.rowsGoingIn(at: 0, count: 5, firstInView: place(3, -12)) }, candidate)
        XCTAssertEqual(above, 5, "all five go in before the row in view")
        var kept = Placed()
        kept.rowToKeep = place(8, -12)
        step({ $0.keepPlace() }, kept)
        // GTK kept its anchor at a share of the view: row 8 drawn 200 px lower.
        layout(Facts(rows: [8: 188]), does: .scroll(to: 500), Placed())
        // Laid out again in the same frame, where it was: the view stays.
        layout(Facts(offset: 500, rows: [8: -12]), does: .settled(focusesNewestRow: false), Placed())
    }

    func testRowsBelowTheFirstRowInViewOrNoRowInViewMoveNothing() {
        var candidate = Placed()
        candidate.candidate = place(3, 0)
        var above = -1
        step({ above = $0.rowsGoingIn(at: 10, count: 3, firstInView: place(3, 0)) }, candidate)
        XCTAssertEqual(above, 0, "they go in below the first row in view")
        step({ above = $0.rowsGoingIn(at: 0, count: 3, firstInView: nil) }, Placed())
        XCTAssertEqual(above, 0, "no row in view")
        step({ above = $0.rowsGoingIn(at: 0, count: 0, firstInView: place(3, 0)) }, Placed())
        XCTAssertEqual(above, 0, "no rows")
        // The engine did not keep the place (the view goes elsewhere): nothing is kept.
        step({ $0.keepPlace() }, Placed())
        layout(Facts(rows: [3: 40]), does: .settled(focusesNewestRow: false), Placed())
    }

    func testTheFocusedRowWinsOverTheFirstRowInView() {
        var state = Placed()
        state.focusedRowTop = 100
        step({ $0.rowsGoingInAbove(focusedRowTop: 100) }, state)
        state.candidate = place(9, 0)
        state.goingInAbove = 4
        step({ _ = $0.rowsGoingIn(at: 0, count: 4, firstInView: place(5, 0)) }, state)
        state.candidate = nil
        state.goingInAbove = 0
        state.rowToKeep = place(9, 0)
        step({ $0.keepPlace() }, state)
        // The focused row moved 240 px down: the view follows it, and the row place is dropped.
        layout(Facts(focusedTop: 340, rows: [9: 230]), does: .scroll(to: 540), Placed())
    }

    func testAFocusedRowThatDidNotMoveLeavesTheRowPlaceToDecide() {
        var state = Placed()
        state.focusedRowTop = 100
        step({ $0.rowsGoingInAbove(focusedRowTop: 100) }, state)
        state.rowToKeep = place(9, 0)
        step({ $0.restore(place(9, 0)) }, state)
        state.focusedRowTop = nil
        state.rowToKeep = nil
        layout(Facts(focusedTop: 100.2, rows: [9: 30]), does: .scroll(to: 330), state)
    }

    func testTheFirstRowsWinOverAnyPlaceAndKeepTheFocusedRowInView() {
        var state = Placed()
        state.focusedRowTop = 100
        step({ $0.rowsGoingInAbove(focusedRowTop: 100) }, state)
        state.rowToKeep = place(9, 0)
        step({ $0.restore(place(9, 0)) }, state)
        state.showsFirstRows = true
        step({ $0.showFirstRows() }, state)
        var shown = Placed()
        shown.firstRowsOffset = 0
        layout(Facts(focusedTop: 400, rows: [9: 300]), does: .scroll(to: 0), shown)
        // A focused row pushed below the view by the new rows: the view stops where it is the
        // last row in view (its extent 500...560 in view, at offset 100: 600...660 in the rows).
        step({ $0.showFirstRows() }, shown.showingFirstRows)
        shown.firstRowsOffset = 60
        layout(Facts(offset: 100, focused: 500...560), does: .scroll(to: 60), shown)
        // Already there: nothing this layout.
        step({ $0.showFirstRows() }, shown.showingFirstRows)
        layout(Facts(offset: 60, focused: 540...600), does: .none, shown)
    }

    func testAResizeKeepsAViewAtTheTopThereAndAViewInMidListAtItsOffset() {
        var state = Placed()
        state.resizeKeep = .top
        step({ $0.resizeStarting(offset: 0) }, state)
        state.resizeAllocated = true
        step({ $0.listAllocated(heightChanged: true) }, state)
        // GTK's anchor moved the view 12 px down in the resize: back to the top.
        var top = Placed()
        top.firstRowsOffset = 0
        layout(Facts(offset: 12), does: .scroll(to: 0), top)

        // Where the first rows were last shown counts as the top.
        var shownAt = Placed()
        shownAt.firstRowsOffset = 60
        step({ $0.showFirstRows() }, top.showingFirstRows)
        layout(Facts(offset: 0, focused: 600...660), does: .scroll(to: 60), shownAt)
        state = shownAt
        state.resizeKeep = .top
        step({ $0.resizeStarting(offset: 60.2) }, state)

        // In mid-list: the offset it had, within what the view can take.
        state.resizeKeep = .offset(300)
        step({ $0.resizeStarting(offset: 300) }, state)
        state.resizeAllocated = true
        step({ $0.listAllocated(heightChanged: true) }, state)
        step({ $0.listAllocated(heightChanged: false) }, state)
        state.resizeKeep = nil
        state.resizeAllocated = false
        layout(Facts(offset: 264), does: .scroll(to: 300), state)
        state.resizeKeep = .offset(2_100)
        step({ $0.resizeStarting(offset: 2_100) }, state)
        state.resizeAllocated = true
        step({ $0.listAllocated(heightChanged: true) }, state)
        state.resizeKeep = nil
        state.resizeAllocated = false
        layout(Facts(offset: 1_900), does: .scroll(to: 2_000), state)
    }

    func testAResizeThatChangedNoHeightKeepsNothing() {
        var state = Placed()
        state.resizeKeep = .offset(300)
        step({ $0.resizeStarting(offset: 300) }, state)
        step({ $0.listAllocated(heightChanged: false) }, Placed())
        layout(Facts(offset: 280), does: .settled(focusesNewestRow: false), Placed())
    }

    func testRowsThatWentInDuringAResizeKeepTheirOwnPlace() {
        var state = Placed()
        state.resizeKeep = .offset(300)
        step({ $0.resizeStarting(offset: 300) }, state)
        state.rowToKeep = place(7, 4)
        step({ $0.restore(place(7, 4)) }, state)
        state.resizeAllocated = true
        step({ $0.listAllocated(heightChanged: true) }, state)
        // Not the old offset: the row kept goes back where it was.
        layout(Facts(offset: 264, rows: [7: 54]), does: .scroll(to: 314), Placed())

        // At the top, likewise: the place wins over the first rows.
        state = Placed()
        state.resizeKeep = .top
        step({ $0.resizeStarting(offset: 0) }, state)
        state.focusedRowTop = 20
        step({ $0.rowsGoingInAbove(focusedRowTop: 20) }, state)
        state.resizeAllocated = true
        step({ $0.listAllocated(heightChanged: true) }, state)
        layout(Facts(offset: 0, focusedTop: 170), does: .scroll(to: 150), Placed())
    }

    func testARowPlaceTheViewCannotReachOrARowNotDrawnIsLeftToTheToolkit() {
        var kept = Placed()
        kept.rowToKeep = place(40, 0)
        step({ $0.restore(place(40, 0)) }, kept)
        // The list ends before the row's old place: the view is at its end already.
        layout(Facts(offset: 2_000, rows: [40: 120]), does: .settled(focusesNewestRow: false), Placed())
        step({ $0.restore(place(40, 0)) }, kept)
        layout(Facts(rows: [:]), does: .settled(focusesNewestRow: false), Placed())
        step({ $0.restore(place(40, 0)) }, kept)
        layout(Facts(rows: [40: 0.3]), does: .settled(focusesNewestRow: false), Placed())
    }

    func testRowsDroppedAboveKeepTheFirstRowInViewAtItsNewPosition() {
        var kept = Placed()
        kept.rowToKeep = place(5, -4)
        step({ $0.rowsDropped(above: 20, firstInView: place(25, -4)) }, kept)
        layout(Facts(offset: 400, rows: [5: 796]), does: .scroll(to: 1_200), Placed())
        // The row in view was itself dropped, or none dropped: nothing to keep.
        step({ $0.rowsDropped(above: 20, firstInView: place(12, 0)) }, Placed())
        step({ $0.rowsDropped(above: 0, firstInView: place(12, 0)) }, Placed())
        step({ $0.rowsDropped(above: 20, firstInView: nil) }, Placed())
    }

    func testThePillsFocusGoesToTheNewestRowOnceTheViewIsAtTheTop() {
        var focused = Placed()
        focused.focusesNewestRow = true
        step({ $0.pillActivated(hadFocus: true, goesToNewest: true) }, focused)
        // Not at the top yet: the newest row is not laid out there.
        layout(Facts(offset: 50), does: .settled(focusesNewestRow: false), focused)
        layout(Facts(offset: 0), does: .settled(focusesNewestRow: true), focused)
        step({ $0.newestRowFocused() }, Placed())
        // A pill without the focus, or one offering Retry, moves no focus.
        step({ $0.pillActivated(hadFocus: false, goesToNewest: true) }, Placed())
        step({ $0.pillActivated(hadFocus: true, goesToNewest: false) }, Placed())
    }

    /// The engine's own effects set the placement: `keepPlace` keeps the row noted as the rows
    /// went in, `scrollToTop` sends the view to the first rows.
    func testTheEnginesKeepPlaceAndScrollToTopSetItsPlacement() {
        let store = EngineStore.loaded(.prependingNew, items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        var engine = store.engine
        _ = engine.handle(
            .rowsGoingIn(at: 0, count: 3, firstInView: place(8, -6)), at: MonotonicInstant(milliseconds: 1_150))
        let kept = engine.handle(.rowsInsertedAbove(3), at: MonotonicInstant(milliseconds: 1_200))
        XCTAssertTrue(Array(kept).contains(.keepPlace), "\(Array(kept))")
        var expected = Placed()
        expected.rowToKeep = place(11, -6)
        XCTAssertEqual(Placed(engine.placement), expected)

        let top = engine.handle(.pillActivated(hadFocus: false), at: MonotonicInstant(milliseconds: 1_300))
        XCTAssertTrue(Array(top).contains(.scrollToTop), "\(Array(top))")
        expected.showsFirstRows = true
        XCTAssertEqual(Placed(engine.placement), expected)
    }
}
