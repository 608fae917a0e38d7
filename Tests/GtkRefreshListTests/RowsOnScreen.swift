// What the rows look like on screen, read from the widget tree as a user would see them: the
// first row the view shows and where, where a widget is, the list's scroll position and its
// scrollbar's slider, and the "N new" pill with its words. Shared by the tests of the pill, the place and its Retry.

import CGtk
import GtkInterop
import GtkRefreshList
import ListProbe

/// A row shown on screen: its label's text ("row 7") and its top in the list's coordinates.
struct ShownRow: Equatable {
    var text: String
    var top: Double
}

/// The first row the view shows (in part), read from the widget tree.
@MainActor func firstVisibleRow(of list: RefreshList<Row>) -> ShownRow? {
    let viewHeight = Double(gtk_widget_get_height(list.scrollerWidget))
    let viewTop = screenTop(of: list.scrollerWidget, in: list)
    var first: ShownRow?
    var cell = list.listViewIfShown.flatMap { gtk_widget_get_first_child($0) }
    while let current = cell {
        cell = gtk_widget_get_next_sibling(current)
        guard gtk_widget_get_mapped(current) != 0, gtk_widget_get_child_visible(current) != 0,
            let label = gtk_widget_get_first_child(current), gtk_widget_has_css_class(label, "refresh-footer") == 0,
            let text = shownText(of: label)
        else { continue }
        let top = screenTop(of: current, in: list)
        let bottom = top + Double(gtk_widget_get_height(current))
        guard bottom > viewTop, top < viewTop + viewHeight, top < first?.top ?? .infinity else { continue }
        first = ShownRow(text: text, top: top)
    }
    return first
}

/// The text a row's widget shows: its label's, or nil for what is no label (the box holding a
/// waiting row's place, `prepares-rows`).
@MainActor func shownText(of widget: WidgetPointer) -> String? {
    guard g_type_check_instance_is_a(cast(widget.raw), gtk_label_get_type()) != 0,
        let text = gtk_label_get_text(widget.opaque)
    else { return nil }
    return String(cString: text)
}

/// The row showing `text` ("row 7"), if its cell is laid out: its top in the list's coordinates.
@MainActor func shownRow(_ text: String, of list: RefreshList<Row>) -> ShownRow? {
    var cell = list.listViewIfShown.flatMap { gtk_widget_get_first_child($0) }
    while let current = cell {
        cell = gtk_widget_get_next_sibling(current)
        guard gtk_widget_get_mapped(current) != 0, gtk_widget_get_child_visible(current) != 0,
            let label = gtk_widget_get_first_child(current), shownText(of: label) == text
        else { continue }
        return ShownRow(text: text, top: screenTop(of: current, in: list))
    }
    return nil
}

/// Where `widget`'s top is on screen, in `list`'s coordinates.
@MainActor func screenTop(of widget: WidgetPointer, in list: RefreshList<Row>) -> Double {
    var point = graphene_point_t()
    var origin = graphene_point_t(x: 0, y: 0)
    _ = withUnsafePointer(to: &origin) { gtk_widget_compute_point(widget, list.widget, $0, &point) }
    return Double(point.y)
}

/// The list's vertical scroll position.
@MainActor func verticalAdjustment(_ list: RefreshList<Row>) -> UnsafeMutablePointer<GtkAdjustment> {
    gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)!
}

/// The pill (`.refresh-new-pill`), the widget's last child.
@MainActor func newPill(of list: RefreshList<Row>) -> WidgetPointer? {
    descendant(of: list.widget, withClass: "refresh-new-pill")
}

/// The pill's words as shown, or nil while it is hidden.
@MainActor func newPillText(of list: RefreshList<Row>) -> String? {
    guard let pill = newPill(of: list), gtk_widget_get_visible(pill) != 0, gtk_widget_get_mapped(pill) != 0,
        let label = descendant(of: pill, named: "label")
    else { return nil }
    return labelText(label)
}

/// The middle of the vertical scrollbar's slider, in `list`'s coordinates: where a pointer
/// grabs it. The pointer should be over the scrollbar first (an overlay scrollbar widens then).
@MainActor func scrollbarSlider(of list: RefreshList<Row>) -> (x: Int, y: Int)? {
    guard let scrollbar = gtk_scrolled_window_get_vscrollbar(list.scrollerWidget.opaque),
        let slider = descendant(of: scrollbar, named: "slider")
    else { return nil }
    var point = graphene_point_t()
    var middle = graphene_point_t(
        x: Float(gtk_widget_get_width(slider)) / 2, y: Float(gtk_widget_get_height(slider)) / 2)
    _ = withUnsafePointer(to: &middle) { gtk_widget_compute_point(slider, list.widget, $0, &point) }
    return (Int(point.x), Int(point.y))
}
