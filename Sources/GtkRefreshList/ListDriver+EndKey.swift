// End with the keyboard focus on the footer: the view goes to the end of the list, where the
// footer is, as on the first End. GtkListView's End puts the focus on the last item, the
// footer's cell, and the view follows the focus there. The footer keeps the focus while pages
// go in (ListDriver+Model.swift), so after a page went in below it the view stays on the rows
// it showed and the footer is out of view; End then finds the focus on the last item already.
// GTK 4.8 took the view to it; GTK 4.18 leaves the view where it is (seen in the demo: 60 s of
// End presses and the view stayed mid-list, the footer focused out of view), so a keyboard user
// could load no more pages.

import CGtk
internal import GtkInterop

extension ListDriver {
    func connectEndKey() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(parts.listView, keys)
        connections.onKeyPressed(gpointer(keys)) { [weak self] key, state in
            guard let self, key == UInt32(GDK_KEY_End) || key == UInt32(GDK_KEY_KP_End) else { return false }
            let modifiers =
                GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue
                | GDK_SUPER_MASK.rawValue
            guard state.rawValue & modifiers == 0, self.footerHasFocus else { return false }
            let adjustment = gtk_scrolled_window_get_vadjustment(self.parts.scrolled.opaque)!
            gtk_adjustment_set_value(
                adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
            return true
        }
    }

    /// Whether the keyboard focus is on the footer or in it (its Retry).
    private var footerHasFocus: Bool {
        guard let root = gtk_widget_get_root(parts.footer), let focus = gtk_root_get_focus(root) else { return false }
        return focus == parts.footer || gtk_widget_is_ancestor(focus, parts.footer) != 0
    }
}
