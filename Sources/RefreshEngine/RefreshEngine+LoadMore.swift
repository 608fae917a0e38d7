// Load-more: when the bottom is near enough, exactly one load per page, paging to exhaustion,
// failures that wait for Retry, and the cap on loads made only to fill a short viewport.

extension RefreshEngine {
    mutating func updateGeometry(offset: Double, contentHeight: Double, viewportHeight: Double) {
        let wasAtTop = geometry.isAtTop
        // The list moved: loads since are no longer "in a row without scrolling".
        if offset != geometry.offset { automaticLoadsInRow = 0 }
        // New rows were laid out: geometry now reflects the last answer (once the view is at
        // the top, when it was sent there).
        if let layout = pendingLayout,
            layout.awaitsTop ? offset <= Geometry.topTolerance : contentHeight != geometry.contentHeight
        {
            pendingLayout = nil
        }
        geometry.offset = offset
        geometry.contentHeight = contentHeight
        geometry.viewportHeight = viewportHeight
        if geometry.isAtTop, !wasAtTop { geometry.arrivedAtTop = now }
    }

    /// Marks an applied answer as not laid out yet.
    mutating func awaitLayout(replacingWith received: Int? = nil, adding added: Int = 0) {
        pendingLayout = PendingLayout(rowsBefore: shownItems, appliedAt: now)
        shownItems = received ?? (shownItems + added)
    }

    /// Whether the footer can start a load now, whatever the distance. Whether more rows exist
    /// is the footer's phase (`idle`: the source said so, or its last page was full); how many
    /// rows show does not matter, so a short page with more to come loads on. A list with no
    /// rows shows its placeholder instead, and loads nothing by itself.
    private var footerCanLoad: Bool {
        !footerHiddenByHost && !isRefreshBusy && currentPage != nil && shownItems > 0
    }

    /// Starts the next page when the bottom is within the load-more distance.
    mutating func loadMoreIfNear(into effects: inout Effects) {
        // The top side first: newer rows of a restored list, near the top.
        if case .idle = newerPhase { loadNewerIfNear(into: &effects) }
        // The distance fails first on almost every scroll frame, so it is checked first.
        let distance = configuration.loadMoreDistance ?? geometry.viewportHeight
        guard geometry.isKnown, geometry.distanceToBottom <= distance else { return }
        guard case .idle = footerPhase, footerCanLoad, pendingLayout == nil,
            automaticLoadsInRow < configuration.maximumAutomaticPages
        else { return }
        automaticLoadsInRow += 1
        startLoadMore(into: &effects)
    }

    /// An explicit request (Retry, keyboard, action) loads the next page from `idle` or `failed`.
    mutating func requestLoadMore(into effects: inout Effects) {
        switch footerPhase {
        case .idle, .failed:
            // Loadable, if the list has a page and no refresh is running.
            let failed = if case .failed = footerPhase { true } else { false }
            guard footerCanLoad || (failed && !footerHiddenByHost && !isRefreshBusy) else {
                counters.ignoredRequests += 1
                return
            }
            automaticLoadsInRow = 0
            pendingLayout = nil
            startLoadMore(into: &effects)
        case .loading, .exhausted:
            // Already loading, or nothing more until a refresh.
            counters.ignoredRequests += 1
        }
    }

    private mutating func startLoadMore(into effects: inout Effects) {
        guard let currentPage else {
            assertionFailure("startLoadMore with no page loaded (footer \(footerPhase))")
            return
        }
        assert(!isRefreshBusy, "startLoadMore while \(headerPhase)")
        let token = issueToken()
        let page = currentPage + 1
        footerPhase = .loading(token, page: page, deadline: now + configuration.operationTimeout)
        effects.append(.startLoadMore(token, page: page))
        effects.append(.announce(.loadingMore))
    }

    mutating func completeLoadMore(_ token: OperationToken, _ outcome: Outcome, into effects: inout Effects) {
        guard case .loading(let current, let page, _) = footerPhase, current == token else {
            counters.staleAnswers += 1
            return
        }
        switch outcome {
        case .success(let received, let hasMore):
            guard received >= 0 else { counters.rejectedInputs += 1; return }
            effects.append(.applyPage(token, page: page))
            currentPage = page
            awaitLayout(adding: received)
            if isLastPage(received, hasMore) {
                footerPhase = .exhausted
                effects.append(.announce(.noMoreItems))
            } else {
                footerPhase = .idle
            }
        case .failure(let failure):
            // Waits for an explicit retry; never retries by itself.
            footerPhase = .failed(failure)
            effects.append(.announce(.loadFailed))
        }
        loadMoreIfNear(into: &effects)
    }
}
