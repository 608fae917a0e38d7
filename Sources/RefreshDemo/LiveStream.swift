// Every decision of the live timeline, standard library only: when to connect, when a stream
// counts as dead (it ended, failed, or went quiet past the heartbeat deadline), how long to wait
// before the next attempt (doubling, capped, with jitter), what to load before going live again
// (everything newer than the newest status shown, page after page, by `min_id`), and what to do
// with each streamed event (show it, hold it while catching up, drop it as already shown,
// deleted or malformed). Time and randomness come in with the events, so a test can replay it.
// The libsoup side (MastodonStream) and the list (MastodonSource) only carry the effects out.

/// The state of the stream and everything it decides.
struct LiveStream: Equatable {
    /// The timings of the stream, in ms.
    struct Policy: Equatable {
        /// A stream that brought nothing (not even a heartbeat) for this long is dead. Mastodon
        /// sends a heartbeat comment every 15 s: this is two missed, and a margin.
        var heartbeatDeadlineMs = 40_000
        /// The wait before the first reconnection; each failed attempt doubles it.
        var firstRetryMs = 1_000
        /// The longest wait between attempts.
        var longestRetryMs = 60_000
        /// A stream live at least this long had a good connection: the next drop starts the
        /// waits over from `firstRetryMs`, rather than going on doubling.
        var stableMs = 30_000
    }

    /// What one streamed event says, by status id.
    enum Arrival: Equatable {
        /// `:thump` (or any comment): the server is there.
        case heartbeat
        /// `update`: a new status.
        case update(String)
        /// `delete`: a status was deleted.
        case delete(String)
        /// `status.update`: a status was edited.
        case edit(String)
        /// An event the app cannot read (a payload that is not a status, a broken line).
        case malformed
        /// An event of another kind (notifications, announcements, filters): not a row.
        case other
    }

    /// Why a stream ended.
    enum Drop: Equatable {
        /// The connection closed or failed (libsoup's words).
        case lost(String)
        /// Nothing came within the heartbeat deadline.
        case stalled
        /// The server answered the stream, or a catch-up page, with an error that may pass (503).
        case refused(String)
    }

    /// Where the stream is.
    enum Phase: Equatable {
        /// Not streaming: never started, stopped, or given up for a reason that waiting cannot
        /// mend (a 401, a certificate not trusted); `reason` says which.
        case off(reason: String?)
        /// Asking for the stream; `attempt` 0 is the first connection, later ones reconnect.
        case connecting(attempt: Int)
        /// The stream is open, and the statuses that came while it was not are loading: every
        /// status newer than `since`, a page at a time. Events streamed meanwhile wait in `held`.
        case catchingUp(attempt: Int, since: String, held: [Arrival])
        /// Live since `sinceMs`; `attempt` is the one that got here.
        case live(sinceMs: Int, attempt: Int)
        /// The stream ended (`drop`); the next attempt, number `attempt`, is due at `untilMs`.
        case waiting(attempt: Int, untilMs: Int, drop: Drop)
    }

    /// What the header bar says.
    enum Indicator: String {
        case connecting, live, reconnecting, off
    }

    /// What the caller must do.
    enum Effect: Equatable {
        /// Open the stream.
        case connect
        /// Close the stream (a stream that is already gone: nothing).
        case close
        /// Load the statuses just newer than `since` (`min_id`) and answer `caughtUp`.
        case catchUp(since: String)
        /// Show a status that arrived (the caller has its payload) at its place by id.
        case show(String)
        /// Remove the row with this id, if shown.
        case remove(String)
        /// Replace the row with this id by its edited status, if shown.
        case replace(String)
    }

    let policy: Policy
    private(set) var phase: Phase = .off(reason: nil)
    /// The newest status id shown or streamed: where the next catch-up starts.
    private(set) var newest: String?
    /// When the stream last brought anything (ms); the heartbeat deadline counts from here.
    private(set) var lastHeardMs = 0
    /// Statuses deleted while streaming (the latest `rememberedDeletions`): a catch-up page or
    /// an edit that names one again does not bring it back.
    private(set) var deleted: [String] = []
    /// Events the app could not read, so far.
    private(set) var malformedEvents = 0

    /// How many deleted ids are remembered.
    static let rememberedDeletions = 500

    init(policy: Policy = Policy()) { self.policy = policy }

    /// What the header bar shows now.
    var indicator: Indicator {
        switch phase {
        // Off says so, whatever the reason (the reason is shown beside it).
        case .off: .off
        // The first connection, and its catch-up, connect; any later one reconnects.
        case .connecting(let attempt), .catchingUp(let attempt, _, _): attempt == 0 ? .connecting : .reconnecting
        // Only a stream whose missed statuses are all shown is live.
        case .live: .live
        // Between attempts the stream is reconnecting.
        case .waiting: .reconnecting
        }
    }

    /// When a `tick` is next due (ms): the next attempt, or the heartbeat deadline; nil when off.
    var nextWakeUpMs: Int? {
        switch phase {
        // Nothing is due while off.
        case .off: nil
        // The attempt is due.
        case .waiting(_, let untilMs, _): untilMs
        // A stream (or an attempt to open one) that says nothing for the deadline is dead.
        case .connecting, .catchingUp, .live: lastHeardMs + policy.heartbeatDeadlineMs
        }
    }

    /// The wait before attempt `attempt` (1, 2, …): `firstRetryMs` doubled per attempt, capped at
    /// `longestRetryMs`, then scaled by a jitter between 0.5 and 1 (`random` in 0..<1), so that
    /// clients dropped together do not come back together.
    func retryDelayMs(attempt: Int, random: Double) -> Int {
        let doublings = min(max(attempt - 1, 0), 30)
        let capped = min(policy.longestRetryMs, policy.firstRetryMs << doublings)
        return Int(Double(capped) * (0.5 + 0.5 * min(max(random, 0), 1)))
    }

    /// Starts streaming at `atMs`; `newestShown` is the newest status the list shows.
    mutating func start(atMs: Int, newestShown: String?) -> [Effect] {
        switch phase {
        // Only a stream that is off starts.
        case .off:
            remember(newestShown)
            lastHeardMs = atMs
            phase = .connecting(attempt: 0)
            return [.connect]
        // Already streaming or about to: nothing more.
        case .connecting, .catchingUp, .live, .waiting: return []
        }
    }

    /// Stops streaming (the window closes, the source changes).
    mutating func stop() -> [Effect] { turnOff(reason: nil) }

    /// The server accepted the stream at `atMs`. With a status shown, what came since it loads
    /// first; with none, the stream is live at once (the list's own first load brings the rest).
    mutating func opened(atMs: Int, newestShown: String?) -> [Effect] {
        guard case .connecting(let attempt) = phase else {
            // A stream opening in any other phase is a late answer to an attempt given up on.
            return [.close]
        }
        remember(newestShown)
        lastHeardMs = atMs
        guard let newest else {
            phase = .live(sinceMs: atMs, attempt: attempt)
            return []
        }
        phase = .catchingUp(attempt: attempt, since: newest, held: [])
        return [.catchUp(since: newest)]
    }

    /// A catch-up page came: `ids` newest first, `more` when a full page says more may follow.
    /// Returns the ids to show from it (not deleted meanwhile) and what to do next.
    mutating func caughtUp(atMs: Int, ids: [String], more: Bool) -> [Effect] {
        guard case .catchingUp(let attempt, _, let held) = phase else {
            // An answer to a catch-up given up on (the stream dropped meanwhile): nothing.
            return []
        }
        let shown = ids.filter { !deleted.contains($0) }.reversed().map { Effect.show($0) }
        ids.forEach { remember($0) }
        if more, let newest {
            phase = .catchingUp(attempt: attempt, since: newest, held: held)
            return shown + [.catchUp(since: newest)]
        }
        phase = .live(sinceMs: atMs, attempt: attempt)
        return shown + held.flatMap { handleLive($0) }
    }

    /// The stream brought `arrival` at `atMs`.
    mutating func received(_ arrival: Arrival, atMs: Int) -> [Effect] {
        switch phase {
        // Nothing is streaming: a late event of a stream given up on.
        case .off, .waiting, .connecting: return []
        // While catching up, events wait until every missed status is shown, so they keep
        // their order; heartbeats still count as heard.
        case .catchingUp(let attempt, let since, var held):
            lastHeardMs = atMs
            switch arrival {
            // Nothing to keep.
            case .heartbeat, .other: break
            // Counted now, not held.
            case .malformed: malformedEvents += 1
            // Shown once the catch-up ends.
            case .update, .delete, .edit: held.append(arrival)
            }
            phase = .catchingUp(attempt: attempt, since: since, held: held)
            return []
        // Live: each event is carried out now.
        case .live:
            lastHeardMs = atMs
            return handleLive(arrival)
        }
    }

    /// The wait before attempt `attempt` when the server asked for `retryAfterMs` (a 503's
    /// Retry-After): the backoff's wait (`retryDelayMs`), or the server's if longer, capped at
    /// `longestRetryMs` like any wait (a server asking for an hour still gets a try in a minute).
    func retryDelayMs(attempt: Int, random: Double, retryAfterMs: Int?) -> Int {
        let backoff = retryDelayMs(attempt: attempt, random: random)
        guard let retryAfterMs else { return backoff }
        return max(backoff, min(max(retryAfterMs, 0), policy.longestRetryMs))
    }

    /// The stream ended at `atMs` for `drop`; `random` in 0..<1 sets the jitter of the wait, and
    /// a server that said when to come back (`retryAfterMs`, a 503's Retry-After) is waited for
    /// at least that long (`retryDelayMs(attempt:random:retryAfterMs:)`).
    mutating func dropped(_ drop: Drop, atMs: Int, random: Double, retryAfterMs: Int? = nil) -> [Effect] {
        let attempt: Int
        switch phase {
        // Nothing was streaming: a late report of a stream given up on.
        case .off, .waiting: return []
        // The attempt failed: the next one waits longer.
        case .connecting(let current), .catchingUp(let current, _, _): attempt = current + 1
        // A stream that was live long enough starts the waits over; a short one goes on doubling.
        case .live(let sinceMs, let current): attempt = atMs - sinceMs >= policy.stableMs ? 1 : current + 1
        }
        let delay = retryDelayMs(attempt: attempt, random: random, retryAfterMs: retryAfterMs)
        phase = .waiting(attempt: attempt, untilMs: atMs + delay, drop: drop)
        return [.close]
    }

    /// The stream cannot work and waiting will not mend it (`reason`: a 401, a certificate not
    /// trusted): off, with the reason.
    mutating func refused(permanently reason: String) -> [Effect] { turnOff(reason: reason) }

    /// Off, for `reason` (nil: stopped), closing what is open.
    private mutating func turnOff(reason: String?) -> [Effect] {
        switch phase {
        // Already off: the first reason stays.
        case .off: return []
        // Nothing is open between attempts, but nothing may start either.
        case .waiting:
            phase = .off(reason: reason)
            return []
        // An open stream (or one opening) is closed.
        case .connecting, .catchingUp, .live:
            phase = .off(reason: reason)
            return [.close]
        }
    }

    /// Time passed: an attempt that is due starts; a stream past its heartbeat deadline is
    /// dropped as stalled (`random` for the wait's jitter).
    mutating func tick(atMs: Int, random: Double) -> [Effect] {
        switch phase {
        // Nothing is due.
        case .off: return []
        // The next attempt, when due.
        case .waiting(let attempt, let untilMs, _):
            guard atMs >= untilMs else { return [] }
            lastHeardMs = atMs
            phase = .connecting(attempt: attempt)
            return [.connect]
        // Silence past the deadline: the stream (or the attempt) is dead.
        case .connecting, .catchingUp, .live:
            guard atMs >= lastHeardMs + policy.heartbeatDeadlineMs else { return [] }
            return dropped(.stalled, atMs: atMs, random: random)
        }
    }

    /// What a live stream does with one event.
    private mutating func handleLive(_ arrival: Arrival) -> [Effect] {
        switch arrival {
        // Nothing to show.
        case .heartbeat, .other: return []
        // Counted, and otherwise ignored: the stream goes on.
        case .malformed:
            malformedEvents += 1
            return []
        // A deleted status never comes back; any other is shown (the list drops one already shown).
        case .update(let id):
            guard !deleted.contains(id) else { return [] }
            remember(id)
            return [.show(id)]
        // Removed, and remembered.
        case .delete(let id):
            if !deleted.contains(id) {
                deleted.append(id)
                if deleted.count > Self.rememberedDeletions { deleted.removeFirst() }
            }
            return [.remove(id)]
        // Replaced where shown; an edit of a deleted status is not one.
        case .edit(let id):
            return deleted.contains(id) ? [] : [.replace(id)]
        }
    }

    /// Makes `id` the newest if it is newer than the newest so far.
    private mutating func remember(_ id: String?) {
        guard let id else { return }
        if let newest, !Self.isOlder(newest, than: id) { return }
        newest = id
    }

    /// Whether status id `a` is older than `b`. Mastodon's ids are decimal numbers that can
    /// exceed 64 bits, ordered by time: a shorter number is smaller.
    static func isOlder(_ a: String, than b: String) -> Bool {
        a.count != b.count ? a.count < b.count : a < b
    }
}
