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
    /// Show the first rows: `placement` goes to the list's top at the next layout, or as near
    /// it as keeps the row with the keyboard focus whole in view (`RefreshEngine.topOffset`);
    /// the host queues a layout. Without it, rows put in above the view stay out of view and
    /// the rows on screen stay where they are.
    case scrollToTop
    /// Rows went in above the view and the place holds: `placement` puts the first row in view
    /// (the row with the keyboard focus, if it has it) back where it was drawn at the next
    /// layout, to the pixel; the host queues a layout.
    case keepPlace
    /// Run the loader for the rows newer than the first row shown; answer with
    /// `.loadNewerCompleted(token, …)`.
    case startLoadNewer(OperationToken)
    /// Put the newer rows of `token`'s answer in at the top (success only), then send
    /// `.newerApplied`; the place is kept by the `keepPlace` that follows.
    case applyNewer(OperationToken)
    /// Replace the rows with the restore answer of `token` (success only), send `.itemsShown`,
    /// and once they are laid out put the saved row where it was saved, to the pixel.
    case applyRestore(OperationToken)
    /// Take `above` rows off the top and `below` rows off the bottom (whole pages, none in
    /// view), and once the rest is laid out put the first row in view back where it was drawn,
    /// to the pixel. The engine counts the rows shown without them already.
    case dropRows(above: Int, below: Int)
    /// Put every row received for the top and held (`.arrivalsWaiting`) in at the top, in one
    /// change, as an insert above the rest: send `.itemsShown` and `.rowsInsertedAbove`, or,
    /// while the newest rows are not shown (`showsNewestRows`), `.rowsArrivedAboveShown` with
    /// their number instead. The engine counts none waiting from here.
    case insertArrivals
    /// Save the place: the first row in view (its id) and its offset from the top of the view.
    case persistPlace
    /// Store this as the list's last-updated instant.
    case persistLastUpdated(WallClockInstant)
    /// Tell screen readers.
    case announce(Announcement)
    /// Scroll the view to this offset, now, inside the layout that asked (`.layout`): GTK
    /// lays out again in the same frame, and the next layout decides again.
    case scrollView(to: Double)
    /// The view is where it stays after a `.layout`: the host measures what the engine
    /// decides from (the rows above and in view, the place to save); with `focusesNewestRow`,
    /// the newest row takes the keyboard focus (then send `.newestRowFocused`).
    case viewSettled(focusesNewestRow: Bool)
}
