// The list a `RefreshList` widget owns: its rows, loaders, engine and parts, made when a list
// first drives the widget (from Swift, `RefreshList<Item>`; from C or Python, ObjectRows.swift
// when the widget is shown with a factory) and kept in the instance until finalize. Building
// the widget tree and wiring are in the RefreshList+*.swift files, one concern each; every
// decision is made by the RefreshEngine this class feeds.

import CGtk
internal import GtkInterop
import RefreshEngine

@MainActor
final class ListDriver<Item: Identifiable & Sendable> where Item.ID: Sendable {
    typealias Completion = RefreshList<Item>.Completion
    typealias RefreshLoader = RefreshList<Item>.RefreshLoader
    typealias PageLoader = RefreshList<Item>.PageLoader
    typealias RefreshCallback = RefreshList<Item>.RefreshCallback
    typealias PageCallback = RefreshList<Item>.PageCallback

    /// The root widget to put in a window.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The settings this list was made with, changed since by the widget's properties, but for
    /// the engine's tunables: those live in the engine alone, and `configuration` reads them there.
    var settings: RefreshListConfiguration
    /// The settings this list works with now: what it was made with, changed since by the
    /// widget's properties (`reconfigure`), its engine part the engine's own configuration.
    var configuration: RefreshListConfiguration {
        var current = settings
        current.engine = engine.configuration
        return current
    }
    /// The rows shown, in order.
    var items: [Item] { model.items }
    /// The engine this list feeds (the package's demo traces it; apps read `state`).
    var engine: RefreshEngine
    /// The description an announcement put on the focused widget, until it is taken back.
    let spokenDescription = SpokenDescription()
    /// Told whenever `state` changes (`onStateChange`).
    var stateObserver: (@MainActor (Snapshot) -> Void)?
    /// Called after every engine event with the event and the engine's new state (the demo's trace).
    var eventObserver: (@MainActor (Event, RefreshEngine) -> Void)?
    /// Called for every effect the list carries out (the demo's trace).
    var effectObserver: (@MainActor (Effect) -> Void)?
    /// Told when the reader opens a row (`onActivate`; ListDriver+Activation.swift).
    var activationHandler: (@MainActor (Item, Int) -> Void)?
    /// The state last reported to `onStateChange`.
    var reportedState: Snapshot?

    /// The app's row functions (dropped at dispose, with the loaders: they may hold the list).
    var rows: RowFactory<Item>
    /// The widget's private data, which owns this object (so outlives it).
    let core: RefreshListCore
    let parts: Parts
    /// The "N new" pill over the rows (ListDriver+Pill.swift).
    let pill: NewPill
    /// What shows in place of the rows while there are none.
    let placeholderView: PlaceholderView
    /// The app's widgets for the placeholder, if it gives its own.
    var placeholderFactory: (@MainActor (PlaceholderContent) -> UnsafeMutablePointer<GtkWidget>?)?
    let connections = SignalConnections()
    /// The engine's wake-up timer and frame report (ListDriver+Timing.swift).
    var timing = Timing()
    /// The loaders and what runs for them (ListDriver+Loading.swift).
    var loading = Loading()
    /// GTK's cells for the rows and the footer (ListDriver+Model.swift).
    var cells = Cells()
    /// Rows prepared near the view (ListDriver+Preparation.swift).
    var preparation = Preparation<Item.ID>()
    /// The rows and what de-duplication knows of them (ListDriver+Model.swift).
    let model = RowModel<Item>()
    /// Events waiting for the engine (ListDriver+Events.swift).
    var queue = EventQueue()
    /// Whether the widget was disposed (the instance's flag: one for both).
    var isDisposed: Bool { core.isDisposed }
    var hasStarted = false
    /// What input handling remembers between events (ListDriver+Input.swift).
    var input = InputState()
    /// F5 and Ctrl+R, scoped as `shortcutScope` says (ListDriver+Settings.swift).
    var shortcutController: OpaquePointer?
    var rendered = RenderedState()
    /// The GObject property values last notified (ListDriver+Properties.swift).
    var notified = NotifiedProperties()
    let lastUpdatedStore: LastUpdatedStore?

    /// Creates the list. Throws the engine's `ConfigurationError` for an invalid configuration.
    convenience init(
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
    init(
        widget existing: UnsafeMutablePointer<GtkWidget>?,
        configuration: RefreshListConfiguration = RefreshListConfiguration(), rows: RowFactory<Item>
    ) throws(ConfigurationError) {
        self.settings = configuration
        self.rows = rows
        preparation.policy = configuration.rowPreparation
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
        widget = parts.root
        core = RefreshListType.core(of: widget.raw)!
        // The widget owns this object from now on, until its finalize.
        core.driver = self
        core.showRows()
        connectModel()
        connectInput()
        connectActivation()
        connectEndKey()
        connectActions()
        connectPlaceholder()
        connectPill()
        connections.onNotify(gpointer(parts.revealer), "child-revealed") { [weak self] in self?.render() }
        // Realized again after the placeholder had its place: one handler per frame clock.
        connections.onVoid(gpointer(parts.listView), "realize") { [weak self] in self?.followLayoutClock() }
        // Shown: the list starts, or, shown again, the rows that arrived for the top while it
        // was away go in above the place the reader left, counted by the pill (the engine's
        // `listShown`; a list is taken as shown until it first leaves the screen).
        connections.onVoid(widget.raw, "map", owned: false) { [weak self] in
            guard let self else { return }
            if self.configuration.startsWhenShown { self.start() }
            if !self.engine.isListShown { self.send(.listShown(true)) }
        }
        // The list leaves the screen (its window closes, a stack shows another page): rows that
        // arrive for the top wait for it, and the place is saved as the reader left it, as at
        // dispose (a host may keep the widget, unparented, alive).
        connections.onVoid(widget.raw, "unmap", owned: false) { [weak self] in
            guard let self else { return }
            self.send(.listShown(false))
            if self.engine.savesPlace { self.savePlace() }
        }
        // A widget from a `.ui` window shown before this list drove it: realized and mapped
        // already, so neither signal comes. It starts on the next idle, once the app has given
        // its loaders (it calls `onRefresh` after this returns).
        if gtk_widget_get_realized(parts.listView) != 0 { followLayoutClock() }
        if gtk_widget_get_mapped(widget) != 0, configuration.startsWhenShown {
            timing.startOnScreen.schedule(after: 0, priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
                self?.timing.startOnScreen.fired()
                // Unless `starts-when-shown` went off meanwhile.
                guard self?.configuration.startsWhenShown == true else { return }
                self?.start()
            }
        }
        // What the widget said until this list drove it (already notified): what a `.ui` file
        // hid, and a `max-rows` it set, win over the configuration; those that differ now are
        // notified.
        let said = core.settings.presentation
        notified.isHeaderHidden = said.headerHidden
        notified.isFooterHidden = said.footerHidden
        notified.preparesRows = said.preparesRows
        notified.maximumRows = said.maximumRows ?? RefreshConfiguration.standard.maximumRows
        core.notifyTakenOver(from: core.settings.list, on: cast(widget.raw))
        var taken = presentation
        taken.headerHidden = taken.headerHidden || said.headerHidden
        taken.footerHidden = taken.footerHidden || said.footerHidden
        taken.maximumRows = said.maximumRows ?? taken.maximumRows
        presentation = taken
        render()
        notifyProperties()
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
        connections.onVoid(gpointer(clock), "layout") { [weak self] in
            guard let self else { return }
            // Rows prepared in view change the layout: the frame clock lays out again at once,
            // and the view is placed then, on their real heights.
            if self.prepareRowsInView() { return }
            self.placeViewAfterLayout()
        }
    }

    /// Uses `loader` for refreshes (async style).
    func onRefresh(_ loader: @escaping RefreshLoader) {
        MainLoopBridge.install()
        loading.cursor = nil
        loading.refresh = Self.run { () in try await loader() }
    }
    /// Uses `loader` for refreshes (completion-callback style).
    func onRefresh(completion loader: @escaping RefreshCallback) {
        loading.cursor = nil
        loading.refresh = { _, done in loader(done) }
    }
    /// Uses `loader` for pages after the first (async style).
    func onLoadMore(_ loader: @escaping PageLoader) {
        MainLoopBridge.install()
        loading.cursor = nil
        loading.page = Self.run(loader)
    }
    /// Uses `loader` for pages after the first (completion-callback style).
    func onLoadMore(completion loader: @escaping PageCallback) {
        loading.cursor = nil
        loading.page = loader
    }

    /// Starts the list: its first refresh (unless the engine's `refreshOnStart` is off), or the
    /// place kept under `placeKey`. A list starts by itself when first shown; with
    /// `startsWhenShown` off, call this when the loaders can answer (an account signed in, say),
    /// or before the window shows to load ahead. Later calls, and calls after the widget was
    /// disposed, do nothing.
    func start() {
        guard !hasStarted, !isDisposed else { return }
        hasStarted = true
        drain(
            engine.begin(
                at: Self.monotonicNow(), place: placeMemoryAtStart(), loadsByCursor: loading.cursor != nil))
    }

    /// Asks for a refresh, as F5 does. Ignored while one runs.
    func refresh() { send(.refreshRequested) }

    /// Asks for the next page, as Retry does.
    func loadMore() { send(.loadMoreRequested) }

    /// Whether the header is hidden: pulls then do nothing, refreshes still run. Default `false`.
    var isHeaderHidden: Bool {
        get { engine.isHeaderHiddenByHost }
        set { send(.headerHidden(newValue)) }
    }

    /// The most rows the list keeps (0: every row); see `RefreshListConfiguration.maximumRows`.
    /// A lower bound drops rows at the next layout. The `max-rows` property.
    var maximumRows: Int {
        get { engine.maximumRows }
        set { send(.maximumRowsChanged(newValue)) }
    }

    /// Whether the footer is hidden: nothing then loads by itself. Default `false`.
    var isFooterHidden: Bool {
        get { engine.isFooterHiddenByHost }
        set { send(.footerHidden(newValue)) }
    }

    /// What the list shows now: the header (state, height, title, last-updated instant), the
    /// footer, the paging position, the operation in flight and the inputs it ignored.
    var state: Snapshot { engine.snapshot }

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

    /// Releases everything tied to the widget: handlers on other objects, the timer, and every
    /// function the app gave (loaders, row functions, observers), which may hold the list.
    /// Runs from the widget's dispose; the widget lets go of this object at its finalize.
    func dispose() {
        guard !isDisposed else { return }
        // The place as the reader left it (not while the saved one is still being restored).
        if engine.savesPlace { savePlace() }
        core.isDisposed = true
        timing.wakeUpTimer.cancel()
        timing.afterLayout.cancel()
        timing.startOnScreen.cancel()
        timing.scheduledWakeUp = nil
        timing.nextFrame.cancel(on: widget)
        preparation.idle.cancel()
        spokenDescription.cancel()
        let running = loading.requests.values
        loading.requests.removeAll()
        for request in running { request.cancel() }
        loading.answers.removeAll()
        loading.refresh = nil
        loading.page = nil
        loading.cursor?.loader = { _, _ in }
        rows.makeRow = { gtk_label_new(nil)! }
        rows.bind = { _, _ in }
        eventObserver = nil
        effectObserver = nil
        stateObserver = nil
        activationHandler = nil
        placeholderFactory = nil
        connections.disconnectAll()
        parts.detachFooter()
    }

    isolated deinit {
        // Reached from the widget's finalize, after its dispose.
        parts.release()
        placeholderView.release()
    }
}
