// Rows: the list view shows the rows' list then the footer's (one sentinel entry while a footer
// shows), flattened, so a million rows cost what the visible ones do. A Swift list's rows are
// empty GtkStringList entries (the items live in Swift); a list driven through GObject holds the
// app's own objects in a GListStore, so the app's GtkSignalListItemFactory reads them from its
// list items. Every change is a single splice, one items-changed (two for a refresh that keeps
// rows in place); the list is never rebuilt.

import CGtk
internal import GtkInterop
import RefreshEngine

/// The object-data key under which a list item keeps its row widget.
private let rowKey = "refresh-list-row"
/// The object-data key marking a list item whose row was set up.
private let setUpKey = "refresh-list-set-up"

/// GTK's cells as the list tracks them.
struct Cells {
    /// The list item whose cell shows the footer in place of its row, if any.
    var footerItem: OpaquePointer?
    /// The list items bound to a row now (the rows GTK shows or keeps), to bind again when a
    /// refresh keeps them in place.
    var boundListItems: Set<OpaquePointer> = []
    /// Whether the model holds the footer's sentinel entry.
    var footerRowShown = false
    /// The frame clock whose layout phase puts the focused row back (connected once).
    var layoutClock: gpointer?
    /// The rows in view last reported to the engine (ListDriver+Bound.swift).
    var rowsInViewReported: RowsInView?
}

extension ListDriver {
    func connectModel() {
        let factory = gpointer(parts.factory)
        connections.onListItem(factory, "setup") { [weak self] listItem in
            guard let self else { return }
            // A cell shows the app's row widget itself (no wrapper: one widget less to measure,
            // lay out and draw per visible row on every scrolled frame); the cell that shows the
            // sentinel swaps it for the footer. The item keeps its row while it is swapped out.
            // Rows prepared near the view are made when first prepared (ListDriver+Preparation.swift).
            guard self.preparation.policy == nil else { return }
            let row: WidgetPointer?
            if let cellFactory = self.rows.cellFactory {
                emitListItemSignal(cellFactory, "setup", listItem)
                row = gtk_list_item_get_child(listItem)
            } else {
                row = self.rows.makeRow()
                gtk_list_item_set_child(listItem, row)
            }
            Self.keepRow(row, of: listItem)
        }
        connections.onListItem(factory, "bind") { [weak self] listItem in
            self?.bind(listItem)
        }
        connections.onListItem(factory, "unbind") { [weak self] listItem in
            self?.unbind(listItem)
        }
        connections.onListItem(factory, "teardown") { [weak self] listItem in
            // A cell that goes gives the footer back (it may still hold it: see `unbind`).
            guard let self else { return }
            self.unbind(listItem)
            if listItem == self.cells.footerItem { self.giveBackRow(listItem) }
            // The app's factory tears down only what it set up.
            if let cellFactory = self.rows.cellFactory, Self.wasSetUp(listItem) {
                emitListItemSignal(cellFactory, "teardown", listItem)
            }
        }
        // The keyboard selects as it moves (End, Down past the last row); the footer is not a
        // row, so it never stays selected.
        let selection = gtk_list_view_get_model(parts.listView.opaque)!
        connections.onNotify(gpointer(selection), "selected") { [weak self] in
            guard let self else { return }
            if gtk_single_selection_get_selected(selection) == UInt32(self.model.items.count) {
                gtk_selection_model_unselect_item(selection, UInt32(self.model.items.count))
            }
        }
    }

    private func bind(_ listItem: OpaquePointer) {
        let position = Int(gtk_list_item_get_position(listItem))
        if position < model.items.count {
            if listItem == cells.footerItem { giveBackRow(listItem) }
            cgtk_list_item_set_focusable(listItem, 1)
            gtk_list_item_set_selectable(listItem, 1)
            gtk_list_item_set_activatable(listItem, 1)
            cells.boundListItems.insert(listItem)
            if waits(at: position) { holdPlace(listItem, at: position) } else { prepare(listItem) }
        } else {
            // The sentinel: the footer moves into this cell (out of the one that had it).
            unbind(listItem)
            if let previous = cells.footerItem, previous != listItem { giveBackRow(previous) }
            gtk_list_item_set_selectable(listItem, 0)
            gtk_list_item_set_activatable(listItem, 0)
            // The footer takes the focus itself (End, Down past the last row): from GTK 4.12 a
            // focusable cell would take it first, and the footer's status would never be the
            // focused object a screen reader reads.
            cgtk_list_item_set_focusable(listItem, 0)
            gtk_list_item_set_child(listItem, parts.footer)
            cells.footerItem = listItem
        }
    }

    /// GTK 4.8 unbinds and binds again a cell whose position only moved (the sentinel's, when
    /// a page goes in above it): the footer stays in its cell until another item is bound
    /// there or the sentinel is bound elsewhere, so a focused Retry or footer keeps the focus.
    private func unbind(_ listItem: OpaquePointer) {
        let waited = preparation.waiting.remove(listItem) != nil
        guard cells.boundListItems.remove(listItem) != nil, !waited, let cellFactory = rows.cellFactory else { return }
        emitListItemSignal(cellFactory, "unbind", listItem)
    }

    /// Binds the rows GTK holds in `positions` again, to the items there now (a refresh kept
    /// them in place, and a kept row's content may have changed).
    private func bindAgain(_ positions: Range<Int>) {
        // A list of the app's objects keeps the kept rows' objects (see `applyRefresh`).
        guard rows.cellFactory == nil else { return }
        for listItem in cells.boundListItems {
            let position = Int(gtk_list_item_get_position(listItem))
            // A waiting row is bound when it is prepared.
            guard positions.contains(position), !preparation.waiting.contains(listItem),
                let row = Self.row(of: listItem)
            else { continue }
            rows.bind(row, model.items[position])
        }
    }

    /// Puts the cell's own row back in place of the footer.
    private func giveBackRow(_ listItem: OpaquePointer) {
        gtk_list_item_set_child(listItem, Self.row(of: listItem))
        cgtk_list_item_set_focusable(listItem, 1)
        cells.footerItem = nil
    }

    /// The app's row widget made for this cell.
    static func row(of listItem: OpaquePointer) -> WidgetPointer? {
        g_object_get_data(object(listItem), rowKey).map { $0.assumingMemoryBound(to: GtkWidget.self) }
    }

    /// Keeps `row`, the app's row widget made for this cell, with the cell's item (a reference
    /// held), and notes that the cell was set up.
    static func keepRow(_ row: WidgetPointer?, of listItem: OpaquePointer) {
        g_object_set_data(object(listItem), setUpKey, UnsafeMutableRawPointer(bitPattern: 1))
        guard let row else { return }
        g_object_set_data_full(object(listItem), rowKey, g_object_ref(row.raw), { g_object_unref($0) })
    }

    /// Whether the cell's row was set up (made by `makeRow`, or the app's factory's `setup`).
    static func wasSetUp(_ listItem: OpaquePointer) -> Bool { g_object_get_data(object(listItem), setUpKey) != nil }

    private static func object(_ listItem: OpaquePointer) -> UnsafeMutablePointer<GObject> {
        UnsafeMutableRawPointer(listItem).assumingMemoryBound(to: GObject.self)
    }

    /// Replaces `removing` entries at `position` with `adding` new ones, the rows now at
    /// `position..<position + adding` of the items: one items-changed.
    func splice(at position: Int, removing: Int, adding: Int) {
        guard let object = rows.object else {
            spliceEmptyEntries(parts.rowStore, at: position, removing: removing, adding: adding)
            return
        }
        guard removing > 0 || adding > 0 else { return }
        var added = model.items[position..<(position + adding)].map { Optional(object($0)) }
        added.withUnsafeMutableBufferPointer { objects in
            g_list_store_splice(parts.rowStore, guint(position), guint(removing), objects.baseAddress, guint(adding))
        }
    }

    /// Adds or removes the sentinel entry so it shows exactly when the engine shows a footer.
    func syncFooterRow() {
        let wanted = engine.footer != .hidden
        guard wanted != cells.footerRowShown else { return }
        spliceEmptyEntries(parts.footerStore, at: 0, removing: wanted ? 0 : 1, adding: wanted ? 1 : 0)
        cells.footerRowShown = wanted
    }

    /// Applies a refresh answer: replace (first occurrence of each id) or prepend what is new.
    /// Returns how many of the rows shown now were not shown before, and how many went in
    /// before the first row in view.
    func applyRefresh(_ page: Page<Item>) -> (new: Int, above: Int) {
        switch configuration.engine.refreshMerge {
        case .replace:
            let shown = ShownCheck(self, nearTop: true)
            let (merged, index, new) = PageMerger.replace(with: page.items, id: { $0.id }, old: model.shownIDs) {
                shown.contains($0)
            }
            // The rows the answer keeps at the top stay the same rows on screen, so the
            // keyboard focus and the scroll position stay on them: new rows go in above them,
            // and only the rest is replaced.
            var fresh = merged
            let (prepended, kept) = PageMerger.replacementKeeps(old: model.items, new: fresh, id: { $0.id })
            // The app's objects: a kept row stays the object shown (its list item stays bound to
            // it); an app changes a row through its object's properties.
            if rows.cellFactory != nil, kept > 0 {
                fresh.replaceSubrange(prepended..<(prepended + kept), with: model.items[0..<kept])
            }
            if prepended > 0 { keepFocusedRowInPlace() }
            let above = measurePlace(insertingAt: 0, count: prepended)
            let oldCount = model.items.count
            model.items = fresh
            model.shownIDs = index
            splice(at: 0, removing: 0, adding: prepended)
            splice(at: prepended + kept, removing: oldCount - kept, adding: fresh.count - prepended - kept)
            bindAgain(prepended..<(prepended + kept))
            return (new, above)
        case .prependNew:
            // New rows are usually checked against the newest, at the top.
            let shown = ShownCheck(self, nearTop: true)
            let fresh = PageMerger.keepNew(page.items, id: { $0.id }, shown: &model.shownIDs) { shown.contains($0) }
            if !fresh.isEmpty { keepFocusedRowInPlace() }
            let above = measurePlace(insertingAt: 0, count: fresh.count)
            model.items.insert(contentsOf: fresh, at: 0)
            splice(at: 0, removing: 0, adding: fresh.count)
            return (fresh.count, above)
        }
    }

    /// Rows are about to go in above the rest: if the keyboard focus is on a row, it is kept
    /// where it is on screen (the rows above it grow out of view), so a keyboard or screen-
    /// reader user reading the list is not moved. Where the engine sends the view to the first
    /// rows instead (at the top: ListDriver+Placement.swift), that wins.
    func keepFocusedRowInPlace() {
        place(.rowsGoingInAbove(focusedRowTop: focusedRowTop()))
    }

    /// Where the focused row's top is in the list view, or nil when the focus is not on a row
    /// of this list.
    func focusedRowTop() -> Double? {
        guard let root = gtk_widget_get_root(parts.listView), let focus = gtk_root_get_focus(root),
            gtk_widget_is_ancestor(focus, parts.listView) != 0,
            focus != parts.footer, gtk_widget_is_ancestor(focus, parts.footer) == 0
        else { return nil }
        var point = graphene_point_t()
        var origin = graphene_point_t(x: 0, y: 0)
        guard withUnsafePointer(to: &origin, { gtk_widget_compute_point(focus, parts.listView, $0, &point) }) != 0
        else {
            return nil
        }
        return Double(point.y)
    }

    /// Whether a row with `id` is shown: the identifier index rules most rows out at once; the
    /// rest are looked for from the end where they most likely are.
    func isShown(_ id: Item.ID, nearTop: Bool) -> Bool {
        model.shownIDs.mayContain(id) && rowIsShown(id, nearTop: nearTop)
    }

    /// The exact check: a row with `id` among the items, looked for from the top or the bottom.
    func rowIsShown(_ id: Item.ID, nearTop: Bool) -> Bool {
        nearTop ? model.items.contains { $0.id == id } : model.items.reversed().contains { $0.id == id }
    }

    /// Appends a page, skipping rows already shown.
    func applyPage(_ page: Page<Item>) {
        // A page's duplicates are usually rows of the page before, at the bottom.
        let shown = ShownCheck(self, nearTop: false)
        let fresh = PageMerger.keepNew(page.items, id: { $0.id }, shown: &model.shownIDs) { shown.contains($0) }
        let position = model.items.count
        model.items.append(contentsOf: fresh)
        splice(at: position, removing: 0, adding: fresh.count)
    }
}

/// The rows shown and what de-duplication knows of them. A class, so de-duplication can update
/// the identifier index in place while it reads the rows.
@MainActor
final class RowModel<Item: Identifiable & Sendable> where Item.ID: Sendable {
    /// The rows shown, in order.
    var items: [Item] = []
    /// The identifiers of `items`, for ruling most duplicates out at once.
    var shownIDs = ShownIdentifiers<Item.ID>()
    /// Rows received for the top that wait to go in, in the order they came
    /// (ListDriver+Arrivals.swift).
    var arrivals: [Item] = []
    /// The identifiers of `arrivals`.
    var arrivalIDs: Set<Item.ID> = []
}

/// The exact "is a row with this id shown?" for the rows of one answer whose hash value was
/// seen before. The first few are looked for from the end of the rows where they most likely
/// are (the last page, the newest rows); past that, one set of every shown id is built and
/// asked, so an answer full of rows already shown costs O(rows), never O(rows²).
@MainActor
final class ShownCheck<Item: Identifiable & Sendable> where Item.ID: Sendable {
    /// Scans before building the set: a scan costs up to one pass over the rows, the set one
    /// pass plus its memory.
    static var scansBeforeSet: Int { 8 }

    // The list, not a copy of its rows: holding the array would make the append that follows
    // copy all of it.
    private unowned let list: ListDriver<Item>
    private let nearTop: Bool
    private var scans = 0
    private var all: Set<Item.ID>?

    init(_ list: ListDriver<Item>, nearTop: Bool) {
        self.list = list
        self.nearTop = nearTop
    }

    func contains(_ id: Item.ID) -> Bool {
        if let all { return all.contains(id) }
        if scans < Self.scansBeforeSet {
            scans += 1
            return list.rowIsShown(id, nearTop: nearTop)
        }
        let built = Set(list.items.lazy.map(\.id))
        all = built
        return built.contains(id)
    }
}
