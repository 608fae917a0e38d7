// The header's and the footer's spinner: the theme's process-working icon, turned once a second
// by the transform its holder allocates it with.
//
// GtkSpinner turns its icon with a CSS animation, so the icon is snapshotted again at every
// frame while it spins; GTK 4.8's GL renderer then draws the symbolic icon's colour matrix into a
// new offscreen texture at every frame, and a list scrolled under a turning spinner paid for it
// in every frame (benchmark 3, BENCHMARKS.md). Here a tick callback only queues an allocation of
// the holder, whose layout gives the icon the same size at a new angle: GTK keeps the icon's
// render node (and the renderer its texture), nothing is measured again, and a frame only draws
// the icon turned. The same principle as the pull, which moves the list by a transform, never by
// relayout.

import CGtk
internal import GtkInterop

/// A symbolic icon that turns while started. Still (upright) when the desktop turns animations
/// off, as GtkSpinner is.
@MainActor
final class TurningIcon {
    /// The icon's holder, which turns it; presentational, like the header's arrow.
    let widget: WidgetPointer

    init(iconName: String = "process-working-symbolic", pixelSize: Int32 = 16) {
        widget = cgtk_widget_new_with_role(cgtk_type_box(), GTK_ACCESSIBLE_ROLE_PRESENTATION)!
        gtk_widget_set_layout_manager(widget, gtk_custom_layout_new(nil, turningMeasure, turningAllocate))
        let image = cgtk_widget_new_with_role(gtk_image_get_type(), GTK_ACCESSIBLE_ROLE_PRESENTATION)!
        gtk_image_set_from_icon_name(image.opaque, iconName)
        gtk_image_set_pixel_size(image.opaque, pixelSize)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(widget, "refresh-spinner")
        gtk_box_append(widget.box, image)
        // Frames are asked for only while the icon is on screen: a tick callback makes the frame
        // clock run at every frame, and with the icon in a closed header or in a row scrolled
        // away each of those frames is work (a wake-up, a layout pass) that shows nothing. Plain
        // C handlers on the holder itself: nothing to release, gone with it.
        let mapped: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void = { holder, _ in
            if let holder { turnWhileShown(holder) }
        }
        for signal in ["map", "unmap"] {
            g_signal_connect_data(
                cast(gpointer(widget)), signal, unsafeBitCast(mapped, to: GCallback.self), nil, nil, GConnectFlags(0))
        }
    }

    /// Whether it turns (or will, once on screen).
    var isTurning: Bool { g_object_get_data(cast(gpointer(widget)), turningKey) != nil }

    /// Starts turning, from the next frame that shows it; a turning icon goes on. With animations
    /// off it stays upright and asks for no frames.
    func start() {
        guard !isTurning, turningAnimationsEnabled(widget) else { return }
        g_object_set_data(cast(gpointer(widget)), turningKey, gpointer(bitPattern: 1))
        turnWhileShown(widget)
    }

    /// Stops turning and stands the icon upright.
    func stop() {
        guard isTurning else { return }
        g_object_set_data(cast(gpointer(widget)), turningKey, nil)
        turnWhileShown(widget)
        gtk_widget_queue_allocate(widget)
    }
}

/// Keeps a tick callback on `holder` exactly while it should turn and is mapped.
@MainActor
private func turnWhileShown(_ holder: UnsafeMutablePointer<GtkWidget>) {
    let object: UnsafeMutablePointer<GObject> = cast(gpointer(holder))
    let tick = guint(UInt(bitPattern: g_object_get_data(object, tickKey)))
    let wanted = g_object_get_data(object, turningKey) != nil && gtk_widget_get_mapped(holder) != 0
    if wanted, tick == 0 {
        let turn: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = {
            holder, _, _ in
            if let holder { gtk_widget_queue_allocate(holder) }
            return 1  // G_SOURCE_CONTINUE
        }
        let id = gtk_widget_add_tick_callback(holder, turn, nil, nil)
        g_object_set_data(object, tickKey, gpointer(bitPattern: UInt(id)))
    } else if !wanted, tick != 0 {
        gtk_widget_remove_tick_callback(holder, tick)
        g_object_set_data(object, tickKey, nil)
    }
}

/// Object data on a holder: its tick callback's id while it has one.
private let tickKey = "refresh-turning-tick"

/// Object data set on a holder while its icon turns.
private let turningKey = "refresh-turning"

/// One turn a second, as Adwaita's spinner.
private let turnMicroseconds = 1_000_000

/// The holder is exactly its icon's size.
private let turningMeasure: GtkCustomMeasureFunc = {
    holder, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
    var low: Int32 = 0
    var high: Int32 = 0
    if let holder, let icon = gtk_widget_get_first_child(holder) {
        gtk_widget_measure(icon, orientation, forSize, &low, &high, nil, nil)
    }
    minimum?.pointee = low
    natural?.pointee = high
    minimumBaseline?.pointee = -1
    naturalBaseline?.pointee = -1
}

/// Gives the icon the holder's size, turned about its centre by the frame's share of a turn
/// while it turns.
private let turningAllocate: GtkCustomAllocateFunc = { holder, width, height, baseline in
    guard let holder, let icon = gtk_widget_get_first_child(holder) else { return }
    var transform: OpaquePointer?
    if g_object_get_data(cast(gpointer(holder)), turningKey) != nil, let clock = gtk_widget_get_frame_clock(holder) {
        let degrees =
            Float(Int(gdk_frame_clock_get_frame_time(clock)) % turnMicroseconds) / Float(turnMicroseconds) * 360
        var centre = graphene_point_t(x: Float(width) / 2, y: Float(height) / 2)
        var back = graphene_point_t(x: -centre.x, y: -centre.y)
        transform = gsk_transform_translate(
            gsk_transform_rotate(gsk_transform_translate(nil, &centre), degrees), &back)
    }
    // gtk_widget_allocate takes the transform.
    gtk_widget_allocate(icon, width, height, baseline, transform)
}

/// Whether the desktop lets widgets animate (`gtk-enable-animations` of the widget's
/// settings).
private func turningAnimationsEnabled(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    guard let settings = gtk_widget_get_settings(widget) else { return true }
    var value = GValue()
    g_value_init(&value, cgtk_type_boolean())
    g_object_get_property(cast(gpointer(settings)), "gtk-enable-animations", &value)
    defer { g_value_unset(&value) }
    return g_value_get_boolean(&value) != 0
}
