// Rows that go in above the view: a refresh's new rows, an app's insert, a live update. At the
// top the reader sees them (the view goes to the first rows, as after a pull); away from the
// top the reader's place holds, to the pixel, and the "N new" pill says how many new rows are
// above. The count goes down as they scroll into view, the pill goes at the top, and
// activating it goes to the newest. A screen reader hears each arrival once: a refresh's as
// its outcome and where its rows went ("Refreshed, 5 new items above"), any other's as the
// count above ("5 new items above").

extension RefreshEngine {
    /// How many new rows are above the view that the reader has not scrolled to yet: what the
    /// "N new" pill shows (no pill at 0).
    public var newAbove: Int { newRowsAbove }

    /// `count` rows went in before the first row in view. Returns whether the place held and
    /// the pill counted them: the arrival is then announced once, by the caller, with what
    /// brought it (a refresh says its outcome and where the rows went in one utterance).
    /// `keepingPlaceAtTop`: the rows arrived while the list was away, and the reader comes
    /// back to the place they left, at the top too.
    mutating func rowsInsertedAbove(
        _ count: Int, keepingPlaceAtTop: Bool = false, into effects: inout Effects
    ) -> Bool {
        guard count > 0, geometry.isKnown else {
            // Nothing went in above a row in view, or nothing is laid out to keep.
            return false
        }
        if pendingLayout?.awaitsTop == true {
            // The view goes to the first rows already (a refresh at the top): they are seen.
            return false
        }
        if geometry.isAtTop, keepingPlaceAtTop {
            // Geometry at the top until the view moves is from before they went in.
            placeKeptAtTop = true
        } else if geometry.isAtTop {
            // At the top the reader is where new rows arrive: show them, as a pull at the top
            // does, rather than push them out of view above the first row.
            pendingLayout = PendingLayout(rowsBefore: nil, appliedAt: now, awaitsTop: true)
            showFirstRows(into: &effects)
            return false
        }
        // Away from the top: the rows in view stay where they are, and the pill counts.
        newRowsAbove += count
        keepPlace(into: &effects)
        return true
    }

    /// `count` rows lie wholly above the view: new rows past that many were scrolled into view.
    mutating func rowsAboveView(_ count: Int) {
        // Measured after layout: the place kept at the top is where it stays now.
        placeKeptAtTop = false
        // Rows not shown above the first row (dropped, or arrived while it was not the newest)
        // are above the view too.
        newRowsAbove = min(newRowsAbove, count + rowsDroppedAbove + rowsArrivedAbove)
    }

    /// The pill was activated (`hadFocus`: it had the keyboard focus): the view goes to the
    /// newest rows, and the pill goes with it, the focus to the newest row; a pill offering
    /// Retry loads the newer rows again instead (the view stays).
    mutating func pillActivated(hadFocus: Bool, into effects: inout Effects) {
        if case .failed = newerPhase {
            placement.pillActivated(hadFocus: hadFocus, goesToNewest: false)
            return retryNewer(into: &effects)
        }
        guard newRowsAbove > 0 else {
            // No pill shows: an activation that crossed its going away.
            counters.ignoredRequests += 1
            return
        }
        newRowsAbove = 0
        // A keyboard user on the pill lands on the newest row as the pill goes.
        placement.pillActivated(hadFocus: hadFocus, goesToNewest: true)
        if !showsNewestRows, !isRefreshBusy, configuration.refreshMerge == .replace {
            // The newest rows are not shown (a bounded list dropped rows above, or it opened at
            // a saved place): a refresh brings them, and its rows, replacing those in view,
            // send the view to the top.
            startRefresh(origin: .request, into: &effects)
            return
        }
        pendingLayout = PendingLayout(rowsBefore: nil, appliedAt: now, awaitsTop: true)
        showFirstRows(into: &effects)
    }
}
