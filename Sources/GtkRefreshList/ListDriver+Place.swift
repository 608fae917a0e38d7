// The cursor form of loading and the place that survives a restart. A cursor loader is asked
// for rows by the ids of rows shown (PageRequest.swift); with one, and a `placeKey`, the list
// saves the first row in view and its offset when the engine says (the view rested, the list
// closes) and opens there at the next start. The engine decides when to restore, load newer
// rows and fall back (RefreshEngine+Restore.swift); this file asks, applies and measures.

import CGtk
internal import GtkInterop
import RefreshEngine

extension ListDriver {
    typealias CursorLoader = RefreshList<Item>.CursorLoader
    typealias CursorCallback = RefreshList<Item>.CursorCallback

    /// What the cursor form needs: the loader, the id as text for the place file, and the place.
    struct Cursor {
        var loader: Run<PageRequest<Item.ID>>
        var idText: @MainActor (Item.ID) -> String
        var idFromText: @MainActor (String) -> Item.ID?
        /// The place being restored: its id, and its top in px from the top of the view.
        var restoring: (id: Item.ID, top: Double)?
        /// The first row in view at the last layout, kept for the save when the list closes
        /// (its rows are unmapped by then).
        var lastPlace: SavedPlace?
        /// Where places are kept, when the configuration names a `placeKey`.
        var store: PlaceStore?
    }

    /// The place memory to begin the engine with, the saved place read (a corrupt file warns,
    /// counts as none, and is replaced at the next save).
    func placeMemoryAtStart() -> PlaceMemory {
        guard let key = configuration.placeKey, var cursor = loading.cursor else { return .off }
        let store = PlaceStore(applicationID: Self.applicationID(), stateDirectory: configuration.stateDirectory)
        cursor.store = store
        defer { loading.cursor = cursor }
        guard let saved = store.load(key: key), let id = cursor.idFromText(saved.id) else { return .nothingSaved }
        cursor.restoring = (id, saved.top)
        return .saved
    }

    /// `startRefresh(origin: .restore)`: asks for the saved row and the rows older than it.
    func startRestoreLoader(_ token: OperationToken) {
        guard let saved = loading.cursor?.restoring else {
            send(.restoreCompleted(token, .success(received: 0, hasMore: nil), found: false))
            return
        }
        run(token, loading.cursor?.loader, .at(saved.id), missing: "no loader") { list, result in
            let found = (try? result.get())?.items.contains { $0.id == saved.id } ?? false
            list.send(.restoreCompleted(token, list.outcome(token, result), found: found))
        }
    }

    /// `startLoadNewer`: asks for the rows newer than the first row shown.
    func startNewerLoader(_ token: OperationToken) {
        guard let first = model.items.first else {
            send(.loadNewerCompleted(token, .success(received: 0, hasMore: false)))
            return
        }
        run(token, loading.cursor?.loader, .newer(than: first.id), missing: "no loader") { list, result in
            list.send(.loadNewerCompleted(token, list.outcome(token, result)))
        }
    }

    /// `applyRestore`: the answer becomes the rows, and the next layout puts the saved row where
    /// it was saved.
    func applyRestore(_ page: Page<Item>) {
        let (rows, index, _) = PageMerger.replace(
            with: page.items, id: { $0.id }, old: ShownIdentifiers(), wasShown: { _ in false })
        let oldCount = model.items.count
        model.items = rows
        model.shownIDs = index
        splice(at: 0, removing: oldCount, adding: rows.count)
        if let saved = loading.cursor?.restoring, let position = rows.firstIndex(where: { $0.id == saved.id }) {
            place(.savedRowShown(RowPlace(position: position, top: saved.top)))
            gtk_widget_queue_allocate(parts.listView)
        }
        loading.cursor?.restoring = nil
    }

    /// `applyNewer`: the newer rows go in at the top, above the view; returns how many went in.
    func applyNewer(_ page: Page<Item>) -> Int {
        let shown = ShownCheck(self, nearTop: true)
        let fresh = PageMerger.keepNew(page.items, id: { $0.id }, shown: &model.shownIDs) { shown.contains($0) }
        guard !fresh.isEmpty else { return 0 }
        keepFocusedRowInPlace()
        _ = measurePlace(insertingAt: 0, count: fresh.count)
        holdAnchorOffTheTop()
        model.items.insert(contentsOf: fresh, at: 0)
        splice(at: 0, removing: 0, adding: fresh.count)
        return fresh.count
    }

    /// GTK's list view keeps the row it anchors on where it is when rows go in above it, but a
    /// view at its very top stays there and shows them (a restored row whose top was saved a
    /// little below the view's top opens at 0, then newer rows go in above it). One px down
    /// first makes the row in view the anchor; the next layout puts it back where it was, to
    /// the pixel, before a frame shows it (`keepPlace`).
    func holdAnchorOffTheTop() {
        let adjustment = gtk_scrolled_window_get_vadjustment(parts.scrolled.opaque)
        let highest = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        guard gtk_adjustment_get_value(adjustment) < 0.5, highest >= 1 else { return }
        gtk_adjustment_set_value(adjustment, 1)
    }

    /// Notes the first row in view after a layout, for the save when the list closes.
    func notePlace() {
        guard loading.cursor?.store != nil, let first = firstRowInView() else { return }
        let place = placeText(first)
        loading.cursor?.lastPlace = place
    }

    /// `persistPlace`, and the list closing: saves the first row in view (as last laid out when
    /// none shows now) and its top.
    func savePlace() {
        guard let key = configuration.placeKey, let cursor = loading.cursor, let store = cursor.store else { return }
        guard let place = firstRowInView().map(placeText) ?? cursor.lastPlace else { return }
        loading.cursor?.lastPlace = place
        store.save(place, key: key)
    }

    /// The place an effect saves (`persistPlace`: the first row in view now) or restores
    /// (`applyRestore`: the saved one), its id as text and its top in px, for the demo's trace.
    func place(for effect: Effect) -> (id: String, top: Double)? {
        switch effect {
        case .persistPlace:
            guard let place = firstRowInView().map(placeText) ?? loading.cursor?.lastPlace else { return nil }
            return (place.id, place.top)
        case .applyRestore:
            guard let cursor = loading.cursor, let saved = cursor.restoring else { return nil }
            return (cursor.idText(saved.id), saved.top)
        default:
            return nil
        }
    }

    private func placeText(_ row: RowPlace) -> SavedPlace {
        SavedPlace(id: loading.cursor.map { $0.idText(model.items[row.position].id) } ?? "", top: row.top)
    }
}

extension ListDriver where Item.ID: LosslessStringConvertible {
    /// `RefreshList.onLoad` (RefreshList.swift says what it does).
    func onLoad(_ loader: @escaping CursorLoader) {
        MainLoopBridge.install()
        loading.cursor = Cursor(loader: Self.run(loader), idText: { $0.description }, idFromText: { Item.ID($0) })
    }

    /// `RefreshList.onLoad(completion:)` (RefreshList.swift says what it does).
    func onLoad(completion loader: @escaping CursorCallback) {
        loading.cursor = Cursor(loader: loader, idText: { $0.description }, idFromText: { Item.ID($0) })
    }
}
