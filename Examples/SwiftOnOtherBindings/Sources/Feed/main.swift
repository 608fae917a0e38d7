// The small feed of Examples/c, Examples/python and Examples/vala, in Swift on the app's own GTK
// module: the installed library's C API, no Swift package of refresh-list. Prints what happens as
// JSON lines, for the test that runs it.

import CGtkApp

let pageSize = 20
let pages = 3

@MainActor
final class Feed {
    var newest = pageSize
    var refreshes = 0
    var failedOnce = false

    func page(_ number: Int) -> OpaquePointer {
        let store = g_list_store_new(gtk_string_object_get_type())!
        let top = newest - (number - 1) * pageSize
        let oldest = max(top - pageSize, newest - pages * pageSize)
        for post in stride(from: top, to: oldest, by: -1) {
            let item = gtk_string_object_new("Post \(post)")!
            g_list_store_append(store, gpointer(item))
            g_object_unref(gpointer(item))
        }
        return store
    }

    /// Answers `request` 300 ms from now, like a network; the third page fails once.
    func answerLater(_ request: OpaquePointer) {
        let pending = Pending(feed: self, request: request)
        g_object_ref(gpointer(request))
        g_timeout_add_full(
            G_PRIORITY_DEFAULT, 300,
            { data in
                let pending = Unmanaged<Pending>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { pending.answer() }
                return 0
            }, Unmanaged.passRetained(pending).toOpaque(),
            { data in Unmanaged<Pending>.fromOpaque(data!).release() })
    }
}

final class Pending {
    let feed: Feed
    let request: OpaquePointer

    init(feed: Feed, request: OpaquePointer) {
        self.feed = feed
        self.request = request
    }

    @MainActor
    func answer() {
        defer { g_object_unref(gpointer(request)) }
        guard refresh_request_is_cancelled(request) == 0 else { return }
        let number = Int(refresh_request_get_page(request))
        if number == pages && !feed.failedOnce {
            feed.failedOnce = true
            refresh_request_fail(request, "the server is busy")
        } else {
            let rows = feed.page(number)
            refresh_request_finish(request, rows, number < pages ? 1 : 0)
            g_object_unref(gpointer(rows))
        }
    }
}

/// Prints `line` at once (standard output is a pipe when a test reads it).
func say(_ line: String) {
    print(line)
    fflush(nil)
}

/// Connects `handler(instance, argument, data)` to `signal` (g_signal_connect is a C macro).
func connect(
    _ instance: gpointer, _ signal: String, _ data: gpointer?,
    _ handler: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
) {
    g_signal_connect_data(instance, signal, unsafeBitCast(handler, to: GCallback.self), data, nil, G_CONNECT_DEFAULT)
}

let feed = MainActor.assumeIsolated { Feed() }
let feedPointer = Unmanaged.passUnretained(feed).toOpaque()

let activate: @convention(c) (gpointer?, gpointer?) -> Void = { application, _ in
    MainActor.assumeIsolated {
        let factory = gtk_signal_list_item_factory_new()!
        connect(gpointer(factory), "setup", nil) { _, item, _ in
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_widget_set_margin_start(label, 12)
            gtk_widget_set_margin_top(label, 8)
            gtk_widget_set_margin_bottom(label, 8)
            gtk_list_item_set_child(OpaquePointer(item), label)
        }
        connect(gpointer(factory), "bind", nil) { _, item, _ in
            let listItem = OpaquePointer(item)
            let post = OpaquePointer(gtk_list_item_get_item(listItem))
            gtk_label_set_text(OpaquePointer(gtk_list_item_get_child(listItem)), gtk_string_object_get_string(post))
        }
        // The rows' key is given when the list is made (construct-only), with its factory.
        var values = [GValue](repeating: GValue(), count: 2)
        g_value_init(&values[0], gtk_list_item_factory_get_type())
        g_value_set_object(&values[0], gpointer(factory))
        g_value_init(&values[1], GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_STRING
        g_value_set_string(&values[1], "string")
        var names: [UnsafePointer<CChar>?] = [UnsafePointer(strdup("factory")), UnsafePointer(strdup("key-property"))]
        let list = UnsafeMutableRawPointer(
            g_object_new_with_properties(refresh_list_get_type(), 2, &names, values)!
        ).assumingMemoryBound(to: GtkWidget.self)
        for name in names { free(UnsafeMutableRawPointer(mutating: name)) }
        for index in values.indices { g_value_unset(&values[index]) }
        g_object_unref(gpointer(factory))
        connect(gpointer(list), "refresh", feedPointer) { _, request, data in
            MainActor.assumeIsolated {
                let feed = Unmanaged<Feed>.fromOpaque(data!).takeUnretainedValue()
                feed.refreshes += 1
                if feed.refreshes > 1 { feed.newest += 3 }
                say(#"{"event": "refresh", "page": \#(refresh_request_get_page(OpaquePointer(request)))}"#)
                feed.answerLater(OpaquePointer(request!))
            }
        }
        connect(gpointer(list), "load-more", feedPointer) { _, request, data in
            MainActor.assumeIsolated {
                let feed = Unmanaged<Feed>.fromOpaque(data!).takeUnretainedValue()
                say(#"{"event": "load-more", "page": \#(refresh_request_get_page(OpaquePointer(request)))}"#)
                feed.answerLater(OpaquePointer(request!))
            }
        }
        connect(gpointer(list), "notify::footer-state", nil) { list, _, _ in
            var value = GValue()
            g_value_init(&value, refresh_footer_state_get_type())
            g_object_get_property(list?.assumingMemoryBound(to: GObject.self), "footer-state", &value)
            let states = g_type_class_ref(refresh_footer_state_get_type())!.assumingMemoryBound(to: GEnumClass.self)
            let nick = String(cString: g_enum_get_value(states, g_value_get_enum(&value))!.pointee.value_nick)
            g_type_class_unref(states)
            say(#"{"footer": "\#(nick)"}"#)
        }
        // A row opened (Enter or Space on it, a double click, a tap): an app would show the post.
        let opened: @convention(c) (gpointer?, guint, gpointer?) -> Void = { list, position, _ in
            let model = refresh_list_get_model(OpaquePointer(list))
            guard let item = g_list_model_get_item(model, position) else { return }
            let post = String(cString: gtk_string_object_get_string(OpaquePointer(item)))
            g_object_unref(item)
            say(#"{"event": "activate", "position": \#(position), "post": "\#(post)"}"#)
        }
        g_signal_connect_data(
            gpointer(list), "activate", unsafeBitCast(opened, to: GCallback.self), nil, nil, G_CONNECT_DEFAULT)
        var value = GValue()
        g_value_init(&value, g_list_model_get_type())
        g_object_get_property(UnsafeMutableRawPointer(list).assumingMemoryBound(to: GObject.self), "model", &value)
        let rows: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { model, _, _, _, _ in
            let model = OpaquePointer(model)
            let count = g_list_model_get_n_items(model)
            var first = "null"
            if count > 0, let item = g_list_model_get_item(model, 0) {
                first = "\"" + String(cString: gtk_string_object_get_string(OpaquePointer(item))) + "\""
                g_object_unref(item)
            }
            say(#"{"rows": \#(count), "first": \#(first)}"#)
        }
        g_signal_connect_data(
            g_value_get_object(&value), "items-changed", unsafeBitCast(rows, to: GCallback.self), nil, nil,
            G_CONNECT_DEFAULT)
        g_value_unset(&value)
        let window = gtk_application_window_new(application?.assumingMemoryBound(to: GtkApplication.self))!
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_title(gtkWindow, "Refresh example (Swift on other bindings)")
        gtk_window_set_default_size(gtkWindow, 360, 420)
        gtk_window_set_child(gtkWindow, list)
        gtk_window_present(gtkWindow)
    }
}

let application = gtk_application_new("io.github.refreshlist.SwiftExample", G_APPLICATION_NON_UNIQUE)!
g_signal_connect_data(
    gpointer(application), "activate", unsafeBitCast(activate, to: GCallback.self), nil, nil, G_CONNECT_DEFAULT)
let status = g_application_run(
    UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self), CommandLine.argc,
    CommandLine.unsafeArgv)
g_object_unref(gpointer(application))
exit(status)
