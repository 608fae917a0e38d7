// Swift's main actor runs its jobs on libdispatch's main queue. While GTK owns the main thread
// (g_application_run, or a test iterating the GLib context) nobody drains that queue, so
// `Task { @MainActor in … }` and every `await` back onto the main actor would never resume.
// On Linux, libdispatch exposes the main queue as a file descriptor; a GLib fd source that
// drains it whenever it becomes readable lets both loops share the thread.
//
// Those two entry points are libdispatch's own (its CoreFoundation hooks), not a public API, so
// they are looked up when the bridge is installed, never linked: a library that links this code
// does not depend on them, and a C or Python app, whose list never awaits (its loads go through
// signals and callbacks), never installs the bridge. Only Swift code that awaits on the main
// actor while GTK runs the thread installs it: an async loader given to the list, the demo.

import CGtk
import Glibc

/// Keeps Swift's main actor running inside the GLib main loop.
package enum MainLoopBridge {
    nonisolated(unsafe) private static var sourceID: guint = 0

    /// Installs the bridge on the default GLib main context. Call once, on the main thread,
    /// before `g_application_run`; further calls do nothing.
    @MainActor
    package static func install() {
        guard sourceID == 0 else { return }
        guard let handle = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "_dispatch_get_main_queue_handle_4CF"),
            let callback = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "_dispatch_main_queue_callback_4CF")
        else {
            cgtk_log_warning(
                "RefreshList",
                "this libdispatch does not expose its main queue: work awaited on the main actor will not resume")
            return
        }
        install(
            handle: unsafeBitCast(handle, to: MainQueueHandle.self),
            drain: unsafeBitCast(callback, to: MainQueueCallback.self))
    }

    /// Installs the bridge with libdispatch's two hooks given by the caller: an executable that
    /// carries libdispatch inside (linked with `--static-swift-stdlib`) exports neither, so it
    /// names them itself.
    @MainActor
    package static func install(
        handle: @convention(c) () -> gint, drain: @escaping @convention(c) (UnsafeMutableRawPointer?) -> Void
    ) {
        guard sourceID == 0 else { return }
        drainMainQueue = drain
        let descriptor = handle()
        let drain: @convention(c) (gint, GIOCondition, gpointer?) -> gboolean = { descriptor, _, _ in
            // Consume the wake-up first (the eventfd stays readable until read, which would
            // spin this source and starve GTK's lower-priority drawing), then run the jobs.
            var count: eventfd_t = 0
            _ = eventfd_read(descriptor, &count)
            MainLoopBridge.drainMainQueue?(nil)
            return 1  // G_SOURCE_CONTINUE
        }
        sourceID = g_unix_fd_add_full(G_PRIORITY_DEFAULT, descriptor, G_IO_IN, drain, nil, nil)
    }

    package typealias MainQueueHandle = @convention(c) () -> gint
    package typealias MainQueueCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// libdispatch's main-queue drain, found at install.
    nonisolated(unsafe) private static var drainMainQueue: MainQueueCallback?

    /// Whether the bridge is installed.
    package static var isInstalled: Bool { sourceID != 0 }
}
