// Where the view goes after rows went in: the engine decides (its `placement`,
// ViewPlacement.swift) and this file carries it out at each layout of the list view, once GTK
// placed the new rows: it measures what the placement asks (the focused row, the first row in
// view, a row's top, the adjustment), sends it as a placement event and scrolls where the
// engine says. Every fact reaches the placement as an event (`place`), never as a write. It also measures the facts the
// engine decides with: which rows were in view when a replacing answer went in, and how many
// rows went in before the first one in view.

import CGtk
internal import GtkInterop
import RefreshEngine

extension ListDriver {
    /// Before `count` rows go in at `index`: the placement notes the first row in view and
    /// where it is (for `keepPlace`); returns how many of them go in before it (0 when no row
    /// is in view).
    func measurePlace(insertingAt index: Int, count: Int) -> Int {
        place(.rowsGoingIn(at: index, count: count, firstInView: count > 0 ? firstRowInView() : nil))
        return engine.placement.goingInAbove
    }

    /// `.keepPlace` and `.scrollToTop`: the engine's placement says where the view goes; the
    /// next layout carries it out.
    func placeAtNextLayout() {
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

    /// The list is about to give up the header's height, or take it back: the placement keeps
    /// a view at the top there (where the rows a refresh brings show) and a view in mid-list
    /// at its offset, through the layout that resizes it.
    func keepViewThroughResize() {
        let adjustment = gtk_scrolled_window_get_vadjustment(parts.scrolled.opaque)
        place(.listResizing(offset: gtk_adjustment_get_value(adjustment)))
    }

    /// At every layout of the list view's frame clock (before the frame is drawn): while the
    /// placement awaits a layout, what it needs is measured and sent (`.layout`), and the view
    /// goes where it says (`scrollView`, `viewSettled`); otherwise the view stays and is settled.
    func placeViewAfterLayout() {
        guard engine.placement.awaitsLayout else { return viewSettled() }
        let adjustment = gtk_scrolled_window_get_vadjustment(parts.scrolled.opaque)!
        let highest = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        let measured = engine.placement.rowToMeasure.flatMap { position in
            rowTop(at: position).map { RowPlace(position: position, top: $0) }
        }
        let facts = LayoutFacts(
            offset: gtk_adjustment_get_value(adjustment), lowestOffset: gtk_adjustment_get_lower(adjustment),
            highestOffset: highest, viewportHeight: gtk_adjustment_get_page_size(adjustment),
            focusedTop: focusedRowTop(), focused: focusedWidgetInRows().flatMap(extentInListView),
            measuredRow: measured)
        place(.layout(facts))
    }

    /// `scrollView`: the view goes to `offset`, inside the layout (GTK lays out again).
    func scrollView(to offset: Double) {
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(parts.scrolled.opaque), offset)
    }

    /// The view stays where it is after a layout: the pill's count, the rows in view and the
    /// saved place follow it.
    func viewSettled() {
        reportRowsAboveView()
        notePlace()
        reportRowsInView()
    }

    /// The top of the row at `position`'s cell (px from the top of the view), as
    /// `firstRowInView` measures it; nil when it is not drawn.
    private func rowTop(at position: Int) -> Double? {
        for listItem in cells.boundListItems where Int(gtk_list_item_get_position(listItem)) == position {
            guard let row = gtk_list_item_get_child(listItem) else { return nil }
            return extentInListView(gtk_widget_get_parent(row) ?? row)?.lowerBound
        }
        return nil
    }

    /// The widget that has the keyboard focus, if it is in one of this list's cells: a row, or
    /// the footer (End puts the focus there; left out of view, End could never bring the view
    /// back to it, since the focus would not move).
    func focusedWidgetInRows() -> WidgetPointer? {
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
