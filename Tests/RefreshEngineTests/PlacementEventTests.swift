// The host's placement events through `handle` (Event.swift, "Placement"): what the host
// measures and does to the rows reaches the view's placement only as events, so the trace and
// the event log show each one. Each step states the effects, the whole state and the whole
// placement after it.

import RefreshEngine
import XCTest

final class PlacementEventTests: XCTestCase {
    func place(_ position: Int, _ top: Double) -> RowPlace { RowPlace(position: position, top: top) }

    /// Facts a layout measured, the adjustment's range that of a 2 600 px list in a 600 px view.
    func facts(
        offset: Double, focusedTop: Double? = nil, focused: ClosedRange<Double>? = nil, row: RowPlace? = nil
    ) -> LayoutFacts {
        LayoutFacts(
            offset: offset, lowestOffset: 0, highestOffset: 2_000, viewportHeight: 600, focusedTop: focusedTop,
            focused: focused, measuredRow: row)
    }

    func testRowsInsertedAboveAViewInMidListKeepItsFirstRowWhereItWasDrawn() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        var placed = Placed()
        store.place(.rowsGoingInAbove(focusedRowTop: nil), at: 1_200, effects: [], placed: placed)
        XCTAssertFalse(store.engine.placement.awaitsLayout, "no focused row: nothing to place yet")
        placed.candidate = place(11, -6)
        placed.goingInAbove = 3
        store.place(.rowsGoingIn(at: 0, count: 3, firstInView: place(8, -6)), effects: [], placed: placed)
        store.send(.itemsShown(23), effects: [])
        store.send(.rowsInsertedAbove(3), effects: [.keepPlace, .announce(.newItemsAbove(count: 3))]) {
            $0.newAbove = 3
        }
        placed = Placed()
        placed.rowToKeep = place(11, -6)
        XCTAssertEqual(Placed(store.engine.placement), placed)
        XCTAssertTrue(store.engine.placement.awaitsLayout)
        XCTAssertEqual(store.engine.placement.rowToMeasure, 11, "the host measures the row kept")
        // GTK kept its anchor: row 11 is drawn 150 px lower; the view follows it.
        store.place(.layout(facts(offset: 500, row: place(11, 144))), effects: [.scrollView(to: 650)], placed: Placed())
        // Laid out again in the same frame where it was drawn: settled.
        store.place(
            .layout(facts(offset: 650, row: place(11, -6))), effects: [.viewSettled(focusesNewestRow: false)],
            placed: Placed())
        XCTAssertFalse(store.engine.placement.awaitsLayout, "nothing left to place")
    }

    func testAFocusedPillSendsTheFocusToTheNewestRowOnceTheViewIsAtTheTop() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.itemsShown(22), at: 1_200, effects: [])
        store.send(.rowsInsertedAbove(2), effects: [.keepPlace, .announce(.newItemsAbove(count: 2))]) {
            $0.newAbove = 2
        }
        store.place(.layout(facts(offset: 600)), effects: [.viewSettled(focusesNewestRow: false)], placed: Placed())
        store.send(.pillActivated(hadFocus: true), at: 2_000, effects: [.scrollToTop]) { $0.newAbove = 0 }
        var placed = Placed()
        placed.showsFirstRows = true
        placed.focusesNewestRow = true
        XCTAssertEqual(Placed(store.engine.placement), placed)
        // The first rows: the view goes to 0, the focus still on the pill (not on a row).
        placed.showsFirstRows = false
        placed.firstRowsOffset = 0
        store.place(.layout(facts(offset: 600)), at: 2_010, effects: [.scrollView(to: 0)], placed: placed)
        store.place(.layout(facts(offset: 0)), effects: [.viewSettled(focusesNewestRow: true)], placed: placed)
        placed.focusesNewestRow = false
        store.place(.newestRowFocused, effects: [], placed: placed)
        XCTAssertFalse(store.engine.placement.awaitsLayout)
        // A pill that no longer shows moves no focus when activated with it.
        store.send(.pillActivated(hadFocus: true), at: 2_100, effects: []) { $0.counters.ignoredRequests = 1 }
        XCTAssertEqual(Placed(store.engine.placement), placed)
    }

    func testARetryPillKeepsTheFocusWhereItIs() {
        let store = EngineStore.failedNewer()
        store.send(.pillActivated(hadFocus: true), at: 600, effects: [.startLoadNewer(token(3))]) {
            $0.newerRows = .loading
        }
        XCTAssertEqual(Placed(store.engine.placement), Placed(), "Retry: the view and the focus stay")
    }

    func testAResizeKeepsAViewInMidListAtItsOffset() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        var placed = Placed()
        placed.resizeKeep = .offset(300)
        store.place(.listResizing(offset: 300), at: 1_100, effects: [], placed: placed)
        placed.resizeAllocated = true
        store.place(.listAllocated(heightChanged: true), effects: [], placed: placed)
        // GTK kept the view's offset from the list's bottom: 64 px off.
        store.place(.layout(facts(offset: 236)), effects: [.scrollView(to: 300)], placed: Placed())
        // Closed again before a layout: the height did not change, nothing to keep.
        placed = Placed()
        placed.resizeKeep = .top
        store.place(.listResizing(offset: 0), effects: [], placed: placed)
        store.place(.listAllocated(heightChanged: false), effects: [], placed: Placed())
    }

    func testARestoredListPutsTheSavedRowWhereItWasSaved() {
        let store = EngineStore.restored()
        var placed = Placed()
        placed.rowToKeep = place(4, -20)
        store.place(.savedRowShown(place(4, -20)), at: 310, effects: [], placed: placed)
        XCTAssertEqual(store.engine.placement.rowToMeasure, 4)
        store.place(.layout(facts(offset: 0, row: place(4, 380))), effects: [.scrollView(to: 400)], placed: Placed())
    }

    func testRowsDroppedAboveTheViewKeepItsFirstRowWhereItIsDrawn() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        var placed = Placed()
        placed.rowToKeep = place(5, 12)
        store.place(.rowsDroppedAbove(10, firstInView: place(15, 12)), at: 1_100, effects: [], placed: placed)
        // None dropped, or the first row in view among them: nothing to keep.
        store.place(.rowsDroppedAbove(0, firstInView: place(15, 12)), effects: [], placed: placed)
        store.place(
            .layout(facts(offset: 900, row: place(5, 12))), effects: [.viewSettled(focusesNewestRow: false)],
            placed: Placed())
        store.place(.rowsDroppedAbove(10, firstInView: place(4, 12)), effects: [], placed: Placed())
    }

    /// A placement event comes from inside the host's effects or layout, where it can carry out
    /// nothing else: a deadline due then fires at the next other event, not there.
    func testAPlacementEventFiresNoDeadline() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.refreshSucceeding(token: 2, at: 2_000, received: 20)
        // The result shows from 2 500 ms for 600 ms: due at 3 100.
        var placed = Placed()
        placed.resizeKeep = .top
        store.place(.listResizing(offset: 0), at: 3_200, effects: [], placed: placed)
        XCTAssertEqual(store.engine.header, Header.succeeded(), "the result still shows: its deadline waits")
        XCTAssertLessThanOrEqual(store.engine.nextWakeUp!, at(3_200), "and is still due")
        store.send(.tick, effects: []) { $0.header = HeaderPresentation(state: .idle, lastUpdated: wall) }
    }

    func testFactsNoLayoutCouldHaveMeasuredAreRejectedAndCounted() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        let bad: [Event] = [
            .rowsGoingIn(at: -1, count: 3, firstInView: nil),
            .rowsGoingIn(at: 0, count: -3, firstInView: nil),
            .rowsGoingIn(at: 0, count: 3, firstInView: place(-1, 0)),
            .rowsGoingInAbove(focusedRowTop: .nan),
            .savedRowShown(place(2, .infinity)),
            .rowsDroppedAbove(-1, firstInView: nil),
            .listResizing(offset: .nan),
            .layout(facts(offset: .nan)),
            .layout(facts(offset: 0, focused: 0...Double.infinity)),
        ]
        for (index, event) in bad.enumerated() {
            store.place(event, at: 1_100, effects: [], placed: Placed()) { $0.counters.rejectedInputs = index + 1 }
        }
    }
}
