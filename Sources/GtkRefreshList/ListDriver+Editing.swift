// The app's own changes to the rows (an inbox deletes a message, marks one read, files a new
// one): each is one splice, keeps rows unique by id, and tells the engine how many rows are
// shown, so the footer and load-more stay right. A row put in above the view is one more
// arrival for the engine: at the top the view shows it, away from it the place holds and the
// pill counts it.

import RefreshEngine

extension ListDriver {
    /// `RefreshList.insert` (RefreshList.swift says what it does).
    @discardableResult
    func insert(_ item: Item, at index: Int = 0) -> Bool {
        guard !isDisposed, !isShown(item.id, nearTop: true) else { return false }
        let position = min(max(index, 0), model.items.count)
        if position == 0, !engine.showsNewestRows {
            send(.rowsArrivedAboveShown(1))
            return false
        }
        keepFocusedRowInPlace()
        let above = measurePlace(insertingAt: position, count: 1)
        model.items.insert(item, at: position)
        model.shownIDs.insert(item.id)
        splice(at: position, removing: 0, adding: 1)
        queue.enqueue(.itemsShown(model.items.count), at: Self.monotonicNow())
        send(.rowsInsertedAbove(above))
        return true
    }

    /// `RefreshList.remove` (RefreshList.swift says what it does).
    @discardableResult
    func remove(id: Item.ID) -> Item? {
        guard !isDisposed else { return nil }
        if let item = removeArrival(id: id) { return item }
        // (Its hash value stays in the index: a later row with this id is then checked exactly.)
        guard model.shownIDs.mayContain(id), let position = model.items.firstIndex(where: { $0.id == id })
        else {
            return nil
        }
        let item = model.items.remove(at: position)
        splice(at: position, removing: 1, adding: 0)
        send(.itemsShown(model.items.count))
        return item
    }

    /// `RefreshList.update` (RefreshList.swift says what it does).
    @discardableResult
    func update(_ item: Item) -> Bool {
        guard !isDisposed else { return false }
        if updateArrival(item) { return true }
        guard model.shownIDs.mayContain(item.id),
            let position = model.items.firstIndex(where: { $0.id == item.id })
        else {
            return false
        }
        model.items[position] = item
        splice(at: position, removing: 1, adding: 1)
        return true
    }
}
