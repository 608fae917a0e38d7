// A timeline as a C, Python or Vala app builds it on the GObject face: paging by cursor (the
// requests carry a kind and the key of the row they are relative to), a stream's rows received
// for the top (counted in `new-above` while the reader is below), rows inserted, updated and
// removed by key, the app's own counted words, and what the list is (construct-only) refused by
// GObject once it was made. Only the C API, the `model` property, the widget tree and real input
// are used.

import CGtk
import Foundation
import GtkInterop
import GtkRefreshList
import ListProbe
import WaylandSupport
import XCTest

/// `call` given a new GtkStringObject for `text` (the list takes a reference of its own if it
/// keeps it), and its answer.
private func with<Result>(_ text: String, _ call: (gpointer) -> Result) -> Result {
    let made = gpointer(gtk_string_object_new(text)!)
    defer { g_object_unref(made) }
    return call(made)
}

/// Sets an enum property by its nick, as a `.ui` file or a Python keyword argument does.
@MainActor
private func setEnum(_ name: String, _ nick: String, on widget: UnsafeMutablePointer<GtkWidget>) {
    let spec = g_object_class_find_property(
        g_type_class_peek(refreshListGetType()).assumingMemoryBound(to: GObjectClass.self), name)!
    let enumClass = g_type_class_ref(spec.pointee.value_type)!
    defer { g_type_class_unref(enumClass) }
    let number = g_enum_get_value_by_nick(enumClass.assumingMemoryBound(to: GEnumClass.self), nick)!.pointee.value
    var value = GValue()
    g_value_init(&value, spec.pointee.value_type)
    g_value_set_enum(&value, number)
    g_object_set_property(cast(widget), name, &value)
    g_value_unset(&value)
}

/// The kind of `request` by its nick, as `RefreshRequest:kind` gives it.
@MainActor
private func kind(_ request: UnsafeMutableRawPointer) -> String { PropertyLog.read("kind", of: request) }

/// The cursor of `request`, as `refresh_request_get_cursor` gives it.
@MainActor
private func cursor(_ request: UnsafeMutableRawPointer) -> String? {
    refreshRequestGetCursor(request).map { String(cString: $0) }
}

final class ObjectCursorTests: XCTestCase {
    func testACursorListAsksByKeyReceivesAStreamAndEditsRowsByKey() throws {
        try onMainActor {
            let app = ObjectApp(made: [("paging", .nick("cursor"))])
            defer { app.release() }
            XCTAssertEqual(PropertyLog.read("paging", of: app.widget), "cursor")
            refreshListSetPageSize(app.widget, 20)
            refreshListSetCountedText(app.widget, 0, "%d new post", "%d new posts", nil)
            let criticals = CriticalLog()
            defer { criticals.stop() }
            let window = GtkTest.window(app.widget, width: 360, height: 300)
            gtk_window_set_title(window.as(GtkWindow.self), "object-cursor")
            defer { GtkTest.destroy(window) }

            // The first load: the newest rows, no cursor, no page number.
            GtkTest.wait("a refresh signal") { app.refreshes.count == 1 }
            XCTAssertEqual(kind(app.refreshes[0]), "newest")
            XCTAssertNil(cursor(app.refreshes[0]))
            XCTAssertEqual(refreshRequestGetPage(app.refreshes[0]), 0)
            XCTAssertEqual(PropertyLog.read("started", of: app.widget), "true")
            finish(app.refreshes[0], posts(1...20), hasMore: true)
            GtkTest.wait("the first page shown (\(app.rows.count) rows)") { app.rows == posts(1...20) }

            // The end reached by the wheel: the rows older than the last one shown.
            let input = try RealInputs.make(window: window, target: app.widget, windowTitle: "object-cursor")
            input.point(at: 180, 150)
            for _ in 0..<10 where app.loads.isEmpty {
                input.wheel(up: false, count: 8, delayMs: InputPace.spinNotchMs)
            }
            GtkTest.wait("a load-more signal") { app.loads.count == 1 }
            XCTAssertEqual(kind(app.loads[0]), "older")
            XCTAssertEqual(cursor(app.loads[0]), "post 20")
            finish(app.loads[0], posts(21...40), hasMore: false)
            GtkTest.wait("the older rows appended (\(app.rows.count))") { app.rows == posts(1...40) }

            // Below the top, a stream's rows wait, go in above the view and count in the pill,
            // in the app's words. (The wheel brings the view down first: where the last notches
            // left it differs between display servers.)
            let scroller = try XCTUnwrap(descendant(of: app.widget, named: "scrolledwindow"))
            let adjustment = gtk_scrolled_window_get_vadjustment(scroller.opaque)!
            for _ in 0..<10 where gtk_adjustment_get_value(adjustment) <= 150 {
                input.wheel(up: false, count: 4, delayMs: InputPace.spinNotchMs)
                GtkTest.frames(2, of: app.widget)
            }
            GtkTest.wait("the view down the list (offset \(gtk_adjustment_get_value(adjustment)))") {
                gtk_adjustment_get_value(adjustment) > 150
                    && PropertyLog.read("footer-state", of: app.widget) != "loading"
            }
            XCTAssertEqual(with("post 0") { refreshListReceive(app.widget, $0) }, 1)
            XCTAssertEqual(with("post -1") { refreshListReceive(app.widget, $0) }, 1)
            GtkTest.wait(
                "the received rows counted above the view (new-above \(PropertyLog.read("new-above", of: app.widget)))"
            ) {
                PropertyLog.read("new-above", of: app.widget) == "2"
            }
            XCTAssertEqual(Array(app.rows.prefix(2)), ["post -1", "post 0"], "the newest received first")
            GtkTest.wait("the pill says \"2 new posts\" (\(labelTexts(in: app.widget).suffix(3)))") {
                labelTexts(in: app.widget).contains("2 new posts")
            }
            XCTAssertEqual(criticals.messages, [])

            // A row shown already is refused, with a critical; so is an object of another type.
            XCTAssertEqual(with("post 3") { refreshListReceive(app.widget, $0) }, 0)
            XCTAssertTrue(criticals.messages.last?.contains("shown or waits already") == true, "\(criticals.messages)")
            let label = gtk_label_new("not a row")!
            g_object_ref_sink(gpointer(label))
            XCTAssertEqual(refreshListInsert(app.widget, gpointer(label), 0), 0)
            g_object_unref(gpointer(label))
            XCTAssertTrue(criticals.messages.last?.contains("item-type") == true, "\(criticals.messages)")
            XCTAssertEqual(criticals.messages.count, 2)

            // Edited by key: an update keeps the row's place, a removal takes it out, a key no
            // row has changes nothing and is no error (a stream deletes rows the list let go).
            let newer = gpointer(gtk_string_object_new("post 5")!)
            defer { g_object_unref(newer) }
            XCTAssertEqual(refreshListUpdate(app.widget, newer), 1)
            let position = try XCTUnwrap(app.rows.firstIndex(of: "post 5"))
            let shown = g_list_model_get_item(app.model, guint(position))!
            XCTAssertEqual(shown, newer, "the row with the key is the new object")
            g_object_unref(shown)
            XCTAssertEqual(refreshListRemove(app.widget, "post 6"), 1)
            XCTAssertFalse(app.rows.contains("post 6"))
            let rowsBefore = app.rows
            XCTAssertEqual(refreshListRemove(app.widget, "post 600"), 0)
            XCTAssertEqual(refreshListRemove(app.widget, "post 6"), 0, "removed already")
            let unknown = gpointer(gtk_string_object_new("post 601")!)
            XCTAssertEqual(refreshListUpdate(app.widget, unknown), 0)
            g_object_unref(unknown)
            XCTAssertEqual(app.rows, rowsBefore, "nothing changed")
            XCTAssertEqual(criticals.messages.count, 2, "no critical for a key no row has: \(criticals.messages)")
            XCTAssertEqual(with("post 40.5") { refreshListInsert(app.widget, $0, 999) }, 1)
            XCTAssertEqual(app.rows.last, "post 40.5", "a position past the end is last")

            // What the list is was given when it was made (construct-only): GObject itself refuses
            // it afterwards, with its own message (a warning in GLib 2.74), and nothing changes.
            let gobject = CriticalLog(
                level: GLogLevelFlags(G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue),
                domain: "GLib-GObject")
            defer { gobject.stop() }
            let placeKey = PropertyLog(app.widget, "place-key")
            defer { placeKey.stop() }
            var text = GValue()
            g_value_init(&text, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_STRING
            g_value_set_string(&text, "timeline")
            g_object_set_property(cast(app.widget), "place-key", &text)
            g_value_unset(&text)
            XCTAssertEqual(PropertyLog.read("place-key", of: app.widget), "nil")
            setEnum("paging", "pages", on: app.widget)
            XCTAssertEqual(PropertyLog.read("paging", of: app.widget), "cursor")
            XCTAssertEqual(
                gobject.messages.map { $0.contains("can't be set after construction") }, [true, true],
                "\(gobject.messages)")
            XCTAssertTrue(gobject.messages.first?.contains("construct property \"place-key\"") == true)
            XCTAssertTrue(gobject.messages.last?.contains("construct property \"paging\"") == true)
            XCTAssertEqual(placeKey.values, [], "not notified")
            XCTAssertEqual(criticals.messages.count, 2, "none of the widget's own: \(criticals.messages)")
        }
    }

    func testAListThatWaitsForStartAsksNothingUntilStarted() {
        onMainActor {
            let app = ObjectApp()
            defer { app.release() }
            refreshListSetStartsWhenShown(app.widget, 0)
            let started = PropertyLog(app.widget, "started")
            let window = GtkTest.window(app.widget, width: 360, height: 300)
            defer { GtkTest.destroy(window) }
            GtkTest.wait("the list on screen") { gtk_widget_get_mapped(app.widget) != 0 }
            GtkTest.frames(2, of: app.widget)
            XCTAssertEqual(app.refreshes.count, 0, "shown, it waits for start()")
            XCTAssertEqual(refreshListGetStarted(app.widget), 0)
            refreshListStart(app.widget)
            GtkTest.wait("a refresh signal once started") { app.refreshes.count == 1 }
            XCTAssertEqual(refreshListGetStarted(app.widget), 1)
            XCTAssertEqual(started.values, ["true"], "notified once, by pspec")
            refreshListStart(app.widget)
            XCTAssertEqual(app.refreshes.count, 1, "a second start does nothing")
        }
    }

    func testTheSettingsPropertiesRoundTripThroughTheirCAccessors() {
        onMainActor {
            let plain = refresh_list_new_pointer()
            g_object_ref_sink(plain)
            defer { g_object_unref(plain) }
            XCTAssertEqual(refreshListGetPullThreshold(plain), 64)
            XCTAssertEqual(refreshListGetPageSize(plain), 20)
            XCTAssertEqual(refreshListGetLoadMoreDistance(plain), -1)
            XCTAssertEqual(refreshListGetStartsWhenShown(plain), 1)
            XCTAssertNil(refreshListGetPlaceKey(plain))
            XCTAssertNil(refreshListGetLastUpdatedKey(plain))
            XCTAssertEqual(PropertyLog.read("paging", of: plain), "pages")
            // What the list is, given when it is made; read back through the getters.
            let widget = refreshListMade(with: [
                ("place-key", .text("timeline")), ("last-updated-key", .text("posts")), ("paging", .nick("cursor")),
            ])
            g_object_ref_sink(widget)
            defer { g_object_unref(widget) }
            XCTAssertEqual(refreshListGetPlaceKey(widget).map { String(cString: $0) }, "timeline")
            XCTAssertEqual(refreshListGetLastUpdatedKey(widget).map { String(cString: $0) }, "posts")
            XCTAssertEqual(refreshListGetPaging(widget), 1)
            // Construct-only in the class: GtkBuilder, Python and Vala give them at construction.
            let objectClass = g_type_class_peek(refreshListGetType()).assumingMemoryBound(to: GObjectClass.self)
            for name in ["item-type", "key-property", "paging", "place-key", "last-updated-key"] {
                let flags = g_object_class_find_property(objectClass, name)!.pointee.flags.rawValue
                XCTAssertNotEqual(flags & G_PARAM_CONSTRUCT_ONLY.rawValue, 0, name)
            }
            for name in ["pull-threshold", "page-size", "load-more-distance", "refresh-merge", "shortcut-scope"] {
                let flags = g_object_class_find_property(objectClass, name)!.pointee.flags.rawValue
                XCTAssertEqual(flags & G_PARAM_CONSTRUCT_ONLY.rawValue, 0, name)
                XCTAssertNotEqual(flags & G_PARAM_WRITABLE.rawValue, 0, name)
            }
            // The settings that tune it: set any time, notified once on a change.
            let logs = ["pull-threshold", "page-size", "load-more-distance"].map { PropertyLog(widget, $0) }
            refreshListSetPullThreshold(widget, 80)
            refreshListSetPullThreshold(widget, 80)
            refreshListSetPageSize(widget, 40)
            refreshListSetLoadMoreDistance(widget, 150)
            refreshListSetLoadMoreDistance(widget, -1)
            refreshListSetLoadMoreDistance(widget, -5)
            refreshListSetShortcutScope(widget, 1)
            XCTAssertEqual(refreshListGetPullThreshold(widget), 80)
            XCTAssertEqual(refreshListGetPageSize(widget), 40)
            XCTAssertEqual(refreshListGetLoadMoreDistance(widget), -1)
            XCTAssertEqual(PropertyLog.read("shortcut-scope", of: widget), "window")
            XCTAssertEqual(
                logs.map(\.values), [["80.0"], ["40"], ["150.0", "-1.0"]],
                "each notified once, on a change (any negative distance is the default's -1)")
            refreshListSetCountedText(widget, 2, "Refreshed, %d new post", "Refreshed, %d new posts", nil)
            let one = refreshListGetCountedText(widget, 2, 1)!
            let many = refreshListGetCountedText(widget, 2, 3)!
            XCTAssertEqual(String(cString: one), "Refreshed, 1 new post")
            XCTAssertEqual(String(cString: many), "Refreshed, 3 new posts")
            g_free(one)
            g_free(many)
        }
    }
}
