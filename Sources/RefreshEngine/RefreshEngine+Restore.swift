// The place survives a restart. A list with a key saves the first row in view and its offset
// when the view rests (and on close), and at the next start asks its source for the rows at
// that place instead of the newest. The rows newer than the first one shown are then a
// top-side load-more: near the top they load, go in above the view without moving it, and
// count in the "N new" pill. A place whose row is gone, or a restore that fails, falls back to
// the first refresh with no error; a refresh starts the list over from the newest.

/// Whether a list keeps its place between runs, and whether one was saved (`begin`).
public enum PlaceMemory: Hashable, Sendable {
    /// The list keeps no place (no key, or no cursor loader): it starts at the newest rows.
    case off
    /// The list saves its place, and none was saved yet (or it was unreadable): it starts at
    /// the newest rows.
    case nothingSaved
    /// The list saves its place and one was saved: it starts by asking for the rows there.
    case saved
}

/// Whether rows newer than the first one shown may exist: the top-side load-more.
public enum NewerRows: Hashable, Sendable, CaseIterable {
    /// The first row shown is the newest (a refresh showed it, or the source said so).
    case none
    /// Newer rows may exist: they load when the view comes near the top.
    case more
    /// Newer rows are loading.
    case loading
    /// The last load of newer rows failed: the pill offers Retry (`pill`), which loads them
    /// again; a refresh starts over from the newest.
    case failed
}

/// What the pill floating over the top of the rows shows: nothing, how many new rows are
/// above the view, or that the rows newer than the first one shown failed to load, with Retry.
/// Activating it (`pillActivated`) goes to the newest rows, or, after a failure, loads the
/// newer rows again.
public enum Pill: Hashable, Sendable {
    /// No pill.
    case hidden
    /// "5 new items": that many new rows are above the view; activating it goes to the newest.
    case newAbove(Int)
    /// "Couldn't load newer items · Retry": the top-side load failed (the reason is
    /// `newerFailure`); activating it loads the newer rows again. Shown until it is activated
    /// or a refresh starts over from the newest, whether the view is at the top or not: there
    /// is nothing else to retry it from.
    case retryNewer
}

/// The top-side load-more's phase.
enum NewerPhase: Hashable, Sendable {
    case complete
    case idle
    case loading(OperationToken, deadline: MonotonicInstant)
    case failed(FailureID)

    var deadline: MonotonicInstant? {
        if case .loading(_, let deadline) = self { return deadline }
        return nil
    }
}

extension RefreshEngine {
    /// How long the view rests before its place is saved (ms): a scroll settles first, so a
    /// fling writes once, not per frame.
    public static let placeSaveIdleTime: Milliseconds = 500

    /// Whether rows newer than the first one shown may exist, and whether they load now.
    public var newerRows: NewerRows {
        switch newerPhase {
        case .complete: .none
        case .idle: .more
        case .loading: .loading
        case .failed: .failed
        }
    }

    /// What the pill shows: a failed load of newer rows over the count, which it keeps counting
    /// meanwhile (the rows above the view are still new once the newer ones load).
    public var pill: Pill { Self.pill(newAbove: newRowsAbove, newerRows: newerRows) }

    static func pill(newAbove: Int, newerRows: NewerRows) -> Pill {
        if newerRows == .failed { return .retryNewer }
        return newAbove > 0 ? .newAbove(newAbove) : .hidden
    }

    /// The failure of the last load of newer rows, while the pill offers Retry for it.
    public var newerFailure: FailureID? {
        if case .failed(let failure) = newerPhase { return failure }
        return nil
    }

    /// Whether the list asks its source for the rows at its saved place now (the restore).
    public var isRestoringPlace: Bool {
        if case .refreshing(_, .restore, _, _) = headerPhase { return true }
        return false
    }

    /// Whether the host saves the place when the list closes: it keeps one, and the saved place
    /// is not still being restored (which would overwrite it with the rows before it).
    public var savesPlace: Bool { placeMemory != .off && !isRestoringPlace }

    /// The view moved: its place is saved once it rests.
    mutating func viewMoved() {
        guard savesPlace else { return }
        placeSaveDue = now + Self.placeSaveIdleTime
    }

    /// The restore's answer: `found` tells whether it holds the saved row. With it, the rows
    /// are the list now and the view goes to the saved place; without it (the row is gone, the
    /// source failed or has nothing there), the list starts at the newest, as if no place had
    /// been saved, and says nothing of it.
    mutating func completeRestore(
        _ token: OperationToken, _ outcome: Outcome, found: Bool, into effects: inout Effects
    ) {
        guard case .refreshing(let current, .restore, _, _) = headerPhase, current == token else {
            counters.staleAnswers += 1
            return
        }
        headerPhase = .idle(slides: false)
        switch outcome {
        case .success(let received, let hasMore) where found && received > 0:
            effects.append(.applyRestore(token))
            currentPage = configuration.firstPage
            awaitLayout(replacingWith: received)
            footerPhase = isLastPage(received, hasMore) ? .exhausted : .idle
            // Whether rows newer than the saved one exist, only the source can say: ask it.
            newerPhase = .idle
        case .success, .failure:
            // The saved place is gone: the first refresh, from the newest.
            startRefresh(origin: .initial, into: &effects)
        }
        loadMoreIfNear(into: &effects)
    }

    /// Starts loading the rows newer than the first one shown when the view is near the top.
    mutating func loadNewerIfNear(into effects: inout Effects) {
        guard case .idle = newerPhase, geometry.isKnown, shownItems > 0, !isRefreshBusy, pendingLayout == nil,
            geometry.offset <= configuration.loadMoreDistance ?? geometry.viewportHeight
        else { return }
        let token = issueToken()
        newerPhase = .loading(token, deadline: now + configuration.operationTimeout)
        effects.append(.startLoadNewer(token))
    }

    /// The answer to a load of newer rows.
    mutating func completeLoadNewer(_ token: OperationToken, _ outcome: Outcome, into effects: inout Effects) {
        guard case .loading(let current, _) = newerPhase, current == token else {
            counters.staleAnswers += 1
            return
        }
        switch outcome {
        case .success(let received, let hasMore):
            guard received >= 0 else { counters.rejectedInputs += 1; return }
            effects.append(.applyNewer(token))
            awaitLayout(adding: received)
            newerPhase = isLastPage(received, hasMore) ? .complete : .idle
        case .failure(let failure):
            // The rows shown and the place stay; the pill offers Retry, said at once.
            newerPhase = .failed(failure)
            effects.append(.announce(.loadNewerFailed))
        }
    }

    /// Retry on the pill: the newer rows load again, wherever the view is (the reader asked),
    /// unless a refresh (which shows the newest itself) or the restore runs.
    mutating func retryNewer(into effects: inout Effects) {
        guard case .failed = newerPhase, !isRefreshBusy, shownItems > 0 else {
            // Nothing failed (an activation that crossed the load's answer), or a refresh runs.
            counters.ignoredRequests += 1
            return
        }
        let token = issueToken()
        newerPhase = .loading(token, deadline: now + configuration.operationTimeout)
        effects.append(.startLoadNewer(token))
    }

    /// The host put `added` newer rows in at the top (after de-duplication) and shows `shown`
    /// rows. They went in above the view: the place holds and the pill counts them, wherever
    /// the view is (the top of a restored list is not where the newest rows are). An answer
    /// that added nothing means nothing newer is left to ask for.
    mutating func newerApplied(shown: Int, added: Int, into effects: inout Effects) {
        if added == 0, case .idle = newerPhase { newerPhase = .complete }
        // Rows a bounded list dropped and loaded again are not new, nor are rows the pill
        // counted when they arrived.
        let new = newRowsOf(added: added)
        if newerPhase == .complete {
            // The newest row is shown: nothing is left above it.
            rowsDroppedAbove = 0
            rowsArrivedAbove = 0
        }
        if added > 0, geometry.isKnown {
            keepPlace(into: &effects)
            if new > 0 {
                if geometry.isAtTop { placeKeptAtTop = true }
                newRowsAbove += new
                effects.append(.announce(.newItemsAbove(count: newRowsAbove)))
            }
        }
        rowsShown(shown, into: &effects)
    }

    /// Stops a load of newer rows in flight: a refresh shows the newest rows itself.
    mutating func endNewerRows(into effects: inout Effects) {
        if case .loading(let token, _) = newerPhase { effects.append(.cancel(token)) }
        newerPhase = .complete
        rowsDroppedAbove = 0
        rowsArrivedAbove = 0
    }
}
