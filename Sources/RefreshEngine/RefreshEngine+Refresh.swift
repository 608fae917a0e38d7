// Refresh: starting one, what its answer means for the header, the paging and the timestamp,
// and the spinner/result timing that keeps a fast answer from flickering.

extension RefreshEngine {
    /// Whether a refresh is running or its spinner is still holding; new refreshes wait.
    var isRefreshBusy: Bool {
        switch headerPhase {
        case .refreshing, .holdingSpinner: true
        case .idle, .pulling, .armed, .showingResult: false
        }
    }

    mutating func startRefresh(origin: RefreshOrigin, into effects: inout Effects) {
        assert(!isRefreshBusy, "startRefresh(\(origin)) while \(headerPhase)")
        // A refresh supersedes a page load: the page would belong to the old list.
        if case .loading(let token, _, _) = footerPhase {
            effects.append(.cancel(token))
            footerPhase = .idle
        }
        // A refresh starts from the newest rows: none newer are left to load.
        endNewerRows(into: &effects)
        let token = issueToken()
        headerPhase = .refreshing(
            token, origin: origin, spinner: showingFromNow, deadline: now + configuration.operationTimeout)
        automaticLoadsInRow = 0
        effects.append(.startRefresh(token, origin: origin))
        // A restore is the start of the list, as quiet as its rows showing.
        if origin != .restore { effects.append(.announce(.refreshStarted)) }
    }

    mutating func completeRefresh(
        _ token: OperationToken, _ outcome: Outcome, wallClock: WallClockInstant,
        into effects: inout Effects
    ) {
        guard case .refreshing(let current, let origin, let spinner, _) = headerPhase, current == token,
            origin != .restore
        else {
            // (A restore's answer comes as `.restoreCompleted`.)
            counters.staleAnswers += 1
            return
        }
        let result: RefreshResult
        switch outcome {
        case .success(let received, let hasMore):
            guard received >= 0 else { counters.rejectedInputs += 1; return }
            acceptRefresh(token, received: received, exhausted: isLastPage(received, hasMore), into: &effects)
            lastUpdatedInstant = wallClock
            effects.append(.persistLastUpdated(wallClock))
            result = .succeeded(said: nil)
        case .failure(let failure):
            // Items, paging and the timestamp stay as they were.
            result = .failed(failure)
        }
        // The spinner stays until it was on screen for its minimum time, so a fast answer never
        // flickers; a spinner no frame showed yet waits for one.
        let spinnerDone: Bool
        switch spinner {
        case .shown(let at): spinnerDone = now >= at + configuration.minimumSpinnerTime
        case .waiting: spinnerDone = configuration.minimumSpinnerTime == 0
        }
        if spinnerDone {
            showResult(result, into: &effects)
        } else {
            headerPhase = .holdingSpinner(result, spinner: spinner)
        }
        loadMoreIfNear(into: &effects)
    }

    private mutating func acceptRefresh(
        _ token: OperationToken, received: Int, exhausted: Bool, into effects: inout Effects
    ) {
        effects.append(.applyRefresh(token))
        switch configuration.refreshMerge {
        case .replace:
            // The answer is the whole list now: paging starts over from it.
            currentPage = configuration.firstPage
            awaitLayout(replacingWith: received)
            footerPhase = exhausted ? .exhausted : .idle
        case .prependNew where currentPage == nil:
            // Nothing was shown before: the answer is the first page, as when replacing.
            currentPage = configuration.firstPage
            awaitLayout(adding: received)
            footerPhase = exhausted ? .exhausted : .idle
        case .prependNew:
            // New rows on top of the pages shown: the paging and the footer stay.
            awaitLayout(adding: received)
        }
    }

    /// An empty page, or the loader's "no more", ends the paging; a page shorter than a full
    /// one ends it only when the loader does not know (a server may answer fewer rows than
    /// asked for and still have more).
    func isLastPage(_ received: Int, _ hasMore: Bool?) -> Bool {
        received == 0 || hasMore == false || (hasMore == nil && received < configuration.pageSize)
    }

    /// Shows `result`; its display time starts with the first frame that shows it.
    mutating func showResult(_ result: RefreshResult, into effects: inout Effects) {
        headerPhase = .showingResult(result, showingFromNow)
        switch result {
        case .succeeded(let said):
            lastRefreshFailure = nil
            // Said once the rows are in: now if the host applied them already, else then.
            if let said { effects.append(.announce(said)) }
        case .failed(let failure):
            lastRefreshFailure = failure
            effects.append(.announce(.refreshFailed))
        }
    }

    /// A header state entered now: shown at once while the host hides the header (nothing to
    /// wait for), else waiting for its first frame (`.presented`).
    var showingFromNow: Showing { headerHiddenByHost ? .shown(at: now) : .waiting(since: now) }

    /// The host applied the refresh answer: `new` of the rows it shows were not shown before,
    /// and `newAbove` is the pill's count when they went in above a view that kept its place
    /// (nil when they are in view, or none came). One announcement says both ("Refreshed, 3
    /// new items"; away from the top "Refreshed, 5 new items above"), with the result on
    /// screen: it waits if the spinner still holds, and is made now if the result already
    /// shows or is over.
    mutating func refreshApplied(new: Int, newAbove: Int?, into effects: inout Effects) {
        let said: Announcement = newAbove.map { .refreshedNewAbove(count: $0) } ?? .refreshed(newItems: new)
        switch headerPhase {
        case .holdingSpinner(.succeeded(nil), let spinner):
            // The result shows later; it announces then.
            headerPhase = .holdingSpinner(.succeeded(said: said), spinner: spinner)
        case .showingResult(.succeeded(nil), let showing):
            // The result shows already, waiting for the rows.
            headerPhase = .showingResult(.succeeded(said: said), showing)
            effects.append(.announce(said))
        case .idle, .pulling, .armed, .refreshing, .holdingSpinner, .showingResult:
            // The result came and went before the rows did (a zero display time): say it now.
            effects.append(.announce(said))
        }
    }
}
