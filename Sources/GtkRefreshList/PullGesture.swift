// Pull input from a source of the host's own, as `RefreshList.feed` takes it.

import RefreshEngine

/// One step of a pull from the host's own input source (`RefreshList.feed`).
public enum PullGesture: Hashable, Sendable {
    /// A touchpad scroll or a drag began.
    case began(PullKind)
    /// Movement toward (positive) or away from the top.
    case moved(PullInput)
    /// The gesture ended: released, or `cancelled`.
    case ended(PullKind, cancelled: Bool)
}
