// One small set of conversions between the pointer shapes GTK types import as in Swift:
// types with public instance structs arrive as UnsafeMutablePointer<T>, the rest as
// OpaquePointer. Call sites convert through these and stay readable. This module is the GTK
// plumbing the widget, the demo and the benchmarks share; it is not part of the widget's API
// (GtkRefreshList imports it internally, so none of it reaches an app through that import).

import CGtk

/// A GtkWidget pointer, the currency of the widget tree.
package typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The same widget as an untyped pointer (for signal and GObject calls).
    package var raw: gpointer { gpointer(self) }
    /// The same widget as an opaque pointer (for GTK classes whose structs are private).
    package var opaque: OpaquePointer { OpaquePointer(self) }
    /// The same widget as a GtkBox (a class whose struct is public).
    package var box: UnsafeMutablePointer<GtkBox> { UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkBox.self) }
    /// The same widget as any public-struct GTK type.
    package func `as`<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }
}

extension OpaquePointer {
    /// This object as a GtkWidget.
    package var widget: WidgetPointer { WidgetPointer(self) }
    /// This object as an untyped pointer.
    package var raw: gpointer { gpointer(self) }
}

/// Casts any GObject-derived pointer to the type a GTK function expects.
@inline(__always)
package func cast<T>(_ pointer: gpointer) -> UnsafeMutablePointer<T> { pointer.assumingMemoryBound(to: T.self) }

/// `TRUE`/`FALSE` for a Swift `Bool`.
extension Bool {
    package var gboolean: gboolean { self ? 1 : 0 }
}
