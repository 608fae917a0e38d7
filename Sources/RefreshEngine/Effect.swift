// What the host must do after an event: the engine's side of the vocabulary between a host
// toolkit and the engine (Event.swift has the other).

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
