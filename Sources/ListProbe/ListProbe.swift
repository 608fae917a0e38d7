// A RefreshList read and driven from outside, as GTK Inspector or an app sees it: its parts found
// in its widget tree by the CSS nodes and classes doc/guide.md documents ("Its widget tree"), and
// pulls made of the signals GTK's own controllers emit, emitted on the list's controllers. The
// demo (its trace and its screenshot script), the benchmarks and the widget tests use it; the
// library does not.

import CGtk
import GtkInterop

/// The first widget in `root`'s tree (itself included, depth first) that `matches` accepts.
@MainActor
package func descendant(of root: WidgetPointer, where matches: (WidgetPointer) -> Bool) -> WidgetPointer? {
    if matches(root) { return root }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        if let found = descendant(of: current, where: matches) { return found }
        child = gtk_widget_get_next_sibling(current)
    }
    return nil
}

/// The first widget in `root`'s tree with the CSS class `cssClass`.
@MainActor
package func descendant(of root: WidgetPointer, withClass cssClass: String) -> WidgetPointer? {
    descendant(of: root) { gtk_widget_has_css_class($0, cssClass) != 0 }
}

/// The first widget in `root`'s tree with the CSS name `cssName` ("label", "button", "spinner").
@MainActor
package func descendant(of root: WidgetPointer, named cssName: String) -> WidgetPointer? {
    descendant(of: root) { String(cString: gtk_widget_get_css_name($0)) == cssName }
}

/// The GType of a GObject instance (`G_TYPE_FROM_INSTANCE`, a macro in C).
package func typeOf(_ object: UnsafeMutableRawPointer) -> GType {
    object.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
}

/// The parts of a list (`list`: its widget) found in its documented widget tree.
@MainActor
package enum ListParts {
    /// The scrolled window holding the rows (or the placeholder in their place).
    package static func scrolledWindow(of list: WidgetPointer) -> WidgetPointer {
        guard let found = descendant(of: list, named: "scrolledwindow") else {
            fatalError("a RefreshList has a scrolledwindow (doc/guide.md, Its widget tree)")
        }
        return found
    }

    /// The list view showing the rows (`listview.refresh-rows`), unless the placeholder shows
    /// in its place.
    package static func listView(of list: WidgetPointer) -> WidgetPointer? {
        descendant(of: list, withClass: "refresh-rows")
    }

    /// The "N new" pill's button (`button.refresh-new-pill`).
    package static func pill(of list: WidgetPointer) -> WidgetPointer? {
        descendant(of: list, withClass: "refresh-new-pill")
    }

    /// The first row the view shows (its top the highest among the rows in view, the footer
    /// not counted): the row widget the app's `makeRow` made, and its top in the list's
    /// coordinates (px; above the view's top when the row is cut there).
    package static func firstRowInView(of list: WidgetPointer) -> (row: WidgetPointer, top: Double)? {
        rowsInView(of: list).first
    }

    /// The rows the view shows, wholly or in part (the footer not counted), top first: each the
    /// row widget the app's `makeRow` made, and its top in the list's coordinates (px).
    package static func rowsInView(of list: WidgetPointer) -> [(row: WidgetPointer, top: Double)] {
        guard let view = listView(of: list) else { return [] }
        let scrolled = scrolledWindow(of: list)
        let viewTop = top(of: scrolled, in: list)
        let viewBottom = viewTop + Double(gtk_widget_get_height(scrolled))
        var rows: [(row: WidgetPointer, top: Double)] = []
        var cell = gtk_widget_get_first_child(view)
        while let current = cell {
            cell = gtk_widget_get_next_sibling(current)
            guard gtk_widget_get_mapped(current) != 0, gtk_widget_get_child_visible(current) != 0,
                let row = gtk_widget_get_first_child(current), gtk_widget_has_css_class(row, "refresh-footer") == 0
            else { continue }
            let top = top(of: current, in: list)
            let bottom = top + Double(gtk_widget_get_height(current))
            guard bottom > viewTop, top < viewBottom else { continue }
            // After the rows above it (the first of rows at the same top stays first).
            let index = rows.firstIndex { $0.top > top } ?? rows.endIndex
            rows.insert((row, top), at: index)
        }
        return rows
    }

    /// The top of `widget` in `list`'s coordinates (px).
    private static func top(of widget: WidgetPointer, in list: WidgetPointer) -> Double {
        var point = graphene_point_t()
        var origin = graphene_point_t(x: 0, y: 0)
        _ = withUnsafePointer(to: &origin) { gtk_widget_compute_point(widget, list, $0, &point) }
        return Double(point.y)
    }

    /// The list's own drag gesture on its scrolled window: the one that follows mice too, not
    /// GTK's touch-only one.
    package static func dragGesture(of list: WidgetPointer) -> OpaquePointer? {
        controller(of: scrolledWindow(of: list)) {
            g_type_is_a(typeOf($0), gtk_gesture_drag_get_type()) != 0
                && gtk_gesture_single_get_touch_only(OpaquePointer($0)) == 0
        }
    }

    /// The scroll controller GTK delivers wheel and touchpad events to, on the scrolled window.
    package static func scrollController(of list: WidgetPointer) -> OpaquePointer? {
        controller(of: scrolledWindow(of: list)) {
            g_type_is_a(typeOf($0), gtk_event_controller_scroll_get_type()) != 0
        }
    }

    private static func controller(of widget: WidgetPointer, where matches: (gpointer) -> Bool) -> OpaquePointer? {
        let controllers = gtk_widget_observe_controllers(widget)!
        defer { g_object_unref(gpointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            let controller = g_list_model_get_item(controllers, index)!
            g_object_unref(controller)  // the widget keeps it
            if matches(controller) { return OpaquePointer(controller) }
        }
        return nil
    }
}

/// A mouse drag on a list made of the signals GTK's drag gesture emits for one, emitted on the
/// list's own gesture: pressed at the scrolled window's top left corner, moved down by distances
/// measured on the screen (in the list's own coordinates, which stay put as the header opens and
/// moves the scrolled window down, as a real pointer does), then released or cancelled. No
/// pointer moves, so nothing hovers or presses a row: a frame shows the same on every display.
/// Whether the drag pulls is the list's decision, as for a real one.
@MainActor
package final class EmittedDrag {
    private let list: WidgetPointer
    private let gesture: OpaquePointer
    /// Where the press is, in the list's coordinates.
    private var pressedInList = 0.0

    /// A drag on the list whose widget is `list`.
    package init(on list: WidgetPointer) {
        guard let gesture = ListParts.dragGesture(of: list) else {
            fatalError("a RefreshList has its drag gesture on its scrolled window")
        }
        self.list = list
        self.gesture = gesture
    }

    /// The button pressed at the scrolled window's top left corner.
    package func press() {
        pressedInList = yInList(ofScrolledY: 0)
        emit("drag-begin", 0, 0)
    }

    /// The pointer moved to `distance` px below where it was pressed (on the screen).
    package func move(to distance: Double) {
        // GTK reports the offset from the press in the scrolled window's coordinates as they
        // are now.
        var inList = graphene_point_t(x: 0, y: Float(pressedInList + distance))
        var inScrolled = inList
        _ = gtk_widget_compute_point(list, ListParts.scrolledWindow(of: list), &inList, &inScrolled)
        emit("drag-update", 0, Double(inScrolled.y))
    }

    /// The button released.
    package func release() { emit("drag-end", 0, 0) }

    /// The drag cancelled (another gesture took the pointer, or the window lost it).
    package func cancel() {
        var values = [GValue](repeating: GValue(), count: 2)
        g_value_init(&values[0], typeOf(gpointer(gesture)))
        g_value_set_object(&values[0], gpointer(gesture))
        g_value_init(&values[1], gdk_event_sequence_get_type())  // NULL: a pointer's sequence
        emit("cancel", &values)
    }

    private func yInList(ofScrolledY y: Double) -> Double {
        var point = graphene_point_t(x: 0, y: Float(y))
        var result = point
        _ = gtk_widget_compute_point(ListParts.scrolledWindow(of: list), list, &point, &result)
        return Double(result.y)
    }

    /// Emits a signal of (double, double) on the gesture (g_signal_emit_by_name is variadic in C).
    private func emit(_ signal: String, _ x: Double, _ y: Double) {
        var values = [GValue](repeating: GValue(), count: 3)
        g_value_init(&values[0], typeOf(gpointer(gesture)))
        g_value_set_object(&values[0], gpointer(gesture))
        for (index, number) in [x, y].enumerated() {
            g_value_init(&values[index + 1], g_type_from_name("gdouble"))
            g_value_set_double(&values[index + 1], number)
        }
        emit(signal, &values)
    }

    private func emit(_ signal: String, _ values: inout [GValue]) {
        let id = g_signal_lookup(signal, typeOf(gpointer(gesture)))
        precondition(id != 0, "GtkGestureDrag has the signal \(signal)")
        values.withUnsafeMutableBufferPointer { g_signal_emitv($0.baseAddress, id, 0, nil) }
        for index in values.indices { g_value_unset(&values[index]) }
    }
}
