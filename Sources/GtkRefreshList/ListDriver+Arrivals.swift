// Live arrivals carried out: a stream's new rows (`receive`) wait here, in the order they came,
// until the engine says they go in (RefreshEngine+Arrivals.swift): at once at the top, together
// a few times a second away from it, so a burst of posts leaves most frames idle and input is
// drawn at once. They go in as one insert above the rest: one splice, the place kept.

import RefreshEngine

extension ListDriver {
    /// `RefreshList.receive` (RefreshList.swift says what it does).
    @discardableResult
    func receive(_ item: Item) -> Bool {
        guard !isDisposed, !model.arrivalIDs.contains(item.id), !isShown(item.id, nearTop: true) else { return false }
        model.arrivals.append(item)
        model.arrivalIDs.insert(item.id)
        send(.arrivalsWaiting(model.arrivals.count))
        return true
    }

    /// `RefreshList.arrivals` (RefreshList.swift says what it does).
    var arrivals: [Item] { model.arrivals }

    /// `.insertArrivals`: every row waiting goes in at the top (the newest first), in one
    /// splice, and the engine hears of it as of an insert above the view.
    func insertArrivals() {
        let received = model.arrivals
        model.arrivals = []
        model.arrivalIDs = []
        let fresh = received.reversed().filter { !isShown($0.id, nearTop: true) }
        guard !fresh.isEmpty else { return }
        let now = Self.monotonicNow()
        guard engine.showsNewestRows else {
            // Not above the newest rows, which would leave a gap: counted, and loaded with the
            // rows above.
            queue.enqueue(.rowsArrivedAboveShown(fresh.count), at: now)
            return
        }
        keepFocusedRowInPlace()
        let above = measurePlace(insertingAt: 0, count: fresh.count)
        model.items.insert(contentsOf: fresh, at: 0)
        for item in fresh { model.shownIDs.insert(item.id) }
        splice(at: 0, removing: 0, adding: fresh.count)
        queue.enqueue(.itemsShown(model.items.count), at: now)
        queue.enqueue(.rowsInsertedAbove(above), at: now)
    }

    /// Takes the row with `id` out of the rows waiting, if it waits there.
    func removeArrival(id: Item.ID) -> Item? {
        guard model.arrivalIDs.remove(id) != nil, let index = model.arrivals.firstIndex(where: { $0.id == id }) else {
            return nil
        }
        let item = model.arrivals.remove(at: index)
        send(.arrivalsWaiting(model.arrivals.count))
        return item
    }

    /// Replaces the waiting row whose id is `item.id` with `item`; whether one waited.
    func updateArrival(_ item: Item) -> Bool {
        guard model.arrivalIDs.contains(item.id), let index = model.arrivals.firstIndex(where: { $0.id == item.id })
        else {
            return false
        }
        model.arrivals[index] = item
        return true
    }
}
