// A status's thread from a Mastodon-compatible server, the rows of the thread page: the status
// itself (GET /api/v1/statuses/:id, so a refresh shows it as it is now) and its context
// (GET /api/v1/statuses/:id/context: the statuses it replies to, oldest first, and the replies
// to it, depth first), asked for together and answered as one page, ancestors, the status,
// descendants, with nothing more to load. Either request failing fails the page, in the
// timeline's words (the server's status, a 429's wait, libsoup's error); the other is then
// let finish and its answer dropped, never cancelled: cancelling it, libsoup 3.6 (Debian 13)
// read the request's freed queue item in soup_session_send_finish (valgrind), a use after free
// that corrupted the heap. The list going away, or a
// newer refresh, still cancels both. The timeline's session, sign-in and tracer are shared.

import CGtk
import CSoup
import FoundationEssentials
import GtkInterop
import GtkRefreshList
import TimelineRows

/// A status's context as Mastodon answers it.
struct MastodonContext: Codable {
    /// The statuses the status replies to, the thread's first one first.
    let ancestors: [MastodonStatus]
    /// The replies to it and their replies, depth first.
    let descendants: [MastodonStatus]

    /// The context an answer carries, or an error saying the answer is not one.
    static func decode(_ data: Data) throws(NetworkError) -> MastodonContext {
        do {
            return try JSONDecoder().decode(MastodonContext.self, from: data)
        } catch {
            throw NetworkError(message: localized("The server's answer is not a thread"))
        }
    }
}

/// The loader of one status's thread.
@MainActor
final class MastodonThread {
    /// The status whose thread this is.
    let statusID: String
    private weak var source: MastodonSource?

    init(source: MastodonSource, statusID: String) {
        self.source = source
        self.statusID = statusID
    }

    /// Loads the thread and answers `done` with its rows; the requests are cancelled when the
    /// list stops waiting.
    func load(_ done: RefreshList<FeedItem>.Completion) {
        guard let source else {
            return done(.failure(NetworkError(message: localized("The timeline is gone"))))
        }
        var status: MastodonStatus?
        var context: MastodonContext?
        var requests: [SoupRequest] = []
        var answered = false
        func finish(_ result: Result<Page<FeedItem>, any Error>) {
            guard !answered else { return }
            answered = true
            // The other request is not waited for, nor cancelled: its answer, already on its way
            // (both go out together), is dropped by `answered`. Cancelling it while libsoup 3.6
            // reads that answer frees the request's queue item before libsoup is done with it
            // (see the top of this file). Letting the requests go ends the cycle their answers'
            // closures make with this list of them.
            requests = []
            if !done.isCancelled { done(result) }
        }
        func heard<Answer>(_ result: Result<Answer, NetworkError>, _ store: (Answer) -> Void) {
            switch result {
            case .failure(let error): finish(.failure(error))
            case .success(let answer):
                store(answer)
                guard let status, let context else { return }
                let rows = context.ancestors + [status] + context.descendants
                finish(.success(Page(rows.map(MastodonTimeline.item), hasMore: false)))
            }
        }
        let base = "/api/v1/statuses/" + (g_uri_escape_string(statusID, nil, 0).map { takeString($0) } ?? statusID)
        requests.append(
            contentsOf: [
                source.getJSON(base) { result in
                    heard(result.flatMap(Self.decodeStatus)) { status = $0 }
                },
                source.getJSON(base + "/context") { result in
                    heard(result.flatMap(Self.decodeContext)) { context = $0 }
                },
            ].compactMap { $0 })
        done.onCancel {
            answered = true
            for request in requests { g_cancellable_cancel(request.cancellable) }
            requests = []
        }
    }

    private static func decodeStatus(_ data: Data) -> Result<MastodonStatus, NetworkError> {
        do {
            return .success(try JSONDecoder().decode(MastodonStatus.self, from: data))
        } catch {
            return .failure(NetworkError(message: localized("The server's answer is not a status")))
        }
    }

    private static func decodeContext(_ data: Data) -> Result<MastodonContext, NetworkError> {
        Result { () throws(NetworkError) in try MastodonContext.decode(data) }
    }

    /// A string GLib allocated, as Swift's, freed.
    private func takeString(_ pointer: UnsafeMutablePointer<CChar>) -> String {
        defer { g_free(pointer) }
        return String(cString: pointer)
    }
}

extension MastodonSource {
    /// GETs `path` on the server (signed in as the timeline is) and gives `answer` the body of
    /// a 200, or why there is none (at once when no request can go out, or a 429 asked to wait);
    /// returns the request, to cancel it. `answer` is not called once it is cancelled.
    func getJSON(
        _ path: String, _ answer: @escaping @MainActor (Result<Data, NetworkError>) -> Void
    ) -> SoupRequest? {
        let url = server + path
        guard let message = soup_message_new("GET", url) else {
            answer(.failure(NetworkError(message: fill(localized("Not a valid address: %s"), url))))
            return nil
        }
        authorize(message)
        tracer?.milestone("request", [("url", url)])
        let request = SoupRequest(message: message) { [weak self] request, result in
            var error: UnsafeMutablePointer<GError>?
            let bytes = soup_session_send_and_read_finish(self?.session, result, &error)
            defer { if let bytes { g_bytes_unref(bytes) } }
            guard self != nil, g_cancellable_is_cancelled(request.cancellable) == 0 else {
                if let error { g_error_free(error) }
                return
            }
            if let error {
                defer { g_error_free(error) }
                return answer(.failure(NetworkError(error)))
            }
            let status = Int(soup_message_get_status(request.message).rawValue)
            guard status == 200 else {
                if status == 429 {
                    let headers = soup_message_get_response_headers(request.message)
                    let seconds =
                        MastodonTimeline.retryAfterSeconds(
                            soup_message_headers_get_one(headers, "Retry-After").map { String(cString: $0) }) ?? 60
                    return answer(.failure(Self.tooManyRequests(seconds: seconds)))
                }
                let reason = soup_message_get_reason_phrase(request.message).map { String(cString: $0) } ?? ""
                return answer(
                    .failure(NetworkError(message: fill(localized("The server answered %s"), "\(status) \(reason)"))))
            }
            var size = 0
            answer(.success(g_bytes_get_data(bytes, &size).map { Data(bytes: $0, count: size) } ?? Data()))
        }
        soup_session_send_and_read_async(
            session, message, G_PRIORITY_DEFAULT, request.cancellable, soupReady,
            Unmanaged.passRetained(request).toOpaque())
        return request
    }
}
