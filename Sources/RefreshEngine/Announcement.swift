// What the engine asks the host to tell a screen reader: the words are the host's.

/// Announcements for screen readers (and the trace). The failure an announcement is about is
/// read from the engine (`headerFailure`, `footerFailure`).
public enum Announcement: Hashable, Sendable {
    /// A pull reached the threshold: letting go refreshes. Once per arm, not per movement.
    case releaseToRefresh
    /// A refresh started, whatever started it.
    case refreshStarted
    /// A refresh succeeded and brought `newItems` rows not shown before, in view or none above
    /// it ("Refreshed, 3 new items").
    case refreshed(newItems: Int)
    /// A refresh succeeded away from the top and put its new rows above the view, which kept
    /// its place: `count` new rows are above it now, the pill's count ("Refreshed, 5 new
    /// items above"). Said instead of `refreshed` and `newItemsAbove`: one per arrival.
    case refreshedNewAbove(count: Int)
    /// The refresh failed or timed out (the reason is `headerFailure`).
    case refreshFailed
    /// The next page started loading.
    case loadingMore
    /// A page failed or timed out (the reason is `footerFailure`); Retry loads it again.
    case loadFailed
    /// The rows newer than the first one shown failed or timed out (the reason is
    /// `newerFailure`); the pill offers Retry.
    case loadNewerFailed
    /// The feed has no more pages.
    case noMoreItems
    /// Rows arrived above the view other than by a refresh (an app's insert, a live update),
    /// and the view kept its place: `count` new rows are above it now (this arrival and those
    /// not scrolled to yet). Once per arrival, not per row.
    case newItemsAbove(count: Int)
}
