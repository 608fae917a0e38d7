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
public enum NewerRows: Hashable, Sendable {
    /// The first row shown is the newest (a refresh showed it, or the source said so).
    case none
    /// Newer rows may exist: they load when the view comes near the top.
    case more
    /// Newer rows are loading.
    case loading
    /// The last load of newer rows failed; the next refresh starts over from the newest.
    case failed
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
            // The rows shown stay; a refresh starts over from the newest.
            newerPhase = .failed(failure)
        }
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
            effects.append(.keepPlace)
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
