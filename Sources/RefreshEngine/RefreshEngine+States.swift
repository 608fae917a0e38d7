// The engine's private states. Each case carries only what is meaningful in it.

/// The outcome a refresh shows once the spinner has had its minimum time.
enum RefreshResult: Hashable, Sendable {
    /// `newItems`: the rows the host reports new once it applied the answer; `nil` until then
    /// (the announcement waits for it).
    case succeeded(newItems: Int?)
    case failed(FailureID)
}

/// A pull in progress.
struct Pull: Hashable, Sendable {
    /// Accumulated pull distance in px (always > 0; a pull pushed back to 0 is over).
    var distance: Double
    /// The device that started it; other devices cannot take it over.
    var kind: PullKind
    /// The last input the pull took, for the idle release of devices that may never report
    /// one (a wheel has no release; a touchpad's scroll-end can be lost).
    var lastInputAt: MonotonicInstant

    /// When silence counts as a release, `nil` for a drag: a held button is a deliberate hold,
    /// and GTK always ends a drag (release, or cancel when the grab is lost).
    func releaseDeadline(_ configuration: RefreshConfiguration) -> MonotonicInstant? {
        switch kind {
        case .wheel: lastInputAt + configuration.wheelIdleInterval
        case .touchpad: lastInputAt + configuration.touchpadIdleInterval
        case .drag: nil
        }
    }
}

enum HeaderPhase: Hashable, Sendable {
    case idle
    case pulling(Pull)
    case armed(Pull)
    /// A refresh is in flight until its answer or the watchdog's `deadline`. `origin` tells how
    /// the header opened (a pull had opened it already; a request slides it open). `spinnerShownAt`
    /// is the first frame that showed the spinner, `nil` until the host reports one: the minimum
    /// spinner time counts from there.
    case refreshing(
        OperationToken, origin: RefreshOrigin, spinnerShownAt: MonotonicInstant?, deadline: MonotonicInstant)
    /// The answer came before the spinner had its minimum time on screen (or before any frame
    /// showed it); the spinner keeps turning, then the result shows.
    case holdingSpinner(RefreshResult, spinnerShownAt: MonotonicInstant?)
    /// The result shows for the result display time from the first frame that showed it
    /// (`shownAt`, `nil` until the host reports one), then the header collapses.
    case showingResult(RefreshResult, shownAt: MonotonicInstant?)

    var pull: Pull? {
        switch self {
        case .pulling(let pull), .armed(let pull): pull
        case .idle, .refreshing, .holdingSpinner, .showingResult: nil
        }
    }

    /// When something is next due in this phase, if anything is.
    func deadline(_ configuration: RefreshConfiguration) -> MonotonicInstant? {
        switch self {
        case .idle: nil  // nothing pending
        case .pulling(let pull), .armed(let pull): pull.releaseDeadline(configuration)  // a wheel or touchpad pull ends when it goes idle
        case .refreshing(_, _, _, let deadline): deadline  // the watchdog
        case .holdingSpinner(_, let shownAt): shownAt.map { $0 + configuration.minimumSpinnerTime }  // the spinner had its time on screen
        case .showingResult(_, let shownAt): shownAt.map { $0 + configuration.resultDisplayTime }  // the result had its time on screen
        }
    }

    /// Whether this phase shows something for a minimum time that has not started: no frame
    /// has shown it yet.
    var awaitsPresentation: Bool {
        switch self {
        case .idle, .pulling, .armed: false  // nothing timed on screen
        case .refreshing(_, _, let shownAt, _), .holdingSpinner(_, let shownAt), .showingResult(_, let shownAt):
            shownAt == nil  // the spinner or the result waits for its first frame
        }
    }

    /// This phase with its timed state shown from `instant` on, if it was still waiting for a frame.
    func presented(at instant: MonotonicInstant) -> HeaderPhase {
        switch self {
        case .idle, .pulling, .armed:
            return self  // nothing timed on screen
        case .refreshing(let token, let origin, nil, let deadline):
            return .refreshing(token, origin: origin, spinnerShownAt: instant, deadline: deadline)
        case .holdingSpinner(let result, nil):
            return .holdingSpinner(result, spinnerShownAt: instant)
        case .showingResult(let result, nil):
            return .showingResult(result, shownAt: instant)
        case .refreshing, .holdingSpinner, .showingResult:
            return self  // shown already: its time runs from the first frame
        }
    }
}

enum FooterPhase: Hashable, Sendable {
    case idle
    case loading(OperationToken, page: Int, deadline: MonotonicInstant)
    case failed(FailureID)
    case exhausted

    /// The page's watchdog while it loads.
    var deadline: MonotonicInstant? {
        if case .loading(_, _, let deadline) = self { return deadline }
        return nil
    }
}

/// The list's scroll geometry as last reported.
struct Geometry: Hashable, Sendable {
    /// Sub-pixel offsets still count as the top.
    static let topTolerance = 0.5

    var offset = 0.0
    var contentHeight = 0.0
    var viewportHeight = 0.0
    /// When the list last arrived at the top; `nil` while away from it. A new list starts at
    /// the top and has been there "forever".
    var atTopSince: MonotonicInstant? = MonotonicInstant(milliseconds: .min)

    var isAtTop: Bool { offset <= Self.topTolerance }
    var isKnown: Bool { viewportHeight > 0 }
    var distanceToBottom: Double { contentHeight - offset - viewportHeight }
}

/// Which gestures are under way, so kinetic scrolling and drags begun mid-list never pull.
struct Gestures: Hashable, Sendable {
    var touchpadActive = false
    var drag = Drag.none
    /// The last wheel notch that scrolled the list or was refused instead of pulling: a wheel
    /// still spinning from a scroll up must pause before it pulls.
    var lastWheelScrollAt: MonotonicInstant?

    mutating func begin(_ kind: PullKind, atTop: Bool) {
        switch kind {
        case .wheel: break  // a wheel has no gesture
        case .touchpad: touchpadActive = true
        case .drag: drag = atTop ? .fromTop : .fromMidList
        }
    }

    mutating func end(_ kind: PullKind) {
        switch kind {
        case .wheel: break  // a wheel has no gesture
        case .touchpad: touchpadActive = false
        case .drag: drag = .none
        }
    }
}

/// A pointer or touch drag in progress, and where it began: only one begun at the top may pull.
enum Drag: Hashable, Sendable {
    case none
    case fromTop
    case fromMidList
}

/// An applied answer the list has not laid out yet: geometry from before its rows must not
/// start another load. It ends when the content height changes, when the answer turns out to
/// add no rows, or at `until` (a few frames after the answer).
struct PendingLayout: Hashable, Sendable {
    /// How long layout may take before geometry counts as showing the answer (ms).
    static let settleTime: Milliseconds = 100

    /// Rows shown before the answer, until the host reports how many it shows now.
    var rowsBefore: Int?
    var until: MonotonicInstant
}
