// The vocabulary between a host toolkit and the engine: what happened (events) and what the
// host must do about it (effects). Hosts translate their input into these and nothing else.

/// The kind of input device behind a pull.
public enum PullKind: Hashable, Sendable, CaseIterable {
    /// A mouse wheel: discrete notches, no release.
    case wheel
    /// A touchpad: pixel deltas between scroll-begin and scroll-end.
    case touchpad
    /// A pointer or touch drag: pixel deltas between press and release.
    case drag
}

/// One step of a pull. Positive values open the header (toward the top of the list); negative
/// values push it back.
public enum PullInput: Hashable, Sendable {
    /// Wheel notches; `+1` is one notch up (GDK reports `dy = -1`).
    case wheel(notches: Double)
    /// Touchpad movement in px.
    case touchpad(distance: Double)
    /// Drag movement in px since the previous drag event.
    case drag(distance: Double)

    /// The device behind this input.
    public var kind: PullKind {
        switch self {
        case .wheel: .wheel
        case .touchpad: .touchpad
        case .drag: .drag
        }
    }
}

/// A scroll edge of the list.
public enum Edge: Hashable, Sendable {
    /// The start of the list, where pulls happen.
    case top
    /// The end of the list, where pages load.
    case bottom
}

/// Why a refresh was asked for; carried into the trace and the announcement.
public enum RefreshOrigin: Hashable, Sendable {
    /// The engine's own first refresh.
    case initial
    /// A released or threshold-crossing pull.
    case pull
    /// F5, Ctrl+R or an action.
    case request
}

/// What a loader answered.
public enum Outcome: Hashable, Sendable {
    /// Items arrived. `received` is the raw count the loader returned (before any
    /// de-duplication); `hasMore` is the loader's word on further pages, `nil` when unknown
    /// (then a page shorter than `pageSize` means there is no more).
    case success(received: Int, hasMore: Bool?)
    /// The loader failed. The host keeps the message and names it by `FailureID`; the engine
    /// only carries the id, so events stay trivially copyable.
    case failure(FailureID)
}

/// Names a failure message the host keeps (the loader's error text, say). The engine stores and
/// reports only this id: the host shows, announces and translates the text.
public struct FailureID: Hashable, Sendable, CustomStringConvertible {
    /// The host's number for the message; `0` is the engine's own `timedOut`.
    public let rawValue: UInt32

    /// Wraps a host's message number. Hosts number their messages from 1.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The engine's watchdog: no answer came within `operationTimeout`.
    public static let timedOut = FailureID(rawValue: 0)

    public var description: String { self == .timedOut ? "timed out" : "failure #\(rawValue)" }
}

/// Everything the engine reacts to.
public enum Event: Hashable, Sendable {
    /// The scroll offset, content height and viewport height (px), sent whenever any changes.
    case geometry(offset: Double, contentHeight: Double, viewportHeight: Double)
    /// A touchpad scroll or a drag began (touchpad scroll-begin, button or touch press).
    case gestureBegan(PullKind)
    /// One step of movement toward or away from the top while at the top edge.
    case pull(PullInput)
    /// A gesture ended: released (button up, scroll-end) or `cancelled` (grab lost, Escape).
    case gestureEnded(PullKind, cancelled: Bool)
    /// The list reached or overshot an edge (GTK's edge-reached and edge-overshot): a hint only,
    /// as pulls are measured from scroll input.
    case edgeHint(Edge)
    /// Time passed; sent when `nextWakeUp` comes (a late, early or extra tick is harmless).
    case tick
    /// A frame showing the header as it is now reached the screen at the event's instant. The
    /// minimum spinner time and the result display time count from the first frame that showed
    /// their state, never from when the state began: a main loop that comes back late (a
    /// stall, a suspended process, a cold first frame) must not spend them while nothing is
    /// drawn. Send it after rendering while `awaitsPresentation` holds (extra ones are harmless).
    case presented
    /// A refresh was asked for (keyboard, action, menu).
    case refreshRequested
    /// A load-more was asked for (Retry button, keyboard, action).
    case loadMoreRequested
    /// The host hides or shows the header; a hidden header ignores pulls.
    case headerHidden(Bool)
    /// The host hides or shows the footer; a hidden footer loads nothing by itself.
    case footerHidden(Bool)
    /// The answer to the refresh started with `token`. `wallClock` is now on the wall clock, used
    /// as the last-updated instant on success.
    case refreshCompleted(OperationToken, Outcome, wallClock: WallClockInstant)
    /// The answer to the load-more started with `token`.
    case loadMoreCompleted(OperationToken, Outcome)
    /// The number of rows the list shows after the host applied an answer (after
    /// de-duplication, or after prepending). The footer hides while this is below one page.
    case itemsShown(Int)
    /// The host applied a refresh answer (`applyRefresh`): it shows `shown` rows, `new` of them
    /// not shown before. Sent instead of `itemsShown` after a refresh.
    case refreshApplied(shown: Int, new: Int)
}

/// Announcements for screen readers (and the trace). The failure an announcement is about is
/// read from the engine (`headerFailure`, `footerFailure`).
public enum Announcement: Hashable, Sendable {
    /// A pull reached the threshold: letting go refreshes. Once per arm, not per movement.
    case releaseToRefresh
    /// A refresh started, whatever started it.
    case refreshStarted
    /// A refresh succeeded and brought `newItems` rows not shown before.
    case refreshed(newItems: Int)
    /// The refresh failed or timed out (the reason is `headerFailure`).
    case refreshFailed
    /// The next page started loading.
    case loadingMore
    /// A page failed or timed out (the reason is `footerFailure`); Retry loads it again.
    case loadFailed
    /// The feed has no more pages.
    case noMoreItems
}

/// What the host must do after an event, in order.
public enum Effect: Hashable, Sendable {
    /// Run the refresh loader; answer with `.refreshCompleted(token, …)`.
    case startRefresh(OperationToken, origin: RefreshOrigin)
    /// Run the load-more loader for `page`; answer with `.loadMoreCompleted(token, …)`.
    case startLoadMore(OperationToken, page: Int)
    /// Stop the operation started with this token; any answer it still gives is ignored.
    case cancel(OperationToken)
    /// Replace the items with the refresh answer of `token` (success only).
    case applyRefresh(OperationToken)
    /// Append the page answer of `token` (success only).
    case applyPage(OperationToken, page: Int)
    /// Store this as the list's last-updated instant.
    case persistLastUpdated(WallClockInstant)
    /// Tell screen readers.
    case announce(Announcement)
}
