// A status opened as a page of its own: its thread (ancestors, the status, replies) in a list
// of its own, pulled to refresh, with its own error view, over the timeline in the window's
// navigation (CAdwaita's `cadw_navigation_*`: AdwNavigationView, or an always folded
// AdwLeaflet before libadwaita 1.4). Going back (the back button, Alt+Left, Escape, the mouse's
// back button, a swipe) shows the timeline as it was left: its list was only hidden, never
// re-laid out from elsewhere, so its first row in view and its offset are the same, and what
// streamed in meanwhile waits above it, counted in the pill. The focus goes to the status's row
// in the thread once the rows show, and back to the opened row on return, so a screen reader
// says the status and then where the reader was.

import CAdwaita
import CGtk
import GtkInterop
import GtkRefreshList
import ListProbe
import RefreshEngine
import TimelineRows

/// One thread page: its list, and what the page remembers of the reader.
@MainActor
final class ThreadPage {
    /// The page's root widget (header bar over the list), as the navigation holds it.
    let widget: WidgetPointer
    let list: RefreshList<FeedItem>
    /// The status whose thread the page shows.
    let statusID: String
    /// The status this page opened from another: the row to focus on return (nil: none yet).
    var openedID: String?
    /// Whether the rows were traced as shown (the `thread` milestone) and the status focused.
    var rowsShown = false

    init(widget: WidgetPointer, list: RefreshList<FeedItem>, statusID: String) {
        self.widget = widget
        self.list = list
        self.statusID = statusID
    }
}

extension DemoApp {
    /// Opens `item`'s thread over the page shown (the timeline, or a thread), if the source has
    /// threads (the network feed); the row it was opened from is focused again on return.
    func openThread(_ item: FeedItem) {
        guard let mastodon else { return }
        let thread = MastodonThread(source: mastodon, statusID: item.id)
        // The page's list keeps its loader, and the loader the thread.
        openThreadPage(for: item) { done in thread.load(done) }
    }

    /// Opens a thread page for `item` over the page shown, its rows loaded by `load`.
    func openThreadPage(for item: FeedItem, load: @escaping RefreshList<FeedItem>.RefreshCallback) {
        guard let navigation else { return }
        var configuration = RefreshListConfiguration()
        configuration.texts = options.source.texts
        // F5 and Ctrl+R in the thread refresh the thread, not the timeline under it.
        configuration.shortcutScope = .list
        // The status the page opened stands out among its ancestors and replies.
        let rows = self.rows
        let threadRows = RowFactory<FeedItem>(
            makeRow: rows.makeRow,
            bind: { row, shown in
                rows.bind(row, shown)
                if shown.id == item.id {
                    gtk_widget_add_css_class(row, "thread-status")
                } else {
                    gtk_widget_remove_css_class(row, "thread-status")
                }
            })
        guard let list = try? RefreshList(configuration: configuration, rows: threadRows) else { return }
        // The whole thread comes in one answer: nothing loads below it.
        list.isFooterHidden = true
        // A screen reader entering the page says what it is and how to leave it.
        cgtk_accessible_set_string(list.widget, GTK_ACCESSIBLE_PROPERTY_LABEL, localized("Thread"))
        cgtk_accessible_set_string(
            list.widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, localized("Alt+Left or Escape goes back"))
        list.onPlaceholder { Self.statusPage(for: $0, retryAction: "list.refresh") }
        list.onRefresh(completion: load)
        list.singleClickActivate = true
        list.onActivate { [weak self] item, _ in self?.openThread(item) }
        list.eventObserver = { [weak self, weak list] event, engine in
            guard let self, let list, !event.isPlacement, list === self.threadPages.last?.list else { return }
            self.traceThreadList(engine, items: list.items.count, statusID: item.id)
        }
        gtk_widget_set_vexpand(list.widget, 1)

        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(page.box, threadHeaderBar(for: item))
        gtk_box_append(page.box, list.widget)
        let threadPage = ThreadPage(widget: page, list: list, statusID: item.id)
        if let current = threadPages.last {
            current.openedID = item.id
        } else {
            timelineOpenedID = item.id
        }
        threadPages.append(threadPage)
        tracedThreadList = nil
        tracer?.milestone("thread-open", [("id", item.id)])
        cadw_navigation_push(navigation, page, localized("Thread"))
        // Into the new page at once (the rows' focus follows once they show), so keys go there.
        _ = list.grabFocus()
    }

    /// The thread page's header bar: its title, and with AdwLeaflet the back button (an
    /// AdwNavigationView's header bar shows its own).
    private func threadHeaderBar(for item: FeedItem) -> WidgetPointer {
        let header = adw_header_bar_new()!
        let title = adw_window_title_new(localized("Thread"), item.detail)!
        adw_header_bar_set_title_widget(header.opaque, title)
        if cadw_navigation_has_own_back() != 0 {
            let back = gtk_button_new_from_icon_name("go-previous-symbolic")!
            gtk_widget_set_tooltip_text(back, localized("Back (Alt+←)"))
            cgtk_accessible_set_string(back, GTK_ACCESSIBLE_PROPERTY_LABEL, localized("Back"))
            connections.onVoid(back.raw, "clicked") { [weak self] in self?.closeThread() }
            adw_header_bar_pack_start(header.opaque, back)
        }
        return header
    }

    /// Goes back from the thread shown, if one is.
    func closeThread() {
        guard let navigation, !threadPages.isEmpty else { return }
        _ = cadw_navigation_pop(navigation)
    }

    /// Goes back to the timeline from every thread, at once (the list is being rebuilt).
    func closeAllThreads() {
        guard let navigation else { return }
        while !threadPages.isEmpty, cadw_navigation_pop(navigation) != 0 {}
    }

    /// Wraps the window's `content` in the navigation threads open in, and answers its going
    /// back: Escape, where the navigation does not (AdwLeaflet).
    func buildNavigation(around content: WidgetPointer) -> WidgetPointer {
        let navigation = cadw_navigation_new(content, localized("Refresh List"))!
        self.navigation = navigation
        var index: Int32 = 0
        while let property = cadw_navigation_changed_property(index) {
            connections.onNotify(navigation.raw, String(cString: property)) { [weak self] in
                self?.navigationChanged()
            }
            index += 1
        }
        if cadw_navigation_has_own_back() != 0 {
            let shortcuts = gtk_shortcut_controller_new()!
            let escape = gtk_shortcut_new(
                gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("win.back"))
            gtk_shortcut_controller_add_shortcut(shortcuts, escape)
            gtk_widget_add_controller(navigation, shortcuts)
            // The mouse's back button, before a row under the pointer takes the press.
            let back = gtk_gesture_click_new()!
            gtk_gesture_single_set_button(back, 8)
            gtk_event_controller_set_propagation_phase(back, GTK_PHASE_CAPTURE)
            connections.onClick(gpointer(back), "pressed") { [weak self] _, _, _ in self?.closeThread() }
            gtk_widget_add_controller(navigation, back)
        }
        return navigation
    }

    /// The window's `back` action (Escape with AdwLeaflet): back from the thread shown.
    func addBackAction(to window: WidgetPointer) {
        let action = g_simple_action_new("back", nil)!
        connections.onActivate(gpointer(action)) { [weak self] in self?.closeThread() }
        g_action_map_add_action(OpaquePointer(window), action)
        g_object_unref(gpointer(action))
    }

    /// Another page shows, or the pages stopped sliding: the pages gone back from go (their
    /// lists with them), and the focus returns to the row the shown page was left from.
    private func navigationChanged() {
        guard let navigation, let visible = cadw_navigation_visible_page(navigation) else { return }
        let shownIndex = threadPages.firstIndex { $0.widget == visible }
        let kept = shownIndex.map { $0 + 1 } ?? 0
        guard kept < threadPages.count || cadw_navigation_transition_running(navigation) == 0 else { return }
        if kept < threadPages.count {
            threadPages.removeSubrange(kept...)
            let list = shownIndex.map { threadPages[$0].list } ?? self.list
            let openedID = shownIndex.map { threadPages[$0].openedID } ?? timelineOpenedID
            tracer?.milestone("back", [("to", shownIndex.map { threadPages[$0].statusID } ?? "timeline")])
            if let list { focusRow(openedID, in: list) }
            // The timeline's first row is traced again once a frame shows it, as it was left;
            // what streamed in meanwhile waited in the list, off screen, and goes in above it
            // as it shows again, counted in the pill.
            if shownIndex == nil { tracedFirstRow = nil }
        }
        if cadw_navigation_transition_running(navigation) == 0 {
            cadw_navigation_drop_left_pages(navigation)
        }
    }

    /// Gives the keyboard focus to the row showing `id` in `list` if it is on screen, else to
    /// the list.
    func focusRow(_ id: String?, in list: RefreshList<FeedItem>) {
        guard let id, let cell = Self.rowCell(showing: id, in: list) else {
            _ = list.grabFocus()
            return
        }
        gtk_widget_grab_focus(cell)
    }

    /// The list's cell (the focusable widget GtkListView makes around a row) showing `id`, if
    /// one is laid out.
    static func rowCell(showing id: String, in list: RefreshList<FeedItem>) -> WidgetPointer? {
        guard let view = ListParts.listView(of: list.widget) else { return nil }
        var cell = gtk_widget_get_first_child(view)
        while let current = cell {
            cell = gtk_widget_get_next_sibling(current)
            guard gtk_widget_get_child_visible(current) != 0, let row = gtk_widget_get_first_child(current),
                let shown = g_object_get_data(cast(row.raw), TimelineRows.rowIDKey),
                String(cString: shown.assumingMemoryBound(to: CChar.self)) == id
            else { continue }
            return current
        }
        return nil
    }

    /// With --trace: the thread shown's list when its header or placeholder changed (the
    /// timeline's list has the event lines; a thread's would mix with them).
    private func traceThreadList(_ engine: RefreshEngine, items: Int, statusID: String) {
        let placeholder = Tracer.name(engine.placeholder)
        let said = "\(engine.header.state.name) \(placeholder) \(items)"
        guard said != tracedThreadList else { return }
        tracedThreadList = said
        tracer?.milestone(
            "threadList",
            [("id", statusID), ("header", engine.header.state.name), ("placeholder", placeholder), ("items", items)])
    }

    /// After a frame: once the thread shown has its rows on screen, its status row takes the
    /// focus and the trace says so (the `thread` milestone: the status's id and how many rows).
    func threadRowsPainted() {
        guard let page = threadPages.last, !page.rowsShown, !page.list.items.isEmpty,
            ListParts.firstRowInView(of: page.list.widget) != nil
        else { return }
        page.rowsShown = true
        focusRow(page.statusID, in: page.list)
        tracer?.milestone("thread", [("id", page.statusID), ("rows", page.list.items.count)])
    }
}
