// Live arrivals carried out: a stream's new rows (`receive`) wait here, in the order they came,
// until the engine says they go in (RefreshEngine+Arrivals.swift): at once at the top, together
// a few times a second away from it, so a burst of posts leaves most frames idle and input is
// drawn at once. They go in as one insert above the rest: one splice, the place kept.

import RefreshEngine

extension RefreshList {
    /// Receives `item`, a row newer than every row shown (a stream's new post), for the top.
    /// At the top of the list (or before it is laid out) it goes in at once, as `insert` does;
    /// away from the top it waits in `arrivals` with the rows received after it and they go in
    /// together, at most `arrivalBatchInterval` (500 ms by default) after the first of them,
    /// or as soon as the view reaches the top: the place holds and the "N new" pill counts them
    /// then. Rows waiting are not in `items` or `model` and not counted in `state.newAbove`
    /// yet (`state.arrivalsWaiting` says how many wait). They go in on top in the order they
    /// were received, the last one newest. A row whose id is shown by then (a refresh brought
    /// it) is not put in twice; while the newest rows are not shown (a bounded list dropped rows
    /// above), the rows are not put in but counted in the pill, and load with the rows above, as
    /// for `insert`. Returns `false` and keeps nothing when a row with the same id is shown or
    /// waiting already, or the widget is gone.
    @discardableResult
    public func receive(_ item: Item) -> Bool {
        guard !isDisposed, !model.arrivalIDs.contains(item.id), !isShown(item.id, nearTop: true) else { return false }
        model.arrivals.append(item)
        model.arrivalIDs.insert(item.id)
        send(.arrivalsWaiting(model.arrivals.count))
        return true
    }

    /// Rows received (`receive`) that wait to go in at the top, in the order they were received.
    public var arrivals: [Item] { model.arrivals }

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
