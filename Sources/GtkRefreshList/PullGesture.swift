// Pull input from a source of the package's own, as `RefreshList.feed` takes it.

import RefreshEngine

/// One step of a pull from an input source of the package's own (`RefreshList.feed`).
package enum PullGesture: Hashable, Sendable {
    /// A touchpad scroll or a drag began.
    case began(PullKind)
    /// Movement toward (positive) or away from the top.
    case moved(PullInput)
    /// The gesture ended: released, or `cancelled`.
    case ended(PullKind, cancelled: Bool)
}
