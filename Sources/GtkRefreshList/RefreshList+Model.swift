// Rows: a GtkStringList with one (empty) entry per item plus the footer sentinel, shown by a
// GtkListView so a million rows cost what the visible ones do. Every change is a single
// splice, one items-changed; the list is never rebuilt.

import CGtk
internal import GtkInterop
import RefreshEngine

extension RefreshList {
    func connectModel() {
        let factory = gpointer(parts.factory)
        connections.onListItem(factory, "setup") { [weak self] listItem in
            guard let self else { return }
            // A cell: the app's row widget; the footer joins it when this cell shows the sentinel.
            let cell = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_box_append(cell.box, self.rows.makeRow())
            gtk_list_item_set_child(listItem, cell)
        }
        connections.onListItem(factory, "bind") { [weak self] listItem in
            self?.bind(listItem)
        }
        connections.onListItem(factory, "unbind") { [weak self] listItem in
            self?.unbind(listItem)
        }
    }

    private func bind(_ listItem: OpaquePointer) {
        guard let cell = gtk_list_item_get_child(listItem), let row = gtk_widget_get_first_child(cell) else { return }
        let position = Int(gtk_list_item_get_position(listItem))
        if position < items.count {
            gtk_widget_set_visible(row, 1)
            gtk_list_item_set_selectable(listItem, 1)
            gtk_list_item_set_activatable(listItem, 1)
            rows.bind(row, items[position])
        } else {
            // The sentinel: the footer moves into this cell.
            gtk_widget_set_visible(row, 0)
            gtk_list_item_set_selectable(listItem, 0)
            gtk_list_item_set_activatable(listItem, 0)
            if let parent = gtk_widget_get_parent(parts.footer) { gtk_box_remove(parent.box, parts.footer) }
            gtk_box_append(cell.box, parts.footer)
        }
    }

    private func unbind(_ listItem: OpaquePointer) {
        guard let cell = gtk_list_item_get_child(listItem) else { return }
        if gtk_widget_get_parent(parts.footer) == cell { gtk_box_remove(cell.box, parts.footer) }
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
