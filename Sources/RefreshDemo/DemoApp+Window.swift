// The main window as a GNOME app has it (libadwaita, GNOME HIG): a header bar with Refresh,
// the controls pane's toggle and the primary menu (Keyboard Shortcuts, About); the list beside
// a side pane of controls that folds over the list when the window is narrow; an
// AdwStatusPage where the list has no rows.

import CAdwaita
import CGtk
import GtkInterop
import GtkRefreshList
import TimelineRows

extension DemoApp {
    /// Builds the window's content: the header bar over the list and the controls pane.
    func buildWindowContent(_ window: WidgetPointer) {
        let header = adw_header_bar_new()!
        let refresh = gtk_button_new_from_icon_name("view-refresh-symbolic")!
        gtk_widget_set_tooltip_text(refresh, localized("Refresh (F5)"))
        cgtk_accessible_set_string(refresh, GTK_ACCESSIBLE_PROPERTY_LABEL, localized("Refresh"))
        gtk_actionable_set_action_name(OpaquePointer(refresh), "app.refresh")
        adw_header_bar_pack_start(header.opaque, refresh)
        // The live timeline's state, for the network feed only: a screen reader reads it as the
        // window's status line; its description says why when it is not live.
        let stream = Self.statusLine(in: header)
        streamLabel = stream
        let offline = Self.statusLine(in: header)
        gtk_widget_add_css_class(offline, "warning")
        gtk_label_set_ellipsize(offline.opaque, PANGO_ELLIPSIZE_END)
        offlineLabel = offline

        let menu = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(menu.opaque, "open-menu-symbolic")
        gtk_menu_button_set_primary(menu.opaque, 1)
        gtk_widget_set_tooltip_text(menu, localized("Main Menu"))
        let model = g_menu_new()!
        g_menu_append(model, localized("_Keyboard Shortcuts"), "win.show-help-overlay")
        g_menu_append(model, localized("_About Refresh List"), "app.about")
        gtk_menu_button_set_menu_model(menu.opaque, gpointer(model).assumingMemoryBound(to: GMenuModel.self))
        g_object_unref(gpointer(model))
        adw_header_bar_pack_end(header.opaque, menu)

        let paneToggle = gtk_toggle_button_new()!
        gtk_button_set_icon_name(paneToggle.as(GtkButton.self), "sidebar-show-right-symbolic")
        gtk_widget_set_tooltip_text(paneToggle, localized("Controls (F9)"))
        cgtk_accessible_set_string(paneToggle, GTK_ACCESSIBLE_PROPERTY_LABEL, localized("Controls"))
        adw_header_bar_pack_end(header.opaque, paneToggle)

        let holder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_hexpand(holder, 1)
        gtk_widget_set_size_request(holder, DemoApp.listMinimumWidth, -1)
        listHolder = holder
        // The pane slides over the list, hidden until asked for, when the list and the pane no
        // longer fit side by side.
        let pane = cadw_side_pane_new(
            window.as(AdwApplicationWindow.self), holder, buildPanelFrame(), DemoApp.paneWidth,
            DemoApp.listMinimumWidth + DemoApp.paneWidth + 1)!
        // The toggle shows whether the pane is out, and moves it (both ways, the pane's state first).
        g_object_bind_property(
            pane.raw, cadw_side_pane_shown_property(), paneToggle.raw, "active", GBindingFlags(rawValue: 3))
        controlsPane = pane
        for property in [cadw_side_pane_shown_property()!, cadw_side_pane_folded_property()!] {
            connections.onNotify(pane.raw, String(cString: property)) { [weak self] in self?.traceControls() }
        }

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(content.box, header)
        gtk_widget_set_vexpand(pane, 1)
        gtk_box_append(content.box, pane)
        // The timeline is the first page; a status's thread opens over it (DemoApp+Thread.swift).
        adw_application_window_set_content(window.as(AdwApplicationWindow.self), buildNavigation(around: content))
        installShortcutsHelp(window)
        addActions(window)
        addBackAction(to: window)
    }

    /// The app's actions: Refresh (the header bar's button and the status page's Retry; the
    /// list itself answers F5 and Ctrl+R), About, the controls pane (F9) and Quit (Ctrl+Q).
    private func addActions(_ window: WidgetPointer) {
        let actions: [(name: String, accelerator: String?, run: @MainActor (DemoApp) -> Void)] = [
            ("refresh", nil, { $0.list?.refresh() }),
            ("about", nil, { $0.showAbout() }),
            ("controls", "F9", { $0.toggleControls() }),
            ("quit", "<Control>q", { g_application_quit($0.gApplication) }),
        ]
        setAccelerator("<Control>question", for: "win.show-help-overlay")
        for (name, accelerator, run) in actions {
            let action = g_simple_action_new(name, nil)!
            connections.onActivate(gpointer(action)) { [weak self] in if let self { run(self) } }
            g_action_map_add_action(OpaquePointer(application), action)
            if name == "refresh" { refreshAction = action }
            g_object_unref(gpointer(action))
            if let accelerator { setAccelerator(accelerator, for: "app.\(name)") }
        }
    }

    private func setAccelerator(_ accelerator: String, for action: String) {
        let accelerators = [strdup(accelerator), nil]
        defer { free(accelerators[0]) }
        accelerators.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            gtk_application_set_accels_for_action(application, action, $0.baseAddress)
        }
    }

    /// A caption label, hidden, in a box of the `status` role packed at the start of `header`:
    /// a screen reader reads the box as the window's status line, and in it the label, its text
    /// as its name and the description it is given. The box is the status, not the label: GTK
    /// 4.18 follows ARIA's naming rules, where a status takes neither name nor description
    /// (gtk_at_context_get_name and _get_description give a status "", whatever was set), so a
    /// status-role label reads as nothing there; a label inside one keeps both on every GTK.
    /// Show and hide it with `setStatusLineVisible`.
    private static func statusLine(in header: WidgetPointer) -> WidgetPointer {
        let status = cgtk_widget_new_with_role(cgtk_type_box(), GTK_ACCESSIBLE_ROLE_STATUS)!
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "caption")
        gtk_box_append(status.box, label)
        gtk_widget_set_visible(status, 0)
        adw_header_bar_pack_start(header.opaque, status)
        return label
    }

    /// Shows or hides a label of `statusLine` with its status box.
    private func setStatusLineVisible(_ label: WidgetPointer, _ visible: Bool) {
        gtk_widget_set_visible(gtk_widget_get_parent(label), visible.gboolean)
    }

    /// Shows the live timeline's state in the header bar (nil: the source does not stream):
    /// its word, and as tooltip and accessible description what it means or why it is not live.
    func showStream(_ indicator: LiveStream.Indicator?, reason: String?) {
        guard let label = streamLabel else { return }
        setStatusLineVisible(label, indicator != nil)
        guard let indicator else { return }
        let (text, meaning): (String, String) =
            switch indicator {
            case .live: (localized("Live"), localized("New posts appear as they are posted"))
            case .connecting: (localized("Connecting…"), localized("Connecting to the live timeline"))
            case .reconnecting: (localized("Reconnecting…"), localized("The live timeline is reconnecting"))
            case .off: (localized("Offline"), localized("The timeline is not live"))
            }
        let description = reason.map { "\(meaning): \($0)" } ?? meaning
        gtk_label_set_text(label.opaque, text)
        gtk_widget_set_tooltip_text(label, description)
        // GTK 4.8 tells assistive technologies of a changed description only after a reset.
        gtk_accessible_reset_property(OpaquePointer(label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
        cgtk_accessible_set_string(label, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description)
        for (state, style) in [(LiveStream.Indicator.live, "success"), (.off, "error"), (.reconnecting, "warning")] {
            if state == indicator {
                gtk_widget_add_css_class(label, style)
            } else {
                gtk_widget_remove_css_class(label, style)
            }
        }
        tracer?.milestone("stream-label", [("text", text), ("description", description)])
    }

    /// Shows `text` ("Offline — showing posts from 10:42"), or hides the label (nil).
    func showOffline(_ text: String?) {
        guard let label = offlineLabel else { return }
        setStatusLineVisible(label, text != nil)
        gtk_label_set_text(label.opaque, text ?? "")
        gtk_widget_set_tooltip_text(label, text.map { _ in localized("Pull or press F5 to try again") })
    }

    /// Traces whether the controls pane is out and whether it is folded over the list.
    func traceControls() {
        guard let pane = controlsPane else { return }
        tracer?.milestone(
            "controls",
            [("shown", cadw_side_pane_get_shown(pane) != 0), ("folded", cadw_side_pane_get_folded(pane) != 0)])
    }

    private func toggleControls() {
        guard let pane = controlsPane else { return }
        cadw_side_pane_set_shown(pane, (cadw_side_pane_get_shown(pane) == 0).gboolean)
    }

    /// What Keyboard Shortcuts lists: groups of (accelerator, what it does).
    private var shortcutGroups: [(title: String, shortcuts: [(accelerator: String, title: String)])] {
        [
            (
                localized("List"),
                [
                    ("F5", localized("Refresh")), ("<Control>r", localized("Refresh")),
                    ("End", localized("Go to the end, where the next page loads")),
                    ("Home", localized("Go to the top")),
                    ("Return", localized("Open the focused post's thread")),
                    ("<Alt>Left", localized("Back from a thread")),
                    ("Escape", localized("Back from a thread")),
                ]
            ),
            (
                localized("Window"),
                [
                    ("F9", localized("Show or hide the controls")),
                    ("F10", localized("Open the main menu")),
                    ("<Control>question", localized("Keyboard shortcuts")),
                    ("<Control>q", localized("Quit")),
                ]
            ),
        ]
    }

    /// Keyboard Shortcuts (Ctrl+? and the primary menu, the window's "show-help-overlay"
    /// action): GTK's help overlay where it is current, else the app's own dialog (GTK 4.18
    /// deprecates GtkShortcutsWindow; see CAdwaita's shim).
    private func installShortcutsHelp(_ window: WidgetPointer) {
        guard cadw_has_shortcuts_dialog() != 0 else {
            if cgtk_has_current_shortcuts_window() != 0 {
                cgtk_application_window_set_help_overlay(window.as(GtkApplicationWindow.self), shortcutsWindow())
            }
            return
        }
        let dialog = cadw_shortcuts_dialog_new(localized("Keyboard Shortcuts"))!
        // Kept for the window's life (presenting and closing it again must not free it).
        g_object_ref_sink(dialog.raw)
        for group in shortcutGroups {
            let rows = cadw_shortcuts_dialog_add_group(dialog, group.title)
            for shortcut in group.shortcuts { cadw_shortcuts_group_add(rows, shortcut.accelerator, shortcut.title) }
        }
        let action = g_simple_action_new("show-help-overlay", nil)!
        connections.onActivate(gpointer(action)) { cadw_shortcuts_dialog_present(dialog, window) }
        g_action_map_add_action(OpaquePointer(window), action)
        g_object_unref(gpointer(action))
        g_object_set_data_full(window.raw.assumingMemoryBound(to: GObject.self), "refresh-demo-shortcuts", dialog.raw) {
            g_object_unref($0)
        }
    }

    /// GTK's Keyboard Shortcuts window (before GTK 4.18): GTK 4.8 builds it only from a UI
    /// description.
    private func shortcutsWindow() -> WidgetPointer {
        func shortcut(_ accelerator: String, _ title: String) -> String {
            "<child><object class='GtkShortcutsShortcut'>"
                + "<property name='accelerator'>\(escaped(accelerator))</property>"
                + "<property name='title'>\(escaped(title))</property></object></child>"
        }
        func group(_ title: String, _ shortcuts: [String]) -> String {
            "<child><object class='GtkShortcutsGroup'><property name='title'>\(escaped(title))</property>"
                + shortcuts.joined() + "</object></child>"
        }
        let groups = shortcutGroups.map { entry in
            group(entry.title, entry.shortcuts.map { shortcut($0.accelerator, $0.title) })
        }
        let description =
            "<interface><object class='GtkShortcutsWindow' id='shortcuts'><property name='modal'>1</property>"
            + "<child><object class='GtkShortcutsSection'><property name='section-name'>shortcuts</property>"
            + groups.joined() + "</object></child></object></interface>"
        let builder = gtk_builder_new_from_string(description, -1)!
        let shortcuts = gtk_builder_get_object(builder, "shortcuts")!
        g_object_ref(gpointer(shortcuts))
        g_object_unref(gpointer(builder))
        return UnsafeMutableRawPointer(shortcuts).assumingMemoryBound(to: GtkWidget.self)
    }

    private func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// About Refresh List (AdwAboutDialog, or AdwAboutWindow before libadwaita 1.5).
    private func showAbout() {
        cadw_show_about(
            window, localized("Refresh List"), applicationID, applicationVersion,
            localized("The Refresh List developers"),
            localized("A list with pull-to-refresh at the top and automatic load-more at the bottom."),
            GTK_LICENSE_MIT_X11)
    }

    /// What the list shows where it has no rows: GNOME's status page, whose Retry activates
    /// `retryAction` (the timeline's: the app's Refresh; a thread's: its list's own).
    static func statusPage(for content: PlaceholderContent, retryAction: String = "app.refresh") -> WidgetPointer {
        let page = adw_status_page_new()!
        let (icon, title, description): (String?, String, String?) =
            switch content {
            case .loading: (nil, localized("Loading…"), nil)
            case .empty:
                (
                    "view-refresh-symbolic", localized("Nothing Here Yet"),
                    localized("Pull down or press F5 to check again.")
                )
            case .failed(let reason): ("network-error-symbolic", localized("Could Not Load"), reason)
            }
        adw_status_page_set_title(page.opaque, title)
        if let description { adw_status_page_set_description(page.opaque, description) }
        if let icon { adw_status_page_set_icon_name(page.opaque, icon) }
        switch content {
        case .loading:
            let spinner = gtk_spinner_new()!
            gtk_widget_set_size_request(spinner, 32, 32)
            gtk_spinner_start(spinner.opaque)
            adw_status_page_set_child(page.opaque, spinner)
        case .failed:
            let button = gtk_button_new_with_mnemonic(localized("_Retry"))!
            gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
            gtk_widget_add_css_class(button, "pill")
            gtk_widget_add_css_class(button, "suggested-action")
            gtk_actionable_set_action_name(OpaquePointer(button), retryAction)
            adw_status_page_set_child(page.opaque, button)
        case .empty:
            break
        }
        gtk_widget_set_vexpand(page, 1)
        return page
    }
}
