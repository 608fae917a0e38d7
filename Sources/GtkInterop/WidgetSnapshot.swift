// Rendering a widget to PNG with GTK's own renderer (the widget's paintable through the
// window's GSK renderer), for screenshots and rendering tests without a screen grabber.

import CGtk

/// Saves widgets as PNG images, drawn by GTK itself.
package enum WidgetSnapshot {
    /// Renders `widget` at its current size to a PNG at `path`. Returns `false` when the
    /// widget has no size or no renderer yet (not realized) or the file can't be written.
    @MainActor
    package static func savePNG(_ widget: WidgetPointer, to path: String) -> Bool {
        let width = gtk_widget_get_width(widget)
        let height = gtk_widget_get_height(widget)
        guard width > 0, height > 0, let native = gtk_widget_get_native(widget),
            let renderer = gtk_native_get_renderer(native)
        else { return false }
        let paintable = gtk_widget_paintable_new(widget)
        defer { g_object_unref(gpointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return false }
        defer { g_object_unref(gpointer(texture)) }
        return gdk_texture_save_to_png(texture, path) != 0
    }
}
