// The public timeline's stream as server-sent events (`GET /api/v1/streaming/public`), read line
// by line through libsoup 3 on the GLib main loop.
//
// Why server-sent events and not Mastodon's websocket form: the stream must notice a connection
// that stalls without closing, and the libsoup this runs on (3.2, Debian 12) cannot on a
// websocket. Mastodon's websocket heartbeat is a ping frame, which SoupWebsocketConnection
// answers inside libsoup without telling the app, and its own keepalive sends pings but has no
// deadline for the pong (`keepalive-pong-timeout` came in a later libsoup). Over server-sent
// events the heartbeat is a `:thump` comment line the app reads itself, so one deadline from
// the last line read notices a stall. The stream is also a plain GET on the session the
// timeline already uses: a 401 or a 503 is a status the app reads, a certificate not trusted is
// the same TLS error as for a page, redirects are followed, and a GCancellable closes it.

import CGtk
import CSoup
import GtkInterop
import TimelineRows

/// Turns the lines of a `text/event-stream` into events (the WHATWG rules the stream uses:
/// `event:` and `data:` fields, a blank line ends an event, a line starting with `:` is a
/// comment, one space after the colon is dropped, several `data:` lines join with newlines).
struct EventStreamParser: Equatable {
    /// One thing the stream said.
    enum Item: Equatable {
        /// A comment line (Mastodon's heartbeat, `:thump`).
        case comment
        /// An event: its name (`message` when none was given) and its data.
        case event(name: String, data: String)
    }

    private var name: String?
    private var data: [String] = []

    /// Reads one line (without its line end); returns what it completed, if anything.
    mutating func read(_ line: String) -> Item? {
        if line.isEmpty {
            defer {
                name = nil
                data = []
            }
            guard !data.isEmpty || name != nil else { return nil }
            return .event(name: name ?? "message", data: data.joined(separator: "\n"))
        }
        if line.hasPrefix(":") { return .comment }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = ""
        }
        switch field {
        case "event": name = String(value)
        case "data": data.append(String(value))
        default: break  // id, retry and unknown fields: nothing the timeline needs
        }
        return nil
    }
}

/// One open (or opening) stream. It reports what happens through `report` until it is closed;
/// after `close()` it reports nothing more.
@MainActor
final class MastodonStream {
    /// What the stream reports.
    enum Report {
        /// The server answered 200: events follow.
        case opened
        /// A line of the stream completed this (a comment or an event).
        case item(EventStreamParser.Item)
        /// The server answered another status (`status` and its reason phrase), with the seconds
        /// its Retry-After asked to wait, if it said.
        case status(Int, String, retryAfterSeconds: Int?)
        /// The connection failed or ended, and why (`certificate` when TLS refused the
        /// server's certificate: waiting will not mend that).
        case ended(NetworkError, certificate: Bool)
    }

    private let session: UnsafeMutablePointer<SoupSession>
    private let message: OpaquePointer
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private var lines: UnsafeMutablePointer<GDataInputStream>?
    private var parser = EventStreamParser()
    private let report: @MainActor (Report) -> Void
    private(set) var isClosed = false

    /// Opens `url` on `session`, the request signed in by `authorize`; `report` hears what
    /// happens, on the main loop.
    init?(
        session: UnsafeMutablePointer<SoupSession>, url: String, authorize: (OpaquePointer) -> Void,
        report: @escaping @MainActor (Report) -> Void
    ) {
        guard let message = soup_message_new("GET", url) else { return nil }
        authorize(message)
        self.session = session
        self.message = message
        self.report = report
        cancellable = g_cancellable_new()
        soup_message_headers_replace(soup_message_get_request_headers(message), "Accept", "text/event-stream")
        g_object_ref(gpointer(session))
        soup_session_send_async(
            session, message, G_PRIORITY_DEFAULT, cancellable, streamOpened, Unmanaged.passRetained(self).toOpaque())
    }

    isolated deinit {
        g_cancellable_cancel(cancellable)
        if let lines { g_object_unref(gpointer(lines)) }
        g_object_unref(gpointer(cancellable))
        g_object_unref(gpointer(message))
        g_object_unref(gpointer(session))
    }

    /// Closes the connection: the pending read is cancelled, and the body stream, released with
    /// the last reference, closes the socket. Nothing is reported from now on.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        g_cancellable_cancel(cancellable)
    }

    fileprivate func finishOpening(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let body = soup_session_send_finish(session, result, &error)
        guard !isClosed else {
            if let error { g_error_free(error) }
            if let body { g_object_unref(gpointer(body)) }
            return
        }
        if let error {
            defer { g_error_free(error) }
            report(.ended(NetworkError(error), certificate: NetworkError.isCertificate(error)))
            return
        }
        guard let body else {
            return report(.ended(.closedByServer, certificate: false))
        }
        let status = Int(soup_message_get_status(message).rawValue)
        guard status == 200 else {
            g_object_unref(gpointer(body))
            let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
            let retryAfter = soup_message_headers_get_one(soup_message_get_response_headers(message), "Retry-After")
            return report(
                .status(
                    status, reason,
                    retryAfterSeconds: MastodonTimeline.retryAfterSeconds(retryAfter.map { String(cString: $0) })))
        }
        lines = g_data_input_stream_new(body)
        g_object_unref(gpointer(body))  // the data stream holds it
        g_data_input_stream_set_newline_type(lines, G_DATA_STREAM_NEWLINE_TYPE_ANY)
        report(.opened)
        readLine()
    }

    private func readLine() {
        guard !isClosed, let lines else { return }
        g_data_input_stream_read_line_async(
            lines, G_PRIORITY_DEFAULT, cancellable, lineRead, Unmanaged.passRetained(self).toOpaque())
    }

    fileprivate func finishLine(_ result: OpaquePointer?) {
        guard let lines else { return }
        var error: UnsafeMutablePointer<GError>?
        var length = 0
        let line = g_data_input_stream_read_line_finish_utf8(lines, result, &length, &error)
        defer { g_free(line) }
        guard !isClosed else {
            if let error { g_error_free(error) }
            return
        }
        if let error {
            defer { g_error_free(error) }
            return report(.ended(Self.isCutShort(error) ? .closedByServer : NetworkError(error), certificate: false))
        }
        guard let line else { return report(.ended(.closedByServer, certificate: false)) }
        if let item = parser.read(String(cString: line)) { report(.item(item)) }
        readLine()
    }
}

extension MastodonStream {
    /// Whether `error` is the body of the stream cut short: the connection closed before the
    /// chunk that ends it. libsoup 3.6.5 and later say so (`G_IO_ERROR_PARTIAL_INPUT`,
    /// "Connection terminated unexpectedly"); earlier ones end the body there as if it were
    /// whole, and the stream reads its end. Both are the server closing the stream, said alike.
    static func isCutShort(_ error: UnsafeMutablePointer<GError>) -> Bool {
        error.pointee.domain == g_io_error_quark() && error.pointee.code == Int32(G_IO_ERROR_PARTIAL_INPUT.rawValue)
    }
}

extension NetworkError {
    /// The stream ended: its connection closed, at its end or cut short.
    fileprivate static var closedByServer: NetworkError {
        NetworkError(message: localized("The server closed the stream"))
    }
}

/// `GAsyncReadyCallback` for `soup_session_send_async`.
private let streamOpened: GAsyncReadyCallback = { _, result, data in
    let stream = Unmanaged<MastodonStream>.fromOpaque(data!).takeRetainedValue()
    nonisolated(unsafe) let result = result
    MainActor.assumeIsolated { stream.finishOpening(result) }
}

/// `GAsyncReadyCallback` for `g_data_input_stream_read_line_async`.
private let lineRead: GAsyncReadyCallback = { _, result, data in
    let stream = Unmanaged<MastodonStream>.fromOpaque(data!).takeRetainedValue()
    nonisolated(unsafe) let result = result
    MainActor.assumeIsolated { stream.finishLine(result) }
}
