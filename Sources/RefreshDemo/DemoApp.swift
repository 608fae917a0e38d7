// The application (libadwaita): a window with the refresh list and, in a side pane, live
// controls (source, latency, failure rate, page size, total, threshold, trigger) and a state
// inspector. Changing a control that shapes paging rebuilds the list; latency and failure
// rate apply at once.

import CAdwaita
import CGtk
import Glibc
import GtkInterop
import GtkRefreshList
import ListProbe
import RefreshEngine
import TimelineRows

/// The reverse-DNS application id (also the .desktop and metainfo id).
let applicationID = "io.github.refreshlist.RefreshDemo"
/// The release (as in meson.build and the metainfo).
let applicationVersion = "0.1.0"

@MainActor
final class DemoApp {
    var options: Options
    let tracer: Tracer?
    let application: UnsafeMutablePointer<GtkApplication>
    let connections = SignalConnections()
    var window: WidgetPointer?
    var listHolder: WidgetPointer?
    /// The side pane of controls beside the list (CAdwaita's `cadw_side_pane_new`: an
    /// AdwOverlaySplitView, or an AdwFlap before libadwaita 1.4).
    var controlsPane: WidgetPointer?
    /// The list's narrowest width (px); below it and the pane's together, the pane folds away.
    static let listMinimumWidth: Int32 = 360
    /// The controls pane's width (px).
    static let paneWidth: Int32 = 300
    /// `app.refresh`: the header bar's Refresh and the status page's Retry; off while refreshing.
    var refreshAction: OpaquePointer?
    var list: RefreshList<FeedItem>?
    /// The list's engine as its last event left it (the list's `eventObserver`): the pill's
    /// state for the trace.
    var decided: RefreshEngine?
    var feed: SimulatedFeed
    var folder: FolderSource?
    /// The network feed, while it is the source (its stream follows the public timeline).
    var mastodon: MastodonSource?
    /// The header bar's stream state (live, connecting, reconnecting, offline): a status label.
    var streamLabel: WidgetPointer?
    /// "Offline — showing posts from 10:42", beside it, while cached rows cannot be brought up to date.
    var offlineLabel: WidgetPointer?
    var controls = Controls()
    var inspector: [String: WidgetPointer] = [:]
    /// The side panel's box, empty until the first frame is painted.
    var panelBox: WidgetPointer?
    var exitStatus: Int32 = 0
    var screenshotScript: ScreenshotScript?
    /// What the trace last said of the pill on screen (its state and centre), so each change is
    /// said once.
    var tracedPill: String?
    /// The first row in view as last traced.
    var tracedFirstRow: String?
    /// What a pointer can act on in the rows in view, as last traced.
    var tracedTargets: String?
    /// Fires once no frame was painted for a while: the list at rest, its targets traced.
    var targetsTimer = OneShotTimer()
    /// The window's pages (CAdwaita's `cadw_navigation_new`): the timeline, then the threads
    /// opened over it.
    var navigation: WidgetPointer?
    /// The threads open over the timeline, the one shown last (DemoApp+Thread.swift).
    var threadPages: [ThreadPage] = []
    /// The timeline's status whose thread is open: the row focused again on return.
    var timelineOpenedID: String?
    /// What the trace last said of the thread shown's list (its header and placeholder).
    var tracedThreadList: String?

    struct Controls {
        var source: OpaquePointer?
        var folder: WidgetPointer?
        var latency: OpaquePointer?
        var failRate: OpaquePointer?
        var pageSize: OpaquePointer?
        var total: OpaquePointer?
        var threshold: OpaquePointer?
        var trigger: OpaquePointer?
    }

    /// The application as a GApplication.
    var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
    }

    init(options: Options) {
        self.options = options
        rows = TimelineRows.factory(opened: opened, times: PostedTimes(), images: images)
        tracer = options.trace ? Tracer() : nil
        feed = SimulatedFeed(
            total: options.total, pageSize: options.pageSize, latencyMilliseconds: options.latencyMilliseconds,
            failRate: options.failRate, seed: options.seed)
        Style.prepare(options.style)
        application = UnsafeMutableRawPointer(adw_application_new(applicationID, G_APPLICATION_NON_UNIQUE)!)
            .assumingMemoryBound(to: GtkApplication.self)
        // The translated title shows which language the app runs in.
        tracer?.milestone("launch", [("title", localized("Refresh List"))])
        images.onArrival = { [weak self] url, widgets in
            self?.tracer?.milestone("image", [("url", url), ("widgets", widgets)])
        }
    }

    func run() -> Int32 {
        connections.onVoid(gpointer(application), "activate") { [weak self] in self?.activate() }
        // The stream closes as the app goes, before the main loop stops, and the cache writes
        // what it was given (waiting for it, at quit only); a quitting signal writes it too.
        connections.onVoid(gpointer(application), "shutdown") { [weak self] in
            self?.mastodon?.stopStreaming()
            self?.mastodon?.flushCache()
        }
        QuitSignal.install(beforeQuitting: { [weak self] in self?.mastodon?.flushCache() })
        let status = g_application_run(gApplication, 1, CommandLine.unsafeArgv)
        connections.disconnectAll()
        g_object_unref(gpointer(application))
        return status != 0 ? status : exitStatus
    }

    private func activate() {
        guard window == nil else {
            gtk_window_present(window?.as(GtkWindow.self))
            return
        }
        tracer?.milestone("activate")
        Style.apply(options.style)
        switch options.direction {
        case .system: break
        case .ltr: gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR)
        case .rtl: gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
        }
        Style.load()
        let style = Style.current
        tracer?.milestone(
            "style",
            [
                ("dark", style.dark), ("highContrast", style.highContrast),
                ("direction", gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL ? "rtl" : "ltr"),
            ])
        let window = adw_application_window_new(application)!
        self.window = window
        gtk_window_set_title(window.as(GtkWindow.self), localized("Refresh List"))
        gtk_window_set_default_size(window.as(GtkWindow.self), options.width, options.height)
        gtk_window_set_icon_name(window.as(GtkWindow.self), applicationID)
        buildWindowContent(window)

        buildList()
        afterFirstFrame(of: window)
        tracer?.milestone("window-built")
        gtk_window_present(window.as(GtkWindow.self))
        tracer?.milestone("presented")
        if let directory = options.screenshotsDirectory {
            let script = ScreenshotScript(app: self, directory: directory)
            screenshotScript = script
            script.start()
        }
    }

    /// Once GTK painted the first frame: traces it (the launch benchmark's finish line), then
    /// fills the side panel in the next main-loop turn.
    private func afterFirstFrame(of window: WidgetPointer) {
        connections.onVoid(gpointer(window), "map") { [weak self] in
            guard let self, let window = self.window, let clock = gtk_widget_get_frame_clock(window) else { return }
            var reported = false
            if self.tracer != nil {
                self.connections.onVoid(gpointer(clock), "after-paint") { [weak self] in
                    self?.tracePill()
                    self?.traceFirstRow()
                    self?.targetsTimer.schedule(after: 100) { [weak self] in
                        self?.targetsTimer.fired()
                        self?.traceTargets()
                    }
                }
            }
            self.connections.onVoid(gpointer(clock), "after-paint") { [weak self] in self?.threadRowsPainted() }
            self.connections.onVoid(gpointer(clock), "after-paint") { [weak self] in
                guard !reported, let self else { return }
                reported = true
                // monotonicUs is on the same clock (CLOCK_MONOTONIC) a launcher can read.
                self.tracer?.milestone("first-frame")
                self.traceControls()
                // The keyboard focus starts in the list (on its rows, or on what stands for them
                // while there are none), not on the header bar's first button; a widget takes
                // the focus once its window is on screen.
                self.list?.grabFocus()
                Task { @MainActor [weak self] in
                    self?.fillPanel()
                    self?.tracer?.milestone("panel-built")
                }
            }
        }
    }

    /// Traces the pill as painted when it changed: what it offers and its centre in the window
    /// (px), where a pointer activates it.
    private func tracePill() {
        guard let list, let window else { return }
        guard let pill = ListParts.pill(of: list.widget) else { return }
        var bounds = graphene_rect_t()
        let shown = gtk_widget_get_mapped(pill) != 0 && gtk_widget_compute_bounds(pill, window, &bounds) != 0
        let x = Int((bounds.origin.x + bounds.size.width / 2).rounded())
        let y = Int((bounds.origin.y + bounds.size.height / 2).rounded())
        let state = shown ? (decided?.pill ?? .hidden).name : Pill.hidden.name
        let said = shown ? "\(state) \(x) \(y)" : state
        guard said != tracedPill else { return }
        tracedPill = said
        tracer?.milestone("pill", shown ? [("pill", state), ("x", x), ("y", y)] : [("pill", state)])
    }

    /// Traces the first row in view when a frame showed it moved or another one: its status's
    /// id and its top in the list (px). Still, the reader sees it stay put; a picture arriving
    /// must never move it.
    private func traceFirstRow() {
        guard let list, let first = ListParts.firstRowInView(of: list.widget),
            let id = g_object_get_data(cast(first.row.raw), TimelineRows.rowIDKey)
        else { return }
        let shown = String(cString: id.assumingMemoryBound(to: CChar.self))
        let said = "\(shown) \(first.top)"
        guard said != tracedFirstRow else { return }
        tracedFirstRow = said
        tracer?.milestone("firstRow", [("id", shown), ("top", first.top)])
    }

    /// Traces, once no frame was painted for 100 ms (the list at rest), what a pointer can act
    /// on in the timeline's rows in view when it changed: a `targets` line with their `count`,
    /// then one `target` line each (its row's id, its kind, what it says, the address it opens,
    /// the part of it in the list's view, in window px), where GTK put it.
    private func traceTargets() {
        guard let list, let window else { return }
        let scrolled = ListParts.scrolledWindow(of: list.widget)
        var view = graphene_rect_t()
        guard gtk_widget_is_drawable(scrolled) != 0, gtk_widget_compute_bounds(scrolled, window, &view) != 0 else {
            // Traced again once the timeline shows again (back from a thread).
            tracedTargets = nil
            return
        }
        var lines: [[(String, Any)]] = []
        for shown in ListParts.rowsInView(of: list.widget) {
            guard let id = g_object_get_data(cast(shown.row.raw), TimelineRows.rowIDKey) else { continue }
            let row = String(cString: id.assumingMemoryBound(to: CChar.self))
            for target in TimelineRows.pointerTargets(in: shown.row, window: window) {
                var bounds = graphene_rect_t(
                    origin: graphene_point_t(x: Float(target.x), y: Float(target.y)),
                    size: graphene_size_t(width: Float(target.width), height: Float(target.height)))
                var inView = graphene_rect_t()
                guard graphene_rect_intersection(&bounds, &view, &inView),
                    inView.size.width >= 1, inView.size.height >= 1
                else { continue }
                var line: [(String, Any)] = [("row", row), ("kind", target.kind.rawValue)]
                if let text = target.text { line.append(("text", text)) }
                if let url = target.url { line.append(("url", url)) }
                let left = Int(inView.origin.x.rounded()), top = Int(inView.origin.y.rounded())
                line += [
                    ("x", left), ("y", top), ("width", Int((inView.origin.x + inView.size.width).rounded()) - left),
                    ("height", Int((inView.origin.y + inView.size.height).rounded()) - top),
                ]
                lines.append(line)
            }
        }
        let said = lines.map { $0.map { "\($0.0)=\($0.1)" }.joined(separator: " ") }.joined(separator: "\n")
        guard said != tracedTargets else { return }
        tracedTargets = said
        tracer?.milestone("targets", [("count", lines.count)])
        for line in lines { tracer?.milestone("target", line) }
    }

    /// Creates (or re-creates) the list from the current options.
    func buildList() {
        guard let holder = listHolder else { return }
        closeAllThreads()
        if let old = list {
            gtk_box_remove(holder.box, old.widget)
            list = nil
            decided = nil
        }
        var configuration = RefreshListConfiguration()
        do {
            configuration.engine = try RefreshConfiguration(
                pullThreshold: options.threshold, triggerMode: options.triggerOnCross ? .onThresholdCross : .onRelease,
                resultDisplayTime: options.screenshotsDirectory == nil ? 600 : 3_000, pageSize: options.pageSize,
                refreshMerge: options.source.refreshMerge)
        } catch {
            report(error: "\(error)")
            return
        }
        configuration.lastUpdatedKey = "demo-\(options.source.rawValue)"
        // The simulated feed answers by cursor: the list opens where it was left.
        configuration.placeKey = "demo-\(options.source.rawValue)"
        // "5 new posts" over a feed, "5 new files" over a folder.
        configuration.texts = options.source.texts
        configuration.startsWhenShown = options.screenshotsDirectory == nil
        // One list in the window: F5 refreshes it wherever the focus is, like a browser.
        configuration.shortcutScope = .window
        let list: RefreshList<FeedItem>
        do {
            list = try RefreshList(configuration: configuration, rows: rows)
        } catch {
            report(error: "\(error)")
            return
        }
        self.list = list
        cgtk_accessible_set_string(list.widget, GTK_ACCESSIBLE_PROPERTY_LABEL, options.source.displayName)
        list.onPlaceholder { Self.statusPage(for: $0) }
        connectSource(to: list)
        if options.source == .mastodon {
            // A click on a status (not on its links, pictures or buttons, which take their
            // clicks), or Enter on the focused one, opens its thread.
            list.singleClickActivate = true
            list.onActivate { [weak self] item, _ in self?.openThread(item) }
        }
        list.eventObserver = { [weak self] event, engine in
            guard let self else { return }
            guard let list = self.list else { return }
            self.decided = engine
            self.tracer?.event(event, engine: engine, items: list.items.count, failureText: list.failureMessage)
            // Placement events come from inside the list's own changes: the rows may be half changed.
            guard !event.isPlacement else { return }
            self.updateInspector()
            self.mastodon?.listChanged(engine)
            self.mastodon?.traceRowsIfChanged()
        }
        list.effectObserver = { [weak self, weak list] effect in
            self?.tracer?.effect(effect, place: list?.place(of: effect))
            if case .dropRows(let above, let below) = effect { self?.mastodon?.rowsDropping(above + below) }
            if case .insertArrivals = effect { self?.mastodon?.arrivalsGoingIn() }
        }
        gtk_widget_set_vexpand(list.widget, 1)
        gtk_box_append(holder.box, list.widget)
        updateInspector()
    }

    /// Gives `list` the loaders of the source the options name.
    private func connectSource(to list: RefreshList<FeedItem>) {
        feed.pageSize = options.pageSize
        feed.reset(total: options.total)
        mastodon?.stopStreaming()
        mastodon = nil
        opened.onToggle = nil
        showStream(nil, reason: nil)
        showOffline(nil)
        switch options.source {
        case .sim:
            folder = nil
            let feed = self.feed
            list.onLoad { request in try await feed.load(request) }
        case .folder:
            let source = FolderSource(path: options.folder ?? ".", pageSize: options.pageSize)
            folder = source
            list.onLoad(completion: { request, done in source.load(request) { done($0) } })
        case .mastodon:
            folder = nil
            let source = MastodonSource(server: options.server ?? "", pageSize: options.pageSize, tracer: tracer) {
                [weak list] in list?.items ?? []
            }
            source.streams = options.stream
            source.accessToken = g_getenv("MASTODON_ACCESS_TOKEN").map { String(cString: $0) }
            source.onStreamState = { [weak self] indicator, reason in self?.showStream(indicator, reason: reason) }
            source.onOffline = { [weak self] text in self?.showOffline(text) }
            if options.cacheLimit > 0 {
                source.openCache(applicationID: applicationID, limit: options.cacheLimit)
            }
            // The warnings the reader opened stay open across restarts, with the statuses cached.
            source.openedWarnings { [weak self] in self?.opened.reset($0) }
            opened.onToggle = { [weak source] id, open in source?.keepOpened(id, open) }
            source.connect(to: list)
            mastodon = source
        }
    }

    /// Rows: a title over a dimmed detail line; a status's row with its author's picture, its
    /// content and its media (TimelineRow.swift).
    let rows: RowFactory<FeedItem>
    /// The timeline's avatars and media, fetched and decoded once, kept on disk for reading
    /// offline.
    let images = ImageStore(
        source: DiskImageSource(folder: DiskImageSource.defaultFolder(applicationID: applicationID)))
    /// The content warnings the reader opened.
    let opened = OpenedWarnings()

    func report(error message: String) {
        printError("refresh-demo: \(message)")
        exitStatus = 1
    }
}
