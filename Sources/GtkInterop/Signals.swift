// Connecting Swift closures to GObject signals without leaks or use-after-free: each closure
// lives in a box passed to GLib retained and released by the destroy notify GLib calls when
// the handler goes away (disconnect or the object's disposal). Each thunk has exactly the C
// signature of the signal it serves. Handler ids are kept so dispose can disconnect them.

import CGtk

/// Holds one Swift closure for GLib.
package final class ClosureBox<Closure> {
    /// The closure.
    package let closure: Closure
    /// Boxes `closure`.
    package init(_ closure: Closure) {
        self.closure = closure
    }

    /// Passes the box to C retained; `releaseBox` balances it.
    package static func retained(_ closure: Closure) -> gpointer {
        Unmanaged.passRetained(ClosureBox(closure)).toOpaque()
    }

    /// The closure behind a `user_data` pointer.
    package static func closure(from data: gpointer?) -> Closure {
        Unmanaged<ClosureBox<Closure>>.fromOpaque(data!).takeUnretainedValue().closure
    }
}

/// Destroy notify for signal handlers (`GClosureNotify`): releases the box.
package let releaseSignalBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Destroy notify for sources and draw functions (`GDestroyNotify`): releases the box.
package let releaseBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// The handlers one widget (or window) connected, disconnected together on dispose. Each connected object
/// is referenced until then, so disconnecting never touches a finalized object.
@MainActor
package final class SignalConnections {
    /// An empty set of connections.
    package init() {}

    private var handlers: [(instance: gpointer, id: gulong, owned: Bool)] = []

    /// Handlers connected now.
    package var count: Int { handlers.count }

    private func connect(_ instance: gpointer, _ signal: String, _ thunk: GCallback, _ data: gpointer, owned: Bool) {
        let id = g_signal_connect_data(instance, signal, thunk, data, releaseSignalBox, GConnectFlags(rawValue: 0))
        precondition(id != 0, "no signal \(signal) on \(String(cString: g_type_name_from_instance(cast(instance))))")
        if owned { g_object_ref(instance) }
        handlers.append((instance, id, owned))
    }

    /// `void handler(GObject *self, gpointer user_data)`: clicked, value-changed, scroll-begin, ...
    /// `owned: false` for the widget whose own disposal triggers `disconnectAll`.
    package func onVoid(
        _ instance: gpointer, _ signal: String, owned: Bool = true, _ handler: @escaping @MainActor () -> Void
    ) {
        typealias Closure = @MainActor () -> Void
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let closure = ClosureBox<Closure>.closure(from: data)
            MainActor.assumeIsolated { closure() }
        }
        connect(
            instance, signal, unsafeBitCast(thunk, to: GCallback.self), ClosureBox<Closure>.retained(handler),
            owned: owned)
    }

    /// `void handler(GObject *self, GParamSpec *pspec, gpointer user_data)`: notify::property.
    package func onNotify(_ instance: gpointer, _ property: String, _ handler: @escaping @MainActor () -> Void) {
        ignoringArgument(instance, "notify::\(property)", handler)
    }

    /// `void handler(GtkScrolledWindow *self, GtkPositionType pos, gpointer user_data)`:
    /// edge-overshot, edge-reached.
    package func onEdge(
        _ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor (GtkPositionType) -> Void
    ) {
        typealias Closure = @MainActor (GtkPositionType) -> Void
        let thunk: @convention(c) (gpointer?, GtkPositionType, gpointer?) -> Void = { _, position, data in
            let closure = ClosureBox<Closure>.closure(from: data)
            MainActor.assumeIsolated { closure(position) }
        }
        connect(
            instance, signal, unsafeBitCast(thunk, to: GCallback.self), ClosureBox<Closure>.retained(handler),
            owned: true)
    }

    /// `gboolean handler(GtkEventControllerScroll *self, double dx, double dy, gpointer user_data)`.
    package func onScroll(_ instance: gpointer, _ handler: @escaping @MainActor (Double, Double) -> Bool) {
        typealias Closure = @MainActor (Double, Double) -> Bool
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
            let closure = ClosureBox<Closure>.closure(from: data)
            return MainActor.assumeIsolated { closure(dx, dy) }.gboolean
        }
        connect(
            instance, "scroll", unsafeBitCast(thunk, to: GCallback.self), ClosureBox<Closure>.retained(handler),
            owned: true)
    }

    /// `void handler(GtkGestureDrag *self, double x, double y, gpointer user_data)`:
    /// drag-begin, drag-update, drag-end.
    package func onPoint(
        _ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void
    ) {
        typealias Closure = @MainActor (Double, Double) -> Void
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
            let closure = ClosureBox<Closure>.closure(from: data)
            MainActor.assumeIsolated { closure(x, y) }
        }
        connect(
            instance, signal, unsafeBitCast(thunk, to: GCallback.self), ClosureBox<Closure>.retained(handler),
            owned: true)
    }

    /// `void handler(GtkListView *self, guint position, gpointer user_data)`: activate.
    package func onPosition(
        _ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor (UInt32) -> Void
    ) {
        typealias Closure = @MainActor (UInt32) -> Void
        let thunk: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, position, data in
            let closure = ClosureBox<Closure>.closure(from: data)
            MainActor.assumeIsolated { closure(position) }
        }
        connect(
            instance, signal, unsafeBitCast(thunk, to: GCallback.self), ClosureBox<Closure>.retained(handler),
            owned: true)
    }

    /// `void handler(GtkGestureClick *self, int n_press, double x, double y, gpointer user_data)`:
    /// pressed, released.
    package func onClick(
        _ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor (Int32, Double, Double) -> Void
    ) {
        typealias Closure = @MainActor (Int32, Double, Double) -> Void
        let thunk: @convention(c) (gpointer?, gint, Double, Double, gpointer?) -> Void = { _, presses, x, y, data in
            let closure = ClosureBox<Closure>.closure(from: data)
            MainActor.assumeIsolated { closure(presses, x, y) }
        }
        connect(
            instance, signal, unsafeBitCast(thunk, to: GCallback.self), ClosureBox<Closure>.retained(handler),
            owned: true)
    }

    /// `gboolean handler(GtkEventControllerKey *self, guint keyval, guint keycode,
    /// GdkModifierType state, gpointer user_data)`: key-pressed; true when the key was handled.
    package func onKeyPressed(
        _ instance: gpointer, _ handler: @escaping @MainActor (UInt32, GdkModifierType) -> Bool
    ) {
        typealias Closure = @MainActor (UInt32, GdkModifierType) -> Bool
        let thunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, _, state, data in
            let closure = ClosureBox<Closure>.closure(from: data)
            return MainActor.assumeIsolated { closure(keyval, state) }.gboolean
        }
        connect(
            instance, "key-pressed", unsafeBitCast(thunk, to: GCallback.self), ClosureBox<Closure>.retained(handler),
            owned: true)
    }

    /// `void handler(GtkGesture *self, GdkEventSequence *sequence, gpointer user_data)`: cancel.
    package func onSequence(_ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor () -> Void) {
        ignoringArgument(instance, signal, handler)
    }

    /// `void handler(GSimpleAction *self, GVariant *parameter, gpointer user_data)`: activate.
    package func onActivate(_ action: gpointer, _ handler: @escaping @MainActor () -> Void) {
        ignoringArgument(action, "activate", handler)
    }

    /// `void handler(GObject *self, <pointer> argument, gpointer user_data)` where the argument
    /// (a GParamSpec, a GdkEventSequence, a GVariant) is not needed.
    private func ignoringArgument(_ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor () -> Void) {
        typealias Closure = @MainActor () -> Void
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            let closure = ClosureBox<Closure>.closure(from: data)
            MainActor.assumeIsolated { closure() }
        }
        connect(
            instance, signal, unsafeBitCast(thunk, to: GCallback.self), ClosureBox<Closure>.retained(handler),
            owned: true)
    }

    /// `void handler(GtkListItemFactory *self, GtkListItem *item, gpointer user_data)`:
    /// setup, bind, unbind, teardown.
    package func onListItem(
        _ factory: gpointer, _ signal: String, _ handler: @escaping @MainActor (OpaquePointer) -> Void
    ) {
        typealias Closure = @MainActor (OpaquePointer) -> Void
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, item, data in
            guard let item else { return }
            let closure = ClosureBox<Closure>.closure(from: data)
            MainActor.assumeIsolated { closure(item) }
        }
        connect(
            factory, signal, unsafeBitCast(thunk, to: GCallback.self), ClosureBox<Closure>.retained(handler),
            owned: true)
    }

    /// Disconnects every handler (GLib then releases each box) and drops the references.
    package func disconnectAll() {
        let current = handlers
        handlers.removeAll()
        for handler in current {
            if g_signal_handler_is_connected(handler.instance, handler.id) != 0 {
                g_signal_handler_disconnect(handler.instance, handler.id)
            }
            if handler.owned { g_object_unref(handler.instance) }
        }
    }
}
