// The "N new" pill as the widget's last child (ListDriver+Pill.swift builds it and renders what
// the engine says): adopted by the widget, reached with Tab from the rows while it shows, and
// allocated by the widget's size_allocate over the top of the list.

import CGtk
internal import GtkInterop

extension RefreshListCore {
    /// Makes `pill` the last child of `widget`: drawn over the header and the list.
    func adopt(pill: WidgetPointer, in widget: WidgetPointer) {
        self.pill = pill
        gtk_widget_set_parent(pill, widget)
    }

    /// Tab (`direction`) with the focus in the rows, the pill shown: moves the focus within the
    /// focused row while it has more to take (a row's own buttons, the footer's), else to the
    /// pill. Returns whether this moved the focus; any other move is left to GtkWidget's.
    func tabToPill(_ direction: GtkDirectionType) -> Bool {
        guard direction == GTK_DIR_TAB_FORWARD, let pill = self.pill, let content = self.content,
            gtk_widget_get_visible(pill) != 0,
            let root = gtk_widget_get_parent(content), gtk_widget_get_focus_child(root) == content,
            gtk_widget_get_focus_child(content) != nil
        else { return false }
        // The list view's focused cell, when the focus is on or in one.
        if let listView = gtk_scrolled_window_get_child(content.opaque),
            let cell = gtk_widget_get_focus_child(listView), gtk_widget_child_focus(cell, direction) != 0
        {
            return true
        }
        return gtk_widget_grab_focus(pill) != 0
    }

    /// Allocates the pill, while it shows, at its natural size (no wider than `width` less a
    /// margin), centred across the list near the top of the list's area, which begins `top`
    /// px down (under the header).
    func allocatePill(width: Int32, top: Int32) {
        guard let pill = self.pill, gtk_widget_get_visible(pill) != 0 else { return }
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
