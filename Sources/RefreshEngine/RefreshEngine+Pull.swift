// Pulls at the top edge: when input counts as a pull, how it accumulates, when it arms, and
// what a release does. The three devices differ only in what may start a pull.

extension RefreshEngine {
    mutating func handlePull(_ input: PullInput, into effects: inout Effects) {
        let delta: Double
        switch input {
        case .wheel(let notches): delta = notches * configuration.wheelNotchDistance
        case .touchpad(let distance): delta = distance
        case .drag(let distance, let sideways):
            guard distance.isFinite, sideways.isFinite else { counters.rejectedInputs += 1; return }
            delta = gestures.pullDistance(ofDragStep: distance, sideways: sideways, slop: configuration.dragSlop)
        }
        guard delta.isFinite else { counters.rejectedInputs += 1; return }

        switch headerPhase {
        case .idle:
            // Only pull-direction input at the top edge can start a pull.
            guard delta > 0, geometry.isAtTop else {
                noteWheelScrolling(input.kind)
                return
            }
            guard !headerHiddenByHost, mayStartPull(input.kind) else {
                counters.ignoredPulls += 1
                noteWheelScrolling(input.kind)
                return
            }
            let pull = Pull(distance: delta, kind: input.kind, lastInputAt: now)
            effects.tookInput = true
            move(to: pull, from: 0, into: &effects)
        case .pulling(var pull), .armed(var pull):
            // Another device cannot take over a pull in progress.
            guard pull.kind == input.kind else { counters.ignoredPulls += 1; return }
            let previous = pull.distance
            pull.distance = max(0, previous + delta)
            pull.lastInputAt = now
            effects.tookInput = true
            move(to: pull, from: previous, into: &effects)
        case .refreshing, .holdingSpinner, .showingResult:
            // The header is busy; pulling at the top does nothing until it collapses, and a
            // wheel still turning then must pause before it can pull again.
            if delta > 0, geometry.isAtTop { counters.ignoredPulls += 1 }
            noteWheelScrolling(input.kind)
        }
    }

    /// Whether a pull from `kind` may start now (the list is known to be at the top).
    /// (Inlined: out of line, each call copies the whole engine.)
    @inline(__always)
    private func mayStartPull(_ kind: PullKind) -> Bool {
        switch kind {
        case .wheel:
            return wheelRested(at: now)
        case .touchpad:
            // Touchpad deltas outside scroll-begin…scroll-end are kinetic deceleration.
            return gestures.touchpadActive
        case .drag:
            // Only a drag begun at the top and judged to go down pulls: one begun mid-list
            // (selection, a touch scroll), a tap or a swipe never does.
            return gestures.drag == .downFromTop
        }
    }

    /// Notches that just carried the list up to the top are not a pull, nor are the ones that
    /// keep coming while the wheel spins on: the list must have been at the top, and the wheel
    /// quiet, for one idle interval, so a fast scroll up never refreshes.
    @inline(__always)
    private func wheelRested(at instant: MonotonicInstant) -> Bool {
        guard let since = geometry.atTopSince, instant - since >= configuration.wheelIdleInterval else { return false }
        guard let scrolled = gestures.lastWheelScrollAt else { return true }
        return instant - scrolled >= configuration.wheelIdleInterval
    }

    /// Whether a wheel notch up at `instant` would start a pull (the header idle and shown, the
    /// list at rest at the top, the wheel quiet for its idle interval): what a host that
    /// sends wheel notches, or measures their response, waits for.
    public func wheelWouldPull(at instant: MonotonicInstant) -> Bool {
        guard case .idle = headerPhase, !headerHiddenByHost, geometry.isAtTop else { return false }
        return wheelRested(at: instant)
    }

    /// Remembers a wheel notch that scrolled the list or was refused, rather than pulling.
    private mutating func noteWheelScrolling(_ kind: PullKind) {
        if kind == .wheel { gestures.lastWheelScrollAt = now }
    }

    /// Applies a new pull distance: back to idle at 0, armed at the threshold, and in
    /// threshold-crossing mode the refresh starts on the crossing itself.
    private mutating func move(to pull: Pull, from previous: Double, into effects: inout Effects) {
        let threshold = configuration.pullThreshold
        if pull.distance <= 0 {
            // Brought back to nothing by the input: the header followed it shut.
            headerPhase = .idle(slides: false)
        } else if pull.distance >= threshold {
            if configuration.triggerMode == .onThresholdCross, previous < threshold {
                startRefresh(origin: .pull, into: &effects)
            } else {
                headerPhase = .armed(pull)
                // Said when the pull arms, not while it stays armed: once per arm.
                if previous < threshold { effects.append(.announce(.releaseToRefresh)) }
            }
        } else {
            headerPhase = .pulling(pull)
        }
    }

    mutating func endPull(_ kind: PullKind, cancelled: Bool, into effects: inout Effects) {
        guard let pull = headerPhase.pull, pull.kind == kind else { return }
        releasePull(cancelled: cancelled, into: &effects)
    }

    /// Ends the pull in progress: an armed pull released (not cancelled) refreshes; anything
    /// else collapses the header.
    mutating func releasePull(cancelled: Bool, into effects: inout Effects) {
        switch headerPhase {
        case .armed:
            // Armed and let go: the refresh starts (threshold-crossing mode never rests here).
            if cancelled {
                headerPhase = .idle(slides: true)
            } else {
                startRefresh(origin: .pull, into: &effects)
            }
        case .pulling:
            // Not far enough: the header springs back.
            headerPhase = .idle(slides: true)
        case .idle, .refreshing, .holdingSpinner, .showingResult:
            // No pull to end.
            assertionFailure("releasePull in \(headerPhase), which holds no pull")
        }
    }

    /// Whether pull input should be kept from scrolling the list: a pull is in progress.
    public var isPulling: Bool { headerPhase.pull != nil }

    /// The device of the pull in progress, if any (a drag gesture claims its sequence then).
    public var pullKind: PullKind? { headerPhase.pull?.kind }
}
