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
/// Lifetime: `widget` (a `RefreshList` GTK widget) keeps this object alive until it is disposed,
/// so a host may drop its reference once the widget is in a window. A host may also keep this
/// object after the widget is destroyed: every member stays safe to call (this object then holds
/// the disposed widget and its parts until it goes; loaders' answers are ignored).
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

    /// The root widget to put in a window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The settings this list was made with.
    public let configuration: RefreshListConfiguration
    /// The rows shown, in order.
    public var items: [Item] { model.items }
    /// The engine this list feeds (the package's demo traces it; apps read `state`).
    package internal(set) var engine: RefreshEngine
    /// The description an announcement put on the focused widget, until it is taken back.
    let spokenDescription = SpokenDescription()
    /// Told whenever `state` changes (`onStateChange`).
    var stateObserver: (@MainActor (Snapshot) -> Void)?
    /// Called after every engine event with the event and the engine's new state (the demo's trace).
    package var eventObserver: (@MainActor (Event, RefreshEngine) -> Void)?
    /// Called for every effect the list carries out (the demo's trace).
    package var effectObserver: (@MainActor (Effect) -> Void)?
    /// The state last reported to `onStateChange`.
    var reportedState: Snapshot?

    let rows: RowFactory<Item>
    let parts: Parts
    /// The "N new" pill over the rows (RefreshList+Pill.swift).
    let pill: NewPill
    /// What shows in place of the rows while there are none.
    let placeholderView: PlaceholderView
    /// The app's widgets for the placeholder, if it gives its own.
    var placeholderFactory: (@MainActor (PlaceholderContent) -> UnsafeMutablePointer<GtkWidget>?)?
    let connections = SignalConnections()
    /// The engine's wake-up timer and frame report (RefreshList+Timing.swift).
    var timing = Timing()
    /// The loaders and what runs for them (RefreshList+Loading.swift).
    var loading = Loading()
    /// GTK's cells for the rows and the footer (RefreshList+Model.swift).
    var cells = Cells()
    /// The rows and what de-duplication knows of them (RefreshList+Model.swift).
    let model = RowModel<Item>()
    /// Events waiting for the engine (RefreshList+Events.swift).
    var queue = EventQueue()
    var isDisposed = false
    var hasStarted = false
    /// What input handling remembers between events (RefreshList+Input.swift).
    var input = InputState()
    var rendered = RenderedState()
    /// The GObject property values last notified (RefreshList+Properties.swift).
    var notified = NotifiedProperties()
    let lastUpdatedStore: LastUpdatedStore?

    /// Creates the list. Throws the engine's `ConfigurationError` for an invalid configuration.
    public convenience init(
        configuration: RefreshListConfiguration = RefreshListConfiguration(), rows: RowFactory<Item>
    ) throws(ConfigurationError) {
        try self.init(widget: nil, configuration: configuration, rows: rows)
    }

    /// Creates the list on `widget`, a `RefreshList` GTK widget made elsewhere (a GtkBuilder
    /// `.ui` file's `<object class="RefreshList">`), which keeps the properties set on it
    /// (`header-hidden`, `footer-hidden`). A widget of another type, or one that already has a
    /// list, is reported as a GLib critical and a new widget is made instead (`widget` then
    /// differs from the one given). Throws the engine's `ConfigurationError` for an invalid
    /// configuration.
    public init(
        widget existing: UnsafeMutablePointer<GtkWidget>?,
        configuration: RefreshListConfiguration = RefreshListConfiguration(), rows: RowFactory<Item>
    ) throws(ConfigurationError) {
        self.configuration = configuration
        self.rows = rows
        // The words translated; and, for a list made in Swift, Swift's main actor kept running
        // inside GTK's loop (its loaders and the app's own tasks await on it). A list made for a
        // C or Python app (its rows the app's GObjects) never awaits, so its host never runs
        // libdispatch's main-queue hooks.
        TextDomains.bind(refreshListTextDomain)
        if rows.cellFactory == nil { MainLoopBridge.install() }
        let engineConfiguration = Self.withinToolkitDragThreshold(configuration.engine)
        if let key = configuration.lastUpdatedKey {
            let store = LastUpdatedStore(
                applicationID: Self.applicationID(), stateDirectory: configuration.stateDirectory)
            lastUpdatedStore = store
            engine = try RefreshEngine(configuration: engineConfiguration, lastUpdated: store.load(key: key))
        } else {
            lastUpdatedStore = nil
            engine = try RefreshEngine(configuration: engineConfiguration)
        }
        parts = Parts.build(
            texts: configuration.texts, on: existing, objectType: rows.object == nil ? nil : cgtk_type_object())
        placeholderView = PlaceholderView(texts: configuration.texts)
        pill = NewPill(texts: configuration.texts)
        parts.hold()
        widget = parts.root
        // The widget keeps this object alive until its dispose (see `dispose`).
        let core = RefreshListType.core(of: widget.raw)!
        core.driver = self
        core.showRows()
        connectModel()
        connectInput()
        connectActions()
        connectPlaceholder()
        connectPill()
        connections.onNotify(gpointer(parts.revealer), "child-revealed") { [weak self] in self?.render() }
        // Realized again after the placeholder had its place: one handler per frame clock.
        connections.onVoid(gpointer(parts.listView), "realize") { [weak self] in self?.followLayoutClock() }
        connections.onVoid(widget.raw, "map", owned: false) { [weak self] in
            guard let self, self.configuration.startsWhenShown else { return }
            self.start()
        }
        // A widget from a `.ui` window shown before this list drove it: realized and mapped
        // already, so neither signal comes. It starts on the next idle, once the app has given
        // its loaders (it calls `onRefresh` after this returns).
        if gtk_widget_get_realized(parts.listView) != 0 { followLayoutClock() }
        if gtk_widget_get_mapped(widget) != 0, configuration.startsWhenShown {
            timing.startOnScreen.schedule(after: 0, priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
                self?.timing.startOnScreen.fired()
                self?.start()
            }
        }
        // What a `.ui` file set on the widget before this list drove it (already notified).
        notified.isHeaderHidden = core.headerHidden
        notified.isFooterHidden = core.footerHidden
        // The widget said 64 (the property's default) until this list drove it.
        if engine.configuration.pullThreshold != RefreshConfiguration.standard.pullThreshold {
            g_object_notify(cast(widget.raw), "pull-threshold")
        }
        // `max-rows` said the default, or what a `.ui` file set (which wins over the configuration).
        notified.maximumRows = core.maximumRows ?? RefreshConfiguration.standard.maximumRows
        if let set = core.maximumRows, set != engine.maximumRows { maximumRows = set }
        if core.headerHidden { isHeaderHidden = true }
        if core.footerHidden { isFooterHidden = true }
        render()
    }

    /// `engine` with its drag slop at most GTK's drag threshold (the `gtk-dnd-drag-threshold`
    /// setting, 8 px unless the desktop says otherwise): past it the scrolled window takes a
    /// touch for its own scrolling, so a pull must be judged by then.
    private static func withinToolkitDragThreshold(_ engine: RefreshConfiguration) -> RefreshConfiguration {
        guard let settings = gtk_settings_get_default() else { return engine }
        var value = GValue()
        g_value_init(&value, cgtk_type_int())
        g_object_get_property(cast(gpointer(settings)), "gtk-dnd-drag-threshold", &value)
        let threshold = Double(g_value_get_int(&value))
        g_value_unset(&value)
        return engine.dragSlop(atMost: threshold)
    }

    /// Places the view after a refresh at every layout of the list view's frame clock (one handler
    /// per clock: the list view is realized again when the placeholder gave back its place).
    private func followLayoutClock() {
        guard let clock = gtk_widget_get_frame_clock(parts.listView), cells.layoutClock != gpointer(clock) else {
            return
        }
        cells.layoutClock = gpointer(clock)
        connections.onVoid(gpointer(clock), "layout") { [weak self] in self?.placeViewAfterLayout() }
    }

    /// Calls `observer` whenever `state` changes, once the change is on the widget (replacing
    /// any observer given before).
    public func onStateChange(_ observer: @escaping @MainActor (Snapshot) -> Void) { stateObserver = observer }

    /// Puts the keyboard focus in the list: on its rows, or on what shows in their place while
    /// there are none (the focus then moves to the rows when they come). Call it once the
    /// list's window is on screen; `gtk_widget_grab_focus` on `widget` does the same. Returns
    /// whether the focus is in the list now.
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    // Each of these goes back to the page-number form from a cursor loader (`onLoad`).

    /// Uses `loader` for refreshes (async style).
    public func onRefresh(_ loader: @escaping RefreshLoader) {
        MainLoopBridge.install()
        loading.cursor = nil
        loading.refresh = Self.run { () in try await loader() }
    }
    /// Uses `loader` for refreshes (completion-callback style).
    public func onRefresh(completion loader: @escaping RefreshCallback) {
        loading.cursor = nil
        loading.refresh = { _, done in loader(done) }
    }
    /// Uses `loader` for pages after the first (async style).
    public func onLoadMore(_ loader: @escaping PageLoader) {
        MainLoopBridge.install()
        loading.cursor = nil
        loading.page = Self.run(loader)
    }
    /// Uses `loader` for pages after the first (completion-callback style).
    public func onLoadMore(completion loader: @escaping PageCallback) {
        loading.cursor = nil
        loading.page = loader
    }

    /// Starts the list: its first refresh (unless the engine's `refreshOnStart` is off), or the
    /// place kept under `placeKey`. A list starts by itself when first shown; with
    /// `startsWhenShown` off, call this when the loaders can answer (an account signed in, say),
    /// or before the window shows to load ahead. Later calls, and calls after the widget was
    /// disposed, do nothing.
    public func start() {
        guard !hasStarted, !isDisposed else { return }
        hasStarted = true
        drain(
            engine.begin(
                at: Self.monotonicNow(), place: placeMemoryAtStart(), loadsByCursor: loading.cursor != nil))
    }

    /// Pull input from a source of the package's own (the demo's screenshot script), taken
    /// exactly as the list's own scroll and drag input.
    package func feed(_ gesture: PullGesture) {
        switch gesture {
        case .began(let kind): send(.gestureBegan(kind))
        case .moved(let input): send(.pull(input))
        case .ended(let kind, let cancelled): send(.gestureEnded(kind, cancelled: cancelled))
        }
    }

    /// Asks for a refresh, as F5 does. Ignored while one runs.
    public func refresh() { send(.refreshRequested) }

    /// Asks for the next page, as Retry does.
    public func loadMore() { send(.loadMoreRequested) }

    /// Whether the header is hidden: pulls then do nothing, refreshes still run. Default `false`.
    public var isHeaderHidden: Bool {
        get { engine.isHeaderHiddenByHost }
        set { send(.headerHidden(newValue)) }
    }

    /// The most rows the list keeps (0: every row); see `RefreshListConfiguration.maximumRows`.
    /// A lower bound drops rows at the next layout. The `max-rows` property.
    public var maximumRows: Int {
        get { engine.maximumRows }
        set { send(.maximumRowsChanged(newValue)) }
    }

    /// Whether the footer is hidden: nothing then loads by itself. Default `false`.
    public var isFooterHidden: Bool {
        get { engine.isFooterHiddenByHost }
        set { send(.footerHidden(newValue)) }
    }

    /// What the list shows now: the header (state, height, title, last-updated instant), the
    /// footer, the paging position, the operation in flight and the inputs it ignored.
    public var state: Snapshot { engine.snapshot }

    /// The scrolled window holding the rows (the package's demo and benchmarks scroll it; tests
    /// find it in the widget tree, as an app would).
    package var scrolledWindow: UnsafeMutablePointer<GtkWidget> { parts.scrolled }

    /// The list view showing the rows (the demo focuses it).
    package var listView: UnsafeMutablePointer<GtkWidget> { parts.listView }

    /// Milliseconds on GLib's monotonic clock.
    static func monotonicNow() -> MonotonicInstant {
        MonotonicInstant(milliseconds: Int64(g_get_monotonic_time() / 1_000))
    }

    /// Now on the wall clock.
    static func wallClockNow() -> WallClockInstant {
        WallClockInstant(millisecondsSince1970: Int64(g_get_real_time() / 1_000))
    }

    static func applicationID() -> String {
        if let application = g_application_get_default(), let id = g_application_get_application_id(application) {
            return String(cString: id)
        }
        if let name = g_get_prgname() { return String(cString: name) }
        return "refresh-list"
    }

    /// Releases everything tied to the widget: handlers on other objects, the timer, loaders.
    /// Runs from the widget's dispose, which then lets go of this object. From here on this
    /// object holds the widget (GObject lets a disposed object be referenced again), so its
    /// pointer stays valid for as long as a host keeps this object.
    func dispose() {
        guard !isDisposed else { return }
        // The place as the reader left it (not while the saved one is still being restored).
        if engine.savesPlace { savePlace() }
        isDisposed = true
        g_object_ref(widget.raw)
        timing.wakeUpTimer.cancel()
        timing.afterLayout.cancel()
        timing.startOnScreen.cancel()
        timing.scheduledWakeUp = nil
        timing.nextFrame.cancel(on: widget)
        spokenDescription.cancel()
        let running = loading.requests.values
        loading.requests.removeAll()
        for request in running { request.cancel() }
        loading.answers.removeAll()
        loading.refresh = nil
        loading.page = nil
        eventObserver = nil
        effectObserver = nil
        stateObserver = nil
        placeholderFactory = nil
        connections.disconnectAll()
        parts.detachFooter()
    }

    isolated deinit {
        // Only reached after `dispose` (until then the root holds this object).
        parts.release()
        pill.release()
        placeholderView.release()
        g_object_unref(widget.raw)
    }
}
