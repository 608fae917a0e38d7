// The side panel: controls on top, the live state inspector below.

import CGtk
import GtkInterop
import GtkRefreshList
import RefreshEngine
import TimelineRows

extension DemoApp {
    /// The panel's frame at its final width, empty: the window opens with it, and `fillPanel`
    /// adds the controls after the first frame, so they cost the launch nothing and nothing
    /// moves when they appear.
    func buildPanelFrame() -> WidgetPointer {
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // The pane keeps its natural width; the list takes the rest (its controls expand
        // within the pane only).
        gtk_widget_set_hexpand(scroller, 0)
        let panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_add_css_class(panel, "demo-panel")
        gtk_widget_set_size_request(panel, DemoApp.paneWidth, -1)
        gtk_scrolled_window_set_child(scroller.opaque, panel)
        panelBox = panel
        return scroller
    }

    /// Adds the controls and the inspector to the panel frame (once).
    func fillPanel() {
        guard let panel = panelBox, inspector.isEmpty else { return }

        gtk_box_append(panel.box, heading(localized("Data")))
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(grid.as(GtkGrid.self), 6)
        gtk_grid_set_column_spacing(grid.as(GtkGrid.self), 12)
        var row: Int32 = 0
        // Each label's mnemonic (Alt and its underlined letter) focuses its control.
        func add(_ title: String, _ control: WidgetPointer) {
            let label = gtk_label_new_with_mnemonic(title)!
            gtk_label_set_xalign(label.opaque, 0)
            gtk_widget_set_hexpand(control, 1)
            gtk_grid_attach(grid.as(GtkGrid.self), label, 0, row, 1, 1)
            gtk_grid_attach(grid.as(GtkGrid.self), control, 1, row, 1, 1)
            gtk_label_set_mnemonic_widget(label.opaque, control)
            row += 1
        }

        // The Mastodon timeline is offered when the app was given a server to read.
        let sources = panelSources
        let source = dropDown(
            sources.map(\.displayName), selected: UInt32(sources.firstIndex(of: options.source) ?? 0))
        controls.source = source.opaque
        add(localized("_Source"), source)
        let folderEntry = gtk_entry_new()!
        gtk_editable_set_text(
            OpaquePointer(folderEntry), options.folder ?? g_get_home_dir().map { String(cString: $0) } ?? "/")
        controls.folder = folderEntry
        add(localized("F_older"), folderEntry)
        let latency = spin(0, 10_000, 50, Double(options.latencyMilliseconds), digits: 0)
        controls.latency = latency.opaque
        add(localized("_Latency (ms)"), latency)
        let failRate = spin(0, 1, 0.05, options.failRate, digits: 2)
        controls.failRate = failRate.opaque
        add(localized("_Failure rate"), failRate)
        let pageSize = spin(1, 1_000, 1, Double(options.pageSize), digits: 0)
        controls.pageSize = pageSize.opaque
        add(localized("_Page size"), pageSize)
        let total = spin(0, 10_000_000, 10, Double(options.total), digits: 0)
        controls.total = total.opaque
        add(localized("_Total items"), total)
        let threshold = spin(8, 1_000, 4, options.threshold, digits: 0)
        controls.threshold = threshold.opaque
        add(localized("Pull t_hreshold (px)"), threshold)
        let trigger = dropDown(
            [localized("On release"), localized("On crossing")], selected: options.triggerOnCross ? 1 : 0)
        controls.trigger = trigger.opaque
        add(localized("Tri_gger"), trigger)
        gtk_box_append(panel.box, grid)

        let apply = gtk_button_new_with_mnemonic(localized("_Apply and Reload"))!
        gtk_widget_add_css_class(apply, "suggested-action")
        connections.onVoid(gpointer(apply), "clicked") { [weak self] in self?.applyControls() }
        gtk_box_append(panel.box, apply)
        // Latency and failure rate change the running feed at once.
        connections.onVoid(gpointer(latency), "value-changed") { [weak self] in
            guard let self, let latency = self.controls.latency else { return }
            self.feed.latencyMilliseconds = Int(gtk_spin_button_get_value(latency))
        }
        connections.onVoid(gpointer(failRate), "value-changed") { [weak self] in
            guard let self, let failRate = self.controls.failRate else { return }
            self.feed.failRate = gtk_spin_button_get_value(failRate)
        }

        gtk_box_append(panel.box, heading(localized("State")))
        let states = gtk_grid_new()!
        gtk_grid_set_row_spacing(states.as(GtkGrid.self), 4)
        gtk_grid_set_column_spacing(states.as(GtkGrid.self), 12)
        let rows: [(String, String)] = [
            ("header", localized("Header")), ("footer", localized("Footer")), ("page", localized("Page")),
            ("inFlight", localized("In flight")), ("items", localized("Items")),
            ("ignored", localized("Ignored inputs")),
        ]
        for (index, (key, title)) in rows.enumerated() {
            let name = gtk_label_new(title)!
            gtk_label_set_xalign(name.opaque, 0)
            gtk_widget_add_css_class(name, "dim-label")
            let value = gtk_label_new("–")!
            gtk_label_set_xalign(value.opaque, 0)
            gtk_label_set_selectable(value.opaque, 1)
            gtk_label_set_wrap(value.opaque, 1)
            gtk_label_set_max_width_chars(value.opaque, 20)
            gtk_widget_add_css_class(value, "inspector-value")
            gtk_grid_attach(states.as(GtkGrid.self), name, 0, Int32(index), 1, 1)
            gtk_grid_attach(states.as(GtkGrid.self), value, 1, Int32(index), 1, 1)
            inspector[key] = value
        }
        gtk_box_append(panel.box, states)
        let keys = gtk_label_new(localized("F5 or Ctrl+R: refresh · wheel, touchpad or drag down at the top: pull"))!
        gtk_label_set_wrap(keys.opaque, 1)
        gtk_label_set_max_width_chars(keys.opaque, 30)
        gtk_label_set_xalign(keys.opaque, 0)
        gtk_widget_add_css_class(keys, "dim-label")
        gtk_widget_add_css_class(keys, "caption")
        gtk_box_append(panel.box, keys)
        updateInspector()
    }

    func updateInspector() {
        guard let list else { return }
        let engine = list.state
        if let refreshAction {
            g_simple_action_set_enabled(refreshAction, (engine.header.state != .refreshing).gboolean)
        }
        func set(_ key: String, _ text: String) {
            if let label = inspector[key] { gtk_label_set_text(label.opaque, text) }
        }
        set("header", engine.header.state.name)
        set("footer", engine.footer.name)
        set("page", engine.paging.currentPage.map { "\($0)" } ?? "–")
        switch engine.inFlight {
        case .refresh(let token): set("inFlight", "refresh \(token)")
        case .loadMore(let token, let page): set("inFlight", "page \(page) \(token)")
        case nil: set("inFlight", "–")
        }
        set("items", "\(list.items.count)")
        let counters = engine.counters
        set(
            "ignored",
            "\(counters.rejectedInputs + counters.staleAnswers + counters.ignoredRequests + counters.ignoredPulls) (\(counters.ignoredPulls) pulls, \(counters.staleAnswers) late answers)"
        )
    }

    private func applyControls() {
        guard let source = controls.source, let pageSize = controls.pageSize, let total = controls.total,
            let threshold = controls.threshold, let trigger = controls.trigger, let folder = controls.folder
        else { return }
        let sources = panelSources
        options.source = sources[min(Int(gtk_drop_down_get_selected(source)), sources.count - 1)]
        options.folder = String(cString: gtk_editable_get_text(OpaquePointer(folder)))
        options.pageSize = Int(gtk_spin_button_get_value(pageSize))
        options.total = Int(gtk_spin_button_get_value(total))
        options.threshold = gtk_spin_button_get_value(threshold)
        options.triggerOnCross = gtk_drop_down_get_selected(trigger) == 1
        buildList()
    }

    /// The sources the pane offers, in its order.
    private var panelSources: [SourceKind] { options.server == nil ? [.sim, .folder] : [.sim, .folder, .mastodon] }

    private func heading(_ text: String) -> WidgetPointer {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(label.opaque, 0)
        gtk_widget_add_css_class(label, "heading")
        return label
    }

    private func spin(_ low: Double, _ high: Double, _ step: Double, _ value: Double, digits: UInt32) -> WidgetPointer {
        let spin = gtk_spin_button_new_with_range(low, high, step)!
        gtk_spin_button_set_digits(spin.opaque, digits)
        // Wide enough for the values people type, not for the largest the range allows.
        gtk_editable_set_width_chars(spin.opaque, 7)
        gtk_spin_button_set_value(spin.opaque, value)
        return spin
    }

    private func dropDown(_ items: [String], selected: UInt32) -> WidgetPointer {
        let strings = items.map { strdup($0) } + [nil]
        defer { strings.forEach { free($0) } }
        let dropDown = strings.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            gtk_drop_down_new_from_strings($0.baseAddress)
        }!
        gtk_drop_down_set_selected(dropDown.opaque, selected)
        return dropDown
    }
}
