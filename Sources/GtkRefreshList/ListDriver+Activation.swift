// Opening a row, as GtkListView does it: Enter, keypad Enter and a double click (GTK's own, on
// the cells), Space on a focused row, a single click when `single-click-activate` is set, and a
// tap on a touchscreen. Every way ends in the list view's `activate` with the cell's position;
// the footer's cell is not activatable and its position is past the rows, so only a row is ever
// reported: the widget's `activate` signal and a Swift list's `onActivate` handler, with the
// row's position (and item).
//
// A single click and a tap are the list's own: a click gesture on the list view opens the row
// under a release that nothing inside the row took (a button or a link claims its click, a pan
// that scrolls is claimed by the scrolled window, and the gesture here is cancelled). GtkListView's
// single-click-activate is not used: from GTK 4.12 its cells open the row before a link inside it
// takes the click, and it selects the rows the pointer hovers. GTK's cells open a row on a double
// click only, which no touchscreen user makes, so a lone tap opens it. Space: GTK's cells select
// on Space; a focused row (the cell itself, not a button or a link inside it) is opened by it, as
// Enter opens it.

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
        // A single click (with single-click-activate) or a tap opens the row on release, seen
        // after the row's own widgets: a button or a link that took the click claimed it, and
        // this gesture is cancelled. GtkListView's own single-click-activate is left off: from GTK
        // 4.12 its cells open the row before a link inside it takes the click.
        let click = gtk_gesture_click_new()!
        gtk_widget_add_controller(listView, click)
        connections.onClick(gpointer(click), "released") { [weak self, click] presses, x, y in
            guard let self, presses == 1, self.core.singleClickActivate || Self.isTouch(click),
                let cell = self.cell(at: x, y)
            else { return }
            gtk_widget_activate(cell)
        }
        // With single-click-activate, the second click of a double click opens nothing more: the
        // first opened the row, and GTK's cells would open it again on the second press (see
        // `activated`). Seen before the cells see it; forgotten when that click ends.
        let secondClick = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(secondClick, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(listView, secondClick)
        connections.onClick(gpointer(secondClick), "pressed") { [weak self, secondClick] presses, x, y in
            guard let self else { return }
            let press = (time: gtk_event_controller_get_current_event_time(secondClick), x: x, y: y)
            let previous = self.input.lastPress
            self.input.lastPress = press
            // The cells count their own presses: this gesture may have been reset between the two
            // clicks and count this one as a first (on Wayland it is stopped once the first click
            // opened the row), so the time and distance since the last press say it as well.
            let second = presses >= 2 || previous.map { Self.isDoubleClick(from: $0, to: press, in: listView) } == true
            self.input.secondClickPressed = second && self.core.singleClickActivate
        }
        connections.onClick(gpointer(secondClick), "released") { [weak self] _, _, _ in
            self?.input.secondClickPressed = false
        }
        connections.onVoid(gpointer(secondClick), "stopped") { [weak self] in
            self?.input.secondClickPressed = false
        }
    }

    /// Whether a press at `second` makes a double click with the one at `first`, by the
    /// desktop's double-click time and distance (GtkSettings), as GTK's click gestures count.
    private static func isDoubleClick(
        from first: (time: UInt32, x: Double, y: Double), to second: (time: UInt32, x: Double, y: Double),
        in widget: WidgetPointer
    ) -> Bool {
        guard let settings = gtk_widget_get_settings(widget).map(gpointer.init) else { return false }
        func setting(_ name: String) -> Int32 {
            var value = GValue()
            g_value_init(&value, cgtk_type_int())
            defer { g_value_unset(&value) }
            g_object_get_property(cast(settings), name, &value)
            return g_value_get_int(&value)
        }
        let elapsed = second.time &- first.time
        let distance = Double(setting("gtk-double-click-distance"))
        return elapsed <= UInt32(max(0, setting("gtk-double-click-time")))
            && abs(second.x - first.x) <= distance && abs(second.y - first.y) <= distance
    }

    /// Whether `gesture`'s current sequence comes from a touchscreen.
    private static func isTouch(_ gesture: OpaquePointer) -> Bool {
        guard let device = gtk_gesture_get_device(gesture) else { return false }
        return gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN
    }

    /// The list view's `activate`: a row's position is reported; the footer's is not a row.
    private func activated(at position: Int) {
        guard !isDisposed, position >= 0, position < model.items.count, !input.secondClickPressed else { return }
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
