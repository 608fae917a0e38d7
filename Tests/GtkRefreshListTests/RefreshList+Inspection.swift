// What the widget shows, read back by the tests the way GTK Inspector or an app sees it: the
// widget tree under `widget` (the header's revealer, then the scrolled window with the rows),
// found by the CSS nodes and classes doc/guide.md documents ("Its widget tree"), and the labels,
// models and controllers GTK gives out for it. Nothing here reads the list's own fields.

import CGtk
import GtkInterop
import GtkRefreshList
import ListProbe

/// A label's text.
@MainActor
func labelText(_ label: WidgetPointer) -> String { String(cString: gtk_label_get_text(label.opaque)) }

/// How many handlers of `signal` (with its detail, "notify::upper") are connected on `instance`,
/// counted with GObject's public handler lookup: each one found is blocked so the next lookup
/// finds another, then all are unblocked again.
@MainActor
func handlerCount(on instance: gpointer, _ signal: String) -> Int {
    var signalID: guint = 0
    var detail: GQuark = 0
    guard g_signal_parse_name(signal, typeOf(instance), &signalID, &detail, 1) != 0 else { return 0 }
    let mask = GSignalMatchType(
        rawValue: G_SIGNAL_MATCH_ID.rawValue | G_SIGNAL_MATCH_UNBLOCKED.rawValue
            | (detail != 0 ? G_SIGNAL_MATCH_DETAIL.rawValue : 0))
    var found: [gulong] = []
    while true {
        let handler = g_signal_handler_find(instance, mask, signalID, detail, nil, nil, nil)
        guard handler != 0 else { break }
        g_signal_handler_block(instance, handler)
        found.append(handler)
    }
    for handler in found { g_signal_handler_unblock(instance, handler) }
    return found.count
}

extension RefreshList {
    /// The header's revealer: the widget's first child.
    var revealerWidget: WidgetPointer { gtk_widget_get_first_child(widget)! }
    /// The header's status box (`.refresh-header`, accessible role `status`).
    var headerWidget: WidgetPointer { descendant(of: revealerWidget, withClass: "refresh-header")! }
    /// The header's title label (`.refresh-title`).
    var titleLabel: WidgetPointer { descendant(of: revealerWidget, withClass: "refresh-title")! }
    /// The header's last-updated label (`.refresh-last-updated`).
    var lastUpdatedLabel: WidgetPointer { descendant(of: revealerWidget, withClass: "refresh-last-updated")! }
    /// The drawn arrow (`.refresh-arrow`, accessible role `presentation`).
    var arrowWidget: WidgetPointer { descendant(of: revealerWidget, withClass: "refresh-arrow")! }
    /// The header's spinner, beside the arrow.
    var headerSpinner: WidgetPointer { descendant(of: headerWidget, withClass: "refresh-spinner")! }
    /// The header's clip: the revealer's child, as tall as the header shows.
    var headerClip: WidgetPointer { gtk_revealer_get_child(revealerWidget.opaque)! }
    /// The list view showing the rows (`listview.refresh-rows`), unless the placeholder shows
    /// in its place.
    var listViewIfShown: WidgetPointer? { ListParts.listView(of: widget) }
    /// The list view showing the rows, which the test knows to be shown.
    var listViewWidget: WidgetPointer { listViewIfShown! }
    /// The scrolled window holding the rows (or the placeholder in their place).
    var scrollerWidget: WidgetPointer { ListParts.scrolledWindow(of: widget) }
    /// The rows' model as the list view shows it: one entry per item, plus the footer's.
    var rowsModel: OpaquePointer { gtk_list_view_get_model(listViewWidget.opaque)! }
    /// The footer (`.refresh-footer`, accessible role `status`), while a cell of the rows shows it.
    var footerWidget: WidgetPointer? { descendant(of: listViewWidget, withClass: "refresh-footer") }
    /// The footer's spinner, label and Load more / Retry button, in their order in it.
    var footerSpinner: WidgetPointer? { footerWidget.flatMap { descendant(of: $0, withClass: "refresh-spinner") } }
    var footerLabel: WidgetPointer? { footerWidget.flatMap { descendant(of: $0, named: "label") } }
    var retryButton: WidgetPointer? { footerWidget.flatMap { descendant(of: $0, named: "button") } }

    /// The header's title as shown.
    var shownTitle: String { labelText(titleLabel) }
    /// The header's last-updated line as shown.
    var shownLastUpdated: String { labelText(lastUpdatedLabel) }
    /// The footer's text as shown ("" while no cell shows the footer).
    var shownFooterText: String { footerLabel.map(labelText) ?? "" }
    /// Whether the footer's button (Load more / Retry) shows.
    var footerButtonShown: Bool { retryButton.map { gtk_widget_get_visible($0) != 0 } ?? false }
    /// Whether the list's own drag gesture (the one on its scrolled window that follows mice
    /// too, not GTK's touch-only one) claimed the pointer it follows: the list does so once the
    /// drag pulls.
    var dragClaimed: Bool {
        guard let gesture = ListParts.dragGesture(of: widget) else { return false }
        return gtk_gesture_get_sequence_state(gesture, gtk_gesture_get_last_updated_sequence(gesture))
            == GTK_EVENT_SEQUENCE_CLAIMED
    }

    /// The header's visible height as laid out now (px).
    var headerAllocatedHeight: Int { Int(gtk_widget_get_height(revealerWidget)) }
    /// The header's tooltip: why the refresh failed, while it shows the failure.
    var headerTooltip: String? { gtk_widget_get_tooltip_text(headerWidget).map { String(cString: $0) } }
    /// Rows in the list view's model: the items plus the footer's entry when it shows.
    var modelRowCount: Int { Int(g_list_model_get_n_items(rowsModel)) }
    /// The scroll controller GTK delivers wheel and touchpad events to, on the scrolled window.
    var scrollController: OpaquePointer? { ListParts.scrollController(of: widget) }
}

extension GtkTest {
    /// Runs GTK until a wheel notch up would start a pull, judged from what an app sees: the
    /// header idle and shown, the rows at their top, and neither the rows' adjustment nor any
    /// scroll event reaching the list for the wheel's idle interval (the list's rule: at rest
    /// at the top, the wheel quiet, for one interval). Quiet is counted from this call on, so
    /// it may wait an interval longer than the list would; it never waits less.
    static func waitUntilAWheelNotchWouldPull(
        _ list: RefreshList<Row>, file: StaticString = #filePath, line: UInt = #line
    ) {
        @MainActor final class Stamp { var microseconds = g_get_monotonic_time() }
        let lastActivity = Stamp()
        let adjustment = gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)!
        let watch = SignalConnections()
        watch.onVoid(gpointer(adjustment), "value-changed") { lastActivity.microseconds = g_get_monotonic_time() }
        for property in ["upper", "page-size"] {
            watch.onNotify(gpointer(adjustment), property) { lastActivity.microseconds = g_get_monotonic_time() }
        }
        // Ahead of the list's own controller (capture runs from the window down), passing it on.
        let scrolls = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        gtk_event_controller_set_propagation_phase(scrolls, GTK_PHASE_CAPTURE)
        watch.onScroll(gpointer(scrolls)) { _, _ in
            lastActivity.microseconds = g_get_monotonic_time()
            return false
        }
        gtk_widget_add_controller(list.widget, scrolls)
        defer {
            watch.disconnectAll()
            gtk_widget_remove_controller(list.widget, scrolls)
        }
        // The list stamps what it handles in whole milliseconds: a few more keep clear of that.
        let interval = (list.configuration.engine.wheelIdleInterval + 5) * 1_000
        wait(
            "the list at rest at the top for the wheel's idle interval (header \(list.state.header.state), offset \(gtk_adjustment_get_value(adjustment)))",
            file: file, line: line
        ) {
            list.state.header.state == .idle && !list.isHeaderHidden && gtk_adjustment_get_value(adjustment) <= 0.5
                && g_get_monotonic_time() - lastActivity.microseconds >= interval
        }
    }
}
