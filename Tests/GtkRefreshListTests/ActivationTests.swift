// Opening a row, read as an app sees it: the widget's `activate` signal and a Swift list's
// `onActivate`, for the row the reader opened, by real input on a real window: Enter, keypad
// Enter and Space on the focused row, a double click, a single click with
// `single-click-activate`, a tap on a touchscreen (Wayland pass). What is not a row's opening
// opens nothing: a single click without the property, a click on a button inside a row, the
// footer, a touch pan.

import CGtk
import Foundation
import GtkInterop
import GtkRefreshList
import ListProbe
import RefreshEngine
import WaylandSupport
import XCTest

final class ActivationTests: XCTestCase {
    /// Every row opened: the position the signal gave, and the item and position `onActivate` gave.
    @MainActor final class Opened {
        var signalled: [UInt32] = []
        var handled: [(id: Int, position: Int)] = []
        var buttonClicks = 0
    }

    struct Harness {
        let list: RefreshList<Row>
        let window: WidgetPointer
        let opened: Opened
        let connections: SignalConnections
    }

    /// A list of 30 rows (a label and a "Like" button each), the footer ("no more items") below
    /// them, in a window titled `title`.
    @MainActor private static func harness(title: String) throws -> Harness {
        var configuration = RefreshListConfiguration()
        configuration.engine = try RefreshConfiguration(minimumSpinnerTime: 0, resultDisplayTime: 0, pageSize: 30)
        configuration.startsWhenShown = false
        let opened = Opened()
        let rows = RowFactory<Row>(
            makeRow: {
                let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
                let label = gtk_label_new(nil)!
                gtk_widget_set_hexpand(label, 1)
                gtk_label_set_xalign(label.opaque, 0)
                gtk_box_append(box.box, label)
                let button = gtk_button_new_with_label("Like")!
                gtk_widget_add_css_class(button, "like")
                g_signal_connect_data(
                    gpointer(button), "clicked",
                    unsafeBitCast(
                        { (_: gpointer?, data: gpointer?) in
                            MainActor.assumeIsolated {
                                Unmanaged<Opened>.fromOpaque(data!).takeUnretainedValue().buttonClicks += 1
                            }
                        } as @convention(c) (gpointer?, gpointer?) -> Void, to: GCallback.self),
                    Unmanaged.passUnretained(opened).toOpaque(), nil, GConnectFlags(rawValue: 0))
                gtk_box_append(box.box, button)
                return box
            },
            bind: { row, item in
                gtk_label_set_text(gtk_widget_get_first_child(row)!.opaque, "row \(item.id)")
            })
        let list = try RefreshList(configuration: configuration, rows: rows)
        list.onRefresh { page(1...30, hasMore: false) }
        list.onActivate { item, position in opened.handled.append((item.id, position)) }
        let connections = SignalConnections()
        connections.onPosition(gpointer(list.widget), "activate") { opened.signalled.append($0) }
        let window = GtkTest.window(list.widget, width: 360, height: 420)
        gtk_window_set_title(window.as(GtkWindow.self), title)
        list.start()
        GtkTest.wait("the rows in and the header closed on screen (\(list.headerAllocatedHeight) px)") {
            list.items.count == 30 && list.state.header.state == .idle && list.headerAllocatedHeight == 0
        }
        GtkTest.frames(2, of: list.widget)
        return Harness(list: list, window: window, opened: opened, connections: connections)
    }

    /// Where row `id`'s label is, in the list's coordinates: a point on its text.
    @MainActor private static func point(onRow id: Int, of list: RefreshList<Row>) throws -> (x: Int, y: Int) {
        let row = try XCTUnwrap(shownRowWidget("row \(id)", of: list), "row \(id) shown")
        let top = screenTop(of: row, in: list)
        return (20, Int(top) + Int(gtk_widget_get_height(row)) / 2)
    }

    /// The cell showing row `text`, if laid out.
    @MainActor private static func shownRowWidget(_ text: String, of list: RefreshList<Row>) -> WidgetPointer? {
        var cell = list.listViewIfShown.flatMap { gtk_widget_get_first_child($0) }
        while let current = cell {
            cell = gtk_widget_get_next_sibling(current)
            guard gtk_widget_get_mapped(current) != 0, gtk_widget_get_child_visible(current) != 0,
                let box = gtk_widget_get_first_child(current), let label = gtk_widget_get_first_child(box),
                g_type_check_instance_is_a(cast(label.raw), gtk_label_get_type()) != 0,
                let shown = gtk_label_get_text(label.opaque), String(cString: shown) == text
            else { continue }
            return current
        }
        return nil
    }

    /// What GTK finds at `point` in the list: the widget's type and CSS classes, and its ancestors'
    /// up to the list, innermost first.
    @MainActor private static func picked(at point: (x: Int, y: Int), in list: RefreshList<Row>) -> String {
        var names: [String] = []
        var widget = gtk_widget_pick(list.widget, Double(point.x), Double(point.y), GTK_PICK_DEFAULT)
        while let current = widget, current != list.widget {
            var classes: [String] = []
            if let list = gtk_widget_get_css_classes(current) {
                var index = 0
                while let name = list[index] {
                    classes.append(String(cString: name))
                    index += 1
                }
                g_strfreev(list)
            }
            names.append(
                ([String(cString: g_type_name_from_instance(cast(current.raw)))] + classes).joined(separator: "."))
            widget = gtk_widget_get_parent(current)
        }
        return names.joined(separator: " < ")
    }

    /// Waits until `count` rows were opened, each reported by the signal and by the handler alike.
    @MainActor private static func waitForOpened(_ count: Int, _ opened: Opened, what: String) {
        GtkTest.wait("\(what): \(count) rows opened (signal \(opened.signalled), handler \(opened.handled))") {
            opened.signalled.count >= count && opened.handled.count >= count
        }
    }

    /// Lets any activation an input would cause be delivered: a frame after the input arrived.
    @MainActor private static func settle(_ list: RefreshList<Row>) {
        GtkTest.frames(2, of: list.widget)
    }

    func testEnterKeypadEnterAndSpaceOpenTheFocusedRowAndASingleClickOnlyFocusesIt() throws {
        try onMainActor {
            let h = try Self.harness(title: "activation-keys")
            defer { GtkTest.destroy(h.window) }
            // The test's own handlers hold the list: let go first, whatever ends the test.
            defer { h.connections.disconnectAll() }
            let input = try RealInputs.make(window: h.window, target: h.list.widget, windowTitle: "activation-keys")
            let row27 = try Self.point(onRow: 27, of: h.list)
            input.point(at: row27.x, row27.y)
            Self.settle(h.list)
            XCTAssertTrue(h.opened.signalled.isEmpty, "a single click without single-click-activate opens nothing")
            // Rows are newest first: row 27 is at position 3.
            input.key(.enter)
            Self.waitForOpened(1, h.opened, what: "Enter")
            input.key(.keypadEnter)
            Self.waitForOpened(2, h.opened, what: "keypad Enter")
            input.key(.space)
            Self.waitForOpened(3, h.opened, what: "Space")
            XCTAssertEqual(h.opened.signalled, [3, 3, 3])
            XCTAssertEqual(h.opened.handled.map(\.id), [27, 27, 27])
            XCTAssertEqual(h.opened.handled.map(\.position), [3, 3, 3])
            XCTAssertEqual(h.opened.buttonClicks, 0)
        }
    }

    func testADoubleClickOpensARowAndWithTheSingleClickPropertyOneClickDoesButNotOnAButtonOrTheFooter() throws {
        try onMainActor {
            let h = try Self.harness(title: "activation-clicks")
            defer { GtkTest.destroy(h.window) }
            // The test's own handlers hold the list: let go first, whatever ends the test.
            defer { h.connections.disconnectAll() }
            let input = try RealInputs.make(window: h.window, target: h.list.widget, windowTitle: "activation-clicks")
            let row30 = try Self.point(onRow: 30, of: h.list)
            input.doubleClick(at: row30.x, row30.y)
            Self.waitForOpened(1, h.opened, what: "a double click on row 30")
            XCTAssertEqual(h.opened.signalled, [0])
            XCTAssertEqual(h.opened.handled.first?.id, 30)

            // The property, through GObject as a C or Python app sets it: notified once, read back.
            XCTAssertFalse(h.list.singleClickActivate)
            var notified = 0
            h.connections.onNotify(gpointer(h.list.widget), "single-click-activate") { notified += 1 }
            var value = GValue()
            g_value_init(&value, cgtk_type_boolean())
            g_value_set_boolean(&value, 1)
            g_object_set_property(cast(h.list.widget.raw), "single-click-activate", &value)
            g_value_unset(&value)
            XCTAssertTrue(h.list.singleClickActivate)
            XCTAssertEqual(notified, 1)
            h.list.singleClickActivate = true
            XCTAssertEqual(notified, 1, "set to what it is: no notification")

            let row28 = try Self.point(onRow: 28, of: h.list)
            input.point(at: row28.x, row28.y)
            Self.waitForOpened(2, h.opened, what: "a single click on row 28")
            XCTAssertEqual(h.opened.signalled, [0, 2])
            XCTAssertEqual(h.opened.handled.last?.id, 28)
            // A double click then opens the row once: its second click opens nothing more.
            let row29 = try Self.point(onRow: 29, of: h.list)
            input.doubleClick(at: row29.x, row29.y)
            Self.waitForOpened(3, h.opened, what: "a double click on row 29 with single-click-activate")
            Self.settle(h.list)
            XCTAssertEqual(h.opened.signalled, [0, 2, 1], "row 29 opened once")

            // The button inside row 27 is the button's: it clicks, the row does not open.
            let row27 = try XCTUnwrap(Self.shownRowWidget("row 27", of: h.list))
            let button = try XCTUnwrap(descendant(of: row27, withClass: "like"))
            let buttonTop = screenTop(of: button, in: h.list)
            var buttonLeft = graphene_point_t()
            var origin = graphene_point_t(x: 0, y: 0)
            _ = withUnsafePointer(to: &origin) { gtk_widget_compute_point(button, h.list.widget, $0, &buttonLeft) }
            let buttonPoint = (
                x: Int(buttonLeft.x) + Int(gtk_widget_get_width(button)) / 2,
                y: Int(buttonTop) + Int(gtk_widget_get_height(button)) / 2
            )
            // GTK finds the button there (the rows laid out where they were measured).
            GtkTest.wait(
                "the button under (\(buttonPoint.x), \(buttonPoint.y)): \(Self.picked(at: buttonPoint, in: h.list))"
            ) {
                Self.picked(at: buttonPoint, in: h.list).contains("like")
            }
            input.point(at: buttonPoint.x, buttonPoint.y)
            GtkTest.wait(
                "the row's button clicked (under the pointer: \(Self.picked(at: buttonPoint, in: h.list)), rows opened \(h.opened.signalled))"
            ) { h.opened.buttonClicks == 1 }
            Self.settle(h.list)
            XCTAssertEqual(h.opened.signalled.count, 3, "a click on a button inside a row does not open the row")

            // The footer ("no more items") below the last row is not a row.
            let adjustment = verticalAdjustment(h.list)
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            let footer = try XCTUnwrap(descendant(of: h.list.widget, withClass: "refresh-footer"))
            GtkTest.wait("the footer on screen") {
                gtk_widget_get_mapped(footer) != 0
                    && screenTop(of: footer, in: h.list) + Double(gtk_widget_get_height(footer))
                        <= Double(gtk_widget_get_height(h.list.widget))
            }
            input.point(at: 20, Int(screenTop(of: footer, in: h.list)) + Int(gtk_widget_get_height(footer)) / 2)
            Self.settle(h.list)
            XCTAssertEqual(h.opened.signalled.count, 3, "a click on the footer opens nothing")
            XCTAssertEqual(h.opened.handled.count, 3)
        }
    }

    func testATapOnARowOpensItAndATouchScrollDoesNot() throws {
        try onMainActor {
            let h = try Self.harness(title: "activation-tap")
            defer { GtkTest.destroy(h.window) }
            // The test's own handlers hold the list: let go first, whatever ends the test.
            defer { h.connections.disconnectAll() }
            let input = try RealInputs.touchscreen(
                window: h.window, target: h.list.widget, windowTitle: "activation-tap")
            let row29 = try Self.point(onRow: 29, of: h.list)
            try input.touchDown(at: row29.x, row29.y)
            try input.touchUp()
            Self.waitForOpened(1, h.opened, what: "a tap on row 29")
            XCTAssertEqual(h.opened.signalled, [1])
            XCTAssertEqual(h.opened.handled.first?.id, 29)
            // A pan up the list scrolls it and opens nothing.
            try input.touchDown(at: 180, 300)
            for step in 1...10 { try input.touchMove(to: 180, 300 - step * 20) }
            try input.touchUp()
            Self.settle(h.list)
            XCTAssertGreaterThan(gtk_adjustment_get_value(verticalAdjustment(h.list)), 0, "the pan scrolled")
            XCTAssertEqual(h.opened.signalled.count, 1, "a touch scroll opens nothing")
        }
    }
}
