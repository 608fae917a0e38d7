// The state machine. Each event is one method; each state is an enum case carrying exactly the
// data valid in it (a token exists only while its operation is in flight, so a stale answer
// cannot even be written down as current). The host reads the presentation and carries out
// the effects; it decides nothing.

/// Every pull-to-refresh and load-more decision of one list, as a value type: send events with
/// the instant they happened, get back the effects to carry out, read the presentation.
public struct RefreshEngine: Hashable, Sendable {
    /// The tunables this engine decides with: those it was made with, then each one
    /// `.configurationChanged` (and `.maximumRowsChanged`) gave it since.
    public internal(set) var configuration: RefreshConfiguration

    // Every deadline lives in the phases and `pendingLayout`; `nextWakeUp` reads them.
    var headerPhase: HeaderPhase = .idle(slides: true)
    var footerPhase: FooterPhase = .idle
    var geometry = Geometry()
    var gestures = Gestures()
    var lastUpdatedInstant: WallClockInstant?
    var currentPage: Int?
    var shownItems = 0
    /// The failure of the last refresh, until one succeeds: what a list with no rows shows.
    var lastRefreshFailure: FailureID?
    var headerHiddenByHost = false
    var footerHiddenByHost = false
    /// An applied answer the list has not laid out yet, if any.
    var pendingLayout: PendingLayout?
    /// New rows above the view not scrolled to yet (`newAbove`).
    var newRowsAbove = 0
    /// Newer rows went in above a view at the top and the place is being kept: geometry at the
    /// top until the view moved is from before, and does not mean they were seen.
    var placeKeptAtTop = false
    /// Whether the list keeps its place between runs (RefreshEngine+Restore.swift).
    var placeMemory = PlaceMemory.off
    /// When the resting view's place is saved, once it moved.
    var placeSaveDue: MonotonicInstant?
    /// The top-side load-more: rows newer than the first one shown.
    var newerPhase = NewerPhase.complete
    /// Loads started by geometry since the list last scrolled; capped to fill a viewport.
    var automaticLoadsInRow = 0
    /// Whether the host loads by cursor, so rows dropped above can load again (`begin`).
    var loadsByCursor = false
    /// Rows dropped above the first row shown, not loaded again yet.
    var rowsDroppedAbove = 0
    /// Rows that arrived above the first row shown while it was not the newest, not loaded yet.
    var rowsArrivedAbove = 0
    /// Rows received for the top that the host holds until `.insertArrivals`
    /// (RefreshEngine+Arrivals.swift).
    var waitingArrivals = 0
    /// Whether the list is on screen (`.listShown`): rows received for the top wait while not.
    var onScreen = true
    /// The rows waiting went in as the list came back: their insert keeps the reader's place,
    /// at the top too (`rowsInsertedAbove`).
    var arrivalsReturning = false
    /// When the rows waiting go in, while some wait away from the top.
    var arrivalsDue: MonotonicInstant?
    var nextTokenValue: UInt64 = 1
    /// The latest instant seen; time never runs backwards inside the engine.
    public internal(set) var now = MonotonicInstant.zero
    /// Inputs that were rejected or had no effect.
    public internal(set) var counters = Counters()
    /// Where the view goes at the list's next layout (ViewPlacement.swift): the engine's
    /// `keepPlace` and `scrollToTop` set it, and the host's placement events (`rowsGoingIn`,
    /// `layout` …) tell it what the host does to the rows and measures; read-only to the host.
    public internal(set) var placement = ViewPlacement()

    /// Creates an engine. `lastUpdated` is the persisted instant of the last successful refresh.
    /// - Throws: `ConfigurationError` when a field of `configuration` is invalid.
    public init(
        configuration: RefreshConfiguration = .standard, lastUpdated: WallClockInstant? = nil
    ) throws(ConfigurationError) {
        try configuration.validate()
        self.configuration = configuration
        self.lastUpdatedInstant = lastUpdated
    }

    /// Starts the engine at `instant`: with `refreshOnStart` it asks for the first refresh, or,
    /// when `place` says one was saved, for the rows at the saved place (`origin: .restore`,
    /// answered with `.restoreCompleted`). A list whose `place` is not `.off` saves its place
    /// (`persistPlace`) once the view rests after moving. `loadsByCursor`: the host can load
    /// the rows newer than its first row (`startLoadNewer`), so a bounded list may drop rows
    /// above the view too, not only below it (RefreshEngine+Bound.swift).
    public mutating func begin(
        at instant: MonotonicInstant, place: PlaceMemory = .off, loadsByCursor: Bool = false
    ) -> Effects {
        advanceClock(to: instant)
        placeMemory = place
        self.loadsByCursor = loadsByCursor
        var effects = Effects()
        if place == .saved {
            startRefresh(origin: .restore, into: &effects)
        } else if configuration.refreshOnStart {
            startRefresh(origin: .initial, into: &effects)
        }
        return effects
    }

    /// Handles one event that happened at `instant` and returns what the host must do, in order.
    /// Deadlines that fell due by `instant` (wheel idle, spinner, result, watchdog) fire first;
    /// those the event itself made due (a zero display time, say) fire after it, so the state
    /// after every event is settled at `instant`. Then `nextWakeUp` says when to send `.tick`.
    public mutating func handle(_ event: Event, at instant: MonotonicInstant) -> Effects {
        advanceClock(to: instant)
        var effects = Effects()
        // Sent from inside the host's effects and layout: no deadline fires there (Event.swift).
        if event.isPlacement {
            place(event, into: &effects)
            return effects
        }
        fireDueDeadlines(into: &effects)
        dispatch(event, into: &effects)
        fireDueDeadlines(into: &effects)
        return effects
    }

    /// The event table: each event to the method that decides about it.
    @inline(__always)
    private mutating func dispatch(_ event: Event, into effects: inout Effects) {
        switch event {
        case .geometry(let offset, let contentHeight, let viewportHeight):
            // Sizes come from layout; anything non-finite or negative is a host bug, not a state.
            guard offset.isFinite, contentHeight.isFinite, viewportHeight.isFinite,
                offset >= 0, contentHeight >= 0, viewportHeight >= 0
            else { counters.rejectedInputs += 1; break }
            if offset != geometry.offset || !geometry.isKnown { viewMoved() }
            updateGeometry(offset: offset, contentHeight: contentHeight, viewportHeight: viewportHeight)
            // At the top every row is in view or below it: nothing new is above (unless the
            // view is about to move down for the newer rows put in above it).
            if !geometry.isAtTop { placeKeptAtTop = false }
            if geometry.isAtTop, !placeKeptAtTop { newRowsAbove = 0 }
            // The reader came to where the rows waiting would show: they go in now.
            if waitingArrivals > 0, arrivalsGoInAtOnce { insertArrivals(into: &effects) }
            loadMoreIfNear(into: &effects)
        case .gestureBegan(let kind):
            gestures.begin(kind, atTop: geometry.isAtTop)
        case .pull(let input):
            handlePull(input, into: &effects)
        case .scroll(let sample):
            handlePull(pullInput(for: sample), into: &effects)
        case .gestureEnded(let kind, let cancelled):
            gestures.end(kind)
            endPull(kind, cancelled: cancelled, into: &effects)
        case .edgeHint(let edge):
            // Hints only: the pull is measured from scroll input, and the bottom edge is where a
            // load may be due even if no geometry change was reported yet.
            if edge == .bottom { loadMoreIfNear(into: &effects) }
        case .tick:
            // Deadlines due fired above; a tick after a layout change may also make a load due.
            loadMoreIfNear(into: &effects)
        case .presented:
            // A frame showed the header as it is: a spinner or result waiting for its first
            // frame starts its visible time now.
            headerPhase = headerPhase.presented(at: now)
            // The frame lays out what an applied answer changed: its settle time runs from now.
            pendingLayout = pendingLayout?.presented(at: now)
        case .refreshRequested:
            if isRefreshBusy { counters.ignoredRequests += 1; break }
            startRefresh(origin: .request, into: &effects)
        case .loadMoreRequested:
            requestLoadMore(into: &effects)
        case .headerHidden(let hidden):
            headerHiddenByHost = hidden
            if hidden, headerPhase.pull != nil { headerPhase = .idle(slides: true) }
            // A hidden header shows nothing to wait for: its times run from now.
            if hidden { headerPhase = headerPhase.presented(at: now) }
        case .footerHidden(let hidden):
            footerHiddenByHost = hidden
            loadMoreIfNear(into: &effects)
        case .refreshCompleted(let token, let outcome, let wallClock):
            completeRefresh(token, outcome, wallClock: wallClock, into: &effects)
        case .loadMoreCompleted(let token, let outcome):
            completeLoadMore(token, outcome, into: &effects)
        case .refreshApplied(let count, let new, let above, let viewKept):
            guard count >= 0, new >= 0, new <= count, above >= 0, above <= count else {
                counters.rejectedInputs += 1
                break
            }
            rowsShown(count, showingTop: showsTop(shown: count, new: new, viewKept: viewKept), into: &effects)
            let counted = rowsInsertedAbove(above, into: &effects)
            refreshApplied(new: new, newAbove: counted ? newRowsAbove : nil, into: &effects)
        case .itemsShown(let count):
            guard count >= 0 else { counters.rejectedInputs += 1; break }
            rowsShown(count, into: &effects)
        case .rowsInsertedAbove(let count):
            guard count >= 0 else { counters.rejectedInputs += 1; break }
            // Said at once: nothing else tells of this arrival.
            let returning = arrivalsReturning
            arrivalsReturning = false
            if rowsInsertedAbove(count, keepingPlaceAtTop: returning, into: &effects) {
                effects.append(.announce(.newItemsAbove(count: newRowsAbove)))
            }
        case .rowsAboveView(let count):
            guard count >= 0 else { counters.rejectedInputs += 1; break }
            rowsAboveView(count)
        case .pillActivated(let hadFocus):
            pillActivated(hadFocus: hadFocus, into: &effects)
        case .restoreCompleted(let token, let outcome, let found):
            completeRestore(token, outcome, found: found, into: &effects)
        case .loadNewerCompleted(let token, let outcome):
            completeLoadNewer(token, outcome, into: &effects)
        case .newerApplied(let shown, let added):
            guard shown >= 0, added >= 0, added <= shown else { counters.rejectedInputs += 1; break }
            newerApplied(shown: shown, added: added, into: &effects)
        case .rowsInView(let first, let last):
            // Positions among the rows shown; anything else is from before a change.
            guard first >= 0, last >= first, last < shownItems else { counters.rejectedInputs += 1; break }
            rowsInView(first: first, last: last, into: &effects)
        case .rowsArrivedAboveShown(let count):
            guard count >= 0 else { counters.rejectedInputs += 1; break }
            arrivalsReturning = false
            rowsArrivedAboveShown(count, into: &effects)
        case .maximumRowsChanged(let count):
            changeMaximumRows(count)
        case .arrivalsWaiting(let count):
            guard count >= 0 else { counters.rejectedInputs += 1; break }
            arrivalsChanged(count, into: &effects)
        case .rowsGoingIn, .rowsGoingInAbove, .savedRowShown, .rowsDroppedAbove, .listResizing, .listAllocated,
            .newestRowFocused, .layout:
            // Handled before the deadlines, by `place` (RefreshEngine+Placement.swift).
            place(event, into: &effects)
        case .configurationChanged(let configuration):
            changeConfiguration(to: configuration, into: &effects)
        case .listShown(let shown):
            listShown(shown, into: &effects)
        }
    }

    /// The host shows `count` rows now (after an answer, or its own edit); `showingTop`: the
    /// view goes to the first rows (`showsTop`).
    mutating func rowsShown(_ count: Int, showingTop: Bool = false, into effects: inout Effects) {
        if showingTop {
            // Geometry from before the view reached the top (the end of a list that just
            // shrank, say) must not start a load: the view is going elsewhere.
            pendingLayout = PendingLayout(rowsBefore: nil, appliedAt: now, awaitsTop: true)
            showFirstRows(into: &effects)
        } else if let layout = pendingLayout, let rowsBefore = layout.rowsBefore {
            // An answer that added no rows has nothing to lay out.
            var laidOut = layout
            laidOut.rowsBefore = nil
            pendingLayout = count == rowsBefore ? nil : laidOut
        }
        shownItems = count
        loadMoreIfNear(into: &effects)
    }

    // MARK: Clock and deadlines

    private mutating func advanceClock(to instant: MonotonicInstant) {
        if instant > now { now = instant }
    }

    /// The earliest instant at which something is due, if anything is: the host sends `.tick`
    /// then (or later; an early or extra tick is harmless). A pure function of the state, so the
    /// host re-reads it after every event. A spinner or result still waiting for its first frame
    /// has no deadline: its time starts with `.presented`.
    public var nextWakeUp: MonotonicInstant? {
        let loads = Self.earlier(
            Self.earlier(headerPhase.deadline(configuration), footerPhase.deadline), newerPhase.deadline)
        let layout = Self.earlier(loads, pendingLayout?.deadline(configuration))
        return Self.earlier(Self.earlier(layout, placeSaveDue), arrivalsDue)
    }

    /// Whether the engine waits for the next frame: the header shows a state with a minimum
    /// visible time (the spinner, a result) that no frame has shown yet, or an applied answer
    /// waits for the frame that lays it out. The host sends `.presented` once a frame comes.
    public var awaitsPresentation: Bool {
        headerPhase.awaitsPresentation || pendingLayout?.frame.isWaiting == true
    }

    private static func earlier(_ a: MonotonicInstant?, _ b: MonotonicInstant?) -> MonotonicInstant? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    private mutating func fireDueDeadlines(into effects: inout Effects) {
        while let due = nextWakeUp, due <= now {
            guard fireFirstDeadline(into: &effects) else {
                assertionFailure("nextWakeUp \(due) is due at \(now) but no deadline fired")
                return
            }
        }
    }

    /// Fires the first deadline that is due. Each one leaves the state it belongs to, so the
    /// loop above ends. Visible times count from the frames that showed their states, so a
    /// late tick ends them no earlier than they were seen, and never skips one: a result
    /// following a held spinner waits for its own first frame.
    private mutating func fireFirstDeadline(into effects: inout Effects) -> Bool {
        if let due = headerPhase.deadline(configuration), due <= now {
            switch headerPhase {
            case .idle:
                return false  // never has a deadline
            case .pulling, .armed:
                // A wheel has no release and a touchpad's can be lost; silence for the idle
                // interval is one.
                releasePull(cancelled: false, into: &effects)
            case .refreshing(_, _, .waiting, let watchdog) where watchdog > now:
                // Before the watchdog, the spinner's wait for a frame is what came due.
                fallthrough
            case .holdingSpinner(_, .waiting), .showingResult(_, .waiting):
                // No frame showed the state in time: it counts as shown from now.
                headerPhase = headerPhase.presented(at: now)
            case .refreshing(let token, .restore, _, _):
                // The restore's watchdog: the saved place is given up for the newest rows.
                effects.append(.cancel(token))
                headerPhase = .idle(slides: false)
                startRefresh(origin: .initial, into: &effects)
            case .refreshing(let token, _, _, _):
                // The watchdog: no answer in time is a failure, and the loader is told to stop.
                effects.append(.cancel(token))
                showResult(.failed(.timedOut), into: &effects)
            case .holdingSpinner(let result, .shown):
                // The spinner had its minimum time on screen; the result shows next.
                showResult(result, into: &effects)
            case .showingResult(_, .shown):
                // The result was on screen long enough; collapse.
                headerPhase = .idle(slides: true)
            }
            return true
        }
        if let layout = pendingLayout, layout.deadline(configuration) <= now {
            if layout.frame.isWaiting {
                // No frame came in time (a hidden window): layout has its time from now.
                pendingLayout = layout.presented(at: now)
            } else {
                // Layout had its frames; geometry from now on shows the answer.
                pendingLayout = nil
            }
            return true
        }
        if let due = arrivalsDue, due <= now {
            // The batch had its time: its rows go in together, one layout for all of them.
            insertArrivals(into: &effects)
            return true
        }
        if let due = placeSaveDue, due <= now {
            // The view rested: its place is saved (unless a restore began meanwhile).
            placeSaveDue = nil
            if savesPlace { effects.append(.persistPlace) }
            return true
        }
        if case .loading(let token, let deadline) = newerPhase, deadline <= now {
            // The watchdog for newer rows: the rows shown stay, the pill offers Retry.
            effects.append(.cancel(token))
            newerPhase = .failed(.timedOut)
            effects.append(.announce(.loadNewerFailed))
            return true
        }
        switch footerPhase {
        case .loading(let token, _, let deadline) where deadline <= now:
            // The watchdog for a page.
            effects.append(.cancel(token))
            footerPhase = .failed(.timedOut)
            effects.append(.announce(.loadFailed))
            return true
        case .idle, .loading, .failed, .exhausted:
            return false  // nothing due
        }
    }

    func makeToken() -> OperationToken { OperationToken(rawValue: nextTokenValue) }

    mutating func issueToken() -> OperationToken {
        defer { nextTokenValue &+= 1 }
        return makeToken()
    }
}
