// Rows prepared near the view, carried out: the engine decides which bound rows are prepared at
// once, which wait and in which order (RowPreparation.swift); this file holds a waiting row's
// place in its cell at its remembered height, prepares the rows that come into view before the
// frame that shows them is drawn (the frame clock lays out again when a layout prepared any), and
// prepares those about to come into view one at a time in the idle time between frames, where
// it also measures them, so their text is shaped before any frame needs it.
//
// GTK 4.8's list view binds about two hundred rows around the view, and makes new cells
// whenever its estimate of the rows it has not measured moves that range (a few a frame when
// rows differ in height, tens in a fling); each would be made, bound and measured in the frame.
// A waiting cell costs an empty box. The app's row widget is made when its cell is first
// prepared, and a list driven through GObject sees `setup` and `bind` then.

import CGtk
internal import GtkInterop
import RefreshEngine

/// The object-data key under which a list item keeps the box that holds a waiting row's place.
private let placeKey = "refresh-list-place"

/// What preparing rows near the view remembers (ListDriver+Preparation.swift).
@MainActor
struct Preparation<ID: Hashable & Sendable> {
    /// The policy, or nil when every bound row is prepared at once (the `prepares-rows` property off).
    var policy: RowPreparation?
    /// Cells bound to a row that waits to be prepared.
    var waiting: Set<OpaquePointer> = []
    /// The rows in view at the last layout.
    var inView: ClosedRange<Int>?
    /// Where the reader went last, and the offset that told it.
    var direction = ScrollDirection.down
    var lastOffset = 0.0
    /// The rows' heights by item and width, holding a waiting row's place exactly.
    var heights = RowHeights<ID>()
    /// The idle-time preparation pending.
    var idle = OneShotTimer()
    /// Rows prepared, in all and in idle time.
    var prepared = 0
    var preparedInIdle = 0
}

extension ListDriver {
    /// Whether a row bound at `position` waits rather than being prepared at once.
    func waits(at position: Int) -> Bool {
        guard let policy = preparation.policy else { return false }
        return !policy.preparesAtOnce(position, inView: preparation.inView, rowCount: model.items.count)
    }

    /// Holds `listItem`'s place, for the row at `position`, in an empty box as tall as the row
    /// was at this width (else as rows are), until it is prepared.
    func holdPlace(_ listItem: OpaquePointer, at position: Int) {
        let place = placeBox(of: listItem)
        let width = Int(gtk_widget_get_width(parts.listView))
        let height = preparation.heights.placeHeight(of: model.items[position].id, width: width, fallback: 48)
        gtk_widget_set_size_request(place, -1, Int32(height))
        if gtk_list_item_get_child(listItem) != place { gtk_list_item_set_child(listItem, place) }
        preparation.waiting.insert(listItem)
        scheduleIdlePreparation()
    }

    /// Prepares `listItem`'s row: made if it was never made, put in the cell, bound to the item
    /// at its position.
    func prepare(_ listItem: OpaquePointer) {
        preparation.waiting.remove(listItem)
        let position = Int(gtk_list_item_get_position(listItem))
        guard position < model.items.count else { return }
        var row = Self.row(of: listItem)
        if row == nil {
            if let cellFactory = rows.cellFactory {
                emitListItemSignal(cellFactory, "setup", listItem)
                row = gtk_list_item_get_child(listItem)
            } else {
                row = rows.makeRow()
            }
            Self.keepRow(row, of: listItem)
        }
        if let row, gtk_list_item_get_child(listItem) != row { gtk_list_item_set_child(listItem, row) }
        if let cellFactory = rows.cellFactory {
            emitListItemSignal(cellFactory, "bind", listItem)
        } else if let row {
            rows.bind(row, model.items[position])
        }
        preparation.prepared += 1
    }

    /// Whether the app saw `listItem`'s row bound (not waiting, not the footer's).
    func isPrepared(_ listItem: OpaquePointer) -> Bool {
        cells.boundListItems.contains(listItem) && !preparation.waiting.contains(listItem)
    }

    /// In the frame clock's layout, after the list view's: prepares the waiting rows in view,
    /// notes the heights of the rows shown, and which way the reader goes. Returns whether it
    /// prepared any (the frame clock then lays out again before drawing).
    func prepareRowsInView() -> Bool {
        guard let policy = preparation.policy else { return false }
        let offset = gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(parts.scrolled.opaque))
        if offset != preparation.lastOffset {
            preparation.direction = offset > preparation.lastOffset ? .down : .up
            preparation.lastOffset = offset
        }
        let viewHeight = Double(gtk_widget_get_height(parts.listView))
        let width = Int(gtk_widget_get_width(parts.listView))
        var first = Int.max
        var last = Int.min
        var waitingInView: [OpaquePointer] = []
        var preparedInView = 0
        for listItem in cells.boundListItems where listItem != cells.footerItem {
            let position = Int(gtk_list_item_get_position(listItem))
            guard position < model.items.count, let child = gtk_list_item_get_child(listItem),
                let extent = extentInListView(child), extent.upperBound > 0, extent.lowerBound < viewHeight
            else { continue }
            first = min(first, position)
            last = max(last, position)
            if preparation.waiting.contains(listItem) {
                waitingInView.append(listItem)
            } else {
                preparedInView += 1
                preparation.heights.remember(
                    model.items[position].id, width: width, height: Int(gtk_widget_get_height(child)))
            }
        }
        preparation.inView = first <= last ? first...last : nil
        for listItem in waitingInView { prepare(listItem) }
        guard let window = policy.window(inView: preparation.inView, rowCount: model.items.count) else {
            return !waitingInView.isEmpty
        }
        // Nothing in view was prepared (the first layout, or a jump): the rows' heights are
        // guesses, so the view will hold other rows once these are laid out. Rows from the first
        // one in view on are prepared and measured now until they fill two views, and the
        // places of those still waiting are held at the heights measured, so the next layout
        // finds the rows it shows ready.
        if preparedInView == 0, !waitingInView.isEmpty, let inView = preparation.inView {
            prepareToFill(from: inView.lowerBound, height: 2 * viewHeight, width: width)
        } else if preparation.waiting.contains(where: { window.contains(Int(gtk_list_item_get_position($0))) }) {
            // Rows the window now holds that were bound while the view was elsewhere.
            scheduleIdlePreparation()
        }
        return !waitingInView.isEmpty
    }

    /// Prepares and measures rows from `position` on (and the one before it) until their
    /// heights add up to `height` px, then holds the places of the rows still waiting at the
    /// heights now known.
    private func prepareToFill(from position: Int, height: Double, width: Int) {
        var byPosition: [Int: OpaquePointer] = [:]
        for listItem in cells.boundListItems where listItem != cells.footerItem {
            byPosition[Int(gtk_list_item_get_position(listItem))] = listItem
        }
        var filled = 0.0
        var next = max(0, position - 1)
        while filled < height, let listItem = byPosition[next] {
            if preparation.waiting.contains(listItem) { prepare(listItem) }
            if let row = gtk_list_item_get_child(listItem) {
                var minimum: Int32 = 0
                var natural: Int32 = 0
                gtk_widget_measure(row, GTK_ORIENTATION_VERTICAL, Int32(width), &minimum, &natural, nil, nil)
                preparation.heights.remember(model.items[next].id, width: width, height: Int(natural))
                if next >= position { filled += Double(natural) }
            }
            next += 1
        }
        for listItem in preparation.waiting {
            let waiting = Int(gtk_list_item_get_position(listItem))
            guard waiting < model.items.count else { continue }
            let place = placeBox(of: listItem)
            gtk_widget_set_size_request(
                place, -1,
                Int32(preparation.heights.placeHeight(of: model.items[waiting].id, width: width, fallback: 48)))
        }
    }

    /// Prepares the next waiting row near the view when the main loop is idle (after the frames
    /// due), then the next, one a turn.
    func scheduleIdlePreparation() {
        guard preparation.policy != nil, !preparation.idle.isPending, !preparation.waiting.isEmpty,
            preparation.inView != nil
        else { return }
        preparation.idle.schedule(after: 0, priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
            guard let self else { return }
            self.preparation.idle.fired()
            guard !self.isDisposed else { return }
            if self.prepareNextWaitingRow() { self.scheduleIdlePreparation() }
        }
    }

    /// Prepares the waiting row the engine picks, and measures its cell at the list's width: its
    /// text is shaped now, and the frame that shows it finds the sizes in GTK's cache. Returns
    /// whether it prepared one.
    private func prepareNextWaitingRow() -> Bool {
        guard let policy = preparation.policy else { return false }
        var byPosition: [Int: OpaquePointer] = [:]
        for listItem in preparation.waiting { byPosition[Int(gtk_list_item_get_position(listItem))] = listItem }
        guard
            let position = policy.next(
                waiting: byPosition.keys, inView: preparation.inView, rowCount: model.items.count,
                going: preparation.direction),
            let listItem = byPosition[position]
        else { return false }
        prepare(listItem)
        preparation.preparedInIdle += 1
        if let row = gtk_list_item_get_child(listItem), let cell = gtk_widget_get_parent(row) {
            var minimum: Int32 = 0
            var natural: Int32 = 0
            gtk_widget_measure(cell, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            gtk_widget_measure(
                cell, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(parts.listView), &minimum, &natural, nil, nil)
        }
        return true
    }

    /// Whether rows far from the view wait (the `prepares-rows` property, notified when it
    /// changes). Turned off, every waiting row is prepared now; turned on, rows bound from then
    /// on may wait.
    var preparesRows: Bool {
        get { preparation.policy != nil }
        set {
            guard newValue != preparesRows else { return }
            preparation.policy = newValue ? (configuration.rowPreparation ?? RowPreparation()) : nil
            defer { notifyProperties() }
            guard !newValue else { return scheduleIdlePreparation() }
            preparation.idle.cancel()
            for listItem in preparation.waiting { prepare(listItem) }
        }
    }

    /// The box holding `listItem`'s place while its row waits (made once, kept with the item).
    private func placeBox(of listItem: OpaquePointer) -> WidgetPointer {
        let object = UnsafeMutableRawPointer(listItem).assumingMemoryBound(to: GObject.self)
        if let box = g_object_get_data(object, placeKey) { return box.assumingMemoryBound(to: GtkWidget.self) }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        cgtk_accessible_set_hidden(box, 1)
        g_object_set_data_full(object, placeKey, g_object_ref_sink(box.raw), { g_object_unref($0) })
        return box
    }
}
