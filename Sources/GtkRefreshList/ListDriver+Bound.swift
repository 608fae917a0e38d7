// A bounded number of rows, carried out: the engine decides when and which rows go
// (RefreshEngine+Bound.swift) from the rows in view this file reports after each layout; the
// rows go in one splice a side, and the next layout puts the first row in view back where it
// was drawn, to the pixel, as after rows went in above it.

import CGtk
internal import GtkInterop
import RefreshEngine

extension ListDriver {
    /// After a layout: tells the engine which rows are in view when they, or the number of
    /// rows, changed since it was last told.
    func reportRowsInView() {
        // Measuring the rows walks every bound cell: only when the engine would use it.
        guard engine.wantsRowsInView, let range = rowRangeInView() else { return }
        let seen = RowsInView(range: range, rowCount: model.items.count)
        guard seen != cells.rowsInViewReported else { return }
        cells.rowsInViewReported = seen
        sendAfterLayout(.rowsInView(first: range.lowerBound, last: range.upperBound))
    }

    /// The positions of the first and last rows the view shows (in part).
    private func rowRangeInView() -> ClosedRange<Int>? {
        guard let first = firstRowInView() else { return nil }
        let viewHeight = Double(gtk_widget_get_height(parts.listView))
        var last = first.position
        for listItem in cells.boundListItems where listItem != cells.footerItem {
            let position = Int(gtk_list_item_get_position(listItem))
            guard position > last, position < model.items.count, let row = gtk_list_item_get_child(listItem),
                let extent = extentInListView(row), extent.upperBound > 0, extent.lowerBound < viewHeight
            else { continue }
            last = position
        }
        return first.position...last
    }

    /// `.dropRows`: `above` rows go from the top and `below` from the bottom; the first row in
    /// view is put back where it is drawn now at the next layout.
    func dropRows(above: Int, below: Int) {
        let above = min(max(above, 0), model.items.count)
        let below = min(max(below, 0), model.items.count - above)
        guard above + below > 0 else { return }
        if above > 0 {
            place(.rowsDroppedAbove(above, firstInView: firstRowInView()))
            gtk_widget_queue_allocate(parts.listView)
        }
        let count = model.items.count
        if below > 0 {
            model.items.removeLast(below)
            splice(at: count - below, removing: below, adding: 0)
        }
        if above > 0 {
            model.items.removeFirst(above)
            splice(at: 0, removing: above, adding: 0)
        }
        // The index holds the rows shown only: a dropped row that loads again is not a duplicate.
        model.shownIDs = ShownIdentifiers(model.items.lazy.map(\.id))
        // The positions in view moved: the next layout reports them again.
        cells.rowsInViewReported = nil
    }
}

/// The rows in view as last reported to the engine, and how many rows there were.
struct RowsInView: Equatable {
    var range: ClosedRange<Int>
    var rowCount: Int
}
