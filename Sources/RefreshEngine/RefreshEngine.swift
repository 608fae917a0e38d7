// The state machine. Each event is one method; each state is an enum case carrying exactly the
// data valid in it (a token exists only while its operation is in flight, so a stale answer
// cannot even be written down as current). The host reads the presentation and carries out
// the effects; it decides nothing.

/// Every pull-to-refresh and load-more decision of one list, as a value type: send events with
/// the instant they happened, get back the effects to carry out, read the presentation.
public struct RefreshEngine: Hashable, Sendable {
    /// The tunables this engine decides with.
    public let configuration: RefreshConfiguration

    // Every deadline lives in one of these three. Only a deadline earlier than the pending one
    // makes the next wake-up be recomputed: one that moved later or went away is met by the
    // pending one, which fires nothing and is recomputed then. So most events (scroll frames,
    // a pull moving on) skip it.
    var headerPhase: HeaderPhase = .idle { didSet { noteDeadline(headerPhase.deadline(configuration)) } }
    var footerPhase: FooterPhase = .idle { didSet { noteDeadline(footerPhase.deadline) } }
    var geometry = Geometry()
    var gestures = Gestures()
    var lastUpdatedInstant: WallClockInstant?
    var currentPage: Int?
    var shownItems = 0
    var headerHiddenByHost = false
    var footerHiddenByHost = false
    /// Set when an answer was applied and the list has not laid it out yet: geometry from
    /// before the new rows must not start another load. Cleared when the content height
    /// changes, when the answer turns out to add no rows, or after `layoutSettleTime`.
    var awaitingLayoutUntil: MonotonicInstant? { didSet { noteDeadline(awaitingLayoutUntil) } }
    /// Rows shown before the last applied answer, to tell whether it added any.
    var shownBeforeAnswer: Int?
    /// Loads started by geometry since the list last scrolled; capped to fill a viewport.
    var automaticLoadsInRow = 0
    var nextTokenValue: UInt64 = 1
    var requestedWakeUp: MonotonicInstant?
    /// `nextWakeUp` as of the end of the last event, so an event with nothing due skips the
    /// deadline check (state only changes inside `begin` and `handle`).
    var pendingDeadline: MonotonicInstant?
    /// Whether a deadline earlier than `pendingDeadline` appeared (or a wake-up was used up, or
    /// the pending deadline came) since it was computed.
    var deadlinesChanged = true
    /// The latest instant seen; time never runs backwards inside the engine.
    public internal(set) var now = MonotonicInstant.zero
    /// Inputs that were rejected or had no effect.
    public internal(set) var counters = Counters()

    /// Creates an engine. `lastUpdated` is the persisted instant of the last successful refresh.
    /// - Throws: `ConfigurationError` when a field of `configuration` is invalid.
    public init(
        configuration: RefreshConfiguration = .standard, lastUpdated: WallClockInstant? = nil
    ) throws(ConfigurationError) {
        try configuration.validate()
        self.configuration = configuration
        self.lastUpdatedInstant = lastUpdated
    }

    /// Starts the engine at `instant`: with `refreshOnStart` it asks for the first refresh.
    public mutating func begin(at instant: MonotonicInstant) -> Effects {
        advanceClock(to: instant)
        var effects = Effects()
        if configuration.refreshOnStart {
            startRefresh(origin: .initial, into: &effects)
        }
        requestWakeUpIfNeeded(into: &effects)
        return effects
    }

    /// Handles one event that happened at `instant` and returns what the host must do, in order.
    /// Deadlines that fell due by `instant` (wheel idle, spinner, result, watchdog) fire first.
    public mutating func handle(_ event: Event, at instant: MonotonicInstant) -> Effects {
        advanceClock(to: instant)
        var effects = Effects()
        if let due = pendingDeadline, due <= now {
            fireDueDeadlines(into: &effects)
            // Also when nothing fired: the deadline had moved later (a pull went on).
            deadlinesChanged = true
        }
        dispatch(event, into: &effects)
        // Deadlines the event itself made due (a zero display time, say) fire now, so the
        // state after every event is settled at `instant`. Skipped when no deadline changed.
        // A wake-up that passed unanswered (the host missed a tick) is asked for again, too.
        if deadlinesChanged || wakeUpPassed { requestWakeUpIfNeeded(into: &effects) }
        return effects
    }

    /// The event table: each event to the method that decides about it. (Inlined: a call here
    /// costs ~20 instructions an event, measured by callgrind.)
    @inline(__always)
    private mutating func dispatch(_ event: Event, into effects: inout Effects) {
        switch event {
        case .geometry(let offset, let contentHeight, let viewportHeight):
            // Sizes come from layout; anything non-finite or negative is a host bug, not a state.
            guard offset.isFinite, contentHeight.isFinite, viewportHeight.isFinite,
                offset >= 0, contentHeight >= 0, viewportHeight >= 0
            else { counters.rejectedInputs += 1; break }
            updateGeometry(offset: offset, contentHeight: contentHeight, viewportHeight: viewportHeight)
            loadMoreIfNear(into: &effects)
        case .gestureBegan(let kind):
            gestures.begin(kind, atTop: geometry.isAtTop)
        case .pull(let input):
            handlePull(input, into: &effects)
        case .gestureEnded(let kind, let cancelled):
            gestures.end(kind)
            endPull(kind, cancelled: cancelled, into: &effects)
        case .edgeOvershot(let edge), .edgeReached(let edge):
            // Hints only: the pull is measured from scroll input, and the bottom edge is where a
            // load may be due even if no geometry change was reported yet.
            if edge == .bottom { loadMoreIfNear(into: &effects) }
        case .tick:
            // The wake-up asked for has come (deadlines due fired above): what is still ahead is
            // asked for again. A tick after a layout change may also make a load due.
            requestedWakeUp = nil
            deadlinesChanged = true
            loadMoreIfNear(into: &effects)
        case .refreshRequested:
            if isRefreshBusy { counters.ignoredRequests += 1; break }
            startRefresh(origin: .request, into: &effects)
        case .loadMoreRequested:
            requestLoadMore(into: &effects)
        case .headerHidden(let hidden):
            headerHiddenByHost = hidden
            if hidden, headerPhase.pull != nil { headerPhase = .idle }
        case .footerHidden(let hidden):
            footerHiddenByHost = hidden
            loadMoreIfNear(into: &effects)
        case .refreshCompleted(let token, let outcome, let wallClock):
            completeRefresh(token, outcome, wallClock: wallClock, into: &effects)
        case .loadMoreCompleted(let token, let outcome):
            completeLoadMore(token, outcome, into: &effects)
        case .refreshApplied(let count, let new):
            guard count >= 0, new >= 0, new <= count else { counters.rejectedInputs += 1; break }
            rowsShown(count, into: &effects)
            refreshApplied(new: new, into: &effects)
        case .itemsShown(let count):
            guard count >= 0 else { counters.rejectedInputs += 1; break }
            rowsShown(count, into: &effects)
        }
    }

    /// The host shows `count` rows now (after an answer, or its own edit).
    private mutating func rowsShown(_ count: Int, into effects: inout Effects) {
        // An answer that added no rows has nothing to lay out.
        if count == shownBeforeAnswer { awaitingLayoutUntil = nil }
        shownBeforeAnswer = nil
        shownItems = count
        loadMoreIfNear(into: &effects)
    }

    // MARK: Clock and deadlines

    private mutating func advanceClock(to instant: MonotonicInstant) {
        if instant > now { now = instant }
    }

    /// The earliest instant at which something is due, if anything is.
    public var nextWakeUp: MonotonicInstant? {
        Self.earlier(Self.earlier(headerPhase.deadline(configuration), footerPhase.deadline), awaitingLayoutUntil)
    }

    /// Marks the next wake-up for recomputing when `deadline` comes before the pending one.
    private mutating func noteDeadline(_ deadline: MonotonicInstant?) {
        guard let deadline else { return }
        if let pending = pendingDeadline, pending <= deadline { return }
        deadlinesChanged = true
    }

    /// Whether the wake-up asked for is behind `now` without its tick having come.
    private var wakeUpPassed: Bool {
        guard let requested = requestedWakeUp else { return false }
        return requested < now
    }

    private static func earlier(_ a: MonotonicInstant?, _ b: MonotonicInstant?) -> MonotonicInstant? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// Fires whatever the event itself made due (a zero display time, say), so the state after
    /// every event is settled at `now`, then asks the host for the next wake-up if it changed.
    private mutating func requestWakeUpIfNeeded(into effects: inout Effects) {
        // Called only when an earlier deadline appeared, the pending one came, or a wake-up was
        // used up or passed: otherwise the pending one stands, later than `now`.
        var due = nextWakeUp
        if let instant = due, instant <= now {
            fireDueDeadlines(into: &effects)
            due = nextWakeUp
        }
        pendingDeadline = due
        deadlinesChanged = false
        if let requested = requestedWakeUp, requested < now { requestedWakeUp = nil }  // passed
        // A wake-up already asked for, still ahead and no later than `due`, stands: it comes,
        // finds nothing due and the engine asks again then. So a deadline that keeps moving
        // later (a pull's idle release, on every input) costs no effect and no host timer.
        guard let due else { return }
        if let requested = requestedWakeUp, requested <= due { return }
        requestedWakeUp = due
        effects.append(.scheduleWakeUp(due))
    }

    private mutating func fireDueDeadlines(into effects: inout Effects) {
        while fireOneDeadline(into: &effects) {}
    }

    /// Fires the first deadline that is due, measured from the deadline itself rather than from
    /// a late tick, so a replay gives the same result whatever the host's timer jitter.
    private mutating func fireOneDeadline(into effects: inout Effects) -> Bool {
        switch headerPhase {
        case .idle:
            break  // nothing pending
        case .pulling(let pull), .armed(let pull):
            // A wheel has no release and a touchpad's can be lost; silence for the idle
            // interval is one.
            if let deadline = pull.releaseDeadline(configuration), deadline <= now {
                releasePull(cancelled: false, into: &effects)
                return true
            }
        case .refreshing(let token, _, _, let deadline):
            // The watchdog: no answer in time is a failure, and the loader is told to stop.
            if deadline <= now {
                effects.append(.cancel(token))
                showResult(.failed(.timedOut), from: deadline, into: &effects)
                return true
            }
        case .holdingSpinner(let result, let until):
            // The answer came before the minimum spinner time; show it now.
            if until <= now {
                showResult(result, from: until, into: &effects)
                return true
            }
        case .showingResult(_, let until):
            // The result was on screen long enough; collapse.
            if until <= now {
                headerPhase = .idle
                return true
            }
        }
        if let until = awaitingLayoutUntil, until <= now {
            // Layout had its frames; geometry from now on shows the answer.
            awaitingLayoutUntil = nil
            return true
        }
        switch footerPhase {
        case .idle, .failed, .exhausted:
            break  // nothing pending
        case .loading(let token, _, let deadline):
            // The watchdog for a page.
            if deadline <= now {
                effects.append(.cancel(token))
                footerPhase = .failed(.timedOut)
                effects.append(.announce(.loadFailed))
                return true
            }
        }
        return false
    }

    func makeToken() -> OperationToken { OperationToken(rawValue: nextTokenValue) }

    mutating func issueToken() -> OperationToken {
        defer { nextTokenValue &+= 1 }
        return makeToken()
    }
}
