// The list as an app in C, Python or Vala uses it: a `RefreshList` made with
// `refresh_list_new()`, given a GtkSignalListItemFactory and a key property, asking for rows with
// its `refresh` and `load-more` signals, answered through `RefreshRequest`s with the app's own
// objects (GtkStringObjects here), the rows read back through the `model` property and the
// labels the factory made. Only the C API, the widget tree and real input are used.

import CGtk
import Foundation
import GtkInterop
import GtkRefreshList
import WaylandSupport
import XCTest

/// The app's side: the requests its `refresh` and `load-more` handlers were given (each held,
/// as an app that answers later holds it), and the `cancelled` signals heard.
@MainActor
final class ObjectApp {
    let widget: UnsafeMutablePointer<GtkWidget>
    private(set) var refreshes: [UnsafeMutableRawPointer] = []
    private(set) var loads: [UnsafeMutableRawPointer] = []
    var cancelled: [UnsafeMutableRawPointer] = []

    /// An app whose list is made with `itemType`, `key` and what `made` gives (construct-only
    /// properties: what the list is), as `g_object_new` makes it in C.
    init(
        itemType: GType = gtk_string_object_get_type(), key: String? = "string", withFactory: Bool = true,
        made: [(String, ConstructValue)] = []
    ) {
        widget = refreshListMade(with: [("item-type", .type(itemType)), ("key-property", .text(key))] + made)
        g_object_ref_sink(widget)
        if withFactory { setFactory() }
        let asked: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, request, data in
            guard let request, let data else { return }
            MainActor.assumeIsolated {
                let app = Unmanaged<ObjectApp>.fromOpaque(data).takeUnretainedValue()
                g_object_ref(request)
                // A refresh (page 1), or a cursor list's newest rows or saved place.
                if [0, 3].contains(refreshRequestGetKind(request)) {
                    app.refreshes.append(request)
                } else {
                    app.loads.append(request)
                }
                let heard: @convention(c) (gpointer?, gpointer?) -> Void = { request, data in
                    guard let request, let data else { return }
                    MainActor.assumeIsolated {
                        Unmanaged<ObjectApp>.fromOpaque(data).takeUnretainedValue().cancelled.append(request)
                    }
                }
                g_signal_connect_data(
                    request, "cancelled", unsafeBitCast(heard, to: GCallback.self), data, nil, G_CONNECT_DEFAULT)
            }
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        for signal in ["refresh", "load-more"] {
            g_signal_connect_data(widget, signal, unsafeBitCast(asked, to: GCallback.self), me, nil, G_CONNECT_DEFAULT)
        }
    }

    /// Gives the widget a GtkSignalListItemFactory whose rows are labels showing each object's
    /// string.
    func setFactory() {
        let factory = gtk_signal_list_item_factory_new()!
        let setup: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, item, _ in
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_list_item_set_child(item, label)
        }
        let bind: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, item, _ in
            guard let label = gtk_list_item_get_child(item), let object = gtk_list_item_get_item(item) else { return }
            gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(object)))
        }
        g_signal_connect_data(
            gpointer(factory), "setup", unsafeBitCast(setup, to: GCallback.self), nil, nil, G_CONNECT_DEFAULT)
        g_signal_connect_data(
            gpointer(factory), "bind", unsafeBitCast(bind, to: GCallback.self), nil, nil, G_CONNECT_DEFAULT)
        setObject("factory", gpointer(factory))
        g_object_unref(gpointer(factory))
    }

    private var holdsWidget = true

    /// Lets the widget go (it goes once no window holds it either).
    func dropWidget() {
        guard holdsWidget else { return }
        holdsWidget = false
        g_object_unref(widget)
    }

    /// Lets the requests and the widget go.
    func release() {
        for request in refreshes + loads { g_object_unref(request) }
        refreshes = []
        loads = []
        dropWidget()
    }

    /// The rows the list shows, as the `model` property gives them.
    var model: OpaquePointer {
        var value = GValue()
        g_value_init(&value, g_list_model_get_type())
        g_object_get_property(cast(widget), "model", &value)
        let model = OpaquePointer(g_value_get_object(&value)!)
        g_value_unset(&value)
        return model
    }

    /// The model's rows' strings.
    var rows: [String] {
        (0..<g_list_model_get_n_items(model)).map { position in
            let item = g_list_model_get_item(model, position)!
            defer { g_object_unref(item) }
            return String(cString: gtk_string_object_get_string(OpaquePointer(item)))
        }
    }

    func setObject(_ name: String, _ object: gpointer?) {
        var value = GValue()
        let spec = g_object_class_find_property(
            g_type_class_peek(refreshListGetType()).assumingMemoryBound(to: GObjectClass.self), name)!
        g_value_init(&value, spec.pointee.value_type)
        g_value_set_object(&value, object)
        g_object_set_property(cast(widget), name, &value)
        g_value_unset(&value)
    }

}

/// A property's value given when a `RefreshList` is made.
enum ConstructValue {
    /// A GType (`item-type`).
    case type(GType)
    /// Text, or NULL (`key-property`, `place-key`, `last-updated-key`).
    case text(String?)
    /// An enum value by its nick (`paging`).
    case nick(String)
}

/// A new `RefreshList` made with `properties`, as `g_object_new (REFRESH_TYPE_LIST, name, value,
/// …, NULL)` makes it in C (and a `.ui` file or Python's keyword arguments): the way to give its
/// construct-only properties.
@MainActor
func refreshListMade(with properties: [(String, ConstructValue)]) -> UnsafeMutablePointer<GtkWidget> {
    let objectClass = g_type_class_ref(refreshListGetType())!.assumingMemoryBound(to: GObjectClass.self)
    defer { g_type_class_unref(objectClass) }
    var values = [GValue](repeating: GValue(), count: properties.count)
    for (index, (name, given)) in properties.enumerated() {
        let spec = g_object_class_find_property(objectClass, name)!
        g_value_init(&values[index], spec.pointee.value_type)
        switch given {
        case .type(let type): g_value_set_gtype(&values[index], type)
        case .text(let text): g_value_set_string(&values[index], text)
        case .nick(let nick):
            let enumClass = g_type_class_ref(spec.pointee.value_type)!
            defer { g_type_class_unref(enumClass) }
            let entry = g_enum_get_value_by_nick(enumClass.assumingMemoryBound(to: GEnumClass.self), nick)!
            g_value_set_enum(&values[index], entry.pointee.value)
        }
    }
    let names = properties.map { strdup($0.0) }
    defer { for name in names { free(name) } }
    var constNames = names.map { $0.map { UnsafePointer<CChar>($0) } }
    let object = g_object_new_with_properties(refreshListGetType(), guint(properties.count), &constNames, values)!
    for index in values.indices { g_value_unset(&values[index]) }
    return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
}

/// The scopes of the shortcut controllers on `widget` (the list's F5 and Ctrl+R).
@MainActor
func shortcutScopes(of widget: UnsafeMutablePointer<GtkWidget>) -> [GtkShortcutScope] {
    let controllers = gtk_widget_observe_controllers(widget)!
    defer { g_object_unref(gpointer(controllers)) }
    var scopes: [GtkShortcutScope] = []
    for position in 0..<g_list_model_get_n_items(controllers) {
        guard let controller = g_list_model_get_item(controllers, position) else { continue }
        defer { g_object_unref(controller) }
        if g_type_check_instance_is_a(cast(controller), gtk_shortcut_controller_get_type()) != 0 {
            scopes.append(gtk_shortcut_controller_get_scope(OpaquePointer(controller)))
        }
    }
    return scopes
}

/// `refresh_list_new()` as C calls it.
@MainActor
func refresh_list_new_pointer() -> UnsafeMutablePointer<GtkWidget> { refreshListNew() }

/// A GListStore of GtkStringObjects, one per text (the caller unrefs it).
func strings(_ texts: [String]) -> OpaquePointer {
    let store = g_list_store_new(gtk_string_object_get_type())!
    for text in texts {
        let object = gtk_string_object_new(text)!
        g_list_store_append(store, gpointer(object))
        g_object_unref(gpointer(object))
    }
    return store
}

/// `posts(1...20)`: "post 1" … "post 20".
func posts(_ range: ClosedRange<Int>) -> [String] { range.map { "post \($0)" } }

/// Answers `request` with `texts` as the app's objects.
@MainActor
func finish(_ request: UnsafeMutableRawPointer, _ texts: [String], hasMore: Bool) {
    let store = strings(texts)
    refreshRequestFinish(request, store, hasMore ? 1 : 0)
    g_object_unref(gpointer(store))
}

/// The texts of the labels shown in `widget`'s tree, in tree order.
@MainActor
func labelTexts(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
    var texts: [String] = []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        if g_type_check_instance_is_a(cast(current), gtk_label_get_type()) != 0, gtk_widget_get_mapped(current) != 0 {
            texts.append(String(cString: gtk_label_get_text(OpaquePointer(current))))
        }
        texts += labelTexts(in: current)
        child = gtk_widget_get_next_sibling(current)
    }
    return texts
}

/// The tooltips set in `widget`'s tree.
@MainActor
func tooltips(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
    var texts: [String] = []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        if let tooltip = gtk_widget_get_tooltip_text(current) { texts.append(String(cString: tooltip)) }
        texts += tooltips(in: current)
        child = gtk_widget_get_next_sibling(current)
    }
    return texts
}

/// GLib criticals (or the messages of another level) logged in the `RefreshList` domain while it
/// is installed.
@MainActor
final class CriticalLog {
    private(set) var messages: [String] = []
    private var handler: guint = 0

    /// The log domain heard: the widget's own, or another (GObject's, `GLib-GObject`).
    private let domain: String

    init(level: GLogLevelFlags = G_LOG_LEVEL_CRITICAL, domain: String = "RefreshList") {
        self.domain = domain
        let log: GLogFunc = { _, _, message, data in
            guard let data, let message else { return }
            let text = String(cString: message)
            MainActor.assumeIsolated {
                Unmanaged<CriticalLog>.fromOpaque(data).takeUnretainedValue().messages.append(text)
            }
        }
        handler = g_log_set_handler(
            domain, level, log,
            Unmanaged.passUnretained(self).toOpaque())
    }

    func stop() { g_log_remove_handler(domain, handler) }
}

final class ObjectListTests: XCTestCase {
    func testAGObjectAppGetsItsRowsThroughTheSignalsAndKeepsOneRowPerKey() throws {
        try onMainActor {
            let app = ObjectApp()
            defer { app.release() }
            let window = GtkTest.window(app.widget, width: 360, height: 300)
            gtk_window_set_title(window.as(GtkWindow.self), "object-list")
            defer { GtkTest.destroy(window) }
            // Shown with a factory, it asks for its first rows by itself, once.
            GtkTest.wait("a refresh signal") { app.refreshes.count == 1 }
            XCTAssertEqual(PropertyLog.read("refreshing", of: app.widget), "true")
            finish(app.refreshes[0], posts(1...20), hasMore: true)
            GtkTest.wait(
                "the first page shown (model \(app.rows.count) rows, labels \(labelTexts(in: app.widget).prefix(3)))"
            ) {
                app.rows.count == 20 && labelTexts(in: app.widget).contains("post 1")
            }
            XCTAssertEqual(app.rows, posts(1...20), "the model holds the app's rows in order")
            // Scrolled to the end by the wheel, it asks for the next page.
            let input = try RealInputs.make(window: window, target: app.widget, windowTitle: "object-list")
            input.point(at: 180, 150)
            for _ in 0..<10 where app.loads.isEmpty {
                input.wheel(up: false, count: 8, delayMs: InputPace.spinNotchMs)
            }
            GtkTest.wait("a load-more signal") { app.loads.count == 1 }
            XCTAssertEqual(refreshRequestGetPage(app.loads[0]), 2)
            XCTAssertEqual(PropertyLog.read("footer-state", of: app.widget), "loading")
            // Two rows the list shows already come again: kept once, by key.
            finish(app.loads[0], posts(19...40), hasMore: false)
            GtkTest.wait("the second page shown (\(app.rows.count) rows)") { app.rows.count == 40 }
            XCTAssertEqual(app.rows, posts(1...40))
            GtkTest.wait("the footer says no more (\(PropertyLog.read("footer-state", of: app.widget)))") {
                PropertyLog.read("footer-state", of: app.widget) == "exhausted"
            }
            XCTAssertEqual(app.cancelled, [], "nothing was cancelled")
        }
    }

    func testSettingsSetOnARunningListTakeEffectAtOnce() {
        onMainActor {
            let app = ObjectApp()
            defer { app.release() }
            let criticals = CriticalLog()
            defer { criticals.stop() }
            let window = GtkTest.window(app.widget, width: 360, height: 300)
            defer { GtkTest.destroy(window) }
            GtkTest.wait("a refresh signal") { app.refreshes.count == 1 }
            XCTAssertEqual(refreshRequestGetPageSize(app.refreshes[0]), 20, "the default page size")
            finish(app.refreshes[0], posts(1...40), hasMore: true)
            GtkTest.wait("the first rows shown (\(app.rows.count) rows)") { app.rows == posts(1...40) }
            GtkTest.wait("the refresh over (\(PropertyLog.read("header-state", of: app.widget)))") {
                PropertyLog.read("header-state", of: app.widget) == "idle"
            }

            // The page size, set on the running list: the next load-more asks for the new size.
            let pageSize = PropertyLog(app.widget, "page-size")
            defer { pageSize.stop() }
            refreshListSetPageSize(app.widget, 10)
            refreshListSetPageSize(app.widget, 10)
            XCTAssertEqual(pageSize.values, ["10"], "notified once, on the change")
            XCTAssertEqual(refreshListGetPageSize(app.widget), 10)
            XCTAssertEqual(app.loads.count, 0, "the end is far: nothing loads yet")
            XCTAssertEqual(gtk_widget_activate_action_variant(app.widget, "list.load-more", nil), 1, "Retry's action")
            GtkTest.wait("a load-more signal") { app.loads.count == 1 }
            XCTAssertEqual(refreshRequestGetPage(app.loads[0]), 2)
            XCTAssertEqual(refreshRequestGetPageSize(app.loads[0]), 10)
            XCTAssertEqual(PropertyLog.read("page-size", of: app.loads[0]), "10", "as its property says")
            finish(app.loads[0], posts(41...50), hasMore: true)
            GtkTest.wait("the second page shown (\(app.rows.count) rows)") { app.rows == posts(1...50) }
            GtkTest.wait("the footer idle") { PropertyLog.read("footer-state", of: app.widget) == "idle" }

            // A load-more distance longer than the list, set live: the next page loads at once.
            let distance = PropertyLog(app.widget, "load-more-distance")
            defer { distance.stop() }
            refreshListSetLoadMoreDistance(app.widget, 100_000)
            XCTAssertEqual(distance.values, ["100000.0"])
            GtkTest.wait("a load-more signal without scrolling") { app.loads.count == 2 }
            XCTAssertEqual(refreshRequestGetPage(app.loads[1]), 3)
            XCTAssertEqual(refreshRequestGetPageSize(app.loads[1]), 10)
            refreshListSetLoadMoreDistance(app.widget, -1)
            finish(app.loads[1], posts(51...60), hasMore: true)
            GtkTest.wait("the third page shown (\(app.rows.count) rows)") { app.rows == posts(1...60) }

            // The merge, set live: the next refresh puts its new rows on top of those shown.
            let merge = PropertyLog(app.widget, "refresh-merge")
            defer { merge.stop() }
            refreshListSetRefreshMerge(app.widget, 1)
            XCTAssertEqual(merge.values, ["prepend-new"])
            XCTAssertEqual(refreshListGetRefreshMerge(app.widget), 1)
            refreshListBeginRefresh(app.widget)
            GtkTest.wait("a second refresh signal") { app.refreshes.count == 2 }
            finish(app.refreshes[1], ["post 0", "post 1"], hasMore: true)
            GtkTest.wait("the new row on top of the others (\(app.rows.prefix(3)))") {
                app.rows == ["post 0"] + posts(1...60)
            }

            // The shortcuts' scope, set live: GTK's shortcut controller on the list follows it.
            XCTAssertEqual(shortcutScopes(of: app.widget), [GTK_SHORTCUT_SCOPE_LOCAL])
            refreshListSetShortcutScope(app.widget, 1)
            XCTAssertEqual(shortcutScopes(of: app.widget), [GTK_SHORTCUT_SCOPE_GLOBAL])
            XCTAssertEqual(PropertyLog.read("shortcut-scope", of: app.widget), "window")

            // The counted words, set live: read back at once.
            refreshListSetCountedText(app.widget, 0, "%d new post", "%d new posts", nil)
            let words = refreshListGetCountedText(app.widget, 0, 3)!
            XCTAssertEqual(String(cString: words), "3 new posts")
            g_free(words)
            XCTAssertEqual(criticals.messages, [], "nothing refused")
            XCTAssertEqual(app.cancelled, [], "nothing was cancelled")
        }
    }

    func testAFailedAnswerKeepsTheRowsAndSaysWhy() {
        onMainActor {
            let app = ObjectApp()
            defer { app.release() }
            let window = GtkTest.window(app.widget, width: 360, height: 300)
            defer { GtkTest.destroy(window) }
            GtkTest.wait("a refresh signal") { app.refreshes.count == 1 }
            finish(app.refreshes[0], posts(1...5), hasMore: false)
            GtkTest.wait("five rows") {
                app.rows.count == 5 && PropertyLog.read("header-state", of: app.widget) == "idle"
            }
            refreshListBeginRefresh(app.widget)
            GtkTest.wait("a second refresh signal") { app.refreshes.count == 2 }
            refreshRequestFail(app.refreshes[1], "the server is down")
            GtkTest.wait("the header says the refresh failed") {
                PropertyLog.read("header-state", of: app.widget) == "failed"
                    && labelTexts(in: app.widget).contains("Refresh failed")
            }
            XCTAssertTrue(tooltips(in: app.widget).contains("the server is down"), "the app's words on the header")
            XCTAssertEqual(app.rows, posts(1...5), "a failure keeps the rows")
        }
    }

    func testWrongAnswersGetACriticalAndChangeNothing() {
        onMainActor {
            let app = ObjectApp()
            defer { app.release() }
            let criticals = CriticalLog()
            defer { criticals.stop() }
            let window = GtkTest.window(app.widget, width: 360, height: 300)
            GtkTest.wait("a refresh signal") { app.refreshes.count == 1 }
            let request = app.refreshes[0]
            // Objects of another type than the list's item-type: refused, the request still open.
            let labels = g_list_store_new(gtk_widget_get_type())!
            refreshRequestFinish(request, labels, 0)
            g_object_unref(gpointer(labels))
            XCTAssertEqual(criticals.messages.count, 1, "\(criticals.messages)")
            XCTAssertTrue(criticals.messages.last?.contains("item-type") == true, "\(criticals.messages)")
            XCTAssertEqual(refreshRequestIsCancelled(request), 0)
            finish(request, posts(1...3), hasMore: false)
            GtkTest.wait("the answer given after the refused one shown") { app.rows == posts(1...3) }
            // Answered twice: a critical, the rows as they were.
            finish(request, posts(7...9), hasMore: false)
            XCTAssertEqual(criticals.messages.count, 2, "\(criticals.messages)")
            XCTAssertTrue(criticals.messages.last?.contains("answered already") == true, "\(criticals.messages)")
            // Not a request at all.
            refreshRequestFail(UnsafeMutableRawPointer(app.widget), "no")
            XCTAssertEqual(criticals.messages.count, 3, "\(criticals.messages)")
            GtkTest.wait("the header idle") { PropertyLog.read("header-state", of: app.widget) == "idle" }
            XCTAssertEqual(app.rows, posts(1...3))
            // The widget goes while a refresh waits: the app hears `cancelled`, and its late
            // answer is refused without a crash.
            refreshListBeginRefresh(app.widget)
            GtkTest.wait("a second refresh signal") { app.refreshes.count == 2 }
            app.dropWidget()
            GtkTest.destroy(window)
            XCTAssertEqual(app.cancelled, [app.refreshes[1]], "the waiting request was cancelled")
            XCTAssertEqual(refreshRequestIsCancelled(app.refreshes[1]), 1)
            finish(app.refreshes[1], posts(1...3), hasMore: false)
            XCTAssertEqual(criticals.messages.count, 4, "\(criticals.messages)")
            XCTAssertTrue(criticals.messages.last?.contains("stopped waiting") == true, "\(criticals.messages)")
        }
    }

    func testAListShownWithHandlersButNoFactorySaysSoOnceAndStartsWhenGivenOne() {
        onMainActor {
            let app = ObjectApp(withFactory: false)
            defer { app.release() }
            let warnings = CriticalLog(level: G_LOG_LEVEL_WARNING)
            defer { warnings.stop() }
            let window = GtkTest.window(app.widget, width: 360, height: 300)
            defer { GtkTest.destroy(window) }
            GtkTest.wait("a warning that the factory is missing (\(warnings.messages))") { !warnings.messages.isEmpty }
            XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
            XCTAssertTrue(warnings.messages[0].contains("factory"), warnings.messages[0])
            XCTAssertEqual(app.refreshes.count, 0, "nothing asked without a factory")
            // Hidden and shown again: not said twice.
            gtk_widget_set_visible(app.widget, 0)
            gtk_widget_set_visible(app.widget, 1)
            GtkTest.wait("the list shown again") { gtk_widget_get_mapped(app.widget) != 0 }
            XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
            // Given its factory, it starts as it would have.
            app.setFactory()
            GtkTest.wait("a refresh signal once the factory is set") { app.refreshes.count == 1 }
            finish(app.refreshes[0], posts(1...3), hasMore: false)
            GtkTest.wait("the rows shown (\(labelTexts(in: app.widget).prefix(3)))") {
                labelTexts(in: app.widget).contains("post 3")
            }
        }
    }

    func testAPrependingListPutsOnlyTheNewObjectsOnTop() {
        onMainActor {
            let app = ObjectApp()
            defer { app.release() }
            var merge = GValue()
            g_value_init(&merge, refreshMergeGetType())
            g_value_set_enum(&merge, 1)
            g_object_set_property(cast(app.widget), "refresh-merge", &merge)
            g_value_unset(&merge)
            let window = GtkTest.window(app.widget, width: 360, height: 300)
            defer { GtkTest.destroy(window) }
            GtkTest.wait("a refresh signal") { app.refreshes.count == 1 }
            finish(app.refreshes[0], posts(1...5), hasMore: false)
            GtkTest.wait("five rows") {
                app.rows.count == 5 && PropertyLog.read("header-state", of: app.widget) == "idle"
            }
            let first = g_list_model_get_item(app.model, 0)!
            defer { g_object_unref(first) }
            refreshListBeginRefresh(app.widget)
            GtkTest.wait("a second refresh signal") { app.refreshes.count == 2 }
            // Two new posts and two shown ones, as new objects with the same keys.
            finish(app.refreshes[1], ["post 0", "post -1", "post 1", "post 2"], hasMore: false)
            GtkTest.wait("the new rows on top (\(app.rows))") { app.rows.count == 7 }
            XCTAssertEqual(app.rows, ["post 0", "post -1"] + posts(1...5))
            let kept = g_list_model_get_item(app.model, 2)!
            defer { g_object_unref(kept) }
            XCTAssertEqual(kept, first, "a row shown already stays the object the app gave first")
        }
    }

    func testAUIFileDeclaresTheListWithItsGObjectProperties() {
        onMainActor {
            let (builder, widgetNamed) = build(
                """
                <interface>
                  <object class="RefreshList" id="list">
                    <property name="key-property">string</property>
                    <property name="refresh-merge">prepend-new</property>
                    <property name="item-type">GtkStringObject</property>
                    <property name="factory"><object class="GtkSignalListItemFactory"/></property>
                  </object>
                </interface>
                """)
            defer { g_object_unref(gpointer(builder)) }
            let widget = widgetNamed("list")
            XCTAssertEqual(PropertyLog.read("refresh-merge", of: widget), "prepend-new")
            XCTAssertEqual(PropertyLog.read("key-property", of: widget), "string")
            XCTAssertEqual(PropertyLog.read("item-type", of: widget), "GtkStringObject")
            XCTAssertEqual(PropertyLog.read("factory", of: widget), "GtkSignalListItemFactory")
        }
    }
}
