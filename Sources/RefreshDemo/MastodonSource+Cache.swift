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
    /// statuses; without one (it cannot be made) the source reads the server only, with a warning.
    func openCache(applicationID: String, limit: Int) {
        let path = TimelineCache.defaultPath(applicationID: applicationID, server: server)
        do {
            let cache = try TimelineCache(path: path, server: server, limit: limit)
            self.cache = cache
            tracer?.milestone("cache", [("statuses", (try? cache.count()) ?? 0), ("opening", "\(cache.opening)")])
        } catch {
            cgtk_log_warning("refresh-demo", "the timeline cache is off: \(error.description)")
        }
    }

    /// The page the cache answers `request` with, or `nil` when the server must: the first load
    /// (the newest rows, or the saved place when the cache holds its status), and rows older or
    /// newer than a row shown while the cache has them. Later refreshes always ask the server.
    func cachedPage(for request: PageRequest<String>) -> Page<FeedItem>? {
        guard let cache else { return nil }
        let first = !firstLoadAsked
        firstLoadAsked = true
        let statuses: [CachedStatus]
        do {
            switch request {
            case .newest:
                guard first else { return nil }
                statuses = try cache.statuses(count: pageSize)
            case .at(let id):
                guard first else { return nil }
                statuses = try cache.statuses(olderThan: Self.successor(of: id), count: pageSize)
                guard statuses.first?.id == id else { return nil }
            // Only beside a status the cache keeps: its neighbours there are the timeline's.
            case .older(let id):
                guard try cache.contains(any: [id]) else { return nil }
                statuses = try cache.statuses(olderThan: id, count: pageSize)
            case .newer(let id):
                guard try cache.contains(any: [id]) else { return nil }
                statuses = try cache.statuses(newerThan: id, count: pageSize)
            }
        } catch {
            cgtk_log_warning("refresh-demo", "the timeline cache could not be read: \(error.description)")
            return nil
        }
        let items = statuses.compactMap { cached in
            (try? JSONDecoder().decode(MastodonStatus.self, from: Data(cached.json.utf8))).map(MastodonTimeline.item)
        }
        guard !items.isEmpty else { return nil }
        if first { showsCachedRows = true }
        tracer?.milestone("cache-page", [("request", "\(request)"), ("rows", items.count)])
        // More may exist either way: the cache's end is not the timeline's.
        return Page(items, hasMore: true)
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

    /// Keeps statuses the server sent (a page, a streamed status) as `joining` says they join
    /// the cached run, in one transaction.
    func keep(_ statuses: [MastodonStatus], joining: Joining) {
        guard let cache, !statuses.isEmpty else { return }
        var anew = false
        do {
            switch joining {
            case .next(let id):
                // A status the stream deleted was beside them too.
                var joins = forgotten.contains(id)
                if !joins { joins = try cache.isEmpty() }
                if !joins { joins = try cache.contains(any: [id]) }
                guard joins else {
                    tracer?.milestone("cache-apart", [("beside", id), ("statuses", statuses.count)])
                    return
                }
            case .anew:
                if try !cache.isEmpty() { anew = try !cache.contains(any: statuses.map(\.id)) }
            }
        } catch {
            cgtk_log_warning("refresh-demo", "the timeline cache could not be read: \(error.description)")
            return
        }
        let cached = statuses.compactMap(Self.cached)
        do {
            try cache.store(cached, replacingAll: anew)
            if anew { tracer?.milestone("cache-anew", [("statuses", cached.count)]) }
            tracer?.milestone("cached", [("ids", cached.map(\.id).joined(separator: ","))])
        } catch {
            cgtk_log_warning("refresh-demo", "the timeline cache could not keep statuses: \(error.description)")
        }
    }

    /// Keeps a streamed edit in place of the status the cache holds. One it does not hold stays
    /// out: kept, it would sit apart from the cached run, past statuses never fetched, and a
    /// page read from the cache would show it next to them.
    func keepEdit(_ status: MastodonStatus) {
        guard let cache, let cached = Self.cached(status) else { return }
        do {
            if try cache.replace(cached) {
                tracer?.milestone("cached", [("ids", status.id)])
            }
        } catch {
            cgtk_log_warning("refresh-demo", "the timeline cache could not keep an edit: \(error.description)")
        }
    }

    /// `status` as the cache keeps it: the JSON the server sent, encoded again.
    private static func cached(_ status: MastodonStatus) -> CachedStatus? {
        (try? JSONEncoder().encode(status)).map {
            CachedStatus(id: status.id, json: String(decoding: $0, as: UTF8.self))
        }
    }

    /// The statuses whose content warning the reader opened in an earlier run (kept with them).
    func openedWarnings() -> Set<String> {
        (try? cache?.openedWarnings()) ?? []
    }

    /// Keeps that the reader opened or closed status `id`'s content warning, for the next run.
    func keepOpened(_ id: String, _ open: Bool) {
        do { try cache?.setOpened(id, open) } catch {
            cgtk_log_warning("refresh-demo", "the timeline cache could not keep a warning: \(error.description)")
        }
    }

    /// Takes a status the stream deleted out of the cache (remembering it: a page beside it
    /// still joins the statuses beside it).
    func forget(_ id: String) {
        forgotten.insert(id)
        _ = try? cache?.remove(id: id)
    }

    /// The server answered: the rows are up to date from now on.
    func broughtUpToDate() {
        try? cache?.setSyncedAt(Int64(g_get_real_time() / 1_000))
        guard showsCachedRows else { return }
        showsCachedRows = false
        reportOffline(nil)
    }

    /// A request or the stream failed: while the rows shown are the cache's and were not brought
    /// up to date, the app says it is offline and since when the posts are.
    func couldNotBringUpToDate() {
        guard showsCachedRows else { return }
        let text: String
        if let synced = try? cache?.syncedAt(), let time = Self.clockTime(millisecondsSince1970: synced) {
            text = fill(localized("Offline — showing posts from %s"), time)
        } else {
            text = localized("Offline — showing saved posts")
        }
        reportOffline(text)
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
