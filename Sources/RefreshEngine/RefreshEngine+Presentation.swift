// Read-only views of the engine for the host to render and for tests to compare.

extension RefreshEngine {
    /// What the header shows now.
    public var header: HeaderPresentation {
        let threshold = configuration.pullThreshold
        var presentation = HeaderPresentation(
            state: .idle, lastUpdated: lastUpdatedInstant, isVisible: !headerHiddenByHost)
        switch headerPhase {
        case .idle:
            break  // collapsed, arrow down
        case .pulling(let pull), .armed(let pull):
            let armed = pull.distance >= threshold
            presentation.state = armed ? .armed : .pulling
            presentation.height = PullCurve.visibleHeight(
                pull: pull.distance, threshold: threshold, maximum: configuration.maximumHeaderHeight)
            presentation.progress = PullCurve.progress(pull: pull.distance, threshold: threshold)
            presentation.arrowDegrees = PullCurve.arrowDegrees(progress: presentation.progress)
            presentation.title = armed ? .releaseToRefresh : .pullToRefresh
        case .refreshing, .holdingSpinner:
            presentation.state = .refreshing
            presentation.height = configuration.refreshingHeaderHeight
            presentation.progress = 1
            presentation.arrowDegrees = 180
            presentation.showsSpinner = true
            presentation.title = .refreshing
        case .showingResult(let result, _):
            presentation.height = configuration.refreshingHeaderHeight
            presentation.progress = 1
            presentation.arrowDegrees = 180
            switch result {
            case .succeeded:
                presentation.state = .succeeded
                presentation.title = .refreshed
            case .failed:
                presentation.state = .failed
                presentation.title = .refreshFailed
            }
        }
        return presentation
    }

    /// How the header moves to `header.height` (ms): 0 follows exactly (a pull, a header already
    /// open), more slides over that time (closing, or opening for a refresh nobody pulled for).
    public var headerSlideMilliseconds: Milliseconds {
        switch headerPhase {
        case .idle(let slides):
            // Collapsing, from wherever it is, unless the input already took it shut.
            slides ? configuration.headerSlideDuration : 0
        case .pulling, .armed, .holdingSpinner, .showingResult:
            // Following the input, or already open.
            0
        case .refreshing(_, let origin, _, _):
            // A pull opened it already; F5 or the first refresh slides it open.
            origin == .pull ? 0 : configuration.headerSlideDuration
        }
    }

    /// What the footer shows now.
    public var footer: FooterState {
        if footerHiddenByHost { return .hidden }
        switch footerPhase {
        case .loading: return .loading
        case .failed: return .failed
        // More exist: shown whenever there are rows, however few (a short page may say more).
        case .idle: return currentPage != nil && shownItems > 0 ? .idle : .hidden
        // The end: "No more items" under a list shorter than a page would only be noise.
        case .exhausted: return shownItems >= configuration.pageSize ? .exhausted : .hidden
        }
    }

    /// Whether the host hid the header (`.headerHidden`).
    public var isHeaderHiddenByHost: Bool { headerHiddenByHost }

    /// Whether the host hid the footer (`.footerHidden`).
    public var isFooterHiddenByHost: Bool { footerHiddenByHost }

    /// The paging position.
    public var paging: Paging {
        Paging(firstPage: configuration.firstPage, pageSize: configuration.pageSize, currentPage: currentPage)
    }

    /// The operation waiting for an answer, if any. At most one exists at any time.
    public var inFlight: InFlight? {
        if case .refreshing(let token, _, _, _) = headerPhase { return .refresh(token) }
        if case .loading(let token, let page, _) = footerPhase { return .loadMore(token, page: page) }
        return nil
    }

    /// The last successful refresh on the wall clock, `nil` until the first one.
    public var lastUpdated: WallClockInstant? { lastUpdatedInstant }

    /// Rows the engine believes the list shows.
    public var itemsShown: Int { shownItems }

    /// Everything observable, for one-line comparisons.
    public var snapshot: Snapshot {
        Snapshot(
            header: header, footer: footer, paging: paging, inFlight: inFlight, counters: counters,
            newAbove: newRowsAbove, newerRows: newerRows, rowsAbove: rowsAbove, arrivalsWaiting: waitingArrivals)
    }

    /// What the list shows in place of rows while it has none: the first load running, an
    /// empty answer, or the last refresh's failure. Pull-to-refresh and F5 work on it as on rows.
    public var placeholder: Placeholder {
        guard shownItems == 0 else { return .none }
        if isRefreshBusy { return .loading }
        if let failure = lastRefreshFailure { return .failed(failure) }
        return currentPage == nil ? .none : .empty
    }

    /// The failure of the page, while the footer shows it.
    public var footerFailure: FailureID? {
        if case .failed(let failure) = footerPhase { return failure }
        return nil
    }

    /// Whether the engine still refers to `failure`: shown by the footer, the header or the
    /// placeholder, or held until the spinner's minimum time is over. A host may forget the message otherwise.
    public func refersTo(_ failure: FailureID) -> Bool {
        if footerFailure == failure || newerFailure == failure || placeholder == .failed(failure) { return true }
        switch headerPhase {
        case .holdingSpinner(.failed(let held), _), .showingResult(.failed(let held), _): return held == failure
        case .idle, .pulling, .armed, .refreshing, .holdingSpinner, .showingResult: return false
        }
    }

    /// The failure on show, if the header shows one.
    public var headerFailure: FailureID? {
        if case .showingResult(.failed(let failure), _) = headerPhase { return failure }
        return nil
    }
}
