// Two list operations the widget, the demo and the benchmarks all need: changing a string
// list's entries in one splice (one items-changed), and scrolling a scrolled window to its end.

import CGtk

/// Replaces `removing` entries of a GtkStringList at `position` with `adding` empty ones, in one
/// splice (the rows' content lives elsewhere; the entries only count them).
@MainActor
package func spliceEmptyEntries(_ store: OpaquePointer, at position: Int, removing: Int, adding: Int) {
    guard removing > 0 || adding > 0 else { return }
    let empty: StaticString = ""
    empty.withUTF8Buffer { buffer in
        let pointer = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
        var additions = [UnsafePointer<CChar>?](repeating: pointer, count: adding)
        additions.append(nil)
        additions.withUnsafeBufferPointer { list in
            gtk_string_list_splice(store, guint(position), guint(removing), list.baseAddress)
        }
    }
}

/// Emits a list item factory's `signal` (setup, bind, unbind, teardown) for `listItem`, as GTK
/// does for the list view the factory serves (g_signal_emit_by_name is variadic).
@MainActor
package func emitListItemSignal(_ factory: OpaquePointer, _ signal: String, _ listItem: OpaquePointer) {
    var values = [GValue](repeating: GValue(), count: 2)
    g_value_init(&values[0], gtk_signal_list_item_factory_get_type())
    g_value_set_object(&values[0], gpointer(factory))
    g_value_init(&values[1], gtk_list_item_get_type())
    g_value_set_object(&values[1], gpointer(listItem))
    let id = g_signal_lookup(signal, gtk_signal_list_item_factory_get_type())
    g_signal_emitv(values, id, 0, nil)
    g_value_unset(&values[0])
    g_value_unset(&values[1])
}

/// Scrolls `scrolledWindow` to the end of its content, as far as it is laid out now.
@MainActor
package func scrollToEnd(_ scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolledWindow))
    gtk_adjustment_set_value(
        adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
}
