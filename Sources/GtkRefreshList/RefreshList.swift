// The public face of the widget: how an app creates a list, gives it loaders, and reads its
// items and state. Building the widget tree and wiring are in the RefreshList+*.swift files,
// one concern each; every decision is made by the RefreshEngine this class feeds.

import CGtk
internal import GtkInterop
import RefreshEngine

/// Builds and binds the row widgets of a `RefreshList`.
public struct RowFactory<Item> {
    /// Creates one row widget (called a few dozen times; rows are recycled).
    public var makeRow: @MainActor () -> UnsafeMutablePointer<GtkWidget>
    /// Shows `item` in a row made by `makeRow`.
    public var bind: @MainActor (UnsafeMutablePointer<GtkWidget>, Item) -> Void
    /// For a list driven through GObject: the app's GtkSignalListItemFactory, whose setup, bind,
    /// unbind and teardown make and fill the rows from the list items (whose items are the app's
    /// objects); `makeRow` and `bind` are then unused.
    var cellFactory: OpaquePointer?
    /// For a list driven through GObject: the app's object an item is, for the rows' GListStore.
    var object: (@MainActor (Item) -> gpointer)?

    /// A factory from the two functions.
    public init(
        makeRow: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>,
        bind: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, Item) -> Void
    ) {
        self.makeRow = makeRow
        self.bind = bind
    }

    /// Rows that show one line of text per item.
    public static func label(_ text: @escaping @MainActor (Item) -> String) -> RowFactory {
        RowFactory(
            makeRow: {
                let label = gtk_label_new(nil)!
                gtk_label_set_xalign(label.opaque, 0)
                gtk_widget_add_css_class(label, "refresh-row")
                return label
            },
            bind: { row, item in gtk_label_set_text(row.opaque, text(item)) })
    }
}

/// A list with pull-to-refresh at the top and automatic load-more at the bottom.
///
/// Put `widget` in a window, give it a refresh loader and a page loader, and it does the rest:
/// the first refresh when shown, pulls by wheel, touchpad, drag or F5/Ctrl+R, the next page
/// when the bottom comes near, Retry after a failure. The list owns its rows: a successful
/// refresh replaces them (or prepends what is new), a page appends, a failure keeps them, and
/// a row is never shown twice (by `Item.ID`).
///
/// This object is a typed face over its widget, a `RefreshList` GObject, which owns the list:
/// its rows, loaders, engine and parts live with the widget, and this object holds nothing but
/// a reference to it. So a host may drop this object once the widget is in a window (the list
/// goes on, and goes with the widget). A widget still in its window when the window is destroyed
/// is disposed with it, even while this object is kept: its dispose drops every function the app
/// gave (which may hold this object), so no cycle outlives the window. Kept after that, the
/// widget's memory stays until this object goes, and every member stays safe to call (the rows it
/// showed stay readable; loaders' answers are ignored). A widget taken out of a window that lives
/// on is not disposed, and may be shown in another.
@MainActor
public final class RefreshList<Item: Identifiable & Sendable> where Item.ID: Sendable {
    /// Loads the first page (refresh), `async` style.
    public typealias RefreshLoader = @MainActor () async throws -> Page<Item>
    /// Loads page `page` (load-more), `async` style.
    public typealias PageLoader = @MainActor (_ page: Int) async throws -> Page<Item>
    /// What a callback-style loader answers through: call it with the result (`done(.success(page))`).
    /// It also says when the list no longer wants the answer (a newer refresh took over, the
    /// watchdog fired, the widget went away), so the loader can stop its work.
    @MainActor
    public final class Completion {
        private let deliver: @MainActor (Result<Page<Item>, any Error>) -> Void
        private var cancelHandlers: [@MainActor () -> Void] = []
        /// Whether the list stopped waiting for this answer; an answer given anyway is ignored.
        public private(set) var isCancelled = false

        init(_ deliver: @escaping @MainActor (Result<Page<Item>, any Error>) -> Void) {
            self.deliver = deliver
        }

        /// Answers. Answers after the first, or after cancellation, are ignored by the list.
        public func callAsFunction(_ result: Result<Page<Item>, any Error>) { deliver(result) }

        /// Runs `handler` once when the list stops waiting (at once if it already has).
        public func onCancel(_ handler: @escaping @MainActor () -> Void) {
            if isCancelled { handler() } else { cancelHandlers.append(handler) }
        }

        func cancel() {
            guard !isCancelled else { return }
            isCancelled = true
            let handlers = cancelHandlers
            cancelHandlers = []
            for handler in handlers { handler() }
        }
    }
    /// Loads the first page and calls `done` (like the iOS `refreshTop { done in … }`).
    public typealias RefreshCallback = @MainActor (_ done: Completion) -> Void
    /// Loads page `page` and calls `done`.
    public typealias PageCallback = @MainActor (_ page: Int, _ done: Completion) -> Void

    /// Loads rows by cursor (`PageRequest`), `async` style.
    public typealias CursorLoader = @MainActor (_ request: PageRequest<Item.ID>) async throws -> Page<Item>
    /// Loads rows by cursor (`PageRequest`) and calls `done`.
    public typealias CursorCallback = @MainActor (_ request: PageRequest<Item.ID>, _ done: Completion) -> Void

    /// The root widget to put in a window (this object holds a reference on it).
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The list the widget owns.
    let driver: ListDriver<Item>

    /// Creates the list. Throws the engine's `ConfigurationError` for an invalid configuration.
    public convenience init(
        configuration: RefreshListConfiguration = RefreshListConfiguration(), rows: RowFactory<Item>
    ) throws(ConfigurationError) {
        try self.init(widget: nil, configuration: configuration, rows: rows)
    }

    /// Creates the list on `widget`, a `RefreshList` GTK widget made elsewhere (a GtkBuilder
    /// `.ui` file's `<object class="RefreshList">`), which keeps the properties set on it
    /// (`header-hidden`, `footer-hidden`, `max-rows`). A widget of another type, or one that
    /// already has a list, is reported as a GLib critical and a new widget is made instead
    /// (`widget` then differs from the one given). Throws the engine's `ConfigurationError` for
    /// an invalid configuration.
    public init(
        widget existing: UnsafeMutablePointer<GtkWidget>?,
        configuration: RefreshListConfiguration = RefreshListConfiguration(), rows: RowFactory<Item>
    ) throws(ConfigurationError) {
        driver = try ListDriver(widget: existing, configuration: configuration, rows: rows)
        widget = driver.widget
        // A plain reference: a new widget stays floating, for the container that takes it.
        g_object_ref(widget.raw)
    }

    isolated deinit { g_object_unref(widget.raw) }

    /// The settings this list works with now: those it was made with, as changed since through
    /// the widget's properties (`pull-threshold`, `page-size`, `load-more-distance`,
    /// `refresh-merge`, `shortcut-scope`, `starts-when-shown`, which take effect at once) and
    /// its counted texts. The engine's tunables are the engine's own (`engine` here is what it
    /// decides with, its drag slop at most GTK's drag threshold).
    public var configuration: RefreshListConfiguration { driver.configuration }

    /// The rows shown, in order.
    public var items: [Item] { driver.items }

    /// What the list shows now: the header (state, height, title, last-updated instant), the
    /// footer, the paging position, the operation in flight and the inputs it ignored.
    public var state: Snapshot { driver.engine.snapshot }

    /// Calls `observer` whenever `state` changes, once the change is on the widget (replacing
    /// any observer given before).
    public func onStateChange(_ observer: @escaping @MainActor (Snapshot) -> Void) {
        driver.stateObserver = observer
    }

    /// Puts the keyboard focus in the list: on its rows, or on what shows in their place while
    /// there are none (the focus then moves to the rows when they come). Call it once the
    /// list's window is on screen; `gtk_widget_grab_focus` on `widget` does the same. Returns
    /// whether the focus is in the list now.
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    // Each of these goes back to the page-number form from a cursor loader (`onLoad`).

    /// Uses `loader` for refreshes (async style).
    public func onRefresh(_ loader: @escaping RefreshLoader) { driver.onRefresh(loader) }
    /// Uses `loader` for refreshes (completion-callback style).
    public func onRefresh(completion loader: @escaping RefreshCallback) { driver.onRefresh(completion: loader) }
    /// Uses `loader` for pages after the first (async style).
    public func onLoadMore(_ loader: @escaping PageLoader) { driver.onLoadMore(loader) }
    /// Uses `loader` for pages after the first (completion-callback style).
    public func onLoadMore(completion loader: @escaping PageCallback) { driver.onLoadMore(completion: loader) }

    /// Gives the widget to show in place of the rows while there are none, for each content
    /// (called when the content changes); `nil` shows the list's own (a spinner, a title, the
    /// reason and a Retry). The list owns the widget from then on.
    public func onPlaceholder(_ make: @escaping @MainActor (PlaceholderContent) -> UnsafeMutablePointer<GtkWidget>?) {
        driver.onPlaceholder(make)
    }

    /// Starts the list: its first refresh (unless the engine's `refreshOnStart` is off), or the
    /// place kept under `placeKey`. A list starts by itself when first shown; with
    /// `startsWhenShown` off, call this when the loaders can answer (an account signed in, say),
    /// or before the window shows to load ahead. Later calls, and calls after the widget was
    /// disposed, do nothing.
    public func start() { driver.start() }

    /// Asks for a refresh, as F5 does. Ignored while one runs.
    public func refresh() { driver.refresh() }

    /// Asks for the next page, as Retry does.
    public func loadMore() { driver.loadMore() }

    /// Whether the header is hidden: pulls then do nothing, refreshes still run. Default `false`.
    /// The `header-hidden` property.
    public var isHeaderHidden: Bool {
        get { driver.isHeaderHidden }
        set { driver.isHeaderHidden = newValue }
    }

    /// The most rows the list keeps (0: every row); see `RefreshListConfiguration.maximumRows`.
    /// A lower bound drops rows at the next layout. The `max-rows` property.
    public var maximumRows: Int {
        get { driver.maximumRows }
        set { driver.maximumRows = newValue }
    }

    /// Whether rows bound far from the view wait, and rows about to come into view are made,
    /// bound and measured in idle time (see `RefreshListConfiguration.rowPreparation`, which sets
    /// it at first). Takes effect at once. The `prepares-rows` property.
    public var preparesRows: Bool {
        get { driver.preparesRows }
        set { driver.preparesRows = newValue }
    }

    /// Calls `handler` when the reader opens a row, with the row's item and position: Enter,
    /// keypad Enter or Space on the focused row, a double click (a single click when
    /// `singleClickActivate`), a tap on a touchscreen. A click or tap on a button or a link
    /// inside the row is that widget's, not the row's. The widget's `activate` signal too.
    /// Replaces the handler given before; dropped when the widget is disposed.
    public func onActivate(_ handler: @escaping @MainActor (_ item: Item, _ position: Int) -> Void) {
        driver.activationHandler = handler
    }

    /// Whether a single click opens a row (`onActivate`); otherwise a double click does. Default
    /// `false`. Takes effect at once. The `single-click-activate` property.
    public var singleClickActivate: Bool {
        get { driver.core.singleClickActivate }
        set { driver.core.setSingleClickActivate(newValue, on: cast(widget.raw)) }
    }

    /// Whether the footer is hidden: nothing then loads by itself. Default `false`. The
    /// `footer-hidden` property.
    public var isFooterHidden: Bool {
        get { driver.isFooterHidden }
        set { driver.isFooterHidden = newValue }
    }

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
    public func receive(_ item: Item) -> Bool { driver.receive(item) }

    /// Rows received (`receive`) that wait to go in at the top, in the order they were received.
    public var arrivals: [Item] { driver.arrivals }

    /// Inserts `item` at `index` (clamped to the rows shown; default: the top). Returns `false`
    /// and changes nothing when a row with the same id is already shown, or the widget is gone.
    /// At the top of a list that does not show its newest rows (a bounded list dropped rows
    /// above the view, or it opened at a saved place), the row is not put in above them, which
    /// would leave a gap: it counts in the "N new" pill at once and loads with the rows above
    /// (`PageRequest.newer(than:)`) when the reader goes there; `false` is returned then too.
    @discardableResult
    public func insert(_ item: Item, at index: Int = 0) -> Bool { driver.insert(item, at: index) }

    /// Removes the row with `id` and returns its item, or `nil` when no such row is shown or
    /// waits to go in (`arrivals`, which it then leaves).
    @discardableResult
    public func remove(id: Item.ID) -> Item? { driver.remove(id: id) }

    /// Replaces the row whose id is `item.id` with `item` (its row is bound again; a row
    /// waiting to go in, in `arrivals`, goes in as `item`). Returns `false` when no such row is
    /// shown or waits.
    @discardableResult
    public func update(_ item: Item) -> Bool { driver.update(item) }
}

// What the list decided, for an app's own log or inspector: every event its engine took with
// the engine as it is after it, and every effect carried out. The list decides the same with or
// without an observer; an observer reads and never drives (a call back into the list from one
// runs after the event it observes). The demo's `--trace` prints these.
extension RefreshList {
    /// Called after every event the engine takes, with the event and the engine's state after it.
    /// The placement's events (`event.isPlacement`: rows going in, a layout …) come from inside
    /// the list's own changes, where its rows may be half changed: an observer that reads the
    /// rows, or calls into the list, skips them.
    public var eventObserver: (@MainActor (Event, RefreshEngine) -> Void)? {
        get { driver.eventObserver }
        set { driver.eventObserver = newValue }
    }

    /// Called for every effect the list carries out, as it carries it out (an `.announce` is
    /// what the list gives screen readers to say).
    public var effectObserver: (@MainActor (Effect) -> Void)? {
        get { driver.effectObserver }
        set { driver.effectObserver = newValue }
    }

    /// The words the list shows for `failure` (the loader's error as text, or "timed out"),
    /// while the engine still refers to it; `nil` for `nil` or a failure it forgot.
    public func failureMessage(_ failure: FailureID?) -> String? { driver.failureText(failure) }

    /// The place a `.persistPlace` or `.applyRestore` effect saves or restores: the row's id as
    /// text and its top in the list's area (px); `nil` for other effects.
    public func place(of effect: Effect) -> (id: String, top: Double)? { driver.place(for: effect) }
}

extension RefreshList where Item.ID: LosslessStringConvertible {
    /// Uses `loader` for every load, by cursor: `.newest` for a refresh, `.older(than:)` for
    /// the next page, and, with `configuration.placeKey`, `.at(_:)` to open at the saved place
    /// and `.newer(than:)` for the rows above it. Replaces `onRefresh` and `onLoadMore` (giving
    /// either of them afterwards goes back to page numbers, with no cursor loader). The
    /// ids are saved as text (`description`, read back with `init?(_:)`): `Int` and `String`
    /// ids work as they are. Give it before the list is shown.
    public func onLoad(_ loader: @escaping CursorLoader) { driver.onLoad(loader) }

    /// Uses `loader` for every load, by cursor, completion-callback style: as `onLoad(_:)`, the
    /// answer given through `done` (which also says when the list stopped waiting).
    public func onLoad(completion loader: @escaping CursorCallback) { driver.onLoad(completion: loader) }
}
