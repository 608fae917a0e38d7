// --screenshots DIR: drives the real widget through every header and footer state with
// loaders whose answers the script releases, the "N new" pill over rows a refresh put above the
// view (left to right and right to left), then the views of a list with no rows (loading,
// empty, failed), a right-to-left window and a narrow one, a status's thread opened over the
// list, and renders the window to PNG
// through GTK's own renderer at each step. Then the app quits (status 1 if any image could not
// be written).

import CAdwaita
import CGtk
import Glibc
import GtkInterop
import GtkRefreshList
import ListProbe
import RefreshEngine
import TimelineRows

@MainActor
final class ScreenshotScript {
    private weak var app: DemoApp?
    private let directory: String
    private var heldRefresh: RefreshList<FeedItem>.Completion?
    private var heldPage: RefreshList<FeedItem>.Completion?
    private var written: [String] = []

    init(app: DemoApp, directory: String) {
        self.app = app
        self.directory = directory
    }

    func start() {
        guard let list = app?.list else { return }
        hold(list)
        Task { @MainActor in await self.run() }
    }

    /// Gives `list` loaders whose answers the script releases.
    private func hold(_ list: RefreshList<FeedItem>) {
        list.onRefresh(completion: { [weak self] done in self?.heldRefresh = done })
        list.onLoadMore(completion: { [weak self] _, done in self?.heldPage = done })
    }

    private func items(_ range: ClosedRange<Int>) -> [FeedItem] {
        range.reversed().map {
            FeedItem(
                id: "post-\($0)", title: "#\($0) " + localized("Simulated post"),
                detail: fill(localized("Post %d of the simulated feed"), String($0)))
        }
    }

    private func run() async {
        guard let app, let list = app.list, let window = app.window else { return }
        if g_mkdir_with_parents(directory, 0o755) != 0 {
            app.report(error: "cannot create \(directory): \(String(cString: g_strerror(errno)))")
            g_application_quit(app.gApplication)
            return
        }
        do {
            try await shootHeaderStates(list, window)
            try await shootFooterStates(list, window)
            try await shootPill(list, window)
            try await shootRightToLeft(list, window)
            try await shootNarrow(window)
            try await shootThread(window)
            try await shootPlaceholders(window)
        } catch {
            app.report(error: "--screenshots: \(error.what) never came")
        }
        g_application_quit(app.gApplication)
    }

    /// Idle, pulling, armed, refreshing, refreshed, failed.
    private func shootHeaderStates(_ list: RefreshList<FeedItem>, _ window: WidgetPointer) async throws(Stalled) {
        let threshold = list.configuration.engine.pullThreshold
        let header = { list.state.header.state }
        list.start()
        try await settle("the first refresh", window) { header() == .refreshing }
        heldRefresh?(.success(Page(items(181...200), hasMore: true)))
        // The spinner's minimum time, the result's display time, the collapse.
        try await settle("the first page shown and the header closed", window) {
            header() == .idle && list.items.count == 20
        }
        shoot(window, "header-idle")

        // A drag: held, it never ends by itself, however slowly frames come.
        let drag = EmittedDrag(on: list.widget)
        drag.press()
        drag.move(to: threshold / 2)
        try await settle("a pull", window) { header() == .pulling }
        shoot(window, "header-pulling")
        drag.move(to: threshold * 1.2)
        try await settle("an armed pull", window) { header() == .armed }
        shoot(window, "header-armed")
        drag.release()
        try await settle("the pull's refresh", window) { header() == .refreshing }
        shoot(window, "header-refreshing")
        heldRefresh?(.success(Page(items(183...202), hasMore: true)))
        try await settle("the refresh's success", window) { header() == .succeeded }
        shoot(window, "header-succeeded")
        try await settle("the header closed after the success", window) { header() == .idle }
        list.refresh()
        try await settle("a refresh asked for", window) { header() == .refreshing }
        heldRefresh?(.failure(FolderError(message: localized("The server did not answer"))))
        try await settle("the refresh's failure", window) { header() == .failed }
        shoot(window, "header-failed")
        try await settle("the header closed after the failure", window) { header() == .idle }
    }

    /// Loading, failed with Retry, no more items; scrolled to the bottom so the sentinel shows.
    private func shootFooterStates(_ list: RefreshList<FeedItem>, _ window: WidgetPointer) async throws(Stalled) {
        let footer = { list.state.footer }
        try await scroll(list, window, toEnd: true)
        try await settle("the next page loading", window) { footer() == .loading }
        try await scroll(list, window, toEnd: true)
        shoot(window, "footer-loading")
        heldPage?(.failure(FolderError(message: localized("The server did not answer"))))
        try await settle("the page's failure", window) { footer() == .failed }
        try await scroll(list, window, toEnd: true)
        shoot(window, "footer-failed")
        list.loadMore()
        try await settle("the page asked for again", window) { footer() == .loading }
        heldPage?(.success(Page(items(176...182), hasMore: false)))
        try await settle("the end of the feed", window) { footer() == .exhausted }
        try await scroll(list, window, toEnd: true)
        shoot(window, "footer-exhausted")
    }

    /// Scrolled down a few rows, a refresh whose five new posts go in above the view: the place
    /// holds and the pill says "5 new posts"; then the same right to left, the pill's arrow after
    /// its words.
    private func shootPill(_ list: RefreshList<FeedItem>, _ window: WidgetPointer) async throws(Stalled) {
        let adjustment = gtk_scrolled_window_get_vadjustment(ListParts.scrolledWindow(of: list.widget).opaque)
        try await settle("the list scrolled a few rows down", window) {
            if abs(gtk_adjustment_get_value(adjustment) - 150) <= 0.5 { return true }
            gtk_adjustment_set_value(adjustment, 150)
            return false
        }
        list.refresh()
        try await settle("a refresh in mid-list", window) { list.state.header.state == .refreshing }
        // The newest page: five new posts on top of fifteen of the rows shown (202…188).
        heldRefresh?(.success(Page(items(188...207), hasMore: true)))
        try await settle("the pill over the rows, the header closed", window) {
            list.state.newAbove == 5 && list.state.header.state == .idle
        }
        shoot(window, "pill")
        gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
        try await settle("the pill, right to left", window) {
            list.state.newAbove == 5 && gtk_widget_get_direction(list.widget) == GTK_TEXT_DIR_RTL
        }
        shoot(window, "rtl-pill")
        gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR)
        try await settle("left to right again", window) { gtk_widget_get_direction(list.widget) == GTK_TEXT_DIR_LTR }
        // The shorter list loads its next page: the last, so the feed ends as before.
        guard list.state.footer == .loading else { return }
        heldPage?(.success(Page(items(181...187), hasMore: false)))
        try await settle("the end of the feed again", window) { list.state.footer == .exhausted }
    }

    /// A pull in a right-to-left window: the header's arrow and texts, the rows and the pane
    /// mirrored.
    private func shootRightToLeft(_ list: RefreshList<FeedItem>, _ window: WidgetPointer) async throws(Stalled) {
        try await scroll(list, window, toEnd: false)
        gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
        let drag = EmittedDrag(on: list.widget)
        drag.press()
        drag.move(to: list.configuration.engine.pullThreshold / 2)
        try await settle("a pull, right to left", window) {
            list.state.header.state == .pulling && gtk_widget_get_direction(list.widget) == GTK_TEXT_DIR_RTL
        }
        shoot(window, "rtl-pulling")
        drag.cancel()
        gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR)
        try await settle("the pull let go, left to right again", window) {
            list.state.header.state == .idle && gtk_widget_get_direction(list.widget) == GTK_TEXT_DIR_LTR
        }
    }

    /// The window at a phone's width (360 px): the controls pane folded away.
    private func shootNarrow(_ window: WidgetPointer) async throws(Stalled) {
        guard let pane = app?.controlsPane else { return }
        var (width, height): (Int32, Int32) = (0, 0)
        gtk_window_get_default_size(window.as(GtkWindow.self), &width, &height)
        gtk_window_set_default_size(window.as(GtkWindow.self), 360, height)
        try await settle("the window 360 px wide, the pane folded", window) {
            gtk_widget_get_width(window) <= 380 && cadw_side_pane_get_folded(pane) != 0
        }
        shoot(window, "narrow")
        gtk_window_set_default_size(window.as(GtkWindow.self), width, height)
        try await settle("the window wide again, the pane beside the list", window) {
            cadw_side_pane_get_folded(pane) == 0
        }
    }

    /// A status's thread opened over the list: the status it replies to, the status (marked),
    /// and its replies; then back to the list.
    private func shootThread(_ window: WidgetPointer) async throws(Stalled) {
        guard let app else { return }
        let now = Int64(g_get_real_time() / 1_000)
        func status(_ id: String, _ name: String, _ user: String, _ text: String, minutesAgo: Int64) -> FeedItem {
            FeedItem(
                id: id, title: text, detail: "\(name) @\(user)@example.org", markup: text,
                postedAt: now - minutesAgo * 60_000, authorName: name)
        }
        let opened = status(
            "thread-2", "Grace Hopper", "grace",
            localized("Pull to refresh works with a mouse wheel too: three notches at the top."), minutesAgo: 42)
        let rows = [
            status(
                "thread-1", "Ada Lovelace", "ada", localized("How does a desktop list do pull to refresh?"),
                minutesAgo: 47),
            opened,
            status(
                "thread-3", "Alan Turing", "alan",
                localized("And a touchpad pulls with two fingers, released when they lift."), minutesAgo: 30),
            status(
                "thread-4", "Barbara Liskov", "barbara",
                localized("Opening a post and coming back keeps my place, to the pixel."), minutesAgo: 12),
        ]
        var heldThread: RefreshList<FeedItem>.Completion?
        app.openThreadPage(for: opened) { done in heldThread = done }
        try await settle("the thread's first load", window) { heldThread != nil }
        heldThread?(.success(Page(rows, hasMore: false)))
        try await settle("the thread's rows shown, its header closed", window) {
            guard let page = app.threadPages.last else { return false }
            return page.rowsShown && page.list.state.header.state == .idle
        }
        shoot(window, "thread")
        app.closeThread()
        try await settle("back on the list", window) { app.threadPages.isEmpty }
    }

    /// A new list with no rows: its first load running, an empty answer, then a failed refresh
    /// (the status page with Retry).
    private func shootPlaceholders(_ window: WidgetPointer) async throws(Stalled) {
        guard let app else { return }
        app.buildList()
        guard let list = app.list else { return }
        hold(list)
        let placeholder = { app.decided?.placeholder ?? Placeholder.none }
        list.start()
        try await settle("the first load of a new list", window) { list.state.header.state == .refreshing }
        shoot(window, "placeholder-loading")
        heldRefresh?(.success(Page([], hasMore: false)))
        try await settle("the empty list's view", window) {
            placeholder() == .empty && list.state.header.state == .idle
        }
        shoot(window, "placeholder-empty")
        list.refresh()
        try await settle("a refresh of the empty list", window) { list.state.header.state == .refreshing }
        heldRefresh?(.failure(FolderError(message: localized("The server did not answer"))))
        try await settle("the failed list's view", window) {
            if case .failed = placeholder() { return list.state.header.state == .idle }
            return false
        }
        shoot(window, "placeholder-failed")
    }

    /// Scrolls to the end (or the top) until a laid-out frame shows it.
    private func scroll(_ list: RefreshList<FeedItem>, _ window: WidgetPointer, toEnd: Bool) async throws(Stalled) {
        let adjustment = gtk_scrolled_window_get_vadjustment(ListParts.scrolledWindow(of: list.widget).opaque)
        try await settle(toEnd ? "the bottom of the list" : "the top of the list", window) {
            let target = toEnd ? gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment) : 0
            if abs(gtk_adjustment_get_value(adjustment) - target) <= 0.5 { return true }
            gtk_adjustment_set_value(adjustment, target)
            return false
        }
    }

    private func shoot(_ window: WidgetPointer, _ name: String) {
        let path = directory + "/" + name + ".png"
        if WidgetSnapshot.savePNG(window, to: path) {
            written.append(path)
            print(path)
        } else {
            app?.report(error: "could not render \(path)")
        }
    }

    /// A state the script waited for in vain.
    struct Stalled: Error {
        let what: String
    }

    /// Waits, frame by frame, until `condition` holds; then until frames have shown it for
    /// longer than the header's slide toward it, so the picture is the state at rest.
    /// - Throws: `Stalled` when it does not hold within 30 s of frame time.
    private func settle(_ what: String, _ window: WidgetPointer, _ condition: () -> Bool) async throws(Stalled) {
        let patience: Int64 = 30_000_000  // µs
        let start = await frame(window)
        var now = start
        while !condition() {
            guard now - start <= patience else { throw Stalled(what: what) }
            now = await frame(window)
        }
        let slide = Int64(app?.decided?.headerSlideMilliseconds ?? 0) * 1_000
        let shown = now
        repeat { now = await frame(window) } while now - shown <= slide
    }

    /// The frame time (µs) of `window`'s next frame.
    private func frame(_ window: WidgetPointer) async -> Int64 {
        await withCheckedContinuation { continuation in
            var callback = NextFrameCallback()
            callback.request(on: window) {
                let clock = gtk_widget_get_frame_clock(window)
                continuation.resume(
                    returning: Int64(clock.map { gdk_frame_clock_get_frame_time($0) } ?? g_get_monotonic_time()))
            }
        }
    }
}
