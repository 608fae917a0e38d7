// The engine's private states. Each case carries only what is meaningful in it.

/// The outcome a refresh shows once the spinner has had its minimum time.
enum RefreshResult: Hashable, Sendable {
    /// `said`: what a screen reader hears of it, known once the host applied the answer (how
    /// many rows are new, and whether they went in above the view); `nil` until then (the
    /// announcement waits for it).
    case succeeded(said: Announcement?)
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
    /// Collapsed. `slides`: the header slides shut from wherever it was (a release, a result's
    /// end); false when the input itself brought the pull back to nothing, so the header
    /// followed it shut.
    case idle(slides: Bool)
    case pulling(Pull)
    case armed(Pull)
    /// A refresh is in flight until its answer or the watchdog's `deadline`. `origin` tells how
    /// the header opened (a pull had opened it already; a request slides it open). The minimum
    /// spinner time counts from when the spinner was first shown.
    case refreshing(OperationToken, origin: RefreshOrigin, spinner: Showing, deadline: MonotonicInstant)
    /// The answer came before the spinner had its minimum time on screen (or before any frame
    /// showed it); the spinner keeps turning, then the result shows.
    case holdingSpinner(RefreshResult, spinner: Showing)
    /// The result shows for the result display time from when it was first shown, then the
    /// header collapses.
    case showingResult(RefreshResult, Showing)

    var pull: Pull? {
        switch self {
        case .pulling(let pull), .armed(let pull): pull
        case .idle, .refreshing, .holdingSpinner, .showingResult: nil
        }
    }

    /// When something is next due in this phase, if anything is. Inlined: called with the
    /// engine's configuration, a call would copy all of it (138 bytes) each time a deadline fires.
    @inline(__always)
    func deadline(_ configuration: RefreshConfiguration) -> MonotonicInstant? {
        switch self {
        case .idle: nil  // nothing pending
        // A wheel or touchpad pull ends when it goes idle.
        case .pulling(let pull), .armed(let pull): pull.releaseDeadline(configuration)
        case .refreshing(_, _, let spinner, let deadline):
            // The watchdog, or a spinner no frame showed in time.
            spinner.waitingUntil(configuration).map { min($0, deadline) } ?? deadline
        case .holdingSpinner(_, let spinner):
            // The spinner had its time on screen (or no frame showed it in time).
            spinner.deadline(showing: configuration.minimumSpinnerTime, configuration)
        case .showingResult(_, let result):
            // The result had its time on screen (or no frame showed it in time).
            result.deadline(showing: configuration.resultDisplayTime, configuration)
        }
    }

    /// Whether this phase shows something for a minimum time that has not started: no frame
    /// has shown it yet.
    var awaitsPresentation: Bool {
        switch self {
        case .idle, .pulling, .armed: false  // nothing timed on screen
        case .refreshing(_, _, let showing, _), .holdingSpinner(_, let showing), .showingResult(_, let showing):
            showing.isWaiting  // the spinner or the result waits for its first frame
        }
    }

    /// This phase with its timed state shown from `instant` on, if it was still waiting for a frame.
    func presented(at instant: MonotonicInstant) -> HeaderPhase {
        switch self {
        case .idle, .pulling, .armed:
            return self  // nothing timed on screen
        case .refreshing(let token, let origin, .waiting, let deadline):
            return .refreshing(token, origin: origin, spinner: .shown(at: instant), deadline: deadline)
        case .holdingSpinner(let result, .waiting):
            return .holdingSpinner(result, spinner: .shown(at: instant))
        case .showingResult(let result, .waiting):
            return .showingResult(result, .shown(at: instant))
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
    /// When the list last arrived at the top (meaningful while it is there). A new list starts
    /// at the top and has been there "forever".
    var arrivedAtTop = MonotonicInstant(milliseconds: .min)

    var isAtTop: Bool { offset <= Self.topTolerance }
    /// Since when the list rests at the top; `nil` while away from it.
    var atTopSince: MonotonicInstant? { isAtTop ? arrivedAtTop : nil }
    var isKnown: Bool { viewportHeight > 0 }
    var distanceToBottom: Double { contentHeight - offset - viewportHeight }
}

/// Which gestures are under way, so kinetic scrolling, drags begun mid-list, taps and swipes
/// never pull.
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
        case .drag: drag = atTop ? .fromTop(down: 0, sideways: 0) : .fromMidList
        }
    }

    /// Judges a drag begun at the top by its first `slop` px of travel, and says how far a step
    /// of `down` px (`sideways` across) pulls: the whole way down from where the drag began on the
    /// step that judges it a pull, the step itself after that, nothing before or otherwise.
    mutating func pullDistance(ofDragStep down: Double, sideways: Double, slop: Double) -> Double {
        switch drag {
        case .fromTop(let downSoFar, let sidewaysSoFar):
            // Not judged yet: a fingertip rolls a few px in a tap, and a swipe drifts down.
            // Judged by where the drag got to, as GTK's drag threshold is: a finger's tremor
            // back and forth across a slow drag down does not add up to a swipe. A step that
            // moves nothing judges nothing, even with no slop.
            let travel = (down: downSoFar + down, sideways: sidewaysSoFar + sideways)
            let farthest = max(abs(travel.down), abs(travel.sideways))
            guard farthest >= slop, farthest > 0 else {
                drag = .fromTop(down: travel.down, sideways: travel.sideways)
                return 0
            }
            guard travel.down > abs(travel.sideways) else {
                drag = .notDown
                return 0
            }
            drag = .downFromTop
            return travel.down
        case .downFromTop:
            // Judged a pull: it follows every step, either way.
            return down
        case .none, .notDown, .fromMidList:
            // No drag under way (no gestureBegan), or one that never pulls: the step is what it
            // is, and `mayStartPull` refuses it.
            return down
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

/// A pointer or touch drag in progress, where it began and how it moved: only one begun at the
/// top that went down more than sideways may pull.
enum Drag: Hashable, Sendable {
    case none
    /// Begun at the top and not past the drag slop yet: where it got to so far (px from where
    /// it began; `sideways` signed).
    case fromTop(down: Double, sideways: Double)
    /// Begun at the top and gone down more than sideways: a pull.
    case downFromTop
    /// Begun at the top and gone sideways or up first: a swipe or a scroll, never a pull.
    case notDown
    /// Begun mid-list (selection, a touch scroll): never a pull, even after reaching the top.
    case fromMidList
}

/// An applied answer the list has not laid out yet: geometry from before its rows must not
/// start another load. It ends when the content height changes (when the view is going to the
/// top: when it is there), when the answer turns out to add no rows, or `settleTime` after the
/// first frame since the answer (GTK lays out in that frame; a list view may take a few more).
/// That time starts on screen, like a header state's: a main loop that comes back late, before
/// any frame, still waits for the layout; a window that shows no frame within the presentation
/// timeout is not waited for longer.
struct PendingLayout: Hashable, Sendable {
    /// How long layout may take, from the first frame after the answer, before geometry counts
    /// as showing it (ms).
    static let settleTime: Milliseconds = 100

    /// Rows shown before the answer, until the host reports how many it shows now.
    var rowsBefore: Int?
    /// The first frame since the answer: waited for, or shown at.
    var frame: Showing
    /// Whether the host scrolls the view to the top (`scrollToTop`): geometry elsewhere is
    /// from before it got there.
    var awaitsTop = false

    /// An answer applied at `now`, waiting for its first frame.
    init(rowsBefore: Int?, appliedAt now: MonotonicInstant, awaitsTop: Bool = false) {
        self.rowsBefore = rowsBefore
        self.frame = .waiting(since: now)
        self.awaitsTop = awaitsTop
    }

    /// When geometry counts as showing the answer, or waiting for a frame stops.
    func deadline(_ configuration: RefreshConfiguration) -> MonotonicInstant {
        frame.deadline(showing: Self.settleTime, configuration)
    }

    /// This wait with its frame shown from `instant` on, if it was still waiting for one.
    func presented(at instant: MonotonicInstant) -> PendingLayout {
        guard frame.isWaiting else { return self }
        var copy = self
        copy.frame = .shown(at: instant)
        return copy
    }
}

/// Whether a state with a minimum visible time is on screen yet. It waits for the first frame
/// that shows it (`.presented`); a frame that does not come within `presentationTimeout` (a
/// compositor that sends none to a hidden window, say) is not waited for longer: the state
/// counts as shown from the first event after that, never from a deadline passed unseen.
enum Showing: Hashable, Sendable {
    /// Not shown yet; the state began at `since`.
    case waiting(since: MonotonicInstant)
    /// First shown at `at`.
    case shown(at: MonotonicInstant)

    var isWaiting: Bool {
        if case .waiting = self { return true }
        return false
    }

    /// When waiting for a frame stops, while it waits.
    func waitingUntil(_ configuration: RefreshConfiguration) -> MonotonicInstant? {
        if case .waiting(let since) = self { return since + configuration.presentationTimeout }
        return nil
    }

    /// When the state has been on screen for `time`, or waiting for a frame stops.
    func deadline(showing time: Milliseconds, _ configuration: RefreshConfiguration) -> MonotonicInstant {
        switch self {
        case .waiting(let since): since + configuration.presentationTimeout
        case .shown(let at): at + time
        }
    }
}
