// Input → engine events, nothing more: the adjustment's geometry, the scrolled window's edge
// hints, a capture-phase scroll controller for wheel and touchpad pulls (GTK 4.8 never moves
// the adjustment above the top, so the pull must be measured from the scroll events), a drag
// gesture for mouse and touch, and the list.refresh / list.load-more actions with F5, Ctrl+R.
// Input is sent with the instant it happened (its display server's timestamp), so events that
// queued up while the main loop was busy keep their real spacing: the wheel's and the touchpad's
// idle rules judge the user's pace, not the machine's.

import CGtk
internal import GtkInterop
import RefreshEngine

/// What input handling remembers between events.
struct InputState {
    /// The drag pointer's last y in the list's coordinates (px).
    var dragLastY = 0.0
    /// The drag pointer's last x in the scrolled window's coordinates (px).
    var dragLastX = 0.0
    /// Input timestamps mapped onto the monotonic clock.
    var clock = InputClock()
    /// Whether a double click's second click is down, with single-click-activate
    /// (ListDriver+Activation.swift): it opens nothing.
    var secondClickPressed = false
    /// The last press on the list view: its display server time (ms) and place in the view.
    var lastPress: (time: UInt32, x: Double, y: Double)?
}

extension ListDriver {
    func connectInput() {
        connectGeometry()
        connectScroll()
        connectDrag()
    }

    /// The adjustment's geometry and the scrolled window's edge hints (GTK reports both from
    /// inside its layout: see `sendAfterLayout`).
    private func connectGeometry() {
        let scrolled = parts.scrolled
        let adjustment = gtk_scrolled_window_get_vadjustment(scrolled.opaque)!
        let adjustmentRaw = gpointer(adjustment)
        connections.onVoid(adjustmentRaw, "value-changed") { [weak self] in self?.sendGeometry() }
        connections.onNotify(adjustmentRaw, "upper") { [weak self] in self?.sendGeometry() }
        connections.onNotify(adjustmentRaw, "page-size") { [weak self] in self?.sendGeometry() }
        connections.onEdge(scrolled.raw, "edge-overshot") { [weak self] position in
            if let edge = Self.edge(position) { self?.sendAfterLayout(.edgeHint(edge)) }
        }
        connections.onEdge(scrolled.raw, "edge-reached") { [weak self] position in
            if let edge = Self.edge(position) { self?.sendAfterLayout(.edgeHint(edge)) }
        }
    }

    /// Wheel and touchpad, seen before the scrolled window scrolls.
    private func connectScroll() {
        let scrolled = parts.scrolled
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(scrolled, scroll)
        connections.onScroll(gpointer(scroll)) { [weak self, scroll] _, dy in
            guard let self else { return false }
            return self.sendInput(.scroll(Self.scrollSample(of: scroll, dy: dy)), at: self.instant(of: scroll))
        }
        connections.onVoid(gpointer(scroll), "scroll-begin") { [weak self, scroll] in
            self?.send(.gestureBegan(.touchpad), from: scroll)
        }
        connections.onVoid(gpointer(scroll), "scroll-end") { [weak self, scroll] in
            self?.send(.gestureEnded(.touchpad, cancelled: false), from: scroll)
        }
    }

    /// Mouse and touch drags; claimed only once the engine says they pull. Seen in the capture
    /// phase: the scrolled window's own touch drag claims a touch once it passes GTK's drag
    /// threshold, and a touch pull must be taken before that.
    private func connectDrag() {
        let scrolled = parts.scrolled
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_touch_only(drag, 0)
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(scrolled, drag)
        connections.onPoint(gpointer(drag), "drag-begin") { [weak self, drag] startX, startY in
            guard let self else { return }
            self.input.dragLastX = startX
            self.input.dragLastY = self.yInList(ofScrolledY: startY)
            self.send(.gestureBegan(.drag), from: drag)
        }
        connections.onPoint(gpointer(drag), "drag-update") { [weak self, drag] offsetX, offsetY in
            guard let self else { return }
            // GTK measures the drag in the scrolled window's coordinates, and the scrolled
            // window moves down as the header opens: measured there, the pull would fight the
            // pointer. Measured in the list's own coordinates, it follows the pointer.
            var startX = 0.0, startY = 0.0
            gtk_gesture_drag_get_start_point(drag, &startX, &startY)
            let y = self.yInList(ofScrolledY: startY + offsetY)
            let delta = y - self.input.dragLastY
            let sideways = startX + offsetX - self.input.dragLastX
            self.input.dragLastY = y
            self.input.dragLastX = startX + offsetX
            // Claimed once the pull takes it: the list's own gestures then leave it alone.
            if self.sendInput(.pull(.drag(distance: delta, sideways: sideways)), at: self.instant(of: drag)) {
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            }
        }
        connections.onPoint(gpointer(drag), "drag-end") { [weak self, drag] _, _ in
            self?.send(.gestureEnded(.drag, cancelled: false), from: drag)
        }
        connections.onSequence(gpointer(drag), "cancel") { [weak self, drag] in
            self?.send(.gestureEnded(.drag, cancelled: true), from: drag)
        }
    }

    /// Sends `event`, timed when the event `controller` is handling happened.
    private func send(_ event: Event, from controller: OpaquePointer) {
        send(event, at: instant(of: controller))
    }

    /// When the event `controller` is handling happened, on the monotonic clock.
    func instant(of controller: OpaquePointer) -> MonotonicInstant {
        let stamp = gtk_event_controller_get_current_event_time(controller)
        return input.clock.instant(ofEventTime: stamp, handledAt: Self.monotonicNow())
    }

    /// What GTK reported about the scroll event being handled: discrete or smooth, in which unit,
    /// from which device class (X11 and Wayland report the same device differently).
    static func scrollSample(of controller: OpaquePointer, dy: Double) -> ScrollSample {
        let unit = gtk_event_controller_scroll_get_unit(controller)
        guard let event = gtk_event_controller_get_current_event(controller) else {
            return scrollSample(dy: dy, unit: unit, isSmooth: true, source: nil)
        }
        let isSmooth = gdk_scroll_event_get_direction(event) == GDK_SCROLL_SMOOTH
        let source = gdk_event_get_device(event).map { gdk_device_get_source($0) }
        return scrollSample(dy: dy, unit: unit, isSmooth: isSmooth, source: source)
    }

    static func scrollSample(dy: Double, unit: GdkScrollUnit, isSmooth: Bool, source: GdkInputSource?) -> ScrollSample {
        let motion: ScrollSample.Motion =
            if !isSmooth { .notches(dy) } else if unit == GDK_SCROLL_UNIT_WHEEL { .wheelUnits(dy) } else { .pixels(dy) }
        let device: ScrollSample.Source =
            switch source {
            case GDK_SOURCE_MOUSE: .mouse
            case GDK_SOURCE_TOUCHPAD: .touchpad
            case GDK_SOURCE_TRACKPOINT: .trackpoint
            default: .unknown
            }
        return ScrollSample(motion, source: device)
    }

    /// A y coordinate of the scrolled window in the coordinates of the list's root widget,
    /// which does not move when the header opens.
    func yInList(ofScrolledY y: Double) -> Double {
        var point = graphene_point_t(x: 0, y: Float(y))
        var result = point
        guard gtk_widget_compute_point(parts.scrolled, widget, &point, &result) != 0 else { return y }
        return Double(result.y)
    }

    /// The adjustment's geometry now; it changes during layout, so it waits for the frame's end.
    func sendGeometry() {
        let adjustment = gtk_scrolled_window_get_vadjustment(parts.scrolled.opaque)
        sendAfterLayout(
            .geometry(
                offset: gtk_adjustment_get_value(adjustment),
                contentHeight: gtk_adjustment_get_upper(adjustment),
                viewportHeight: gtk_adjustment_get_page_size(adjustment)))
    }

    static func edge(_ position: GtkPositionType) -> Edge? {
        switch position {
        case GTK_POS_TOP: .top
        case GTK_POS_BOTTOM: .bottom
        default: nil
        }
    }

    func connectActions() {
        let group = g_simple_action_group_new()!
        let refresh = g_simple_action_new("refresh", nil)!
        let loadMore = g_simple_action_new("load-more", nil)!
        connections.onActivate(gpointer(refresh)) { [weak self] in self?.refresh() }
        connections.onActivate(gpointer(loadMore)) { [weak self] in self?.loadMore() }
        g_action_map_add_action(OpaquePointer(group), refresh)
        g_action_map_add_action(OpaquePointer(group), loadMore)
        g_object_unref(gpointer(refresh))
        g_object_unref(gpointer(loadMore))
        gtk_widget_insert_action_group(widget, "list", OpaquePointer(group))
        connections.onVoid(parts.footerButton.raw, "clicked") { [weak self] in self?.loadMore() }
        g_object_unref(gpointer(group))

        // F5 and Ctrl+R: inside the list, or anywhere in the window when the host asks.
        let shortcuts = gtk_shortcut_controller_new()!
        shortcutController = shortcuts
        scopeShortcuts()
        for trigger in ["F5", "<Control>r"] {
            let shortcut = gtk_shortcut_new(
                gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new("list.refresh"))
            gtk_shortcut_controller_add_shortcut(shortcuts, shortcut)
        }
        gtk_widget_add_controller(widget, shortcuts)
    }
}
