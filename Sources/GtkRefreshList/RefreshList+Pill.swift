// The "N new" pill: a button floating over the top of the rows, GNOME style (`osd`, `pill`),
// with an up arrow and "5 new items", shown while the engine counts new rows above the view
// (`newAbove`; RefreshEngine+NewAbove.swift). Activating it (click, touch, Enter or Space)
// tells the engine, which sends the view to the newest rows. This file builds it, renders the
// count, measures which rows are above the view for the count-down, and places the pill; the
// widget type (RefreshListWidget.swift) allocates it as its last child, drawn over the list.

import CGtk
internal import GtkInterop
import RefreshEngine

/// The pill's widgets. The Swift side holds a reference on each until the list goes.
@MainActor
final class NewPill {
    /// The button, a child of the list's root widget.
    let button: WidgetPointer
    let label: WidgetPointer
    let arrow: WidgetPointer
    /// The count shown (0: hidden).
    var shownCount = 0

    init(texts: RefreshListTexts) {
        button = gtk_button_new()!
        for name in ["osd", "pill", "refresh-new-pill"] { gtk_widget_add_css_class(button, name) }
        // A box lays its children out right to left in a right-to-left language: the arrow
        // stays before the words.
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        arrow = gtk_image_new_from_icon_name("go-up-symbolic")!
        label = gtk_label_new(nil)!
        gtk_box_append(box.box, arrow)
        gtk_box_append(box.box, label)
        gtk_button_set_child(button.as(GtkButton.self), box)
        gtk_widget_set_visible(button, 0)
        for part in [button, label, arrow] { g_object_ref(part.raw) }
    }

    /// Drops the Swift side's references (when the `RefreshList` goes).
    func release() {
        for part in [button, label, arrow] { g_object_unref(part.raw) }
    }
}

extension RefreshList {
    /// Puts the pill in the widget (its last child, drawn over the list) and listens to it.
    func connectPill() {
        RefreshListType.core(of: widget.raw)?.adopt(pill: pill.button, in: widget)
        connections.onVoid(pill.button.raw, "clicked") { [weak self] in
            guard let self else { return }
            // A keyboard user on the pill lands on the newest row as the pill goes.
            self.cells.focusesNewestRow = gtk_widget_has_focus(self.pill.button) != 0
            self.send(.pillActivated)
        }
    }

    /// Shows the engine's count, or hides the pill at 0.
    func renderPill() {
        let count = engine.newAbove
        guard count != pill.shownCount else { return }
        pill.shownCount = count
        if count > 0 {
            let texts = configuration.texts
            gtk_label_set_text(pill.label.opaque, texts.newAbove(count))
            cgtk_accessible_set_string(pill.button, GTK_ACCESSIBLE_PROPERTY_LABEL, texts.newAboveAnnouncement(count))
        }
        gtk_widget_set_visible(pill.button, (count > 0).gboolean)
    }

    /// After layout, while the pill counts: tells the engine how many rows are wholly above
    /// the view when new ones were scrolled into view (a row in view, even in part, is seen).
    func reportRowsAboveView() {
        guard engine.newAbove > 0, let first = firstRowInView(), first.position < engine.newAbove else { return }
        sendAfterLayout(.rowsAboveView(first.position))
    }

    /// After the pill sent the view to the top: the newest row takes the keyboard focus the
    /// pill had, once it is laid out at the top.
    func focusNewestRowIfAsked() {
        guard cells.focusesNewestRow else { return }
        let adjustment = gtk_scrolled_window_get_vadjustment(parts.scrolled.opaque)
        guard gtk_adjustment_get_value(adjustment) < 0.5 else { return }
        for listItem in cells.boundListItems where Int(gtk_list_item_get_position(listItem)) == 0 {
            guard let row = gtk_list_item_get_child(listItem), let cell = gtk_widget_get_parent(row) else { continue }
            cells.focusesNewestRow = false
            gtk_widget_grab_focus(cell)
            return
        }
    }
}

extension RefreshListCore {
    /// Makes `pill` the last child of `widget`: drawn over the header and the list.
    func adopt(pill: WidgetPointer, in widget: WidgetPointer) {
        self.pill = pill
        gtk_widget_set_parent(pill, widget)
    }

    /// Allocates the pill, while it shows, at its natural size (no wider than `width` less a
    /// margin), centred across the list near the top of the list's area, which begins `top`
    /// px down (under the header).
    func allocatePill(width: Int32, top: Int32) {
        guard let pill, gtk_widget_get_visible(pill) != 0 else { return }
        let margin: Int32 = 12
        var minimumWidth: Int32 = 0
        var naturalWidth: Int32 = 0
        gtk_widget_measure(pill, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, &naturalWidth, nil, nil)
        let pillWidth = max(minimumWidth, min(naturalWidth, width - 2 * margin))
        var minimumHeight: Int32 = 0
        var naturalHeight: Int32 = 0
        gtk_widget_measure(pill, GTK_ORIENTATION_VERTICAL, pillWidth, &minimumHeight, &naturalHeight, nil, nil)
        var allocation = GtkAllocation(
            x: (width - pillWidth) / 2, y: top + margin, width: pillWidth, height: max(minimumHeight, naturalHeight))
        gtk_widget_size_allocate(pill, &allocation, -1)
    }
}
