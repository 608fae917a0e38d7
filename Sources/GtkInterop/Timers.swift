// Callbacks that fire once, later: a GLib timeout and a widget's next frame. Each closure lives
// in a box that GLib or GTK releases through its destroy notify.

import CGtk

/// A one-shot GLib timeout whose closure box is released by GLib's destroy notify.
@MainActor
package struct OneShotTimer {
    /// The pending GLib source, 0 when none.
    package private(set) var sourceID: guint = 0

    /// A timer with nothing pending.
    package init() {}

    /// Fires `action` once after `milliseconds`, replacing any pending firing. At `priority`,
    /// GLib's main loop dispatches it only once no source of a higher priority is ready.
    package mutating func schedule(
        after milliseconds: UInt32, priority: Int32 = G_PRIORITY_DEFAULT, _ action: @escaping @MainActor () -> Void
    ) {
        cancel()
        typealias Closure = @MainActor () -> Void
        let thunk: @convention(c) (gpointer?) -> gboolean = { data in
            let closure = ClosureBox<Closure>.closure(from: data)
            MainActor.assumeIsolated { closure() }
            return 0  // G_SOURCE_REMOVE: one shot
        }
        sourceID = g_timeout_add_full(
            priority, milliseconds, thunk, ClosureBox<Closure>.retained(action), releaseBox)
    }

    /// Whether a firing is pending.
    package var isPending: Bool { sourceID != 0 }

    /// Marks the timer as fired (its source removed itself).
    package mutating func fired() { sourceID = 0 }

    /// Removes the pending firing, if any.
    package mutating func cancel() {
        if sourceID != 0 {
            g_source_remove(sourceID)
            sourceID = 0
        }
    }
}

/// A one-shot widget tick callback: `action` runs in the update phase of the next frame that
/// the widget's frame clock draws (so the frame it belongs to paints right after it). Its
/// closure box is released by GTK's destroy notify.
@MainActor
package struct NextFrameCallback {
    /// The pending tick callback's id, 0 when none.
    package private(set) var callbackID: guint = 0

    /// Nothing pending.
    package init() {}

    /// Runs `action` at `widget`'s next frame, unless one is pending already. Frames come only
    /// while the widget is realized in a shown window; until then `action` waits.
    package mutating func request(on widget: UnsafeMutablePointer<GtkWidget>, _ action: @escaping @MainActor () -> Void)
    {
        guard callbackID == 0 else { return }
        typealias Closure = @MainActor () -> Void
        let thunk: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = {
            _, _, data in
            let closure = ClosureBox<Closure>.closure(from: data)
            MainActor.assumeIsolated { closure() }
            return 0  // G_SOURCE_REMOVE: one shot
        }
        callbackID = gtk_widget_add_tick_callback(widget, thunk, ClosureBox<Closure>.retained(action), releaseBox)
        gtk_widget_queue_draw(widget)
    }

    /// Marks the callback as run (it removed itself).
    package mutating func ran() { callbackID = 0 }

    /// Removes the pending callback, if any.
    package mutating func cancel(on widget: UnsafeMutablePointer<GtkWidget>) {
        if callbackID != 0 {
            gtk_widget_remove_tick_callback(widget, callbackID)
            callbackID = 0
        }
    }
}
