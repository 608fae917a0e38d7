// Every number the engine decides with lives here, validated once at construction so the
// state machine never has to defend against a nonsensical setting.

/// When an armed pull starts a refresh.
public enum TriggerMode: Hashable, Sendable, CaseIterable {
    /// The refresh starts when an armed pull is released (button up, scroll-end, wheel idle).
    case onRelease
    /// The refresh starts the moment the pull crosses the threshold, like the iOS
    /// `offset > threshold && previous <= threshold` rule.
    case onThresholdCross
}

/// What a successful refresh does with the rows already shown.
public enum RefreshMerge: Hashable, Sendable, CaseIterable {
    /// Replace every row with the answer, and start paging over (the default).
    case replace
    /// Keep the rows and put the answer's new ones (by identifier) on top; the paging position
    /// and the footer stay as they were, since the older pages are still shown.
    case prependNew
}

/// A configuration value that cannot work, named so the caller can fix it.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name of the offending `RefreshConfiguration` property.
    public let field: String
    /// What the value must be.
    public let requirement: String

    /// Creates an error for `field`, which must be `requirement`.
    public init(field: String, requirement: String) {
        self.field = field
        self.requirement = requirement
    }

    public var description: String { "invalid RefreshConfiguration.\(field): \(requirement)" }
}

/// Tunables of the pull-to-refresh and load-more behaviour. Distances are in px, durations in
/// milliseconds. The defaults are the ones the README's table documents.
public struct RefreshConfiguration: Hashable, Sendable {
    /// Pull distance (px) at which a pull arms. Default 64.
    public var pullThreshold: Double
    /// Largest visible header height (px) however far the pull goes. Default 2 × `pullThreshold`.
    public var maximumHeaderHeight: Double
    /// Header height (px) held while refreshing and while the result shows. Default `pullThreshold`.
    public var refreshingHeaderHeight: Double
    /// When an armed pull starts the refresh. Default `.onRelease`.
    public var triggerMode: TriggerMode
    /// How far (px) a drag begun at the top travels before it is judged: gone down more than
    /// sideways, it pulls (from where it began); otherwise it is a tap, a swipe or a scroll and
    /// never pulls. Keep it at most the toolkit's own drag threshold (GTK's 8 px), past which
    /// the scrolled window takes a touch for its own scrolling. Default 8.
    public var dragSlop: Double
    /// Pull distance (px) one wheel notch adds. Default 24, so the third notch arms at 64 px.
    public var wheelNotchDistance: Double
    /// A wheel has no release: this long (ms) without a wheel event counts as one. Default 250.
    public var wheelIdleInterval: Milliseconds
    /// A touchpad pull with no input for this long (ms) counts as released, for compositors,
    /// drivers and devices whose scroll-end never arrives (mutter 43's virtual pointer, X11
    /// XI2 smooth scrolling). A delivered scroll-end still releases at once. Default 500: well
    /// above the gap between touchpad frames (≤ 20 ms while the fingers move), short enough
    /// that a lost stop feels like a slightly late release rather than a stuck header.
    public var touchpadIdleInterval: Milliseconds
    /// The spinner shows at least this long (ms) so a fast answer doesn't flicker. Default 400.
    public var minimumSpinnerTime: Milliseconds
    /// How long (ms) "refreshed" or "refresh failed" shows before the header collapses. Default 600.
    public var resultDisplayTime: Milliseconds
    /// How long (ms) the spinner or a result waits for a frame to show it (`.presented`) before
    /// it counts as shown anyway, from the first event after that: a compositor that sends a
    /// hidden window no frames must not hold the header forever. Default 2 000.
    public var presentationTimeout: Milliseconds
    /// How long (ms) the header takes to slide closed, or open for a refresh nobody pulled for
    /// (F5, the first refresh). A pull is followed exactly. Default 200.
    public var headerSlideDuration: Milliseconds
    /// A refresh or load-more with no answer after this long (ms) fails. Default 30 000.
    public var operationTimeout: Milliseconds
    /// Load-more starts when the distance to the bottom is at most this (px); `nil` means one
    /// viewport height. Default `nil`.
    public var loadMoreDistance: Double?
    /// Number of the page a refresh loads. Default 1.
    public var firstPage: Int
    /// Items a full page holds; a shorter page means there is no more, unless the loader says
    /// there is (`hasMore`). Default 20.
    public var pageSize: Int
    /// Pages loaded in a row without the user scrolling, to fill a viewport the content does not
    /// fill. Default 5.
    public var maximumAutomaticPages: Int
    /// Whether a new engine asks for the first refresh when it begins. Default `true`.
    public var refreshOnStart: Bool
    /// What a successful refresh does with the rows shown. Default `.replace`.
    public var refreshMerge: RefreshMerge
    /// The most rows the list keeps; 0 keeps every row. Past it, rows far from the view are
    /// dropped in whole pages and load again when the reader comes back to them: above the
    /// view only for a list loaded by cursor, below it for any list. The rows in view, a view's
    /// worth more and a page beyond on each side always stay, so a bound smaller than that is
    /// kept as nearly as they allow. Default 1 000 (50 pages of 20).
    public var maximumRows: Int
    /// Rows received for the top (a stream's posts) while the view is away from it wait at most
    /// this long (ms) and go in together: a burst then costs a few layouts a second rather than
    /// one every frame, and the pill's count moves in steps. At the top they go in at once.
    /// Default 500: twice a second, a burst leaves input as quick as on a calm list (250 still
    /// drew a frame for an input now and then behind a batch's; BENCHMARKS.md, benchmark 8).
    public var arrivalBatchInterval: Milliseconds

    /// Creates a configuration, rejecting any value the engine cannot work with.
    /// - Throws: `ConfigurationError` naming the first invalid field.
    public init(
        pullThreshold: Double = 64,
        maximumHeaderHeight: Double? = nil,
        refreshingHeaderHeight: Double? = nil,
        triggerMode: TriggerMode = .onRelease,
        dragSlop: Double = 8,
        wheelNotchDistance: Double = 24,
        wheelIdleInterval: Milliseconds = 250,
        touchpadIdleInterval: Milliseconds = 500,
        minimumSpinnerTime: Milliseconds = 400,
        resultDisplayTime: Milliseconds = 600,
        presentationTimeout: Milliseconds = 2_000,
        headerSlideDuration: Milliseconds = 200,
        operationTimeout: Milliseconds = 30_000,
        loadMoreDistance: Double? = nil,
        firstPage: Int = 1,
        pageSize: Int = 20,
        maximumAutomaticPages: Int = 5,
        refreshOnStart: Bool = true,
        refreshMerge: RefreshMerge = .replace,
        maximumRows: Int = 1_000,
        arrivalBatchInterval: Milliseconds = 500
    ) throws(ConfigurationError) {
        self.pullThreshold = pullThreshold
        self.maximumHeaderHeight = maximumHeaderHeight ?? 2 * pullThreshold
        self.refreshingHeaderHeight = refreshingHeaderHeight ?? pullThreshold
        self.triggerMode = triggerMode
        self.dragSlop = dragSlop
        self.wheelNotchDistance = wheelNotchDistance
        self.wheelIdleInterval = wheelIdleInterval
        self.touchpadIdleInterval = touchpadIdleInterval
        self.minimumSpinnerTime = minimumSpinnerTime
        self.resultDisplayTime = resultDisplayTime
        self.presentationTimeout = presentationTimeout
        self.headerSlideDuration = headerSlideDuration
        self.operationTimeout = operationTimeout
        self.loadMoreDistance = loadMoreDistance
        self.firstPage = firstPage
        self.pageSize = pageSize
        self.maximumAutomaticPages = maximumAutomaticPages
        self.refreshOnStart = refreshOnStart
        self.refreshMerge = refreshMerge
        self.maximumRows = maximumRows
        self.arrivalBatchInterval = arrivalBatchInterval
        try validate()
    }

    /// The defaults, which are always valid.
    public static let standard: RefreshConfiguration = {
        do { return try RefreshConfiguration() } catch { fatalError("\(error)") }
    }()

    /// Checks every field; the engine calls this too, because a stored configuration's
    /// This configuration with its drag slop at most `threshold` px, the toolkit's own drag
    /// threshold: past it the toolkit's scrolling takes a touch, so a pull must be judged by
    /// then. A threshold below 0 (none known) changes nothing.
    public func dragSlop(atMost threshold: Double) -> RefreshConfiguration {
        var fitted = self
        if threshold >= 0, threshold < dragSlop { fitted.dragSlop = threshold }
        return fitted
    }

    /// properties are mutable.
    public func validate() throws(ConfigurationError) {
        func require(_ ok: Bool, _ field: String, _ requirement: String) throws(ConfigurationError) {
            if !ok { throw ConfigurationError(field: field, requirement: requirement) }
        }
        try require(pullThreshold.isFinite && pullThreshold > 0, "pullThreshold", "a finite distance > 0 px")
        try require(
            maximumHeaderHeight.isFinite && maximumHeaderHeight >= pullThreshold,
            "maximumHeaderHeight", "a finite height ≥ pullThreshold")
        try require(
            refreshingHeaderHeight.isFinite && refreshingHeaderHeight > 0
                && refreshingHeaderHeight <= maximumHeaderHeight,
            "refreshingHeaderHeight", "a finite height > 0 and ≤ maximumHeaderHeight")
        try require(dragSlop.isFinite && dragSlop >= 0, "dragSlop", "a finite distance ≥ 0 px")
        try require(
            wheelNotchDistance.isFinite && wheelNotchDistance > 0, "wheelNotchDistance", "a finite distance > 0 px")
        try require(wheelIdleInterval > 0, "wheelIdleInterval", "a duration > 0 ms")
        try require(touchpadIdleInterval > 0, "touchpadIdleInterval", "a duration > 0 ms")
        try require(minimumSpinnerTime >= 0, "minimumSpinnerTime", "a duration ≥ 0 ms")
        try require(resultDisplayTime >= 0, "resultDisplayTime", "a duration ≥ 0 ms")
        try require(presentationTimeout > 0, "presentationTimeout", "a duration > 0 ms")
        try require(
            headerSlideDuration >= 0 && headerSlideDuration <= Milliseconds(UInt32.max), "headerSlideDuration",
            "a duration from 0 to 2³² − 1 ms")
        try require(operationTimeout > 0, "operationTimeout", "a duration > 0 ms")
        if let loadMoreDistance {
            try require(
                loadMoreDistance.isFinite && loadMoreDistance >= 0, "loadMoreDistance",
                "nil or a finite distance ≥ 0 px")
        }
        try require(pageSize > 0, "pageSize", "a count > 0")
        try require(firstPage >= 0 && firstPage < Int.max / 2, "firstPage", "a page number ≥ 0")
        try require(maximumAutomaticPages >= 0, "maximumAutomaticPages", "a count ≥ 0")
        try require(maximumRows >= 0, "maximumRows", "a count ≥ 0 (0: unbounded)")
        try require(arrivalBatchInterval >= 0, "arrivalBatchInterval", "a duration ≥ 0 ms")
    }
}
