// The live timeline: the public stream carried out on the list. `LiveStream` decides (when to
// connect, catch up, give up, wait, and what each event does); this file opens and closes the
// stream, loads the catch-up pages, keeps the one timer the decisions ask for, and puts each
// status in the list through its public API: `receive` for one newer than every row (it goes in
// on top, at once at the top or with the rest of a burst away from it; the place holds, the pill
// counts it), `insert` for an older one, `remove` and `update`. The list drops a status it already shows, so a refresh while streaming
// doubles nothing.

import CGtk
import CSoup
import FoundationEssentials
import GtkInterop
import GtkRefreshList
import RefreshEngine
import TimelineRows

extension MastodonSource {
    /// The stream of the public timeline, as server-sent events.
    static let streamPath = "/api/v1/streaming/public"

    /// The app calls this after each event of the list, with its engine after it: the stream starts (once) when the list's
    /// first load is over (its rows shown, or nothing or a failure shown instead) and nothing
    /// loads, so streamed statuses go on top of a timeline. With the stream off, rows from the
    /// cache are brought up to date then instead, once.
    func listChanged(_ engine: RefreshEngine) {
        guard !streamStarted, let list else { return }
        guard engine.inFlight == nil, engine.newerRows != .loading else { return }
        switch engine.placeholder {
        // Rows shown, or nothing to show: the first load is over.
        case .none where !list.items.isEmpty, .empty, .failed: break
        // Not loaded yet, or loading.
        case .none, .loading: return
        }
        streamStarted = true
        guard streams else { return bringCachedRowsUpToDate() }
        carry(live.start(atMs: Self.nowMs, newestShown: newestShown))
    }

    /// Closes the stream for good (the app is quitting).
    func stopStreaming() { carry(live.stop()) }

    /// Monotonic milliseconds: the stream's clock.
    static var nowMs: Int { Int(g_get_monotonic_time() / 1_000) }

    /// The newest status the list shows.
    private var newestShown: String? { rowsShown().map(\.id).max { MastodonTimeline.isOlder($0, than: $1) } }

    /// Carries out what the stream's decisions ask for, then sets the timer and the indicator.
    private func carry(_ effects: [LiveStream.Effect]) {
        let outer = carrying
        carrying = true
        defer { carrying = outer }
        var rowsChanged = false
        for effect in effects {
            switch effect {
            case .connect: openStream()
            case .close:
                stream?.close()
                stream = nil
                // What the stream sent and did not show, the catch-up brings again.
                streamed.removeAll()
                if let catchUpRequest { g_cancellable_cancel(catchUpRequest.cancellable) }
                catchUpRequest = nil
            case .catchUp(let since): catchUp(since: since)
            case .show(let id):
                // Kept once it shows, beside the row below it (caught up, the catch-up's pages
                // were kept): with no row below, it starts the cache again.
                if let status = streamed.removeValue(forKey: id) {
                    let below = rowsShown().lazy.map(\.id).filter { MastodonTimeline.isOlder($0, than: id) }
                        .max { MastodonTimeline.isOlder($0, than: $1) }
                    keep([status], joining: below.map { .next(to: $0) } ?? .anew)
                }
                rowsChanged = show(id) || rowsChanged
            case .remove(let id):
                arrived[id] = nil
                streamed[id] = nil
                forget(id)
                rowsChanged = list?.remove(id: id) != nil || rowsChanged
            case .replace(let id):
                if let status = streamed.removeValue(forKey: id) { keepEdit(status) }
                if let item = arrived.removeValue(forKey: id) {
                    rowsChanged = list?.update(item) == true || rowsChanged
                }
            }
        }
        if rowsChanged { traceRows() }
        scheduleTick()
        reportStreamState()
    }

    private func openStream() {
        let url = server + Self.streamPath
        stream = MastodonStream(session: session, url: url, authorize: authorize) { [weak self] report in
            self?.heard(report)
        }
        if stream == nil {
            carry(live.refused(permanently: fill(localized("Not a valid address: %s"), url)))
        }
    }

    /// What the stream reported, as the stream's decisions take it.
    private func heard(_ report: MastodonStream.Report) {
        let now = Self.nowMs
        switch report {
        case .opened: carry(live.opened(atMs: now, newestShown: newestShown))
        case .item(.comment): carry(live.received(.heartbeat, atMs: now))
        case .item(.event(let name, let data)): carry(live.received(arrival(name, data), atMs: now))
        case .status(let status, let reason, _) where status == 401 || status == 403:
            carry(
                live.refused(
                    permanently: fill(localized("The server's stream needs a sign-in (%s)"), "\(status) \(reason)")))
        case .status(let status, let reason, let retryAfterSeconds):
            // The Retry-After of a 503 (or a 429) is waited for, up to the longest wait: LiveStream
            // decides.
            let words = fill(localized("The server answered %s"), "\(status) \(reason)")
            let retryAfterMs = status == 503 || status == 429 ? retryAfterSeconds.map { min($0, 86_400) * 1_000 } : nil
            carry(live.dropped(.refused(words), atMs: now, random: .random(in: 0..<1), retryAfterMs: retryAfterMs))
        case .ended(let error, let certificate):
            couldNotBringUpToDate()
            carry(
                certificate
                    ? live.refused(permanently: error.message)
                    : live.dropped(.lost(error.message), atMs: now, random: .random(in: 0..<1)))
        }
    }

    /// One streamed event as the decisions see it; a status it carries waits in `arrived`.
    private func arrival(_ name: String, _ data: String) -> LiveStream.Arrival {
        switch name {
        case "update", "status.update":
            guard let status = try? JSONDecoder().decode(MastodonStatus.self, from: Data(data.utf8)) else {
                return .malformed
            }
            arrived[status.id] = MastodonTimeline.item(status)
            // Not kept yet: while the catch-up runs, statuses between the newest cached and
            // this one may not be fetched; it is kept when the decisions show it (`carry`).
            streamed[status.id] = status
            return name == "update" ? .update(status.id) : .edit(status.id)
        case "delete":
            let id = String(data.filter { $0 != "\"" && !$0.isWhitespace })
            return !id.isEmpty && id.allSatisfy({ $0.isASCII && $0.isNumber }) ? .delete(id) : .malformed
        default: return .other
        }
    }

    /// Loads the statuses just newer than `since`; an empty answer ends the catch-up (a short
    /// one does not: servers answer fewer than asked for when statuses are filtered).
    private func catchUp(since: String) {
        catchUpRequest = get(["min_id": since], towardNewer: true, joining: .next(to: since)) { [weak self] answer in
            guard let self else { return }
            self.catchUpRequest = nil
            switch answer {
            case .success(let page):
                for item in page.items { self.arrived[item.id] = item }
                let ids = page.items.map(\.id)
                self.carry(self.live.caughtUp(atMs: Self.nowMs, ids: ids, more: !ids.isEmpty))
            case .failure(let error):
                let words = (error as? NetworkError)?.message ?? "\(error)"
                self.carry(self.live.dropped(.lost(words), atMs: Self.nowMs, random: .random(in: 0..<1)))
            }
        }
    }

    /// With the stream off, a start from the cache asks the server for what is newer than the
    /// newest cached status (`min_id`), page after page until none, as the stream's catch-up
    /// would; the statuses go where the stream's go (`show`), and a failure says the app is
    /// offline (`get`), until a pull asks again. Nothing is asked when the rows are not the
    /// cache's or the server answered already (the list's own ask for the rows above a place).
    private func bringCachedRowsUpToDate() {
        guard showsCachedRows, reportedOffline == nil, let cache else { return }
        // The newest cached status, read on the cache's queue; still asked for if nothing
        // answered meanwhile.
        cache.run { cache throws(TimelineCacheError) in
            try cache.statuses(count: 1).first?.id
        } then: {
            [weak self] newest in
            guard let self, showsCachedRows, reportedOffline == nil, case .success(let newest?) = newest else { return }
            catchUpWithoutStream(since: newest)
        }
    }

    private func catchUpWithoutStream(since: String) {
        catchUpRequest = get(["min_id": since], towardNewer: true, joining: .next(to: since)) { [weak self] answer in
            guard let self else { return }
            self.catchUpRequest = nil
            guard case .success(let page) = answer,
                let newest = page.items.map(\.id).max(by: { MastodonTimeline.isOlder($0, than: $1) })
            else { return }
            var rowsChanged = false
            // Oldest first, as a stream sends them.
            for item in page.items.reversed() {
                self.arrived[item.id] = item
                rowsChanged = self.show(item.id) || rowsChanged
            }
            if rowsChanged { self.traceRows() }
            self.catchUpWithoutStream(since: newest)
        }
    }

    /// Puts an arrived status in the list at its place by id (on top, unless newer ones came
    /// first); one older than every row shown is left to paging. Returns whether it went in.
    private func show(_ id: String) -> Bool {
        guard let list, arrived[id] != nil else { return false }
        let items = list.items
        let index = items.firstIndex { MastodonTimeline.isOlder($0.id, than: id) } ?? items.count
        guard let item = arrived.removeValue(forKey: id) else { return false }
        guard index < items.count || items.isEmpty else { return false }
        // Newer than every row shown: a live arrival, which goes in with the rest of a burst
        // (at once at the top); a stream sends them oldest first, so they go in in order.
        return index == 0 ? list.receive(item) : list.insert(item, at: index)
    }

    /// Sets the one timer to the decisions' next deadline.
    private func scheduleTick() {
        guard let wakeUp = live.nextWakeUpMs else { return streamTimer.cancel() }
        let delay = UInt32(clamping: max(0, wakeUp - Self.nowMs))
        streamTimer.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self.streamTimer.fired()
            self.carry(self.live.tick(atMs: Self.nowMs, random: .random(in: 0..<1)))
        }
    }

    /// Tells the app when the indicator or its reason changed, and the trace also when another
    /// malformed event was counted.
    private func reportStreamState() {
        let indicator = live.indicator
        let reason: String? =
            switch live.phase {
            case .off(let reason): reason
            case .waiting(_, _, .lost(let words)), .waiting(_, _, .refused(let words)): words
            case .waiting(_, _, .stalled):
                fill(localized("The stream went quiet for %s s"), String(live.policy.heartbeatDeadlineMs / 1_000))
            case .connecting, .catchingUp, .live: nil
            }
        let current = (indicator: indicator, reason: reason, malformed: live.malformedEvents)
        if let last = reportedStream, last == current { return }
        let changed = reportedStream?.indicator != indicator || reportedStream?.reason != reason
        reportedStream = current
        if changed { onStreamState?(indicator, reason) }
        tracer?.milestone(
            "stream", [("state", indicator.rawValue), ("reason", reason as Any), ("malformed", current.malformed)])
    }
}
