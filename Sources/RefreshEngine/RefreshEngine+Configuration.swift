// Tunables changed on a running list: the host's `.configurationChanged`. The engine keeps one
// configuration, read wherever it decides; a change takes effect from the next decision on,
// and what is already decided stays (a page in flight was asked for with the old size; a
// refresh answered merges as the configuration says when its answer comes).

extension RefreshEngine {
    /// Takes `changed` as the configuration from now on, if it is valid (as `init` checks it);
    /// otherwise counts a rejected input and keeps the one it had.
    mutating func changeConfiguration(to changed: RefreshConfiguration, into effects: inout Effects) {
        do {
            try changed.validate()
        } catch {
            counters.rejectedInputs += 1
            return
        }
        configuration = changed
        judgePullAgain(into: &effects)
        // A longer load-more distance may put the bottom within it now.
        loadMoreIfNear(into: &effects)
    }

    /// A pull in progress measured against the threshold now: one that reaches it arms (or, in
    /// threshold-crossing mode, refreshes) as if it had just crossed it; an armed one short of
    /// it pulls again, and its release will not refresh.
    private mutating func judgePullAgain(into effects: inout Effects) {
        let threshold = configuration.pullThreshold
        switch headerPhase {
        case .pulling(let pull) where pull.distance >= threshold:
            // The threshold came down to the pull: it crossed it now.
            if configuration.triggerMode == .onThresholdCross {
                startRefresh(origin: .pull, into: &effects)
            } else {
                headerPhase = .armed(pull)
                effects.append(.announce(.releaseToRefresh))
            }
        case .armed(let pull) where pull.distance < threshold:
            // The threshold went up past the pull: not far enough any more.
            headerPhase = .pulling(pull)
        case .idle, .pulling, .armed, .refreshing, .holdingSpinner, .showingResult:
            // No pull, or one on the same side of the threshold as before.
            break
        }
    }
}

extension RefreshConfiguration {
    /// This configuration with its pull threshold `threshold`. The header heights that followed
    /// the threshold (the defaults: twice it at most, and it while refreshing) follow the new
    /// one; heights set on their own stay, raised or lowered only as far as validity needs
    /// (the largest at least the threshold, the refreshing one at most the largest).
    public func withPullThreshold(_ threshold: Double) -> RefreshConfiguration {
        var changed = self
        changed.pullThreshold = threshold
        changed.maximumHeaderHeight =
            maximumHeaderHeight == 2 * pullThreshold ? 2 * threshold : max(maximumHeaderHeight, threshold)
        changed.refreshingHeaderHeight =
            refreshingHeaderHeight == pullThreshold
            ? threshold : min(refreshingHeaderHeight, changed.maximumHeaderHeight)
        return changed
    }

    /// The load-more distance a host's setting names (a toolkit property has no `nil`): any
    /// negative distance is the default, one viewport height (`nil`).
    public static func loadMoreDistance(setting value: Double) -> Double? { value < 0 ? nil : value }
}
