// A bounded list under real wheel input (X11 and Wayland): a feed of 200 rows, a bound far
// below that. Scrolled down to the end and back up to the newest row by the wheel, rows far
// from the view are dropped and loaded again; through it all every row shows once, in order,
// none skipped, and the first visible row never jumps when rows go or come back (read from the
// widget tree after each step, and again once the list settled).

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine
import WaylandSupport
import XCTest

final class BoundedRowsWidgetTests: XCTestCase {
    struct ShownRow: Equatable {
        var id: Int
        var top: Double
    }

    /// The rows the view shows (in part), top to bottom, read from the widget tree.
    @MainActor private static func visibleRows(of list: RefreshList<Row>) -> [ShownRow] {
        let viewHeight = Double(gtk_widget_get_height(list.scrollerWidget))
        let viewTop = top(of: list.scrollerWidget, in: list)
        var rows: [ShownRow] = []
        var cell = list.listViewIfShown.flatMap { gtk_widget_get_first_child($0) }
        while let current = cell {
            cell = gtk_widget_get_next_sibling(current)
            guard gtk_widget_get_mapped(current) != 0, gtk_widget_get_child_visible(current) != 0,
                let label = gtk_widget_get_first_child(current), gtk_widget_has_css_class(label, "refresh-footer") == 0,
                let text = gtk_label_get_text(label.opaque), let id = Int(String(cString: text).dropFirst(4))
            else { continue }
            let top = top(of: current, in: list)
            let bottom = top + Double(gtk_widget_get_height(current))
            guard bottom > viewTop, top < viewTop + viewHeight else { continue }
            rows.append(ShownRow(id: id, top: top))
        }
        return rows.sorted { $0.top < $1.top }
    }

    @MainActor private static func top(of widget: WidgetPointer, in list: RefreshList<Row>) -> Double {
        var point = graphene_point_t()
        var origin = graphene_point_t(x: 0, y: 0)
        _ = withUnsafePointer(to: &origin) { gtk_widget_compute_point(widget, list.widget, $0, &point) }
        return Double(point.y)
    }

    /// Rows seen so far in the order the reader met them, and the checks of each step.
    @MainActor private final class Reading {
        private(set) var seen: [Int] = []
        private var seenSet: Set<Int> = []
        /// Whether the reader goes down (ids falling) or up (ids rising).
        var goingDown = true

        /// Notes the rows in view: a row met for the first time must be the next one in order.
        func note(_ rows: [ShownRow], file: StaticString = #filePath, line: UInt = #line) {
            let ordered = goingDown ? rows : rows.reversed()
            for row in ordered where !seenSet.contains(row.id) {
                if let last = seen.last {
                    XCTAssertEqual(
                        row.id, goingDown ? last - 1 : last + 1, "the next row met after row \(last)", file: file,
                        line: line)
                }
                seen.append(row.id)
                seenSet.insert(row.id)
            }
        }

        func restart(goingDown: Bool) {
            self.goingDown = goingDown
            seen = []
            seenSet = []
        }
    }

    func testRowsDroppedAndLoadedAgainUnderTheWheelShowEveryRowOnceInOrderAndTheViewNeverJumps() throws {
        try onMainActor {
            let feed = CursorFeed()
            let list = try GtkTest.makeList {
                $0.maximumRows = 60
                $0.engine.loadMoreDistance = 100
            }
            list.onLoad { feed.load($0) }
            let window = GtkTest.window(list.widget, width: 360, height: 300)
            gtk_window_set_title(window.as(GtkWindow.self), "bounded-rows")
            defer { GtkTest.destroy(window) }
            list.start()
            GtkTest.wait("the first rows in, the header closed") {
                list.state.header.state == .idle && list.state.inFlight == nil && list.headerAllocatedHeight == 0
                    && !Self.visibleRows(of: list).isEmpty
            }
            let input = try RealInputs.make(window: window, target: list.widget, windowTitle: "bounded-rows")
            input.point(at: 180, 150)
            let view = gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)!
            let reading = Reading()
            reading.note(Self.visibleRows(of: list))
            var mostRows = list.items.count
            var topDropped = false

            /// After a step: the rows in view, then, once the list settled (loads answered,
            /// rows dropped and laid out), the same first row exactly where it was.
            @MainActor func settleAndCheck(_ step: String) {
                reading.note(Self.visibleRows(of: list))
                GtkTest.wait("the list settled after \(step)") { list.state.inFlight == nil }
                GtkTest.frames(3, of: list.widget)
                let before = Self.visibleRows(of: list).first
                reading.note(Self.visibleRows(of: list))
                GtkTest.frames(3, of: list.widget)
                let after = Self.visibleRows(of: list).first
                XCTAssertEqual(after?.id, before?.id, "the first visible row after \(step) stayed")
                if let before, let after { XCTAssertEqual(after.top, before.top, accuracy: 1, "and did not move") }
                mostRows = max(mostRows, list.items.count)
                if list.items.first?.id != 200 { topDropped = true }
            }

            // Down to the end of the feed.
            for notch in 0..<400 where !(reading.seen.last == 1) {
                input.wheel(up: false, count: 1, delayMs: InputPace.spinNotchMs)
                GtkTest.frames(1, of: list.widget)
                settleAndCheck("notch \(notch) down")
            }
            XCTAssertEqual(reading.seen, Array((1...200).reversed()), "every row once, in order, going down")
            XCTAssertLessThanOrEqual(mostRows, 60 + 20, "at most the bound and the page that went past it")
            XCTAssertTrue(topDropped, "rows above the view were dropped on the way down")
            XCTAssertLessThan(list.items.count, 200, "the list does not hold every row")

            // Back up to the newest row: the rows dropped above load again, not as new ones.
            reading.restart(goingDown: false)
            reading.note(Self.visibleRows(of: list))
            for notch in 0..<400 where !(list.items.first?.id == 200 && gtk_adjustment_get_value(view) == 0) {
                input.wheel(up: true, count: 1, delayMs: InputPace.spinNotchMs)
                GtkTest.frames(1, of: list.widget)
                settleAndCheck("notch \(notch) up")
            }
            GtkTest.wait("the newest row at the top (offset \(gtk_adjustment_get_value(view)))") {
                list.items.first?.id == 200 && gtk_adjustment_get_value(view) == 0 && list.state.newerRows == .none
            }
            reading.note(Self.visibleRows(of: list))
            let firstSeenGoingUp = try XCTUnwrap(reading.seen.first)
            XCTAssertEqual(reading.seen, Array(firstSeenGoingUp...200), "every row once, in order, going up")
            XCTAssertEqual(list.state.newAbove, 0, "rows loaded again above were never new")
            XCTAssertLessThan(list.items.count, 200, "rows below were dropped on the way up")
            XCTAssertEqual(list.items.map(\.id), Array(list.items.map(\.id).sorted().reversed()), "in order")
            XCTAssertEqual(Set(list.items.map(\.id)).count, list.items.count, "no row twice")
        }
    }
}
