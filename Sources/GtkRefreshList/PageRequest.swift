// The cursor form of loading: rows asked for by the ids of rows shown, beside the page-number
// form (`onRefresh`/`onLoadMore`) simple sources keep using.

/// What a cursor loader (`RefreshList.onLoad`) is asked for: rows placed by the id of a row
/// shown, like Paging 3's `LoadParams` keys or Mastodon's `max_id` and `min_id`. Every answer
/// is in display order, newest first, and its `hasMore` says whether more rows exist in the
/// direction asked (`nil`: a page shorter than `pageSize` means no more).
public enum PageRequest<ID: Sendable>: Sendable {
    /// The newest rows (a refresh, or the first load).
    case newest
    /// The row with this id first, then the rows older than it: how a list opens at its saved
    /// place (`RefreshListConfiguration.placeKey`). An answer without that row means it is
    /// gone: the list then opens at the newest rows, with no error.
    case at(ID)
    /// The rows older than this id, the last row shown: the next page at the bottom.
    case older(than: ID)
    /// The rows newer than this id, the first row shown: those nearest to it (Mastodon's
    /// `min_id`), newest first. Asked for when a restored list's view nears its top; they go
    /// in above the view without moving it and count in the "N new" pill.
    case newer(than: ID)
}
