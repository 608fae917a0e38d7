// The "N new" pill: a button floating over the top of the rows, GNOME style (`osd`, `pill`),
// with an up arrow and "5 new items", shown while the engine counts new rows above the view
// (`newAbove`; RefreshEngine+NewAbove.swift). When the rows newer than the first one shown
// failed to load (a restored list's top side), it says so and offers Retry instead, with a
// reload icon: the one place a reader looks for what is above. Activating it (click, touch,
// Enter or Space) tells the engine, which sends the view to the newest rows or loads the newer
// ones again (`pill`). This file builds it, renders what the engine says, measures which rows
// are above the view for the count-down; the widget type allocates it as its last child, drawn
// over the list (RefreshListCore+Pill.swift).
//
// The keyboard reaches it with Tab from the rows (`tabToPill`). GTK 4.8's list view moves the
// focus to the next row on Tab, row after row to the end of the list (4.12's `tab-behavior`
// came later), and the pill, the widget's last child, came only after the last row: out of
// reach in a long or endless list. While it shows, Tab from a row (once the row's own widgets,
// or the footer's button, are passed) goes to the pill instead; Shift+Tab from the pill goes
// back to the row that had the focus, and Tab from the pill leaves the list, as Tab from the
// last row does. The arrows, Page Up/Down, Home and End still move between rows. No F6-like
// key instead: in GTK 4.8 F6 moves between a GtkPaned's two sides, not over a window's parts,
// and a list binding it would take it from the app's panes; the pill is the list's own
// control, over its rows, and Tab is where a keyboard user looks for it. Its accessible name
// ("5 new items above") is what a screen reader says as the focus lands.

import CGtk
internal import GtkInterop
import RefreshEngine

/// The pill's widgets, owned by the widget tree (the button is the root's last child).
@MainActor
final class NewPill {
    /// The button, a child of the list's root widget.
    let button: WidgetPointer
    let label: WidgetPointer
    let arrow: WidgetPointer
    /// "Retry", after the words of a failure.
    let action: WidgetPointer
    /// What is shown.
    var shown = Pill.hidden

    init(texts: RefreshListTexts) {
        button = gtk_button_new()!
        for name in ["osd", "pill", "refresh-new-pill"] { gtk_widget_add_css_class(button, name) }
        // A box lays its children out right to left in a right-to-left language: the arrow
        // stays before the words.
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        arrow = gtk_image_new_from_icon_name("go-up-symbolic")!
        label = gtk_label_new(nil)!
        action = gtk_label_new(texts.retry)!
        gtk_widget_add_css_class(action, "heading")
        gtk_widget_set_visible(action, 0)
        gtk_box_append(box.box, arrow)
        gtk_box_append(box.box, label)
        gtk_box_append(box.box, action)
        gtk_button_set_child(button.as(GtkButton.self), box)
        gtk_widget_set_visible(button, 0)
    }
}

extension ListDriver {
    /// Puts the pill in the widget (its last child, drawn over the list) and listens to it.
    func connectPill() {
        RefreshListType.core(of: widget.raw)?.adopt(pill: pill.button, in: widget)
        connections.onVoid(pill.button.raw, "clicked") { [weak self] in
            guard let self else { return }
            let hadFocus = gtk_widget_has_focus(self.pill.button) != 0
            let goesToNewest = self.pill.shown != .retryNewer
            // A keyboard user on the pill lands on the newest row as the pill goes.
            self.send(.pillActivated(hadFocus: hadFocus))
            // Retry hides the pill while the newer rows load: the focus it had goes to the
            // first row in view, which stays where it is, not out of the list.
            if hadFocus, !goesToNewest, gtk_widget_get_visible(self.pill.button) == 0 { self.focusFirstRowInView() }
        }
    }

    /// Gives the keyboard focus to the first row in view.
    private func focusFirstRowInView() {
        guard let first = firstRowInView() else {
            _ = gtk_widget_grab_focus(parts.listView)
            return
        }
        for listItem in cells.boundListItems where Int(gtk_list_item_get_position(listItem)) == first.position {
            guard let row = gtk_list_item_get_child(listItem), let cell = gtk_widget_get_parent(row) else { continue }
            _ = gtk_widget_grab_focus(cell)
            return
        }
    }

    /// Shows what the engine says the pill shows: the count, a failure with Retry, or nothing.
    func renderPill() {
        let shown = engine.pill
        guard shown != pill.shown else { return }
        pill.shown = shown
        let texts = configuration.texts
        switch shown {
        case .hidden:
            break
        case .newAbove(let count):
            gtk_image_set_from_icon_name(pill.arrow.opaque, "go-up-symbolic")
            gtk_label_set_text(pill.label.opaque, texts.newAbove(count))
            cgtk_accessible_set_string(pill.button, GTK_ACCESSIBLE_PROPERTY_LABEL, texts.newAboveAnnouncement(count))
        case .retryNewer:
            gtk_image_set_from_icon_name(pill.arrow.opaque, "view-refresh-symbolic")
            gtk_label_set_text(pill.label.opaque, texts.loadNewerFailed)
            let reason = Self.withReason(texts.loadNewerFailed, failureText(engine.newerFailure))
            // Translators: the name of the pill that retries newer rows: the failure and why,
            // then the button's word ("Couldn't load newer items: offline. Retry").
            let name = fill(localized("%1$@. %2$@"), reason, texts.retry)
            cgtk_accessible_set_string(pill.button, GTK_ACCESSIBLE_PROPERTY_LABEL, name)
        }
        // The pill going while it has the focus (the wheel or the scrollbar took the view to
        // the top, or the newer rows are retried): the focus stays in the list, on the first
        // row in view, unless it goes to the newest row (Enter on the pill).
        let hidesFocused =
            shown == .hidden && gtk_widget_has_focus(pill.button) != 0 && !engine.placement.focusesNewestRow
        gtk_widget_set_visible(pill.action, (shown == .retryNewer).gboolean)
        gtk_widget_set_visible(pill.button, (shown != .hidden).gboolean)
        if hidesFocused { focusFirstRowInView() }
    }

    /// After layout, while the pill counts: tells the engine how many rows are wholly above
    /// the view when new ones were scrolled into view (a row in view, even in part, is seen).
    func reportRowsAboveView() {
        guard engine.newAbove > 0, let first = firstRowInView(), first.position < engine.newAbove else { return }
        sendAfterLayout(.rowsAboveView(first.position))
    }

    /// After the pill sent the view to the top, once it is laid out there (the placement
    /// says when): the newest row takes the keyboard focus the pill had.
    func focusNewestRow() {
        for listItem in cells.boundListItems where Int(gtk_list_item_get_position(listItem)) == 0 {
            guard let row = gtk_list_item_get_child(listItem), let cell = gtk_widget_get_parent(row) else { continue }
            place(.newestRowFocused)
            gtk_widget_grab_focus(cell)
            return
        }
    }
}
