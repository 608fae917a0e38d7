// Where the view goes after rows went in: the engine decides (RefreshEngine+Placement.swift,
// RefreshEngine+NewAbove.swift) and this file carries it out at the next layout of the list
// view, once GTK placed the new rows: the first rows (as near as keeps the focused row in
// view), or the focused row, else the first row in view, put back where it was to the pixel.
// It also measures the facts the engine decides with: which rows were in view when a
// replacing answer went in, and how many rows went in before the first one in view.

import CGtk
internal import GtkInterop
import RefreshEngine

/// A row and where it was drawn: its position among the rows (after the rows going in) and its
/// top, in px from the top of the list view.
struct RowPlace {
    var position: Int
    var top: Double
}

extension RefreshList {
    /// Before `count` rows go in at `index`: notes the first row in view and where it is (for
    /// `keepPlace`), and returns how many of them go in before it (0 when no row is in view).
    func measurePlace(insertingAt index: Int, count: Int) -> Int {
        guard count > 0, let first = firstRowInView() else {
            cells.placeCandidate = nil
            return 0
        }
        let above = index <= first.position ? count : 0
        cells.placeCandidate = RowPlace(position: first.position + above, top: first.top)
        return above
    }

    /// `.keepPlace`: the next layout puts the row noted before the rows went in back where it
    /// was (the focused row, if one moved, wins: `restoreFocusedRowPlace`).
    func keepPlaceAtNextLayout() {
        cells.placeToKeep = cells.placeCandidate
        cells.placeCandidate = nil
        gtk_widget_queue_allocate(parts.listView)
    }

    /// The first row the view shows (in part), by position, and its top in the list view. The
    /// row's cell is measured, not the row: cells follow one another without a gap, so the top
    /// of the first one in view is never below the view's top (a row with margins, as the
    /// demo's, leaves a gap between rows where the view can stop, and the row after it could
    /// not be put back there when it is the first row a restored list has).
    func firstRowInView() -> RowPlace? {
        let viewHeight = Double(gtk_widget_get_height(parts.listView))
        var first: RowPlace?
        for listItem in cells.boundListItems where listItem != cells.footerItem {
            let position = Int(gtk_list_item_get_position(listItem))
            guard position < model.items.count, position < first?.position ?? Int.max,
                let row = gtk_list_item_get_child(listItem),
                let extent = extentInListView(gtk_widget_get_parent(row) ?? row), extent.upperBound > 0,
                extent.lowerBound < viewHeight
            else { continue }
            first = RowPlace(position: position, top: extent.lowerBound)
        }
        return first
    }

    /// Puts the row `placeToKeep` names back where it was drawn; returns whether the view moved.
    private func restoreRowPlace() -> Bool {
        guard let place = cells.placeToKeep else { return false }
        cells.placeToKeep = nil
        for listItem in cells.boundListItems where Int(gtk_list_item_get_position(listItem)) == place.position {
            // Its cell, as `firstRowInView` measured it.
            guard let row = gtk_list_item_get_child(listItem),
                let extent = extentInListView(gtk_widget_get_parent(row) ?? row),
                abs(extent.lowerBound - place.top) >= 0.5
            else { return false }
            // A list that got shorter (a replacing answer) may end before the row's old place:
            // where the view cannot move, it is left to GTK's anchor (scrolling against the end
            // would anchor the view on the footer, which pages appended later then push down).
            let adjustment = gtk_scrolled_window_get_vadjustment(parts.scrolled.opaque)
            let value = gtk_adjustment_get_value(adjustment)
            let highest = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            let target = min(max(value + extent.lowerBound - place.top, gtk_adjustment_get_lower(adjustment)), highest)
            guard abs(target - value) >= 0.5 else { return false }
            gtk_adjustment_set_value(adjustment, target)
            return true
        }
        return false
    }

    /// The ids of the rows in view now (the bound cells whose rows the view shows, in part).
    /// GTK binds rows well beyond the view and hides those cells, so only shown ones count.
    func idsInView() -> [Item.ID] {
        let viewHeight = Double(gtk_widget_get_height(parts.listView))
        var ids: [Item.ID] = []
        for listItem in cells.boundListItems where listItem != cells.footerItem {
            let position = Int(gtk_list_item_get_position(listItem))
            guard position < model.items.count, let row = gtk_list_item_get_child(listItem),
                let extent = extentInListView(row), extent.upperBound > 0, extent.lowerBound < viewHeight
            else { continue }
            ids.append(model.items[position].id)
        }
        return ids
    }

    /// The list is about to give up the header's height, or take it back: a view at the top
    /// stays there (where the rows a refresh brings show), a view in mid-list keeps its rows
    /// where they are in the list's area, through the layout that resizes it. A place already
    /// waiting for the next layout (rows just went in) wins.
    func keepViewThroughResize() {
        let adjustment = gtk_scrolled_window_get_vadjustment(parts.scrolled.opaque)
        let value = gtk_adjustment_get_value(adjustment)
        // At the top: at 0, or where the first rows were last shown (as near the top as keeps
        // the focused row in view) and not scrolled from since.
        let atTop = value < 0.5 || cells.firstRowsOffset.map { abs($0 - value) < 0.5 } == true
        cells.keepThroughResize = atTop ? .top : .offset(value)
        cells.resizeAllocated = false
    }

    /// The widget allocated the list: the first allocation after `keepViewThroughResize` is the
    /// resize it waits for; if the list's height did not change (the header rested open and
    /// closed again before a layout), there is nothing to keep.
    func noteResize(heightChanged: Bool) {
        guard cells.keepThroughResize != nil, !cells.resizeAllocated else { return }
        if heightChanged {
            cells.resizeAllocated = true
        } else {
            cells.keepThroughResize = nil
        }
    }

    /// `.scrollToTop`: the next layout shows the first rows (the focused row, if any, stays in
    /// view rather than in place).
    func showFirstRowsAtNextLayout() {
        cells.showsFirstRowsAtLayout = true
        gtk_widget_queue_allocate(parts.listView)
    }

    /// At every layout of the list view's frame clock (before the frame is drawn): the view
    /// goes where the last refresh's rows should be seen.
    func placeViewAfterLayout() {
        if let keep = cells.keepThroughResize, cells.resizeAllocated {
            cells.keepThroughResize = nil
            cells.resizeAllocated = false
            switch keep {
            case .top:
                // A view that was at the top goes back there, unless rows that went in
                // meanwhile have a place of their own to keep.
                if cells.placeToKeep == nil, cells.focusedRowTopToKeep == nil { cells.showsFirstRowsAtLayout = true }
            case .offset(let kept):
                // The offset it had, so the rows are where they were in the list's area (the
                // frame clock lays out again in the same frame); rows that went in meanwhile
                // have a place of their own to keep.
                let adjustment = gtk_scrolled_window_get_vadjustment(parts.scrolled.opaque)
                let highest = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
                let target = min(max(kept, gtk_adjustment_get_lower(adjustment)), highest)
                if cells.placeToKeep == nil, cells.focusedRowTopToKeep == nil,
                    abs(target - gtk_adjustment_get_value(adjustment)) >= 0.5
                {
                    gtk_adjustment_set_value(adjustment, target)
                    return
                }
            }
        }
        guard cells.showsFirstRowsAtLayout else {
            // The focused row, else the first row in view, stays where it was; once the view
            // is where it stays, the pill's count follows it.
            let focusedMoved = restoreFocusedRowPlace()
            if focusedMoved { cells.placeToKeep = nil }
            if !focusedMoved, !restoreRowPlace() {
                focusNewestRowIfAsked()
                reportRowsAboveView()
                notePlace()
                reportRowsInView()
            }
            return
        }
        cells.showsFirstRowsAtLayout = false
        cells.focusedRowTopToKeep = nil
        cells.placeToKeep = nil
        let adjustment = gtk_scrolled_window_get_vadjustment(parts.scrolled.opaque)
        let value = gtk_adjustment_get_value(adjustment)
        // The focused row where GTK laid it out, in px from the top of the content.
        let focused = focusedWidgetInRows().flatMap(extentInListView).map {
            (value + $0.lowerBound)...(value + $0.upperBound)
        }
        let target = RefreshEngine.topOffset(
            keepingInView: focused, viewportHeight: gtk_adjustment_get_page_size(adjustment))
        if abs(target - value) >= 0.5 { gtk_adjustment_set_value(adjustment, target) }
        cells.firstRowsOffset = target
    }

    /// The widget that has the keyboard focus, if it is in one of this list's cells: a row, or
    /// the footer (End puts the focus there; left out of view, End could never bring the view
    /// back to it, since the focus would not move).
    private func focusedWidgetInRows() -> WidgetPointer? {
        guard let root = gtk_widget_get_root(parts.listView), let focus = gtk_root_get_focus(root),
            gtk_widget_is_ancestor(focus, parts.listView) != 0
        else { return nil }
        return focus
    }

    /// Where `widget` is in the list view's view (px from its top): its top to its bottom; nil
    /// when GTK does not show it (its cell is out of view, where it keeps an old allocation).
    func extentInListView(_ widget: WidgetPointer) -> ClosedRange<Double>? {
        guard gtk_widget_get_mapped(widget) != 0 else { return nil }
        var point = graphene_point_t()
        var origin = graphene_point_t(x: 0, y: 0)
        guard withUnsafePointer(to: &origin, { gtk_widget_compute_point(widget, parts.listView, $0, &point) }) != 0
        else { return nil }
        return Double(point.y)...(Double(point.y) + Double(gtk_widget_get_height(widget)))
    }
}
