// What the engine tells the host to show. The words of the state enums are the ones the README,
// the trace and the tests use.

/// The header's user-visible state.
public enum HeaderState: Hashable, Sendable, CaseIterable {
    /// Collapsed: nothing shows.
    case idle
    /// Following a pull that has not reached the threshold: "Pull to refresh".
    case pulling
    /// Pulled past the threshold: "Release to refresh".
    case armed
    /// A refresh runs (or its spinner has not had its minimum time on screen): the spinner.
    case refreshing
    /// The refresh succeeded: "Refreshed", for the result display time.
    case succeeded
    /// The refresh failed or timed out: "Refresh failed", for the result display time.
    case failed
}

/// The footer's user-visible state.
public enum FooterState: Hashable, Sendable, CaseIterable {
    /// No sentinel row: nothing loaded yet, no rows, a list shorter than a page that has ended,
    /// or the host hid the footer.
    case hidden
    /// More may exist: a "Load more" button; the next page loads by itself near the bottom.
    case idle
    /// The next page is loading.
    case loading
    /// The last page failed: Retry.
    case failed
    /// The feed ended: "No more items", until the next refresh.
    case exhausted
}

/// Which title the header shows; hosts map it to a localized string.
public enum HeaderTitle: Hashable, Sendable, CaseIterable {
    /// "Pull to refresh".
    case pullToRefresh
    /// "Release to refresh".
    case releaseToRefresh
    /// "Refreshing…".
    case refreshing
    /// "Refreshed".
    case refreshed
    /// "Refresh failed".
    case refreshFailed
}

/// Everything the header shows.
public struct HeaderPresentation: Hashable, Sendable {
    /// The state word.
    public var state: HeaderState
    /// Visible height in px (0 when collapsed).
    public var height: Double
    /// Arrow rotation in degrees: 0 (pointing down) to 180 (pointing up, release to refresh).
    public var arrowDegrees: Double
    /// Pull distance ÷ threshold, clamped to 0...1.
    public var progress: Double
    /// Whether the spinner shows instead of the arrow.
    public var showsSpinner: Bool
    /// The title to show.
    public var title: HeaderTitle
    /// The last successful refresh, `nil` until the first one.
    public var lastUpdated: WallClockInstant?
    /// `false` while the host hides the header.
    public var isVisible: Bool

    /// Creates a presentation; tests spell out expected states with it.
    public init(
        state: HeaderState, height: Double = 0, arrowDegrees: Double = 0, progress: Double = 0,
        showsSpinner: Bool = false, title: HeaderTitle = .pullToRefresh,
        lastUpdated: WallClockInstant? = nil, isVisible: Bool = true
    ) {
        self.state = state
        self.height = height
        self.arrowDegrees = arrowDegrees
        self.progress = progress
        self.showsSpinner = showsSpinner
        self.title = title
        self.lastUpdated = lastUpdated
        self.isVisible = isVisible
    }
}

/// Paging position, like a RefreshManager's firstPage/pageSize.
public struct Paging: Hashable, Sendable {
    /// The page a refresh loads.
    public var firstPage: Int
    /// Items per full page.
    public var pageSize: Int
    /// The last page loaded successfully, `nil` before the first successful refresh.
    public var currentPage: Int?

    /// Creates a paging value.
    public init(firstPage: Int, pageSize: Int, currentPage: Int?) {
        self.firstPage = firstPage
        self.pageSize = pageSize
        self.currentPage = currentPage
    }
}

/// The operation waiting for an answer, if any.
public enum InFlight: Hashable, Sendable {
    /// A refresh, answered with `.refreshCompleted` and this token.
    case refresh(OperationToken)
    /// The load of `page`, answered with `.loadMoreCompleted` and this token.
    case loadMore(OperationToken, page: Int)

    /// The token the answer must carry.
    public var token: OperationToken {
        switch self {
        case .refresh(let token), .loadMore(let token, _): token
        }
    }
}

/// Inputs the engine did not act on, for the host's inspector and the trace.
public struct Counters: Hashable, Sendable {
    /// NaN, infinite or negative sizes, non-finite deltas and negative counts.
    public var rejectedInputs = 0
    /// Answers whose token was not the one in flight (late, duplicate, cancelled, unknown).
    public var staleAnswers = 0
    /// Refresh or load-more requests that could not start (already busy, exhausted, hidden).
    public var ignoredRequests = 0
    /// Pull input that could not start a pull (away from the top, kinetic, header busy).
    public var ignoredPulls = 0

    /// All zero.
    public init() {}
}

/// What a list with no rows shows in their place.
public enum Placeholder: Hashable, Sendable {
    /// Nothing: there are rows, or nothing was asked for yet.
    case none
    /// The first rows are being loaded.
    case loading
    /// The last refresh succeeded and brought no rows.
    case empty
    /// The last refresh failed and there are no rows: the reason, and a Retry that refreshes.
    case failed(FailureID)
}

/// The whole observable state at once, so a test can compare it in one assertion.
public struct Snapshot: Hashable, Sendable {
    /// What the header shows.
    public var header: HeaderPresentation
    /// What the footer shows.
    public var footer: FooterState
    /// The paging position.
    public var paging: Paging
    /// The operation waiting for an answer, if any.
    public var inFlight: InFlight?
    /// Inputs the engine did not act on so far.
    public var counters: Counters
    /// New rows above the view not scrolled to yet: the "N new" pill's count (no pill at 0).
    public var newAbove: Int
    /// Whether rows newer than the first one shown may exist (a restored list) and load.
    public var newerRows: NewerRows
    /// What the pill shows, from `newAbove` and `newerRows` (`RefreshEngine.pill`).
    public var pill: Pill { RefreshEngine.pill(newAbove: newAbove, newerRows: newerRows) }
    /// Rows above the first one shown that a bounded list dropped, or that arrived while its
    /// newest rows were not shown.
    public var rowsAbove: RowsAbove
    /// Rows received for the top (`RefreshList.receive`) that wait to go in: not shown or
    /// counted in `newAbove` yet (`RefreshEngine.arrivalsWaiting`).
    public var arrivalsWaiting: Int

    /// Creates a snapshot.
    public init(
        header: HeaderPresentation, footer: FooterState, paging: Paging, inFlight: InFlight?,
        counters: Counters = Counters(), newAbove: Int = 0, newerRows: NewerRows = .none,
        rowsAbove: RowsAbove = RowsAbove(), arrivalsWaiting: Int = 0
    ) {
        self.rowsAbove = rowsAbove
        self.arrivalsWaiting = arrivalsWaiting
        self.newerRows = newerRows
        self.header = header
        self.footer = footer
        self.paging = paging
        self.inFlight = inFlight
        self.counters = counters
        self.newAbove = newAbove
    }
}
