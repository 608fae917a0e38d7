// libsoup 3 requests on the GLib main loop: a request's message, its cancellable and what to
// do with the answer, kept until libsoup calls back. The timeline's pages and stream and the
// row images go through it.

import CGtk
import CSoup

/// One request in flight: what the libsoup callback needs, kept until it runs.
@MainActor
public final class SoupRequest {
    public let message: OpaquePointer
    public let cancellable: UnsafeMutablePointer<GCancellable>
    let body: @MainActor (SoupRequest, OpaquePointer?) -> Void

    public init(message: OpaquePointer, body: @escaping @MainActor (SoupRequest, OpaquePointer?) -> Void) {
        self.message = message
        cancellable = g_cancellable_new()
        self.body = body
    }

    isolated deinit {
        g_object_unref(gpointer(cancellable))
        g_object_unref(gpointer(message))
    }
}

/// `GAsyncReadyCallback` for `soup_session_send_and_read_async`: runs the request's body once
/// and releases the request.
public let soupReady: GAsyncReadyCallback = { _, result, data in
    let request = Unmanaged<SoupRequest>.fromOpaque(data!).takeRetainedValue()
    // libsoup calls back on the main thread (the main context the request was sent from).
    nonisolated(unsafe) let result = result
    MainActor.assumeIsolated { request.body(request, result) }
}
