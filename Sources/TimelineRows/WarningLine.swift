// A status's content warning in its row: the warning's words and a "Show more" button, the
// content hidden until the reader presses it. What the reader opened stays open for that status
// (kept by id: a row's widgets show other statuses as the list scrolls), and the button says
// whether it is expanded, as GTK's expanders do.

import CAdwaita
import CGtk
import GtkInterop

/// The statuses whose content warning the reader opened, by id.
@MainActor
public final class OpenedWarnings {
    private var ids: Set<String> = []
    /// Called after the reader opened or closed one (the app keeps them across restarts).
    public var onToggle: (@MainActor (_ id: String, _ open: Bool) -> Void)?

    public init() {}

    /// The warnings open now are `ids`' (what the app kept from an earlier run), for rows bound
    /// from now on.
    public func reset(_ ids: Set<String>) {
        self.ids = ids
    }

    /// Opens `id`'s content, or closes it if open; returns whether it is open now.
    public func toggle(_ id: String) -> Bool {
        let open = ids.remove(id) == nil
        if open { ids.insert(id) }
        onToggle?(id, open)
        return open
    }

    public func contains(_ id: String) -> Bool { ids.contains(id) }
}

@MainActor
enum WarningLine {
    /// The key of the status id a row's button acts for.
    private static let idKey = "refresh-demo-status-id"

    /// The line above a row's content: the warning's words, wrapped, and the button; hidden
    /// until the row shows a status with a warning. Its click handler lives on the button and
    /// goes with it (the closure holds `opened` and no widget).
    static func make(opened: OpenedWarnings) -> WidgetPointer {
        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_add_css_class(line, "feed-warning")
        let words = EmojiLabel.make()
        gtk_label_set_xalign(words.opaque, 0)
        gtk_label_set_wrap(words.opaque, 1)
        gtk_label_set_wrap_mode(words.opaque, PANGO_WRAP_WORD_CHAR)
        gtk_widget_set_hexpand(words, 1)
        let button = gtk_button_new_with_label(localized("Show more"))!
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        gtk_box_append(line.box, words)
        gtk_box_append(line.box, button)
        gtk_widget_set_visible(line, 0)
        typealias Closure = @MainActor (WidgetPointer) -> Void
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { button, data in
            let closure = ClosureBox<Closure>.closure(from: data)
            let address = UInt(bitPattern: button)
            MainActor.assumeIsolated {
                if let button = WidgetPointer(bitPattern: address) { closure(button) }
            }
        }
        let clicked: Closure = { button in
            guard let id = g_object_get_data(cast(button.raw), idKey), let line = gtk_widget_get_parent(button),
                let content = gtk_widget_get_next_sibling(line)
            else { return }
            show(opened.toggle(String(cString: id.assumingMemoryBound(to: CChar.self))), button, content)
        }
        g_signal_connect_data(
            button.raw, "clicked", unsafeBitCast(thunk, to: GCallback.self), ClosureBox<Closure>.retained(clicked),
            releaseSignalBox, GConnectFlags(rawValue: 0))
        return line
    }

    /// Shows `warning` (none: the line hidden, the content shown) for the status `id`, its
    /// content open if the reader opened it.
    static func bind(
        _ line: WidgetPointer, content: WidgetPointer, id: String, warning: String?, opened: OpenedWarnings
    ) {
        guard let words = gtk_widget_get_first_child(line), let button = gtk_widget_get_last_child(line) else { return }
        guard let warning else {
            gtk_widget_set_visible(line, 0)
            gtk_widget_set_visible(content, 1)
            return
        }
        gtk_label_set_text(words.opaque, warning)
        g_object_set_data_full(cast(button.raw), idKey, g_strdup(id), g_free)
        show(opened.contains(id), button, content)
        gtk_widget_set_visible(line, 1)
    }

    private static func show(_ open: Bool, _ button: WidgetPointer, _ content: WidgetPointer) {
        gtk_button_set_label(button.as(GtkButton.self), open ? localized("Show less") : localized("Show more"))
        cgtk_accessible_set_expanded(button, open.gboolean)
        gtk_widget_set_visible(content, open.gboolean)
        // A timeline row's pictures follow its content: hidden with it, shown only if it has any.
        if let media = gtk_widget_get_next_sibling(content), gtk_widget_has_css_class(media, "feed-media") != 0 {
            var picture = gtk_widget_get_first_child(media)
            var any = false
            while let current = picture, !any {
                any = gtk_widget_get_visible(current) != 0
                picture = gtk_widget_get_next_sibling(current)
            }
            gtk_widget_set_visible(media, (open && any).gboolean)
        }
    }
}
