// A picture attached to a status, drawn as cheaply as a frame allows. It is as wide as the row
// and as tall as the server said it shows (its size request, set before the picture comes), a
// tinted rounded box until then (its CSS). Once the picture comes it is scaled and cropped to
// fill the box and its corners rounded, off the main thread, into a texture of the box's size in
// device pixels, which every frame then draws as it is: no scaling, no rounded clip. Clipping to
// rounded corners costs every pixel of the picture in GTK's renderer (with a software renderer,
// more than a third of a timeline frame's rendering, measured: benchmark 3c); a texture drawn
// one to one costs a copy. Until the prepared texture is ready (the picture just came, or the
// row's width changed), the picture is drawn scaled and clipped, as GtkPicture with its cover
// fit and a rounded frame drew it. To a screen reader it is an image named by its description.

import CGtk
import Foundation
import GtkInterop

/// The pictures of timeline rows.
@MainActor
public enum TimelinePicture {
    /// The corners' radius (px), as the placeholder's CSS rounds them (`.feed-picture`).
    public static let cornerRadius = 8.0

    /// The widget's GType.
    static let type: GType = register()

    /// A new picture, showing nothing until `show` gives it one.
    public static func make() -> UnsafeMutablePointer<GtkWidget> {
        let widget = WidgetPointer(OpaquePointer(g_object_new_with_properties(type, 0, nil, nil)!))
        gtk_widget_add_css_class(widget, "feed-picture")
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        openOnClick(widget)
        return widget
    }

    /// The key of the address a picture links to, on the picture.
    nonisolated static let linkKey = "timeline-picture-link"

    /// Makes a click on `widget` open `address` (the whole picture) in the desktop's viewer.
    public static func link(_ widget: UnsafeMutablePointer<GtkWidget>, to address: String) {
        g_object_set_data_full(cast(widget.raw), linkKey, g_strdup(address), g_free)
    }

    /// A click on the picture is the picture's: claimed when pressed, so the row under it (a
    /// list's row that opens on a click) never takes it, and it opens the picture when released.
    private static func openOnClick(_ widget: WidgetPointer) {
        gtk_widget_set_cursor_from_name(widget, "pointer")
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, UInt32(GDK_BUTTON_PRIMARY))
        g_signal_connect_data(
            gpointer(click), "pressed", unsafeBitCast(claimPress, to: GCallback.self), nil, nil, GConnectFlags(0))
        g_signal_connect_data(
            gpointer(click), "released", unsafeBitCast(openPicture, to: GCallback.self), nil, nil, GConnectFlags(0))
        gtk_widget_add_controller(widget, click)
    }

    /// Shows `texture` (none: the placeholder) in `widget`.
    static func show(_ texture: OpaquePointer?, on widget: WidgetPointer) {
        let shown = state(of: widget)
        guard shown.source != texture else { return }
        shown.source = texture
        shown.prepared = nil
        shown.generation += 1
        // The tinted box is the placeholder only: under a picture it would be drawn for nothing.
        if texture == nil {
            gtk_widget_remove_css_class(widget, "shown")
        } else {
            gtk_widget_add_css_class(widget, "shown")
        }
        gtk_widget_queue_draw(widget)
    }

    /// Says what the picture shows, to a screen reader and in its tooltip.
    public static func describe(_ widget: UnsafeMutablePointer<GtkWidget>, _ description: String?) {
        cgtk_accessible_set_string(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, description ?? "")
        gtk_widget_set_tooltip_text(widget, description)
    }

    /// The pixels a prepared texture is made for: the box in device pixels, and its scale.
    fileprivate struct Size: Equatable, Sendable {
        let width: Int32
        let height: Int32
        let scale: Int32
    }

    /// What a picture shows: the picture as it came (a reference held), and the texture prepared
    /// from it for one size.
    fileprivate final class Shown {
        var source: OpaquePointer? {
            didSet {
                if let source { g_object_ref(gpointer(source)) }
                if let oldValue { g_object_unref(gpointer(oldValue)) }
            }
        }
        var prepared: (size: Size, texture: OpaquePointer)? {
            didSet { if let old = oldValue?.texture { g_object_unref(gpointer(old)) } }
        }
        /// Bumped whenever the picture changes: a preparation for an older one is dropped.
        var generation = 0
        /// The size being prepared, if any.
        var preparing: Size?

        deinit {
            if let source { g_object_unref(gpointer(source)) }
            if let texture = prepared?.texture { g_object_unref(gpointer(texture)) }
        }
    }

    private static let stateKey = "timeline-picture"

    fileprivate static func state(of widget: WidgetPointer) -> Shown {
        if let data = g_object_get_data(cast(widget.raw), stateKey) {
            return Unmanaged<Shown>.fromOpaque(data).takeUnretainedValue()
        }
        let shown = Shown()
        g_object_set_data_full(cast(widget.raw), stateKey, Unmanaged.passRetained(shown).toOpaque(), releaseBox)
        return shown
    }

    private static func register() -> GType {
        var query = GTypeQuery()
        g_type_query(gtk_widget_get_type(), &query)
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(query.instance_size)
        info.class_init = { klass, _ in
            guard let klass else { return }
            let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
            widgetClass.pointee.snapshot = snapshotPicture
            gtk_widget_class_set_css_name(widgetClass, "picture")
            gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_IMG)
        }
        return g_type_register_static(gtk_widget_get_type(), "TimelinePicture", &info, GTypeFlags(rawValue: 0))
    }

    /// Draws the picture: the prepared texture one to one when it fits the box, else the
    /// picture scaled to cover the box within rounded corners (and a texture of this size asked for).
    fileprivate static func draw(_ widget: WidgetPointer, on snapshot: OpaquePointer) {
        guard let data = g_object_get_data(cast(widget.raw), stateKey) else { return }
        let shown = Unmanaged<Shown>.fromOpaque(data).takeUnretainedValue()
        guard let source = shown.source else { return }
        let width = gtk_widget_get_width(widget)
        let height = gtk_widget_get_height(widget)
        guard width > 0, height > 0 else { return }
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, 0, 0, Float(width), Float(height))
        let size = Size(width: width, height: height, scale: gtk_widget_get_scale_factor(widget))
        if let prepared = shown.prepared, prepared.size == size {
            gtk_snapshot_append_texture(snapshot, prepared.texture, &bounds)
            return
        }
        var clip = GskRoundedRect()
        var corner = graphene_size_t(width: Float(cornerRadius), height: Float(cornerRadius))
        gsk_rounded_rect_init(&clip, &bounds, &corner, &corner, &corner, &corner)
        gtk_snapshot_push_rounded_clip(snapshot, &clip)
        var cover = coverRect(
            of: (Double(gdk_texture_get_width(source)), Double(gdk_texture_get_height(source))),
            in: (Double(width), Double(height)))
        gtk_snapshot_append_texture(snapshot, source, &cover)
        gtk_snapshot_pop(snapshot)
        prepare(shown, of: widget, at: size)
    }

    /// Where a picture of `picture`'s size goes to cover a box of `box`'s, centred and cropped
    /// (its aspect kept).
    nonisolated static func coverRect(of picture: (Double, Double), in box: (Double, Double)) -> graphene_rect_t {
        let scale = max(box.0 / max(1, picture.0), box.1 / max(1, picture.1))
        let width = picture.0 * scale
        let height = picture.1 * scale
        var rect = graphene_rect_t()
        graphene_rect_init(&rect, Float((box.0 - width) / 2), Float((box.1 - height) / 2), Float(width), Float(height))
        return rect
    }

    /// Makes `shown`'s picture into a texture of `size` with rounded corners, on a worker thread;
    /// the widget draws it once it is ready, if it still shows that picture at that size.
    private static func prepare(_ shown: Shown, of widget: WidgetPointer, at size: Size) {
        guard shown.preparing != size, let source = shown.source else { return }
        shown.preparing = size
        let generation = shown.generation
        let handed = Handed(pointer: g_object_ref(gpointer(source)).map(OpaquePointer.init))
        let address = UInt(bitPattern: widget)
        let radius = cornerRadius
        g_object_ref(cast(widget.raw))
        Task { @MainActor in
            let made = await Task.detached { () -> Handed in
                defer { g_object_unref(gpointer(handed.pointer)) }
                return Handed(pointer: rounded(handed.pointer, size: size, radius: radius))
            }.value
            guard let widget = WidgetPointer(bitPattern: address) else { return }
            defer { g_object_unref(cast(widget.raw)) }
            guard let texture = made.pointer else { return }
            let current = state(of: widget)
            guard current.generation == generation, current.preparing == size else {
                return g_object_unref(gpointer(texture))
            }
            current.preparing = nil
            current.prepared = (size, texture)
            gtk_widget_queue_draw(widget)
        }
    }

    /// `source` scaled to cover `size`'s device pixels, cropped, its corners rounded to
    /// `radius` px (a new texture), or nil if it could not be drawn. Runs on any thread: it
    /// reads the texture's pixels and draws with cairo into memory of its own.
    private nonisolated static func rounded(_ source: OpaquePointer?, size: Size, radius: Double) -> OpaquePointer? {
        guard let source else { return nil }
        let sourceWidth = gdk_texture_get_width(source)
        let sourceHeight = gdk_texture_get_height(source)
        let width = size.width * size.scale
        let height = size.height * size.scale
        guard sourceWidth > 0, sourceHeight > 0, width > 0, height > 0 else { return nil }
        // The picture's pixels, premultiplied as cairo keeps them (GDK_MEMORY_DEFAULT).
        let sourceStride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, sourceWidth))
        var pixels = [UInt8](repeating: 0, count: sourceStride * Int(sourceHeight))
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        defer { cairo_surface_destroy(target) }
        pixels.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            gdk_texture_download(source, base.assumingMemoryBound(to: UInt8.self), gsize(sourceStride))
            let picture = cairo_image_surface_create_for_data(
                base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, sourceWidth, sourceHeight,
                Int32(sourceStride))
            defer { cairo_surface_destroy(picture) }
            let cairo = cairo_create(target)
            defer { cairo_destroy(cairo) }
            // The rounded box, in device pixels.
            let r = radius * Double(size.scale)
            let (w, h) = (Double(width), Double(height))
            cairo_new_sub_path(cairo)
            cairo_arc(cairo, w - r, r, r, -Double.pi / 2, 0)
            cairo_arc(cairo, w - r, h - r, r, 0, Double.pi / 2)
            cairo_arc(cairo, r, h - r, r, Double.pi / 2, Double.pi)
            cairo_arc(cairo, r, r, r, Double.pi, 3 * Double.pi / 2)
            cairo_close_path(cairo)
            cairo_clip(cairo)
            let cover = coverRect(of: (Double(sourceWidth), Double(sourceHeight)), in: (w, h))
            cairo_translate(cairo, Double(cover.origin.x), Double(cover.origin.y))
            cairo_scale(
                cairo, Double(cover.size.width) / Double(sourceWidth), Double(cover.size.height) / Double(sourceHeight))
            cairo_set_source_surface(cairo, picture, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
            cairo_paint(cairo)
        }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(target))
        let bytes = g_bytes_new(data, gsize(stride * Int(height)))
        defer { g_bytes_unref(bytes) }
        // cairo's ARGB32 as it lies in memory (GDK_MEMORY_DEFAULT, a macro).
        #if _endian(little)
            let format = GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
        #else
            let format = GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
        #endif
        return gdk_memory_texture_new(width, height, format, bytes, gsize(stride))
    }
}

private let snapshotPicture: @convention(c) (WidgetPointer?, OpaquePointer?) -> Void = { widget, snapshot in
    guard let widget, let snapshot else { return }
    let (picture, into) = (UInt(bitPattern: widget), UInt(bitPattern: Int(bitPattern: snapshot)))
    MainActor.assumeIsolated {
        guard let widget = WidgetPointer(bitPattern: picture), let snapshot = OpaquePointer(bitPattern: into) else {
            return
        }
        TimelinePicture.draw(widget, on: snapshot)
    }
}

/// A picture's click `pressed`: the press is the picture's (the row under it does not get it).
private let claimPress: @convention(c) (OpaquePointer?, gint, Double, Double, gpointer?) -> Void = {
    gesture, _, _, _, _ in
    gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
}

/// A picture's click `released`: opens the address the picture links to.
private let openPicture: @convention(c) (OpaquePointer?, gint, Double, Double, gpointer?) -> Void = {
    gesture, _, _, _, _ in
    guard let widget = gtk_event_controller_get_widget(gesture),
        let address = g_object_get_data(
            UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self),
            TimelinePicture.linkKey)
    else { return }
    g_app_info_launch_default_for_uri_async(address.assumingMemoryBound(to: CChar.self), nil, nil, nil, nil)
}
