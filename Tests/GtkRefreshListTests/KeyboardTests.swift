// Keyboard-only use with real keys, on X11 and Wayland: End reaches the footer at the end of the
// list and Tab its Retry; a focused footer keeps the focus while pages go in above it; a
// refresh that puts new rows on top leaves the focused row focused: at the top the new rows
// show and the focused row stays in view; away from the top it stays where it was on screen.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine
import WaylandSupport
import XCTest

final class KeyboardTests: XCTestCase {
    /// The widget with the keyboard focus in `list`'s window.
    @MainActor private static func focus(of list: RefreshList<Row>) -> WidgetPointer? {
        gtk_widget_get_root(list.widget).flatMap { gtk_root_get_focus($0) }
    }

    /// The GType name of the widget with the focus ("GtkListItemWidget"), for failure messages.
    @MainActor private static func focusType(of list: RefreshList<Row>) -> String {
        guard let focus = focus(of: list),
            let name = g_type_name_from_instance(focus.raw.assumingMemoryBound(to: GTypeInstance.self))
        else { return "nothing" }
        return String(cString: name)
    }

    /// The text of the row a focused cell shows ("row 7"), or nil when the focus is not a row.
    @MainActor private static func focusedRow(of list: RefreshList<Row>) -> String? {
        guard let focus = focus(of: list), let child = gtk_widget_get_first_child(focus),
            gtk_widget_get_first_child(focus) == gtk_widget_get_last_child(focus),
            let text = gtk_label_get_text(child.opaque)
        else { return nil }
        return String(cString: text)
    }

    /// Where `widget`'s top is on screen, in `list`'s coordinates.
    @MainActor private static func top(of widget: WidgetPointer, in list: RefreshList<Row>) -> Double {
        var point = graphene_point_t()
        var origin = graphene_point_t(x: 0, y: 0)
        _ = withUnsafePointer(to: &origin) { gtk_widget_compute_point(widget, list.widget, $0, &point) }
        return Double(point.y)
    }

    /// `list` shown in a window titled `title`, its first refresh over and its header closed (a
    /// place measured on screen while it still closes would move with it), and the keyboard
    /// focus on the row a click at (180, `y`) landed on.
    @MainActor private static func focusedRow(
        of list: RefreshList<Row>, clickedAt y: Int, title: String
    ) throws -> (window: WidgetPointer, input: any RealInput) {
        let window = GtkTest.window(list.widget, width: 360, height: 420)
        gtk_window_set_title(window.as(GtkWindow.self), title)
        list.start()
        GtkTest.wait("the first refresh over and the header closed (\(list.headerAllocatedHeight) px)") {
            list.state.header.state == .idle && list.state.inFlight == nil && list.headerAllocatedHeight == 0
                && gtk_revealer_get_child_revealed(list.revealerWidget.opaque) == 0
        }
        let input = try RealInputs.make(window: window, target: list.widget, windowTitle: title)
        input.point(at: 180, y)
        GtkTest.wait("the focus on a row after a click (it is on \(String(describing: focus(of: list))))") {
            focusedRow(of: list) != nil
        }
        return (window, input)
    }

    func testEndReachesTheFooterTabItsRetryAndTheFocusStaysOnTheFooterWhilePagesGoIn() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            let failing = Flag()
            list.onRefresh { page(number: 1, hasMore: true) }
            list.onLoadMore { number in
                if failing.value { throw LoaderFailure() }
                return page(number: number, hasMore: number < 8)
            }
            let (window, input) = try Self.focusedRow(of: list, clickedAt: 100, title: "keyboard-end")
            defer { GtkTest.destroy(window) }

            // End: to the last cell, the footer's (past the pages that filled the window); the
            // page it asks for fails.
            GtkTest.wait("the window filled (the footer is \(list.state.footer))") {
                list.state.footer == .idle && list.state.inFlight == nil
            }
            failing.value = true
            input.key(.end)
            GtkTest.wait(
                "the focus on the footer after End (the footer is \(list.state.footer), the focus on"
                    + " \(Self.focusType(of: list)))"
            ) {
                Self.focus(of: list) == list.footerWidget
            }
            GtkTest.wait("the page End asked for failed (the footer is \(list.state.footer))") {
                list.state.footer == .failed
            }
            let selection = list.rowsModel
            XCTAssertNotEqual(
                gtk_single_selection_get_selected(selection), guint(list.items.count), "the footer is never selected")
            XCTAssertEqual(Self.focus(of: list), list.footerWidget, "the focus stays on the footer as the page fails")

            // Tab: Retry. Enter: the page again, and the focus stays in the footer while that page
            // and the ones after it go in above it (each moves the footer's cell down).
            input.key(.tab)
            GtkTest.wait("the focus on Retry after Tab") { Self.focus(of: list) == list.retryButton }
            failing.value = false
            input.key(.enter)
            GtkTest.wait("every page in after Retry (the footer is \(list.state.footer), \(list.items.count) rows)") {
                list.state.footer == .exhausted && list.items.count == 160
            }
            GtkTest.frames(2, of: list.widget)
            XCTAssertEqual(Self.focus(of: list), list.footerWidget, "the focus stayed on the footer")
            XCTAssertNotEqual(
                gtk_single_selection_get_selected(selection), guint(list.items.count), "the footer is never selected")
        }
    }

    func testEndAgainFromTheFocusedFooterTakesTheViewToTheEndAndTheNextPageLoads() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            var asked: [Int] = []
            list.onRefresh { page(number: 1, hasMore: true) }
            list.onLoadMore { number in
                asked.append(number)
                return page(number: number, hasMore: number < 8)
            }
            let (window, input) = try Self.focusedRow(of: list, clickedAt: 100, title: "keyboard-end-again")
            defer { GtkTest.destroy(window) }
            GtkTest.wait("the window filled (the footer is \(list.state.footer))") {
                list.state.footer == .idle && list.state.inFlight == nil
            }
            // Each End: the focus on the footer, the view at the end where it shows, and the page
            // after the rows loads (it goes in above the footer, which the view then leaves
            // behind; the next End takes the view to it again).
            for round in 1...3 {
                let before = asked.count
                input.key(.end)
                GtkTest.wait(
                    "End \(round): the footer focused and on screen and one more page loaded (pages asked \(asked),"
                        + " the focus on \(Self.focusType(of: list)))"
                ) {
                    guard let footer = list.footerWidget else { return false }
                    let top = screenTop(of: footer, in: list)
                    return Self.focus(of: list) == footer && gtk_widget_get_mapped(footer) != 0 && top >= 0
                        && top + Double(gtk_widget_get_height(footer)) <= Double(gtk_widget_get_height(list.widget))
                        && asked.count > before && list.state.inFlight == nil
                }
            }
        }
    }

    func testAtTheTopARefreshShowsTheNewRowsAndTheFocusedRowKeepsTheFocusInView() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            let newer = Flag()
            // Rows 20…1, then three new ones on top: 23…1 (a replacing refresh keeps rows 20…4),
            // then thirty more: 53…1, more than the view holds above the focused row.
            let answers = [page(number: 1, hasMore: true), page(1...23, hasMore: true), page(1...53, hasMore: true)]
            var refreshes = 0
            list.onRefresh {
                defer { refreshes += 1 }
                return answers[newer.value ? min(refreshes, 2) : 0]
            }
            list.onLoadMore { number in page((1_000 * number)...(1_000 * number + 19), hasMore: true) }
            let (window, input) = try Self.focusedRow(of: list, clickedAt: 150, title: "keyboard-refresh-top")
            defer { GtkTest.destroy(window) }
            let row = try XCTUnwrap(Self.focusedRow(of: list))
            let place = Self.top(of: try XCTUnwrap(Self.focus(of: list)), in: list)
            let adjustment = gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)!

            // At the top the reader asked for what is new: the view shows it, and the focused
            // row keeps the focus, three rows lower.
            newer.value = true
            input.refreshKey(controlR: false)
            GtkTest.wait(
                "the refresh with three new rows over (header \(list.state.header.state), \(list.items.count) rows)"
            ) {
                list.state.header.state == .idle && list.state.inFlight == nil && list.items.first?.id == 23
            }
            GtkTest.wait("the header closed again") { gtk_revealer_get_child_revealed(list.revealerWidget.opaque) == 0 }
            GtkTest.frames(2, of: list.widget)
            XCTAssertEqual(Self.focusedRow(of: list), row, "the focus stayed on the row it was on")
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0, "the view at the top, on the newest row")
            let focus = try XCTUnwrap(Self.focus(of: list))
            let rowHeight = Double(gtk_widget_get_height(focus))
            // The three new rows' height, read from the rows (the content's height also moves
            // with the second page, which the replacing refresh drops and the end loads again).
            let newest = try XCTUnwrap(shownRow("row 23", of: list), "the newest row laid out")
            let formerFirst = try XCTUnwrap(shownRow("row 20", of: list), "the former first row laid out")
            let newRowsHeight = formerFirst.top - newest.top
            XCTAssertEqual(
                Self.top(of: focus, in: list), place + newRowsHeight, accuracy: 1,
                "the focused row went down by the three new rows (\(newRowsHeight) px)")

            // Thirty more: the view goes as near the top as keeps the focused row whole in it.
            input.refreshKey(controlR: false)
            GtkTest.wait("the refresh with thirty new rows over (\(list.items.count) rows)") {
                list.state.header.state == .idle && list.state.inFlight == nil && list.items.first?.id == 53
            }
            GtkTest.wait("the header closed again") { gtk_revealer_get_child_revealed(list.revealerWidget.opaque) == 0 }
            GtkTest.frames(2, of: list.widget)
            XCTAssertEqual(Self.focusedRow(of: list), row, "the focus stayed on the row it was on")
            let focused = try XCTUnwrap(Self.focus(of: list))
            let top = Self.top(of: focused, in: list)
            let viewHeight = Double(gtk_widget_get_height(list.widget))
            XCTAssertGreaterThanOrEqual(top, 0, "the focused row in view")
            XCTAssertLessThanOrEqual(top + rowHeight, viewHeight + 0.5, "the focused row whole in view")
            XCTAssertGreaterThan(top + rowHeight, viewHeight - rowHeight, "the focused row the last in view")
            XCTAssertGreaterThan(gtk_adjustment_get_value(adjustment), 0, "the newest rows a scroll away")
        }
    }

    func testAwayFromTheTopARefreshKeepsTheFocusedRowFocusedAndInPlace() throws {
        try onMainActor {
            let list = try GtkTest.makeList { $0.engine.refreshMerge = .prependNew }
            let newer = Flag()
            // Rows 100…81, then five new ones on top, which go in above, out of view.
            list.onRefresh { newer.value ? page(81...105, hasMore: true) : page(81...100, hasMore: true) }
            list.onLoadMore { number in page((1_000 * number)...(1_000 * number + 19), hasMore: true) }
            let (window, input) = try Self.focusedRow(of: list, clickedAt: 150, title: "keyboard-refresh-mid")
            defer { GtkTest.destroy(window) }
            let adjustment = gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)!
            input.wheel(up: false, count: 5, delayMs: InputPace.spinNotchMs)
            GtkTest.wait("the list scrolled down, the pages it reached in") {
                gtk_adjustment_get_value(adjustment) > 100 && list.state.inFlight == nil
            }
            input.point(at: 180, 150)
            GtkTest.wait("the focus on a row after a click") { Self.focusedRow(of: list) != nil }
            GtkTest.frames(2, of: list.widget)
            let row = try XCTUnwrap(Self.focusedRow(of: list))
            let place = Self.top(of: try XCTUnwrap(Self.focus(of: list)), in: list)

            newer.value = true
            input.refreshKey(controlR: false)
            GtkTest.wait(
                "the refresh with five new rows over (header \(list.state.header.state), \(list.items.count) rows)"
            ) {
                list.state.header.state == .idle && list.state.inFlight == nil && list.items.first?.id == 105
            }
            GtkTest.wait("the header closed again") { gtk_revealer_get_child_revealed(list.revealerWidget.opaque) == 0 }
            GtkTest.frames(2, of: list.widget)
            XCTAssertEqual(Self.focusedRow(of: list), row, "the focus stayed on the row it was on")
            // No jump: the header's opening and closing move GTK's view anchor, which is a share
            // of the view's height, by a few pixels at most, never half a row.
            let focus = try XCTUnwrap(Self.focus(of: list))
            let halfRow = Double(gtk_widget_get_height(focus)) / 2
            XCTAssertEqual(
                Self.top(of: focus, in: list), place, accuracy: halfRow,
                "the focused row stayed where it was on screen (within half its height)")
        }
    }
}
