// The list as GTK knows it: a `RefreshList` widget type (CSS name `refreshlist`) with properties
// that follow what the header and footer show and notify each change once, built from a
// GtkBuilder `.ui` string by its type name, and a pull that moves the list by a translation at
// its own size. Read only through what an app has: GObject properties and signals, the widget
// tree and its allocations, real input.

import CGtk
import Foundation
import GtkRefreshList
import ListProbe
import RefreshEngine
import XCTest

/// Records every value a GObject property takes, as its `notify` signal reports it.
@MainActor
final class PropertyLog {
    let object: gpointer
    let name: String
    private(set) var values: [String] = []
    private var handler: gulong = 0

    init(_ object: gpointer, _ name: String) {
        self.object = object
        self.name = name
        let notified: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            guard let data else { return }
            MainActor.assumeIsolated {
                let log = Unmanaged<PropertyLog>.fromOpaque(data).takeUnretainedValue()
                log.values.append(log.read())
            }
        }
        handler = g_signal_connect_data(
            object, "notify::\(name)", unsafeBitCast(notified, to: GCallback.self),
            Unmanaged.passUnretained(self).toOpaque(), nil, G_CONNECT_DEFAULT)
    }

    /// The property's value now: an enum's nick, a boolean's "true"/"false", a number.
    func read() -> String { PropertyLog.read(name, of: object) }

    static func read(_ name: String, of object: gpointer) -> String {
        let spec = g_object_class_find_property(
            g_type_class_peek(typeOf(object)).assumingMemoryBound(to: GObjectClass.self), name)!
        var value = GValue()
        g_value_init(&value, spec.pointee.value_type)
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
        switch spec.pointee.value_type {
        case GType(5 << G_TYPE_FUNDAMENTAL_SHIFT): return g_value_get_boolean(&value) != 0 ? "true" : "false"
        case GType(6 << G_TYPE_FUNDAMENTAL_SHIFT): return String(g_value_get_int(&value))
        case GType(15 << G_TYPE_FUNDAMENTAL_SHIFT): return String(g_value_get_double(&value))
        case GType(16 << G_TYPE_FUNDAMENTAL_SHIFT):
            return g_value_get_string(&value).map { String(cString: $0) } ?? "nil"
        case g_gtype_get_type(): return String(cString: g_type_name(g_value_get_gtype(&value)))
        case let type
        where g_type_fundamental(type) == GType(20 << G_TYPE_FUNDAMENTAL_SHIFT)
            || g_type_fundamental(type) == GType(2 << G_TYPE_FUNDAMENTAL_SHIFT):
            // An object (or an interface): its type's name.
            return g_value_get_object(&value).map { String(cString: g_type_name(typeOf($0))) } ?? "nil"
        default:
            let enumClass = g_type_class_ref(spec.pointee.value_type)!.assumingMemoryBound(to: GEnumClass.self)
            defer { g_type_class_unref(enumClass) }
            return g_enum_get_value(enumClass, g_value_get_enum(&value)).map { String(cString: $0.pointee.value_nick) }
                ?? "?"
        }
    }

    func stop() { g_signal_handler_disconnect(object, handler) }
}

/// A GtkBuilder over `ui` (registering `RefreshList` first) and its widgets by id; the caller
/// releases the builder.
@MainActor
func build(_ ui: String) -> (builder: OpaquePointer, widget: (String) -> UnsafeMutablePointer<GtkWidget>) {
    _ = refreshListGetType()
    let builder = gtk_builder_new_from_string(ui, -1)!
    return (
        builder,
        { UnsafeMutableRawPointer(gtk_builder_get_object(builder, $0)!).assumingMemoryBound(to: GtkWidget.self) }
    )
}

/// Sets a boolean GObject property as a binding or a `.ui` file would.
@MainActor
func setBoolean(_ name: String, _ flag: Bool, on object: gpointer) {
    var value = GValue()
    g_value_init(&value, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))
    g_value_set_boolean(&value, flag ? 1 : 0)
    g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &value)
    g_value_unset(&value)
}

/// Sets the integer property `name` of `object`, as a binding would.
@MainActor
func setInteger(_ name: String, _ number: Int32, on object: gpointer) {
    var value = GValue()
    g_value_init(&value, GType(6 << G_TYPE_FUNDAMENTAL_SHIFT))
    g_value_set_int(&value, number)
    g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &value)
    g_value_unset(&value)
}

final class WidgetTypeTests: XCTestCase {
    func testMaxRowsIsAPropertyThatAUIFileSetsAndABindingChangesNotifiedOnce() throws {
        try onMainActor {
            // A list of its own: its configuration's bound replaces the default, notified.
            let own = try GtkTest.makeList()
            g_object_ref_sink(own.widget)
            defer { g_object_unref(own.widget) }
            XCTAssertEqual(PropertyLog.read("max-rows", of: UnsafeMutableRawPointer(own.widget)), "1000")
            XCTAssertEqual(own.maximumRows, 1_000, "the default")

            let (builder, widgetNamed) = build(
                """
                <interface>
                  <object class="RefreshList" id="list">
                    <property name="max-rows">80</property>
                  </object>
                </interface>
                """)
            defer { g_object_unref(gpointer(builder)) }
            let widget = widgetNamed("list")
            let object = UnsafeMutableRawPointer(widget)
            XCTAssertEqual(PropertyLog.read("max-rows", of: object), "80")
            let log = PropertyLog(object, "max-rows")
            defer { log.stop() }
            // What the .ui file set wins over the configuration, and is no change.
            let list = try GtkTest.makeList(on: widget) { $0.maximumRows = 500 }
            XCTAssertEqual(list.maximumRows, 80)
            XCTAssertEqual(log.values, [], "the value the .ui file set is no change")
            setInteger("max-rows", 0, on: object)
            XCTAssertEqual(list.maximumRows, 0, "0: unbounded")
            setInteger("max-rows", 0, on: object)
            XCTAssertEqual(log.values, ["0"], "a value set again is no change")
            list.maximumRows = 200
            XCTAssertEqual(log.values, ["0", "200"], "a change from Swift is notified too")
            XCTAssertEqual(PropertyLog.read("max-rows", of: object), "200")
        }
    }

    func testGtkKnowsTheWidgetByItsTypeCSSNameAndProperties() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            g_object_ref_sink(list.widget)
            defer { g_object_unref(list.widget) }
            let type = typeOf(UnsafeMutableRawPointer(list.widget))
            XCTAssertEqual(String(cString: g_type_name(type)), "RefreshList")
            XCTAssertEqual(type, refreshListGetType())
            XCTAssertNotEqual(g_type_is_a(type, gtk_widget_get_type()), 0, "a GtkWidget")
            XCTAssertEqual(String(cString: gtk_widget_get_css_name(list.widget)), "refreshlist")
            let object = UnsafeMutableRawPointer(list.widget)
            XCTAssertEqual(PropertyLog.read("header-state", of: object), "idle")
            XCTAssertEqual(PropertyLog.read("footer-state", of: object), "hidden")
            XCTAssertEqual(PropertyLog.read("refreshing", of: object), "false")
            XCTAssertEqual(PropertyLog.read("header-hidden", of: object), "false")
            XCTAssertEqual(PropertyLog.read("footer-hidden", of: object), "false")
            XCTAssertEqual(PropertyLog.read("pull-threshold", of: object), "64.0")
            XCTAssertEqual(String(cString: g_type_name(refreshHeaderStateGetType())), "RefreshHeaderState")
            XCTAssertEqual(String(cString: g_type_name(refreshFooterStateGetType())), "RefreshFooterState")
        }
    }

    func testPropertiesFollowWhatTheListShowsAndNotifyEachChangeOnce() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            list.onRefresh { page(number: 1, hasMore: false) }
            let window = GtkTest.window(list.widget)
            defer { GtkTest.destroy(window) }
            let object = UnsafeMutableRawPointer(list.widget)
            let header = PropertyLog(object, "header-state")
            let footer = PropertyLog(object, "footer-state")
            let refreshing = PropertyLog(object, "refreshing")
            let hidden = PropertyLog(object, "header-hidden")
            defer { [header, footer, refreshing, hidden].forEach { $0.stop() } }
            list.start()
            GtkTest.wait("the first refresh over and the header idle (header-state went \(header.values))") {
                header.values.last == "idle" && list.items.count == 20
            }
            XCTAssertEqual(header.values, ["refreshing", "succeeded", "idle"])
            XCTAssertEqual(refreshing.values, ["true", "false"])
            XCTAssertEqual(footer.values, ["exhausted"], "twenty rows and no more: the feed ended")
            // Set as a binding would: the list takes it, and says so once.
            setBoolean("header-hidden", true, on: object)
            XCTAssertTrue(list.isHeaderHidden)
            setBoolean("header-hidden", true, on: object)
            XCTAssertEqual(hidden.values, ["true"], "a value set again is no change")
            list.isHeaderHidden = false
            XCTAssertEqual(hidden.values, ["true", "false"], "a change from Swift is notified too")
        }
    }

    func testAUIStringBuildsARefreshListThatAListThenDrives() throws {
        try onMainActor {
            let (builder, widgetNamed) = build(
                """
                <interface>
                  <object class="GtkWindow" id="window">
                    <property name="default-width">400</property>
                    <property name="default-height">500</property>
                    <child>
                      <object class="RefreshList" id="list">
                        <property name="footer-hidden">true</property>
                        <style><class name="feed"/></style>
                      </object>
                    </child>
                  </object>
                </interface>
                """)
            defer { g_object_unref(gpointer(builder)) }
            let widget = widgetNamed("list")
            XCTAssertEqual(String(cString: g_type_name(typeOf(UnsafeMutableRawPointer(widget)))), "RefreshList")
            XCTAssertEqual(PropertyLog.read("footer-hidden", of: UnsafeMutableRawPointer(widget)), "true")
            let threshold = PropertyLog(widget, "pull-threshold")
            defer { threshold.stop() }
            let list = try GtkTest.makeList(on: widget) {
                $0.startsWhenShown = true
                $0.engine.pullThreshold = 80
            }
            XCTAssertEqual(list.widget, widget, "the list drives the widget the .ui file made")
            XCTAssertEqual(threshold.values, ["80.0"], "the list's threshold replaces the default, notified")
            XCTAssertTrue(list.isFooterHidden, "and keeps what the .ui file set")
            XCTAssertNotEqual(gtk_widget_has_css_class(widget, "feed"), 0)
            list.onRefresh { page(number: 1, hasMore: true) }
            let window = widgetNamed("window")
            GtkTest.show(window, holding: widget)
            defer { GtkTest.destroy(window) }
            // Shown for the first time, it asks for its first refresh by itself.
            GtkTest.wait("the first refresh's rows in (\(list.items.count) rows, header \(list.state.header.state))") {
                list.items.count == 20 && list.state.header.state == .idle
            }
            XCTAssertEqual(list.state.footer, .hidden, "the footer stays hidden, as the .ui file said")
        }
    }

    func testAListMadeOnAWidgetAlreadyOnScreenStartsByItself() throws {
        try onMainActor {
            let (builder, widgetNamed) = build(
                """
                <interface>
                  <object class="GtkWindow" id="window">
                    <property name="default-width">400</property>
                    <property name="default-height">500</property>
                    <child><object class="RefreshList" id="list"/></child>
                  </object>
                </interface>
                """)
            defer { g_object_unref(gpointer(builder)) }
            let (widget, window) = (widgetNamed("list"), widgetNamed("window"))
            // The window is on screen before any list drives the widget: no map signal will come.
            GtkTest.show(window, holding: widget)
            defer { GtkTest.destroy(window) }
            let list = try GtkTest.makeList(on: widget) { $0.startsWhenShown = true }
            XCTAssertEqual(list.widget, widget)
            list.onRefresh { page(number: 1, hasMore: false) }  // given after the list is made
            GtkTest.wait("the first refresh's rows in (\(list.items.count) rows, header \(list.state.header.state))") {
                list.items.count == 20 && list.state.header.state == .idle
            }
            XCTAssertGreaterThan(gtk_widget_get_height(list.widget), 0)
        }
    }

    func testAPullMovesTheListAtItsOwnSizeAndARefreshGivesItTheRoomBack() throws {
        try onMainActor {
            let list = try GtkTest.makeList {
                $0.engine = try! RefreshConfiguration(minimumSpinnerTime: 800, resultDisplayTime: 300, pageSize: 20)
            }
            list.onRefresh { page(1...20, hasMore: true) }
            list.onLoadMore { number in page(number: number, hasMore: true) }
            let title = "pull-by-allocation"
            let window = GtkTest.window(list.widget, width: 360, height: 420)
            defer { GtkTest.destroy(window) }
            gtk_window_set_title(window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 }, title)
            list.start()
            GtkTest.wait("the first refresh over") { list.state.header.state == .idle && list.state.inFlight == nil }
            // The widget's children, as GTK Inspector shows them: the header, then the list (then
            // the "N new" pill, drawn over them).
            let header = gtk_widget_get_first_child(list.widget)!
            let rows = gtk_widget_get_next_sibling(header)!
            let fullHeight = gtk_widget_get_height(list.widget)
            let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(rows))!
            struct Frame: Equatable {
                var state: HeaderState, header: Int32, listHeight: Int32, listTop: Float
            }
            var frames: [Frame] = []
            GtkTest.watch(of: window).afterPaint = {
                var top = graphene_point_t(x: 0, y: 0)
                var origin = graphene_point_t(x: 0, y: 0)
                _ = gtk_widget_compute_point(rows, list.widget, &origin, &top)
                frames.append(
                    Frame(
                        state: list.state.header.state, header: gtk_widget_get_height(header),
                        listHeight: gtk_widget_get_height(rows), listTop: top.y))
            }
            let input = try RealInputs.make(window: window, target: list.widget, windowTitle: title)
            let watch = GtkTest.watch(of: window)
            var pageSize: PropertyLog
            var attempt = 0
            while true {
                attempt += 1
                // The press must land on the rows, not on the header still sliding shut over them.
                GtkTest.wait("the header closed on screen and the list at the widget's full height") {
                    gtk_widget_get_height(header) == 0 && gtk_widget_get_height(rows) == fullHeight
                }
                let reshownBefore = watch.reshown
                pageSize = PropertyLog(gpointer(adjustment), "page-size")
                frames = []
                input.press(at: 180, 60)
                for y in stride(from: 70, through: 190, by: 10) {
                    input.move(to: 180, y)
                    GtkTest.frames(of: list.widget)
                }
                if watch.reshown == reshownBefore || attempt == 3 { break }
                // The window was shown again during the pull (FrameWatch: a Wayland frame GTK never
                // committed), and GTK laid it out afresh: what was measured is that, not the pull.
                // Let go, let the refresh end, and pull again.
                pageSize.stop()
                input.release()
                GtkTest.wait("the refresh of a pull measured across a re-show over") {
                    list.state.header.state == .idle && list.state.inFlight == nil
                }
            }
            defer { pageSize.stop() }
            let pulled = frames.filter { $0.state == .pulling || $0.state == .armed }
            XCTAssertGreaterThanOrEqual(Set(pulled.map(\.header)).count, 5, "the header opened step by step: \(pulled)")
            for frame in pulled {
                XCTAssertEqual(frame.listHeight, fullHeight, "the list keeps its size while pulled: \(frame)")
                XCTAssertEqual(frame.listTop, Float(frame.header), "and sits right under the header: \(frame)")
            }
            XCTAssertEqual(pageSize.values, [], "a pull never lays the list out again")
            input.release()
            GtkTest.wait("the refreshing header resting open, the list below it (frames \(frames.suffix(3)))") {
                frames.last.map { $0.state == .refreshing && $0.header == 64 && $0.listHeight == fullHeight - 64 }
                    == true
            }
            XCTAssertEqual(frames.last?.listTop, 64)
            GtkTest.wait("the header closed and the list at full height again (frames \(frames.suffix(3)))") {
                frames.last.map {
                    $0.state == .idle && $0.header == 0 && $0.listHeight == fullHeight && $0.listTop == 0
                }
                    == true
            }
        }
    }

    func testTheWidgetOwnsItsListOnceTheSwiftFaceIsDroppedThenGoesWithItsWindow() throws {
        try onMainActor {
            weak var weakFace: RefreshList<Row>?
            let rootsBefore = Finalized.rootsFinalized
            let finalizedBefore = Finalized.finalizedCount
            let window: UnsafeMutablePointer<GtkWidget>
            let widget: UnsafeMutablePointer<GtkWidget>
            do {
                let list = try GtkTest.makeList { $0.startsWhenShown = true }
                list.onRefresh { page(number: 1, hasMore: false) }
                weakFace = list
                widget = list.widget
                Finalized.watchRoot(widget.raw)
                window = GtkTest.window(list.widget)
            }
            XCTAssertNil(weakFace, "the Swift face holds nothing the widget needs: it goes with its scope")
            // The list lives in the widget: it starts when shown and its rows are the `model`.
            var value = GValue()
            g_value_init(&value, g_list_model_get_type())
            let object = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
            g_object_get_property(object, "model", &value)
            let model = OpaquePointer(g_value_get_object(&value))!
            g_object_ref(gpointer(model))
            g_value_unset(&value)
            GtkTest.wait("the first refresh in, with nothing but the widget holding the list") {
                g_list_model_get_n_items(model) == 20
            }
            Finalized.watch(gpointer(gtk_map_list_model_get_model(model)!))  // the list's own rows
            g_object_unref(gpointer(model))
            GtkTest.destroy(window)
            GtkTest.wait("the widget and its rows gone once the window is destroyed") {
                Finalized.rootsFinalized - rootsBefore == 1 && Finalized.finalizedCount == finalizedBefore + 1
            }
        }
    }
}
