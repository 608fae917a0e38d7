// How the `RefreshList` widget draws its children: the header, then the list, with the part of
// the list a pull moved past the widget's bottom left out of the drawing rather than clipped.
//
// While a pull opens the header, the list keeps its size and is moved down by a translation
// (RefreshListWidget.swift), so its bottom lies past the widget's edge and the widget's clip cuts
// it. GTK's GL renderer draws every node that a clip cuts with its clip shader, which computes
// each pixel's coverage and blends it; the list's background is such a node, as large as the
// list. Measured on Wayland (headless mutter, Mesa's software rasterizer): about 3 ms of
// processor time a frame more than a bare list scrolled in place, the whole of the touchpad's
// gap to it (BENCHMARKS.md). So the list's render nodes are cut to what shows before they are
// drawn: a colour node is made as large as its visible part, the containers, translations and
// clips around it are rebuilt, and what lies wholly inside is kept as the same node. What cannot
// be cut exactly is left whole, to the widget's clip, as before.

import CGtk

/// The widget's `snapshot`: each child (the header, then the list) cut to the widget's bounds.
let snapshotCut: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?) -> Void = {
    widget, snapshot in
    guard let widget, let snapshot else { return }
    var child = gtk_widget_get_first_child(widget)
    let bounds = graphene_rect_t(
        origin: graphene_point_t(x: 0, y: 0),
        size: graphene_size_t(width: Float(gtk_widget_get_width(widget)), height: Float(gtk_widget_get_height(widget))))
    while let current = child {
        child = gtk_widget_get_next_sibling(current)
        let own = gtk_snapshot_new()!
        gtk_widget_snapshot_child(widget, current, own)
        guard let node = gtk_snapshot_free_to_node(own) else { continue }
        if let visible = VisiblePart.of(node, within: bounds) {
            gtk_snapshot_append_node(snapshot, visible)
            gsk_render_node_unref(visible)
        }
        gsk_render_node_unref(node)
    }
}

/// Render nodes cut to a rectangle, where that can be done exactly.
enum VisiblePart {
    /// `node` without what lies outside `rect` (in the node's coordinates): a new reference, or
    /// `nil` when nothing of it shows. Colour nodes are cut; containers, translations and clips
    /// are rebuilt around their cut children; other nodes that cross `rect` are kept whole.
    static func of(_ node: OpaquePointer, within rect: graphene_rect_t) -> OpaquePointer? {
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node, &bounds)
        var area = rect
        if graphene_rect_contains_rect(&area, &bounds) { return gsk_render_node_ref(node) }
        var inside = graphene_rect_t()
        guard graphene_rect_intersection(&area, &bounds, &inside) else { return nil }
        switch gsk_render_node_get_node_type(node) {
        case GSK_COLOR_NODE:
            return gsk_color_node_new(gsk_color_node_get_color(node), &inside)
        case GSK_CONTAINER_NODE:
            let count = gsk_container_node_get_n_children(node)
            var children: [OpaquePointer?] = []
            children.reserveCapacity(Int(count))
            var changed = false
            for index in 0..<count {
                let child = gsk_container_node_get_child(node, index)!
                let cut = of(child, within: rect)
                changed = changed || cut != child
                if let cut { children.append(cut) }
            }
            defer { for child in children { gsk_render_node_unref(child) } }
            guard changed else { return gsk_render_node_ref(node) }
            guard !children.isEmpty else { return nil }
            return children.withUnsafeMutableBufferPointer {
                gsk_container_node_new($0.baseAddress, guint($0.count))
            }
        case GSK_TRANSFORM_NODE:
            let transform = gsk_transform_node_get_transform(node)
            guard gsk_transform_get_category(transform).rawValue >= GSK_TRANSFORM_CATEGORY_2D_TRANSLATE.rawValue
            else { return gsk_render_node_ref(node) }
            var dx: Float = 0
            var dy: Float = 0
            gsk_transform_to_translate(transform, &dx, &dy)
            var moved = rect
            moved.origin.x -= dx
            moved.origin.y -= dy
            let child = gsk_transform_node_get_child(node)!
            guard let cut = of(child, within: moved) else { return nil }
            defer { gsk_render_node_unref(cut) }
            return cut == child ? gsk_render_node_ref(node) : gsk_transform_node_new(cut, transform)
        case GSK_CLIP_NODE:
            var clip = gsk_clip_node_get_clip(node).pointee
            var shown = graphene_rect_t()
            guard graphene_rect_intersection(&clip, &area, &shown) else { return nil }
            guard let cut = of(gsk_clip_node_get_child(node)!, within: shown) else { return nil }
            defer { gsk_render_node_unref(cut) }
            return gsk_clip_node_new(cut, &shown)
        default:
            return gsk_render_node_ref(node)
        }
    }
}
