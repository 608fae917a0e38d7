// Opening a row, as GtkListView does it: Enter, keypad Enter (GTK's own bindings on the focused
// cell) and Space on a focused row, a double click, or a single click when
// `single-click-activate` is set (GTK's cells), and a tap on a touchscreen. Every way ends in
// the list view's `activate` with the cell's position; the footer's cell is not activatable and
// its position is past the rows, so only a row is ever reported: the widget's `activate` signal
// and a Swift list's `onActivate` handler, with the row's position (and item).
//
// A tap: GTK's cells activate on a double click, which no touchscreen user makes, so a lone tap
// on a row activates it. A pan that scrolls is claimed by the scrolled window and a tap on a
// button or a link inside the row by that widget, which cancels the tap here: only a tap that
// nothing else took opens the row. Space: GTK's cells select on Space; a focused row (the cell
// itself, not a button or a link inside it) is opened by it, as Enter opens it.

import CGtk
internal import GtkInterop

extension ListDriver {
    func connectActivation() {
        let listView = parts.listView
        connections.onPosition(listView.raw, "activate") { [weak self] position in
            self?.activated(at: Int(position))
        }
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(listView, keys)
        connections.onKeyPressed(gpointer(keys)) { [weak self] key, state in
            guard let self, key == UInt32(GDK_KEY_space) || key == UInt32(GDK_KEY_KP_Space) else { return false }
            let modifiers =
                GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue
                | GDK_SUPER_MASK.rawValue
            guard state.rawValue & modifiers == 0 else { return false }
            return self.activateFocusedRow()
        }
        let tap = gtk_gesture_click_new()!
        gtk_gesture_single_set_touch_only(tap, 1)
        gtk_widget_add_controller(listView, tap)
        connections.onClick(gpointer(tap), "released") { [weak self] presses, x, y in
            // With single-click-activate the cell itself opened the row on this release.
            guard let self, presses == 1, gtk_list_view_get_single_click_activate(self.parts.listView.opaque) == 0,
                let cell = self.cell(at: x, y)
            else { return }
            gtk_widget_activate(cell)
        }
    }

    /// The list view's `activate`: a row's position is reported; the footer's is not a row.
    private func activated(at position: Int) {
        guard !isDisposed, position >= 0, position < model.items.count else { return }
        let item = model.items[position]
        var value = [GValue](repeating: GValue(), count: 2)
        g_value_init(&value[0], RefreshListType.type)
        g_value_set_object(&value[0], gpointer(widget))
        g_value_init(&value[1], cgtk_type_uint())
        g_value_set_uint(&value[1], guint(position))
        g_signal_emitv(value, RefreshListType.activateSignal, 0, nil)
        g_value_unset(&value[0])
        g_value_unset(&value[1])
        activationHandler?(item, position)
    }

    /// Opens the focused row when the focus is on a row's cell itself (a button inside the row
    /// keeps Space for itself); false when it is not.
    private func activateFocusedRow() -> Bool {
        let listView = parts.listView
        guard let root = gtk_widget_get_root(listView), let focus = gtk_root_get_focus(root),
            gtk_widget_get_parent(focus) == listView
        else { return false }
        return gtk_widget_activate(focus) != 0
    }

    /// The list view's cell under (x, y), in the list view's coordinates.
    private func cell(at x: Double, _ y: Double) -> WidgetPointer? {
        let listView = parts.listView
        var widget = gtk_widget_pick(listView, x, y, GTK_PICK_DEFAULT)
        while let current = widget {
            let parent = gtk_widget_get_parent(current)
            if parent == listView { return current }
            widget = parent
        }
        return nil
    }
}
