// A bounded number of rows. A list that stays live for hours (a stream putting rows on top, a
// reader paging far down) must not hold every row it ever showed: past `maximumRows`, rows far
// from the view are dropped in whole pages, from the side with the most of them, and load again
// when the reader comes back to them, as Paging 3's `maxSize` does. The rows in view, a view's
// worth more and one page beyond on each side are never dropped, so the reader's place stays
// put (the host keeps the first row in view where it was drawn, to the pixel).
//
// Above the view rows can only be loaded again by cursor (`newer(than:)`); a list loaded by page
// numbers drops only below, at a page boundary counted from the top, and asks for those page
// numbers again. Rows loaded again above are not new: the pill does not count them. While the
// newest rows are not shown, a row that arrives at the top (a live update) is not put above the
// gap: it counts in the pill at once and loads with the rows above when the reader goes there.

/// The rows a bounded list dropped above the first row it shows, or that arrived there while
/// its newest rows were not shown: what the top-side load brings back.
public struct RowsAbove: Hashable, Sendable {
    /// Rows dropped above the view that have not loaded again: not new to the reader.
    public var dropped: Int
    /// Rows that arrived at the top while the newest rows were not shown: counted in the pill
    /// already, so not counted again when they load.
    public var arrived: Int

    /// Rows above, as given.
    public init(dropped: Int = 0, arrived: Int = 0) {
        self.dropped = dropped
        self.arrived = arrived
    }
}

extension RefreshEngine {
    /// The most rows the list keeps (0: unbounded), as set by the configuration or
    /// `.maximumRowsChanged` since: the configuration's `maximumRows`.
    public var maximumRows: Int { configuration.maximumRows }

    /// Whether the first row shown is the newest one: a row that arrives at the top goes in
    /// above it. While it is not (rows above were dropped, the list opened at a saved place, a
    /// load of newer rows is under way or failed), such a row is reported with
    /// `.rowsArrivedAboveShown` instead and loads with the rows above.
    public var showsNewestRows: Bool { newerPhase == .complete }

    /// The rows above the first one shown that are not shown (see `RowsAbove`).
    public var rowsAbove: RowsAbove { RowsAbove(dropped: rowsDroppedAbove, arrived: rowsArrivedAbove) }

    /// Whether the engine wants `.rowsInView` after a layout: only while the list holds more
    /// rows than its bound, so a host need not measure its rows in every frame otherwise.
    public var wantsRowsInView: Bool { maximumRows > 0 && shownItems > maximumRows }

    /// After layout, rows `first...last` are in view (positions among the rows shown): past
    /// `maximumRows`, the rows farthest from them are dropped in whole pages.
    mutating func rowsInView(first: Int, last: Int, into effects: inout Effects) {
        guard wantsRowsInView else { return }
        // Rows change under a load in flight or an answer not laid out yet: its cursor or page
        // number would no longer fit the rows. The next layout after it asks again.
        guard !isRefreshBusy, pendingLayout == nil, footerPhase.deadline == nil, newerPhase.deadline == nil else {
            return
        }
        let pageSize = configuration.pageSize
        // The view, a view's worth more and a page beyond on each side stay.
        let margin = (last - first + 1) + pageSize
        let excess = shownItems - maximumRows
        let wanted = (excess + pageSize - 1) / pageSize * pageSize
        let roomAbove = loadsByCursor ? max(0, first - margin) / pageSize * pageSize : 0
        let roomBelow = droppableBelow(last: last, margin: margin, wanted: wanted)
        // The side with the most to drop first: a stream grows the top, a reader paging down the
        // bottom, and the side the reader is going to keeps what it will show next.
        var dropAbove = 0
        var dropBelow = 0
        if roomAbove >= roomBelow {
            dropAbove = min(wanted, roomAbove)
            if dropAbove < wanted { dropBelow = droppableBelow(last: last, margin: margin, wanted: wanted - dropAbove) }
        } else {
            dropBelow = roomBelow
            if dropBelow < wanted { dropAbove = min(wanted - dropBelow, roomAbove) }
        }
        guard dropAbove > 0 || dropBelow > 0 else { return }
        effects.append(.dropRows(above: dropAbove, below: dropBelow))
        shownItems -= dropAbove + dropBelow
        if dropAbove > 0 {
            // Rows newer than the first one shown exist again: they load near the top.
            rowsDroppedAbove += dropAbove
            newerPhase = .idle
        }
        if dropBelow > 0 {
            // Rows older than the last one shown exist again: the footer loads them.
            if let page = currentPage {
                // By page number the rows left end at a page boundary: the next page is the
                // first one dropped.
                currentPage =
                    loadsByCursor
                    ? max(configuration.firstPage, page - dropBelow / pageSize)
                    : configuration.firstPage + shownItems / pageSize - 1
            }
            footerPhase = .idle
        }
        // The view keeps its place; geometry from before the rows went is not where it is.
        pendingLayout = PendingLayout(rowsBefore: nil, appliedAt: now)
    }

    /// How many rows below the view go when `wanted` are wanted. By cursor: whole pages past
    /// the margin, up to `wanted`. By page number: the rows past a page boundary counted from the
    /// top (past the margin, and leaving at least `wanted` out when it can), so the next page
    /// asked for is the first one dropped.
    private func droppableBelow(last: Int, margin: Int, wanted: Int) -> Int {
        let pageSize = configuration.pageSize
        if loadsByCursor { return min(wanted, max(0, shownItems - 1 - last - margin) / pageSize * pageSize) }
        let fewestPages = (last + 1 + margin + pageSize - 1) / pageSize
        let pagesKept = max(fewestPages, (shownItems - wanted) / pageSize)
        return max(0, shownItems - pagesKept * pageSize)
    }

    /// `count` rows arrived above the first row shown while it is not the newest: they count in
    /// the pill now and load with the rows above.
    mutating func rowsArrivedAboveShown(_ count: Int, into effects: inout Effects) {
        guard count > 0 else { return }
        guard !showsNewestRows else {
            // The host puts rows above the newest row in itself (`rowsInsertedAbove`).
            counters.rejectedInputs += 1
            return
        }
        rowsArrivedAbove += count
        newRowsAbove += count
        effects.append(.announce(.newItemsAbove(count: newRowsAbove)))
    }

    /// Of `added` newer rows that went in at the top, how many are new to the reader: the
    /// nearest ones are rows dropped before (loaded again), then rows counted when they arrived.
    mutating func newRowsOf(added: Int) -> Int {
        let reloaded = min(added, rowsDroppedAbove)
        rowsDroppedAbove -= reloaded
        let arrived = min(added - reloaded, rowsArrivedAbove)
        rowsArrivedAbove -= arrived
        return added - reloaded - arrived
    }

    /// Changes the bound (`maximumRows`); 0 lifts it. Rows go at the next `rowsInView`.
    mutating func changeMaximumRows(_ count: Int) {
        guard count >= 0 else { counters.rejectedInputs += 1; return }
        configuration.maximumRows = count
    }
}
