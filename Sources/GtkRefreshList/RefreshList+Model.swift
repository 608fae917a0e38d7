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


    /// Applies a refresh answer: replace (first occurrence of each id) or prepend what is new.
    /// Returns how many of the rows shown now were not shown before.
    func applyRefresh(_ page: Page<Item>) -> Int {
        switch configuration.engine.refreshMerge {
        case .replace:
            let shown = ShownCheck(self, nearTop: true)
            let (fresh, index, new) = PageMerger.replace(with: page.items, id: { $0.id }, old: shownIDs) { shown.contains($0) }
            duplicatesDropped += page.items.count - fresh.count
            let oldCount = items.count
            items = fresh
            shownIDs = index
            splice(at: 0, removing: oldCount, adding: fresh.count)
            return new
        case .prependNew:
            // New rows are usually checked against the newest, at the top.
            let shown = ShownCheck(self, nearTop: true)
            let fresh = PageMerger.keepNew(page.items, id: { $0.id }, shown: &shownIDs) { shown.contains($0) }
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
        let shown = ShownCheck(self, nearTop: false)
        let fresh = PageMerger.keepNew(page.items, id: { $0.id }, shown: &shownIDs) { shown.contains($0) }
        duplicatesDropped += page.items.count - fresh.count
        let position = items.count
        items.append(contentsOf: fresh)
        splice(at: position, removing: 0, adding: fresh.count)
    }
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
    private unowned let list: RefreshList<Item>
    private let nearTop: Bool
    private var scans = 0
    private var all: Set<Item.ID>?

    init(_ list: RefreshList<Item>, nearTop: Bool) {
        self.list = list
        self.nearTop = nearTop
    }

    func contains(_ id: Item.ID) -> Bool {
        if let all { return all.contains(id) }
        if scans < Self.scansBeforeSet {
            scans += 1
            list.exactChecks.scans += 1
            return list.rowIsShown(id, nearTop: nearTop)
        }
        list.exactChecks.sets += 1
        let built = Set(list.items.lazy.map(\.id))
        all = built
        return built.contains(id)
    }
}
