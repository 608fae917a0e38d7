// Rows: a GtkStringList with one (empty) entry per item plus the footer sentinel, shown by a
// GtkListView so a million rows cost what the visible ones do. Every change is a single
// splice, one items-changed; the list is never rebuilt.

import CGtk
internal import GtkInterop
import RefreshEngine

/// The object-data key under which a list item keeps its row widget.
private let rowKey = "refresh-list-row"

extension RefreshList {
    func connectModel() {
        let factory = gpointer(parts.factory)
        connections.onListItem(factory, "setup") { [weak self] listItem in
            guard let self else { return }
            // A cell shows the app's row widget itself (no wrapper: one widget less to measure,
            // lay out and draw per visible row on every scrolled frame); the cell that shows the
            // sentinel swaps it for the footer. The item keeps its row while it is swapped out.
            let row = self.rows.makeRow()
            g_object_set_data_full(Self.object(listItem), rowKey, g_object_ref(row.raw), { g_object_unref($0) })
            gtk_list_item_set_child(listItem, row)
        }
        connections.onListItem(factory, "bind") { [weak self] listItem in
            self?.bind(listItem)
        }
        connections.onListItem(factory, "unbind") { [weak self] listItem in
            self?.unbind(listItem)
        }
        connections.onListItem(factory, "teardown") { [weak self] listItem in
            // GTK unbinds first; should it not, the item is forgotten before it goes.
            if let self, listItem == self.footerItem { self.footerItem = nil }
        }
    }

    private func bind(_ listItem: OpaquePointer) {
        guard let row = Self.row(of: listItem) else { return }
        let position = Int(gtk_list_item_get_position(listItem))
        if position < items.count {
            if listItem == footerItem { giveBackRow(listItem) }
            gtk_list_item_set_selectable(listItem, 1)
            gtk_list_item_set_activatable(listItem, 1)
            rows.bind(row, items[position])
        } else {
            // The sentinel: the footer moves into this cell (out of the one that had it).
            if let previous = footerItem, previous != listItem { giveBackRow(previous) }
            gtk_list_item_set_selectable(listItem, 0)
            gtk_list_item_set_activatable(listItem, 0)
            gtk_list_item_set_child(listItem, parts.footer)
            footerItem = listItem
        }
    }

    private func unbind(_ listItem: OpaquePointer) {
        if listItem == footerItem { giveBackRow(listItem) }
    }

    /// Puts the cell's own row back in place of the footer.
    private func giveBackRow(_ listItem: OpaquePointer) {
        gtk_list_item_set_child(listItem, Self.row(of: listItem))
        footerItem = nil
    }

    /// The app's row widget made for this cell.
    private static func row(of listItem: OpaquePointer) -> WidgetPointer? {
        g_object_get_data(object(listItem), rowKey).map { $0.assumingMemoryBound(to: GtkWidget.self) }
    }

    private static func object(_ listItem: OpaquePointer) -> UnsafeMutablePointer<GObject> {
        UnsafeMutableRawPointer(listItem).assumingMemoryBound(to: GObject.self)
    }

    /// Replaces `removing` entries at `position` with `adding` new ones: one items-changed.
    func splice(at position: Int, removing: Int, adding: Int) {
        spliceEmptyEntries(parts.store, at: position, removing: removing, adding: adding)
    }

    /// Adds or removes the sentinel entry so it shows exactly when the engine shows a footer.
    func syncFooterRow() {
        let wanted = engine.footer != .hidden
        guard wanted != footerRowShown else { return }
        if wanted {
            splice(at: items.count, removing: 0, adding: 1)
        } else {
            splice(at: items.count, removing: 1, adding: 0)
        }
        footerRowShown = wanted
    }

    /// Rows in the model: the items plus the sentinel when shown.
    var modelRowCount: Int { Int(g_list_model_get_n_items(parts.store)) }

    /// Applies a refresh answer: replace (first occurrence of each id) or prepend what is new.
    /// Returns how many of the rows shown now were not shown before.
    func applyRefresh(_ page: Page<Item>) -> Int {
        let incoming = page.items.map(\.id)
        switch configuration.refreshMerge {
        case .replace:
            let keep = PageMerger.rowsToReplace(incoming: incoming)
            let fresh = keep.map { page.items[$0] }
            let new = fresh.reduce(0) { $0 + (isShown($1.id, nearTop: true) ? 0 : 1) }
            duplicatesDropped += page.items.count - fresh.count
            let oldCount = items.count
            items = fresh
            shownIDs = ShownIdentifiers(fresh.lazy.map(\.id))
            splice(at: 0, removing: oldCount, adding: fresh.count)
            return new
        case .prependNew:
            // New rows are usually checked against the newest, at the top.
            let fresh = PageMerger.keepNew(page.items, id: { $0.id }, shown: &shownIDs) { rowIsShown($0, nearTop: true) }
            duplicatesDropped += page.items.count - fresh.count
            items.insert(contentsOf: fresh, at: 0)
            splice(at: 0, removing: 0, adding: fresh.count)
            return fresh.count
        }
    }

    /// Whether a row with `id` is shown: the identifier index rules most rows out at once; the
    /// rest are looked for from the end where they most likely are.
    func isShown(_ id: Item.ID, nearTop: Bool) -> Bool {
        shownIDs.mayContain(id) && rowIsShown(id, nearTop: nearTop)
    }

    /// The exact check: a row with `id` among the items, looked for from the top or the bottom.
    func rowIsShown(_ id: Item.ID, nearTop: Bool) -> Bool {
        nearTop ? items.contains { $0.id == id } : items.reversed().contains { $0.id == id }
    }

    /// Appends a page, skipping rows already shown.
    func applyPage(_ page: Page<Item>) {
        // A page's duplicates are usually rows of the page before, at the bottom.
        let fresh = PageMerger.keepNew(page.items, id: { $0.id }, shown: &shownIDs) { rowIsShown($0, nearTop: false) }
        duplicatesDropped += page.items.count - fresh.count
        let position = items.count
        items.append(contentsOf: fresh)
        splice(at: position, removing: 0, adding: fresh.count)
    }
}
