// GTK plumbing shared by the widget benchmarks: initialisation, a main-loop pump, a window,
// and a list with loaders that answer when told to.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import ListProbe
import RefreshEngine

struct Row: Identifiable, Sendable {
    let id: Int
}

/// What each row of the widget benchmarks shows, ours and the bare list's alike: `short` ("row
/// 12"), or `status`, a line as long as a timeline's status, 54 characters (benchmark 3 reports
/// both: on a server that draws the whole window at every frame, what a frame costs depends on
/// how much text is in view).
enum RowText: String {
    case short, status

    @MainActor static var current = RowText.short

    func text(_ number: Int) -> String {
        switch self {
        case .short: "row \(number)"
        case .status: "row \(number): a status of a typical length in a timeline"
        }
    }
}

@MainActor
enum Gtk {
    static func setUp() {
        guard gtk_init_check() != 0 else {
            FileHandle.standardError.write(Data("refresh-bench: no display (run under Xvfb)\n".utf8))
            exit(1)
        }
        MainLoopBridge.install()
    }

    static func pump(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(500) }
        }
    }

    static func pump(until condition: () -> Bool, timeout: Double = 30) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(), Date() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(500) }
        }
    }

    static func window(_ child: WidgetPointer, width: Int32 = 420, height: Int32 = 640) -> WidgetPointer {
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), width, height)
        gtk_window_set_child(window.as(GtkWindow.self), child)
        gtk_window_present(window.as(GtkWindow.self))
        pump(until: { gtk_widget_get_mapped(child) != 0 && gtk_widget_get_height(child) > 0 }, timeout: 10)
        pump(seconds: 0.2)
        return window
    }

    static func rows(_ range: Range<Int>) -> [Row] { range.map(Row.init) }
}

/// A list whose loaders keep their completions for the benchmark to answer.
@MainActor
final class HeldList {
    let list: RefreshList<Row>
    var refreshes: [RefreshList<Row>.Completion] = []
    var pages: [RefreshList<Row>.Completion] = []

    init(pageSize: Int, quick: Bool = false) {
        var configuration = RefreshListConfiguration()
        configuration.engine = try! RefreshConfiguration(
            minimumSpinnerTime: quick ? 0 : 400, resultDisplayTime: quick ? 0 : 600,
            operationTimeout: 600_000, pageSize: pageSize, maximumRows: 0)
        configuration.startsWhenShown = false
        list = try! RefreshList(configuration: configuration, rows: .label { RowText.current.text($0.id) })
        list.onRefresh(completion: { [unowned self] done in self.refreshes.append(done) })
        list.onLoadMore(completion: { [unowned self] _, done in self.pages.append(done) })
    }

    /// The scrolled window holding the rows.
    var scrolledWindow: WidgetPointer { ListParts.scrolledWindow(of: list.widget) }
}

/// A GtkStringList of `count` empty rows.
@MainActor
func stringList(count: Int) -> OpaquePointer {
    let store = gtk_string_list_new(nil)!
    splice(store, at: 0, removing: 0, adding: count)
    return store
}

/// Replaces entries of a GtkStringList in one splice (the same GTK call the widget makes).
@MainActor
func splice(_ store: OpaquePointer, at position: Int, removing: Int, adding: Int) {
    spliceEmptyEntries(store, at: position, removing: removing, adding: adding)
}

/// A bare GtkListView (no refresh layer) over `store`, labels as rows, in a scrolled window.
@MainActor
func bareListView(_ store: OpaquePointer) -> (scrolled: WidgetPointer, view: WidgetPointer) {
    let factory = gtk_signal_list_item_factory_new()!
    let connections = SignalConnections()
    connections.onListItem(gpointer(factory), "setup") { item in
        let label = gtk_label_new(nil)!
        gtk_label_set_xalign(label.opaque, 0)
        gtk_list_item_set_child(item, label)
    }
    connections.onListItem(gpointer(factory), "bind") { item in
        guard let label = gtk_list_item_get_child(item) else { return }
        gtk_label_set_text(label.opaque, RowText.current.text(Int(gtk_list_item_get_position(item))))
    }
    bareConnections.append(connections)
    let selection = gtk_single_selection_new(store)!
    let view = gtk_list_view_new(selection, factory)!
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(scrolled.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(scrolled.opaque, view)
    gtk_widget_set_vexpand(scrolled, 1)
    return (scrolled, view)
}

@MainActor var bareConnections: [SignalConnections] = []
