// The timeline read from disk first and brought up to date from the server, as Android's Paging
// with a RemoteMediator does: the list's first load (the newest rows, or the reader's saved
// place) is answered from the cache before any request, so the first frame shows what the reader
// saw last; pages older than a cached row, and rows above a place, come from the cache while it
// has them, then from the server, so the cache must hold one run of the timeline, without gaps.
// What the server sends is kept, one transaction per page or status: a page just older or newer
// than a cached status at once (one beside a status the cache does not hold is left out), the
// newest page or a saved place's at once, the cache starting again from it when it holds none of
// it; a streamed status once the stream shows it (caught up, every older status is kept), an edit
// only over a status the cache holds; what the stream deletes goes. The stream, started once the
// first rows show, catches up from the newest row (`min_id`): that brings the cached rows up to
// date, and until it or any other request does, a failed request says the app is offline and
// shows posts from the last time it was up to date.

import CGtk
import FoundationEssentials
import GtkInterop
import GtkRefreshList
import TimelineRows

extension MastodonSource {
    /// Opens the cache of this server's timeline under `$XDG_CACHE_HOME`, keeping at most `limit`
    /// statuses, on the cache's own queue; without one (it cannot be made) the source reads the
    /// server only, with a warning.
    func openCache(applicationID: String, limit: Int) {
        let path = TimelineCache.defaultPath(applicationID: applicationID, server: server)
        let cache = TimelineCache(path: path, server: server, limit: limit)
        self.cache = cache
        cache.run { cache throws(TimelineCacheError) in
            (opening: try cache.open(), statuses: try cache.count())
        } then: { [weak self] result in
            switch result {
            case .success(let opened):
                self?.tracer?.milestone("cache", [("statuses", opened.statuses), ("opening", "\(opened.opening)")])
            case .failure(let error):
                if self?.cache === cache { self?.cache = nil }
                cgtk_log_warning("refresh-demo", "the timeline cache is off: \(error.description)")
            }
        }
    }

    /// Says why the cache could not do `what`, unless it never opened (said once, at opening).
    private func warn(_ what: String, _ error: TimelineCacheError) {
        guard error != .notOpen else { return }
        cgtk_log_warning("refresh-demo", "the timeline cache could not \(what): \(error.description)")
    }

    /// Answers `request` from the cache when it may: the first load (the newest rows, or the
    /// saved place when the cache holds its status), and rows older or newer than a row shown
    /// while the cache has them. `answer` gets the page on the main loop, or `nil` when the
    /// server must answer: at once when the cache may not (later refreshes always ask the server).
    func cachedPage(
        for request: PageRequest<String>, first: Bool,
        _ answer: @escaping @Sendable @MainActor (Page<FeedItem>?) -> Void
    ) {
        guard let cache else { return answer(nil) }
        switch request {
        case .newest, .at: guard first else { return answer(nil) }
        case .older, .newer: break
        }
        let pageSize = self.pageSize
        cache.run { cache throws(TimelineCacheError) -> [CachedStatus] in
            switch request {
            case .newest:
                return try cache.statuses(count: pageSize)
            case .at(let id):
                let statuses = try cache.statuses(olderThan: Self.successor(of: id), count: pageSize)
                return statuses.first?.id == id ? statuses : []
            // Only beside a status the cache keeps: its neighbours there are the timeline's.
            case .older(let id):
                guard try cache.contains(any: [id]) else { return [] }
                return try cache.statuses(olderThan: id, count: pageSize)
            case .newer(let id):
                guard try cache.contains(any: [id]) else { return [] }
                return try cache.statuses(newerThan: id, count: pageSize)
            }
        } then: { [weak self] result in
            guard let self else { return }
            let statuses: [CachedStatus]
            switch result {
            case .success(let read): statuses = read
            case .failure(let error):
                warn("be read", error)
                return answer(nil)
            }
            let items = statuses.compactMap { cached in
                (try? JSONDecoder().decode(MastodonStatus.self, from: Data(cached.json.utf8))).map(
                    MastodonTimeline.item)
            }
            guard !items.isEmpty else { return answer(nil) }
            if first { showsCachedRows = true }
            tracer?.milestone("cache-page", [("request", "\(request)"), ("rows", items.count)])
            // More may exist either way: the cache's end is not the timeline's.
            answer(Page(items, hasMore: true))
        }
    }

    /// How a page the server sent joins what the cache holds, which must be one run of the
    /// timeline (a page read from the cache shows its statuses as neighbours).
    enum Joining {
        /// Just older or newer than status `id` (the page's `max_id` or `min_id`): kept when the
        /// cache holds that status, or nothing; else left out, since a gap would open beside it.
        case next(to: String)
        /// The newest statuses, or those at a saved place: kept; when the cache holds none of
        /// them, it starts again from them (what it held lies apart from them, past statuses
        /// never fetched, and would read as their neighbours).
        case anew
    }

    /// What keeping a page came to, on the cache's queue.
    private enum Kept: Sendable {
        /// Left out: beside a status the cache does not hold.
        case apart
        /// Kept beside the statuses held (`anew`: in their place).
        case stored(anew: Bool)
    }

    /// Keeps statuses the server sent (a page, a streamed status) as `joining` says they join
    /// the cached run, in one transaction, on the cache's queue; traced once committed.
    func keep(_ statuses: [MastodonStatus], joining: Joining) {
        guard let cache, !statuses.isEmpty else { return }
        let cached = statuses.compactMap(Self.cached)
        let ids = statuses.map(\.id)
        let count = statuses.count
        // A status the stream deleted was beside them too.
        let besideForgotten = if case .next(let id) = joining { forgotten.contains(id) } else { false }
        cache.run { cache throws(TimelineCacheError) -> Kept in
            var anew = false
            switch joining {
            case .next(let id):
                var joins = besideForgotten
                if !joins { joins = try cache.isEmpty() }
                if !joins { joins = try cache.contains(any: [id]) }
                guard joins else { return .apart }
            case .anew:
                if try !cache.isEmpty() { anew = try !cache.contains(any: ids) }
            }
            try cache.store(cached, replacingAll: anew)
            return .stored(anew: anew)
        } then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.apart):
                if case .next(let id) = joining {
                    tracer?.milestone("cache-apart", [("beside", id), ("statuses", count)])
                }
            case .success(.stored(let anew)):
                if anew { tracer?.milestone("cache-anew", [("statuses", cached.count)]) }
                tracer?.milestone("cached", [("ids", cached.map(\.id).joined(separator: ","))])
            case .failure(let error):
                warn("keep statuses", error)
            }
        }
    }

    /// Keeps a streamed edit in place of the status the cache holds. One it does not hold stays
    /// out: kept, it would sit apart from the cached run, past statuses never fetched, and a
    /// page read from the cache would show it next to them.
    func keepEdit(_ status: MastodonStatus) {
        guard let cache, let cached = Self.cached(status) else { return }
        cache.run { cache throws(TimelineCacheError) in
            try cache.replace(cached)
        } then: { [weak self] result in
            switch result {
            case .success(let replaced): if replaced { self?.tracer?.milestone("cached", [("ids", cached.id)]) }
            case .failure(let error): self?.warn("keep an edit", error)
            }
        }
    }

    /// Writes on the cache's queue, saying why when it cannot.
    private func write(
        _ what: String, _ work: @escaping @Sendable (isolated TimelineCache) throws(TimelineCacheError) -> Void
    ) {
        cache?.run(work) { [weak self] result in
            if case .failure(let error) = result { self?.warn(what, error) }
        }
    }

    /// `status` as the cache keeps it: the JSON the server sent, encoded again.
    private static func cached(_ status: MastodonStatus) -> CachedStatus? {
        (try? JSONEncoder().encode(status)).map {
            CachedStatus(id: status.id, json: String(decoding: $0, as: UTF8.self))
        }
    }

    /// Gives `deliver` the statuses whose content warning the reader opened in an earlier run
    /// (kept with them), on the main loop, before any page the cache answers.
    func openedWarnings(_ deliver: @escaping @Sendable @MainActor (Set<String>) -> Void) {
        guard let cache else { return deliver([]) }
        cache.run { cache throws(TimelineCacheError) in
            try cache.openedWarnings()
        } then: { result in
            deliver((try? result.get()) ?? [])
        }
    }

    /// Keeps that the reader opened or closed status `id`'s content warning, for the next run.
    func keepOpened(_ id: String, _ open: Bool) {
        write("keep a warning") { cache throws(TimelineCacheError) in try cache.setOpened(id, open) }
    }

    /// Takes a status the stream deleted out of the cache (remembering it: a page beside it
    /// still joins the statuses beside it).
    func forget(_ id: String) {
        forgotten.insert(id)
        write("forget a status") { cache throws(TimelineCacheError) in _ = try cache.remove(id: id) }
    }

    /// Waits until everything given to the cache is on disk: at quit only.
    func flushCache() { cache?.flush() }

    /// The server answered: the rows are up to date from now on.
    func broughtUpToDate() {
        let now = Int64(g_get_real_time() / 1_000)
        write("keep the time") { cache throws(TimelineCacheError) in try cache.setSyncedAt(now) }
        guard showsCachedRows else { return }
        showsCachedRows = false
        reportOffline(nil)
    }

    /// A request or the stream failed: while the rows shown are the cache's and were not brought
    /// up to date, the app says it is offline and since when the posts are (read on the cache's
    /// queue; said unless the rows were brought up to date meanwhile).
    func couldNotBringUpToDate() {
        guard showsCachedRows, let cache else { return }
        cache.run { cache throws(TimelineCacheError) in
            try cache.syncedAt()
        } then: { [weak self] result in
            guard let self, showsCachedRows else { return }
            let text: String
            if let synced = try? result.get(), let time = Self.clockTime(millisecondsSince1970: synced) {
                text = fill(localized("Offline — showing posts from %s"), time)
            } else {
                text = localized("Offline — showing saved posts")
            }
            reportOffline(text)
        }
    }

    private func reportOffline(_ text: String?) {
        guard text != reportedOffline else { return }
        reportedOffline = text
        onOffline?(text)
        tracer?.milestone("offline", [("shown", text != nil), ("text", text as Any)])
    }

    /// "10:42": the local time of an instant, hours and minutes.
    static func clockTime(millisecondsSince1970 milliseconds: Int64) -> String? {
        guard let date = g_date_time_new_from_unix_local(Int(milliseconds / 1_000)) else { return nil }
        defer { g_date_time_unref(date) }
        guard let text = g_date_time_format(date, "%H:%M") else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
