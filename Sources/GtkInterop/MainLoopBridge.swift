// Swift's main actor runs its jobs on libdispatch's main queue. While GTK owns the main thread
// (g_application_run, or a test iterating the GLib context) nobody drains that queue, so
// `Task { @MainActor in … }` and every `await` back onto the main actor would never resume.
// On Linux, libdispatch exposes the main queue as a file descriptor; a GLib fd source that
// drains it whenever it becomes readable lets both loops share the thread.

import CGtk

/// Keeps Swift's main actor running inside the GLib main loop.
package enum MainLoopBridge {
    nonisolated(unsafe) private static var sourceID: guint = 0

    /// Installs the bridge on the default GLib main context. Call once, on the main thread,
    /// before `g_application_run`; further calls do nothing.
    @MainActor
    package static func install() {
        guard sourceID == 0 else { return }
        let descriptor = _dispatch_get_main_queue_handle_4CF()
        let drain: @convention(c) (gint, GIOCondition, gpointer?) -> gboolean = { descriptor, _, _ in
            // Consume the wake-up first (the eventfd stays readable until read, which would
            // spin this source and starve GTK's lower-priority drawing), then run the jobs.
            var count: eventfd_t = 0
            _ = eventfd_read(descriptor, &count)
            _dispatch_main_queue_callback_4CF(nil)
            return 1  // G_SOURCE_CONTINUE
        }
        sourceID = g_unix_fd_add_full(G_PRIORITY_DEFAULT, descriptor, G_IO_IN, drain, nil, nil)
    }

    /// Whether the bridge is installed.
    package static var isInstalled: Bool { sourceID != 0 }
}
