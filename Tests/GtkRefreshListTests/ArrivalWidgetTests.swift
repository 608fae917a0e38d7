// Posts received for the top (`receive`, a stream's way in): at the top each goes in at once and
// is seen; away from the top they wait in `arrivals` (not in `items`, the model or the pill's
// count) and go in together within the batch interval, the first visible row staying where it
// was drawn in every frame, the pill counting them and a screen reader told once; a waiting
// row can be removed or updated, and one received twice is refused; reaching the top takes
// the waiting rows in at once.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine
import XCTest

final class ArrivalWidgetTests: XCTestCase {
    /// A list of rows 100…1, shown, scrolled `offset` px down; rows received wait at most
    /// `interval` ms away from the top.
    @MainActor private static func shown(
        offset: Double, interval: Milliseconds = 250
    ) throws -> (list: RefreshList<Row>, window: WidgetPointer) {
        let list = try GtkTest.makeList { $0.engine.arrivalBatchInterval = interval }
        list.onRefresh { page(1...100, hasMore: false) }
        list.onLoadMore { _ in Page([]) }
        let window = GtkTest.window(list.widget, width: 360, height: 420)
        list.start()
        GtkTest.wait("the first refresh over and the header closed") {
            list.items.count == 100 && list.state.header.state == .idle && list.state.inFlight == nil
                && list.headerAllocatedHeight == 0
        }
        gtk_adjustment_set_value(verticalAdjustment(list), offset)
        GtkTest.frames(2, of: list.widget)
        return (list, window)
    }

    func testPostsReceivedAwayFromTheTopGoInTogetherKeepingThePlace() throws {
        try onMainActor {
            let (list, window) = try Self.shown(offset: 800)
            defer { GtkTest.destroy(window) }
            let before = try XCTUnwrap(firstVisibleRow(of: list), "a row in view")
            // The rows and the footer's entry.
            let modelRows = list.modelRowCount
            var farthest = 0.0
            GtkTest.watch(of: window).afterPaint = {
                guard let now = shownRow(before.text, of: list)?.top else { return }
                farthest = max(farthest, abs(now - before.top))
            }
            defer { GtkTest.watch(of: window).afterPaint = nil }
            var said: [Announcement] = []
            // What the list gives screen readers to say, read by its public effect observer: GTK 4.8 gives
            // it to Orca only as the focused widget's description, which no GTK call reads back (one put
            // and taken back between two gtk_test_accessible_* checks is lost); Tests/ScreenReader hears Orca.
            list.effectObserver = { if case .announce(let announcement) = $0 { said.append(announcement) } }
            XCTAssertTrue(list.receive(Row(id: 500)))
            XCTAssertTrue(list.receive(Row(id: 501)))
            XCTAssertFalse(list.receive(Row(id: 500)), "waiting already")
            XCTAssertFalse(list.receive(Row(id: 7)), "shown already")
            // They wait: the rows, the model and the pill are as before.
            XCTAssertEqual(list.arrivals.map(\.id), [500, 501])
            XCTAssertEqual(list.state.arrivalsWaiting, 2)
            XCTAssertEqual(list.items.count, 100)
            XCTAssertEqual(list.modelRowCount, modelRows)
            XCTAssertEqual(list.state.newAbove, 0)
            // A waiting row can go away or change before it goes in.
            XCTAssertEqual(list.remove(id: 500), Row(id: 500))
            XCTAssertTrue(list.update(Row(id: 501)))
            XCTAssertTrue(list.receive(Row(id: 502)))
            XCTAssertEqual(list.arrivals.map(\.id), [501, 502])
            XCTAssertEqual(list.state.arrivalsWaiting, 2)
            GtkTest.wait("the waiting rows in (\(list.arrivals.count) wait)") { list.arrivals.isEmpty }
            // Together, the last received on top, counted and said once.
            XCTAssertEqual(list.items.prefix(3).map(\.id), [502, 501, 100])
            XCTAssertEqual(list.modelRowCount, modelRows + 2)
            XCTAssertEqual(list.state.arrivalsWaiting, 0)
            XCTAssertEqual(list.state.newAbove, 2)
            XCTAssertEqual(said, [.newItemsAbove(count: 2)])
            GtkTest.frames(3, of: list.widget)
            XCTAssertEqual(newPillText(of: list), "2 new items")
            let after = try XCTUnwrap(shownRow(before.text, of: list)?.top, "\(before.text) still shown")
            XCTAssertEqual(after, before.top, accuracy: 1, "\(before.text) stayed where it was")
            XCTAssertLessThanOrEqual(farthest, 1, "no frame showed \(before.text) moved")
        }
    }

    /// Another page shown over the list (a post's thread opened from it, say): posts received
    /// meanwhile wait in the list, however long, and go in as it shows again, above the place
    /// the reader left, which holds at the top too, counted by the pill.
    func testPostsReceivedWhileTheListIsOffScreenGoInAboveItsPlaceWhenItShowsAgain() throws {
        try onMainActor {
            let list = try GtkTest.makeList { $0.engine.arrivalBatchInterval = 250 }
            list.onRefresh { page(1...100, hasMore: false) }
            list.onLoadMore { _ in Page([]) }
            let stack = gtk_stack_new()!
            gtk_stack_add_named(OpaquePointer(stack), list.widget, "list")
            gtk_stack_add_named(OpaquePointer(stack), gtk_label_new("A post"), "post")
            let window = GtkTest.window(stack, width: 360, height: 420)
            defer { GtkTest.destroy(window) }
            list.start()
            GtkTest.wait("the first refresh over and the header closed") {
                list.items.count == 100 && list.state.header.state == .idle && list.state.inFlight == nil
                    && list.headerAllocatedHeight == 0
            }
            GtkTest.frames(2, of: list.widget)
            let before = try XCTUnwrap(firstVisibleRow(of: list), "a row in view")
            XCTAssertEqual(before.text, "row 100", "the reader is at the top")
            gtk_stack_set_visible_child_name(OpaquePointer(stack), "post")
            GtkTest.wait("the list off screen") { gtk_widget_get_mapped(list.widget) == 0 }
            XCTAssertTrue(list.receive(Row(id: 500)))
            XCTAssertTrue(list.receive(Row(id: 501)))
            // Longer than a batch waits on screen: nobody sees the list, so they still wait.
            let due = g_get_monotonic_time() + 600_000
            GtkTest.wait("600 ms past") { g_get_monotonic_time() >= due }
            XCTAssertEqual(list.arrivals.map(\.id), [500, 501], "they wait for the list to show")
            XCTAssertEqual(list.items.count, 100)
            gtk_stack_set_visible_child_name(OpaquePointer(stack), "list")
            GtkTest.wait("the waiting rows in as the list shows (\(list.arrivals.count) wait)") {
                list.arrivals.isEmpty && list.items.count == 102
            }
            XCTAssertEqual(list.items.prefix(3).map(\.id), [501, 500, 100])
            XCTAssertEqual(list.state.newAbove, 2, "the pill counts them")
            GtkTest.wait("the pill shown") { newPillText(of: list) == "2 new items" }
            GtkTest.frames(3, of: list.widget)
            let after = try XCTUnwrap(firstVisibleRow(of: list), "a row in view")
            XCTAssertEqual(after.text, before.text, "the same first row in view")
            XCTAssertEqual(after.top, before.top, accuracy: 0.5, "where it was drawn")
            XCTAssertEqual(list.state.newAbove, 2, "not seen: the view stayed")
        }
    }

    func testAPostReceivedAtTheTopGoesInAtOnceAndIsSeen() throws {
        try onMainActor {
            let (list, window) = try Self.shown(offset: 0)
            defer { GtkTest.destroy(window) }
            XCTAssertTrue(list.receive(Row(id: 500)))
            XCTAssertEqual(list.items.first?.id, 500, "in at once")
            XCTAssertEqual(list.arrivals.map(\.id), [])
            GtkTest.wait("the new row in view at the top") { firstVisibleRow(of: list)?.text == "row 500" }
            XCTAssertEqual(list.state.newAbove, 0)
            XCTAssertNil(newPillText(of: list))
        }
    }

    func testReachingTheTopTakesTheWaitingRowsInAtOnce() throws {
        try onMainActor {
            // A batch interval far longer than the test: only the top brings them in.
            let (list, window) = try Self.shown(offset: 800, interval: 600_000)
            defer { GtkTest.destroy(window) }
            XCTAssertTrue(list.receive(Row(id: 500)))
            XCTAssertTrue(list.receive(Row(id: 501)))
            GtkTest.frames(2, of: list.widget)
            XCTAssertEqual(list.arrivals.count, 2, "still waiting")
            gtk_adjustment_set_value(verticalAdjustment(list), 0)
            GtkTest.wait("the waiting rows in, the newest in view (\(list.arrivals.count) wait)") {
                list.arrivals.isEmpty && firstVisibleRow(of: list)?.text == "row 501"
            }
            XCTAssertEqual(list.items.prefix(3).map(\.id), [501, 500, 100])
            XCTAssertEqual(list.state.newAbove, 0)
        }
    }
}
