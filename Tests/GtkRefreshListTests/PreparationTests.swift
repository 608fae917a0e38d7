// Rows prepared near the view, read as an app sees them: which rows its row functions were asked
// to make and bind, and what each frame shows. GTK binds about two hundred rows around the view;
// with `prepares-rows` on, rows far from it wait (the app never binds them), every row the view
// shows is a bound row in every frame (never an empty box), rows about to come into view are
// bound while nothing is drawn, and turning the property off binds every waiting row at once.

import CGtk
import GtkInterop
import GtkRefreshList
import RefreshEngine
import XCTest

final class PreparationTests: XCTestCase {
    /// What the app's row functions were asked: rows made, and the items bound (by id).
    @MainActor final class RowLog {
        var made = 0
        var bound: Set<Int> = []
    }

    /// A list of `count` rows ("row 1"…), made and bound through `log`, shown and filled.
    @MainActor private static func show(
        rows count: Int, log: RowLog, preparesRows: Bool = true
    ) throws -> (RefreshList<Row>, WidgetPointer) {
        var configuration = RefreshListConfiguration()
        configuration.engine = try RefreshConfiguration(
            minimumSpinnerTime: 0, resultDisplayTime: 0, pageSize: count, maximumRows: 0)
        configuration.startsWhenShown = false
        configuration.rowPreparation = preparesRows ? RowPreparation() : nil
        let rows = RowFactory<Row>(
            makeRow: {
                log.made += 1
                let label = gtk_label_new(nil)!
                gtk_label_set_xalign(label.opaque, 0)
                return label
            },
            bind: { row, item in
                log.bound.insert(item.id)
                gtk_label_set_text(row.opaque, "row \(item.id)")
            })
        let list = try RefreshList(configuration: configuration, rows: rows)
        list.onRefresh { page(1...count, hasMore: false) }
        let window = GtkTest.window(list.widget, width: 360, height: 420)
        list.start()
        GtkTest.wait("the rows in and the header closed") {
            list.items.count == count && list.state.header.state == .idle
                && gtk_revealer_get_child_revealed(list.revealerWidget.opaque) == 0
        }
        GtkTest.frames(2, of: list.widget)
        return (list, window)
    }

    /// The cells GTK holds for rows, and what the view shows now: for each cell in view, the text
    /// of its bound row, or nil for a cell whose row waits (an empty box).
    @MainActor private static func cells(of list: RefreshList<Row>) -> (held: Int, inView: [String?]) {
        let viewTop = screenTop(of: list.scrollerWidget, in: list)
        let viewHeight = Double(gtk_widget_get_height(list.scrollerWidget))
        var held = 0
        var inView: [String?] = []
        var cell = list.listViewIfShown.flatMap { gtk_widget_get_first_child($0) }
        while let current = cell {
            cell = gtk_widget_get_next_sibling(current)
            guard let child = gtk_widget_get_first_child(current),
                gtk_widget_has_css_class(child, "refresh-footer") == 0
            else { continue }
            held += 1
            guard gtk_widget_get_mapped(current) != 0, gtk_widget_get_child_visible(current) != 0 else { continue }
            let top = screenTop(of: current, in: list)
            guard top + Double(gtk_widget_get_height(current)) > viewTop, top < viewTop + viewHeight else { continue }
            let isLabel = g_type_check_instance_is_a(cast(child.raw), gtk_label_get_type()) != 0
            inView.append(isLabel ? gtk_label_get_text(child.opaque).map { String(cString: $0) } : nil)
        }
        return (held, inView)
    }

    func testRowsFarFromTheViewWaitAndEveryRowInViewIsBoundInEveryFrame() throws {
        try onMainActor {
            let log = RowLog()
            let (list, window) = try Self.show(rows: 2_000, log: log)
            defer { GtkTest.destroy(window) }
            let first = Self.cells(of: list)
            XCTAssertGreaterThan(first.held, 150, "GTK holds cells well beyond the view")
            XCTAssertFalse(first.inView.isEmpty, "rows in view")
            XCTAssertFalse(first.inView.contains(nil), "every row in view bound: \(first.inView)")
            XCTAssertLessThan(
                log.bound.count, first.held / 2,
                "rows bound: \(log.bound.count) of the \(first.held) cells GTK holds (those far from the view wait)")
            XCTAssertLessThanOrEqual(log.made, log.bound.count, "a row widget made only for a row bound")
            // A fast reader: 150 px a frame, checked after every frame.
            let adjustment = verticalAdjustment(list)
            for frame in 1...60 {
                gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + 150)
                GtkTest.frames(of: list.widget)
                let shown = Self.cells(of: list).inView
                XCTAssertFalse(shown.isEmpty, "frame \(frame): rows in view")
                XCTAssertFalse(shown.contains(nil), "frame \(frame): a row in view not bound: \(shown)")
            }
            XCTAssertLessThan(log.bound.count, 1_000, "rows bound after 9 000 px: \(log.bound.count)")
            // At rest, the rows about to come into view are bound while no frame is drawn.
            let shown = Self.cells(of: list).inView.compactMap { $0 }
            let last = try XCTUnwrap(shown.compactMap { Int($0.dropFirst(4)) }.max())
            GtkTest.wait("the rows below the view bound in idle time (bound \(log.bound.count))") {
                (last + 1...last + 5).allSatisfy(log.bound.contains)
            }
        }
    }

    func testTurnedOffEveryRowGTKHoldsIsBoundAtOnceAndTheAppIsTold() throws {
        try onMainActor {
            let log = RowLog()
            let (list, window) = try Self.show(rows: 2_000, log: log)
            defer { GtkTest.destroy(window) }
            XCTAssertTrue(list.preparesRows)
            var notified = 0
            let connections = SignalConnections()
            connections.onNotify(gpointer(list.widget), "prepares-rows") { notified += 1 }
            defer { connections.disconnectAll() }
            var value = GValue()
            g_value_init(&value, cgtk_type_boolean())
            g_value_set_boolean(&value, 0)
            g_object_set_property(cast(list.widget.raw), "prepares-rows", &value)
            XCTAssertFalse(list.preparesRows)
            XCTAssertEqual(notified, 1, "notify::prepares-rows")
            g_object_get_property(cast(list.widget.raw), "prepares-rows", &value)
            XCTAssertEqual(g_value_get_boolean(&value), 0)
            g_value_unset(&value)
            GtkTest.frames(of: list.widget)
            let cells = Self.cells(of: list)
            XCTAssertGreaterThanOrEqual(log.bound.count, cells.held, "every row GTK holds bound")
            // Set to what it is: no notification.
            list.preparesRows = false
            XCTAssertEqual(notified, 1)
            // Set from Swift: the property is notified as when set through GObject.
            list.preparesRows = true
            XCTAssertEqual(notified, 2, "notify::prepares-rows for the Swift setter")
            g_value_init(&value, cgtk_type_boolean())
            g_object_get_property(cast(list.widget.raw), "prepares-rows", &value)
            XCTAssertEqual(g_value_get_boolean(&value), 1)
            g_value_unset(&value)
        }
    }

    func testOffFromTheStartEveryRowGTKHoldsIsBound() throws {
        try onMainActor {
            let log = RowLog()
            let (list, window) = try Self.show(rows: 2_000, log: log, preparesRows: false)
            defer { GtkTest.destroy(window) }
            let cells = Self.cells(of: list)
            XCTAssertFalse(list.preparesRows)
            XCTAssertGreaterThan(cells.held, 150)
            XCTAssertGreaterThanOrEqual(log.bound.count, cells.held, "every row GTK holds bound")
            XCTAssertFalse(cells.inView.contains(nil))
        }
    }
}
