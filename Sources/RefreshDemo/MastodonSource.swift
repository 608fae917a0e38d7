// A Mastodon-compatible public timeline as a data source, read through libsoup 3 on the GLib
// main loop (chosen over URLSession by measurement: README, "Network feed"). A refresh asks for
// the statuses just newer than the newest row shown (`min_id`), so the list merges them on top
// and no gap can open between them and the rows already read; paging asks for those older than
// the oldest row shown (`max_id`). The list de-duplicates by id, so pages that shifted while
// new statuses arrived cost nothing. Whether more exist comes from the server, never from a
// short answer: an empty page, or a Link header without rel="next", ends the paging.
// Every request has its GCancellable, cancelled when the list stops waiting (a refresh that
// supersedes a page, the watchdog, the window closing): libsoup then closes the connection.
// The live timeline (the stream, its reconnection and catch-up) is MastodonSource+Live.swift.

import CGtk
import CSoup
import FoundationEssentials
import GtkInterop
import GtkRefreshList
import TimelineRows

@MainActor
final class MastodonSource {
    typealias Completion = RefreshList<FeedItem>.Completion

    /// The server's base URL, without a trailing slash.
    let server: String
    /// The list this source fills (set by `connect(to:)`); the stream puts its statuses there.
    weak var list: RefreshList<FeedItem>?
    /// The live stream's decisions, its open stream and its timer (MastodonSource+Live).
    var live = LiveStream()
    var stream: MastodonStream?
    var streamTimer = OneShotTimer()
    /// A catch-up page in flight, cancelled when the stream drops.
    var catchUpRequest: SoupRequest?
    /// Streamed and caught-up statuses waiting to be shown or to replace a row, by id.
    var arrived: [String: FeedItem] = [:]
    /// Whether the stream starts by itself once the list shows its first rows (the default).
    var streams = true
    /// Whether it did start (it starts once; a stream given up on stays off), or with the
    /// stream off, whether the cached rows were brought up to date (once) in its place.
    var streamStarted = false
    /// The stream's state last told to the app and the trace.
    var reportedStream: (indicator: LiveStream.Indicator, reason: String?, malformed: Int)?
    /// Hears the stream's state (live, connecting, reconnecting, off) and why it is off.
    var onStreamState: (@MainActor (LiveStream.Indicator, String?) -> Void)?
    /// Statuses asked for per request (`limit`).
    let pageSize: Int
    let session: UnsafeMutablePointer<SoupSession>
    /// The rows the list shows now: where a refresh and a page start from.
    let rowsShown: @MainActor () -> [FeedItem]
    let tracer: Tracer?
    /// The row ids last traced, to trace only what changed.
    private var tracedIDs: Set<String> = []
    /// Rows the list's bound let go since the last trace (they load again): traced apart from
    /// rows that went away.
    private var droppedByBound = 0
    /// Whether rows received for the top went in since the rows were last traced.
    private var arrivalsInserted = false
    /// Whether the stream's effects are being carried out: the rows are traced once at the end.
    var carrying = false
    /// After a 429: no request before this instant (monotonic µs); the server asked to wait.
    private var quietUntil = 0
    /// The statuses kept on disk (MastodonSource+Cache.swift), unless the demo keeps none.
    var cache: TimelineCache?
    /// Streamed statuses not kept yet, by id: an update is kept when the stream's decisions show
    /// it (caught up: every older status is cached), an edit only over a status the cache holds.
    var streamed: [String: MastodonStatus] = [:]
    /// Statuses the stream deleted from the cache in this run: a page beside one joins the run.
    var forgotten: Set<String> = []
    /// Whether rows the cache answered with are going in: the next event traces them.
    var cachedRowsGoingIn = false
    /// Whether the list asked its first load (later refreshes go to the server).
    var firstLoadAsked = false
    /// Whether the rows shown came from the cache and nothing has come from the server since.
    var showsCachedRows = false
    /// The offline text last told to the app (nil: not offline).
    var reportedOffline: String?
    /// Hears "Offline — showing posts from 10:42", or nil once the rows are up to date.
    var onOffline: (@MainActor (String?) -> Void)?

    /// The access token sent with every request (`Authorization: Bearer`), if any: most
    /// servers' streams ask for a sign-in, and some timelines do too. The demo reads it from
    /// `MASTODON_ACCESS_TOKEN`, so it shows on no command line.
    var accessToken: String?

    /// Adds the sign-in, if there is one, to `message`'s request.
    func authorize(_ message: OpaquePointer) {
        guard let accessToken, !accessToken.isEmpty else { return }
        let headers = soup_message_get_request_headers(message)
        soup_message_headers_replace(headers, "Authorization", "Bearer \(accessToken)")
    }

    init(server: String, pageSize: Int, tracer: Tracer?, rowsShown: @escaping @MainActor () -> [FeedItem]) {
        self.server = server.hasSuffix("/") ? String(server.dropLast()) : server
        self.pageSize = pageSize
        self.tracer = tracer
        self.rowsShown = rowsShown
        session = csoup_session_new("refresh-demo (GTK refresh list demo)")!
    }

    isolated deinit {
        stream?.close()
        streamTimer.cancel()
        soup_session_abort(session)
        g_object_unref(gpointer(session))
    }

    /// Gives `list` this source's loader, by cursor; the list keeps the source from then on.
    func connect(to list: RefreshList<FeedItem>) {
        self.list = list
        list.onLoad(completion: { request, done in self.load(request, done) })
    }

    /// The cursor form: a refresh is what is newer than the newest row shown; a page is
    /// `max_id`; the rows above a restored place are `min_id` (the statuses just newer, as the
    /// Link header's rel="prev" names them), and the restored place itself is `max_id` one past
    /// the saved id, so the saved status comes first (ids are decimal numbers, as Mastodon's are).
    /// The cache answers first when it may (on the main loop, after its own queue read it);
    /// otherwise, or when it holds no such page, the server does.
    func load(_ request: PageRequest<String>, _ done: Completion) {
        let first = !firstLoadAsked
        firstLoadAsked = true
        cachedPage(for: request, first: first) { [weak self] page in
            guard let self, !done.isCancelled else { return }
            guard let page else { return self.ask(request, done) }
            cachedRowsGoingIn = true
            done(.success(page))
            traceRowsIfChanged()
        }
    }

    /// Asks the server for `request`.
    private func ask(_ request: PageRequest<String>, _ done: Completion) {
        switch request {
        case .newest: refresh(done)
        case .older(let id): fetch(["max_id": id], joining: .next(to: id), done)
        case .newer(let id): fetch(["min_id": id], towardNewer: true, joining: .next(to: id), done)
        case .at(let id): fetch(["max_id": Self.successor(of: id)], joining: .anew, done)
        }
    }

    /// The decimal number one past `id` ("109" → "110"); `id` itself when it is not a number
    /// (the saved status then never comes first, and the list opens at the newest).
    nonisolated static func successor(of id: String) -> String {
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isNumber }) else { return id }
        var digits = Array(id.utf8)
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] < UInt8(ascii: "9") {
                digits[index] += 1
                return String(decoding: digits, as: UTF8.self)
            }
            digits[index] = UInt8(ascii: "0")
            index -= 1
        }
        return "1" + String(decoding: digits, as: UTF8.self)
    }

    /// The statuses newer than the newest row shown (the first page when there is none).
    func refresh(_ done: Completion) {
        let newest = rowsShown().map(\.id).max { MastodonTimeline.isOlder($0, than: $1) }
        fetch(newest.map { ["min_id": $0] } ?? [:], joining: newest.map { .next(to: $0) } ?? .anew, done)
    }

    /// The timeline URL with `parameters` (which are status ids: digits, nothing to escape).
    func url(_ parameters: [String: String]) -> String {
        let query = ["limit=\(pageSize)"] + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return server + "/api/v1/timelines/public?" + query.joined(separator: "&")
    }

    /// `towardNewer`: the answer's `hasMore` is about newer statuses (rel="prev" always names
    /// a newer page, so a short answer ends them), not older ones (rel="next").
    private func fetch(
        _ parameters: [String: String], towardNewer: Bool = false, joining: Joining, _ done: Completion
    ) {
        let request = get(parameters, towardNewer: towardNewer, joining: joining) { [weak self] answer in
            guard !done.isCancelled else { return }
            done(answer)
            self?.traceRows()
        }
        if let request { done.onCancel { g_cancellable_cancel(request.cancellable) } }
    }

    /// Asks the timeline for `parameters` and gives `answer` the page or why there is none
    /// (at once when no request can go out); returns the request, to cancel it. `answer` is not
    /// called once the request is cancelled or the source is gone. The page is kept in the cache
    /// as `joining` says it joins what the cache holds.
    @discardableResult
    func get(
        _ parameters: [String: String], towardNewer: Bool = false, joining: Joining,
        _ answer: @escaping @MainActor (Result<Page<FeedItem>, any Error>) -> Void
    ) -> SoupRequest? {
        let wait = quietUntil - g_get_monotonic_time()
        if wait > 0 {
            answer(.failure(Self.tooManyRequests(seconds: Int((wait + 999_999) / 1_000_000))))
            return nil
        }
        let url = self.url(parameters)
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
            guard let self, g_cancellable_is_cancelled(request.cancellable) == 0 else {
                if let error { g_error_free(error) }
                return
            }
            let result: Result<Page<FeedItem>, any Error>
            if let error {
                defer { g_error_free(error) }
                result = .failure(NetworkError(error))
            } else {
                result = self.page(from: request.message, bytes, towardNewer: towardNewer, joining: joining)
            }
            if case .success = result { self.broughtUpToDate() } else { self.couldNotBringUpToDate() }
            answer(result)
        }
        soup_session_send_and_read_async(
            session, message, G_PRIORITY_DEFAULT, request.cancellable, soupReady,
            Unmanaged.passRetained(request).toOpaque())
        return request
    }

    /// The page an answer carries, or why it carries none.
    private func page(
        from message: OpaquePointer, _ bytes: OpaquePointer?, towardNewer: Bool, joining: Joining
    ) -> Result<Page<FeedItem>, any Error> {
        let status = Int(soup_message_get_status(message).rawValue)
        let headers = soup_message_get_response_headers(message)
        guard status == 200 else {
            if status == 429 {
                let seconds =
                    MastodonTimeline.retryAfterSeconds(
                        soup_message_headers_get_one(headers, "Retry-After").map { String(cString: $0) }) ?? 60
                quietUntil = g_get_monotonic_time() + seconds * 1_000_000
                return .failure(Self.tooManyRequests(seconds: seconds))
            }
            let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
            return .failure(
                NetworkError(message: fill(localized("The server answered %s"), "\(status) \(reason)")))
        }
        var size = 0
        let data = g_bytes_get_data(bytes, &size).map { Data(bytes: $0, count: size) } ?? Data()
        let statuses: [MastodonStatus]
        do { statuses = try MastodonTimeline.decode(data) } catch { return .failure(error) }
        keep(statuses, joining: joining)
        // More exist unless the page is empty or the server's links name no next page.
        let link = soup_message_headers_get_list(headers, "Link").map { String(cString: $0) }
        let hasMore: Bool? =
            towardNewer
            ? (statuses.isEmpty ? false : nil)
            : !statuses.isEmpty && (link == nil || MastodonTimeline.nextLink(link) != nil)
        return .success(Page(statuses.map(MastodonTimeline.item), hasMore: hasMore))
    }

    static func tooManyRequests(seconds: Int) -> NetworkError {
        NetworkError(message: fill(localized("Too many requests: the server asks to wait %s s"), String(seconds)))
    }

    /// The list's bound is letting `count` rows go (`dropRows`, before they go): the next
    /// event traces the rows (`traceRowsIfDropped`).
    func rowsDropping(_ count: Int) { droppedByBound += count }

    /// The list is putting the rows received for the top in (`insertArrivals`): the next
    /// event traces the rows (`traceRowsIfChanged`).
    func arrivalsGoingIn() { arrivalsInserted = true }

    /// After an event: traces the rows if the bound let some go, or rows received went in
    /// (a batch the list put in, not a status being shown now, traced with the others shown),
    /// since the last trace.
    func traceRowsIfChanged() {
        // Rows the cache answered with go in after the answer when it comes inside the list's ask.
        if cachedRowsGoingIn, rowsShown().count != tracedIDs.count {
            cachedRowsGoingIn = false
            return traceRows()
        }
        guard droppedByBound > 0 || (arrivalsInserted && !carrying) else { return }
        traceRows()
    }

    /// With --trace: the rows after an answer, as what changed (the ids added, how many went,
    /// how many the list's bound let go, which load again, and how many ids show twice), so a
    /// test can follow every row without a line per row.
    func traceRows() {
        guard let tracer else { return }
        let ids = rowsShown().map(\.id)
        let current = Set(ids)
        let added = ids.filter { !tracedIDs.contains($0) }
        let went = tracedIDs.subtracting(current).count
        let dropped = min(went, droppedByBound)
        let removed = went - dropped
        droppedByBound = 0
        arrivalsInserted = false
        tracedIDs = current
        let ordered = zip(ids, ids.dropFirst()).allSatisfy { MastodonTimeline.isOlder($1, than: $0) }
        tracer.milestone(
            "rows",
            [
                ("count", ids.count), ("added", added.joined(separator: ",")), ("removed", removed),
                ("dropped", dropped),
                ("repeated", ids.count - current.count), ("ordered", ordered),
            ])
    }
}
