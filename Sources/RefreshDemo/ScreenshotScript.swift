// --screenshots DIR: drives the real widget through every header and footer state with
// loaders whose answers the script releases, and renders the window to PNG through GTK's own
// renderer at each step. Then the app quits (status 1 if any image could not be written).

import CGtk
import GtkInterop
import Glibc
import GtkRefreshList
import RefreshEngine

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
        list.onRefresh(completion: { [weak self] done in self?.heldRefresh = done })
        list.onLoadMore(completion: { [weak self] _, done in self?.heldPage = done })
        Task { @MainActor in await self.run() }
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
        } catch {
            app.report(error: "--screenshots: \(error.what) never came")
        }
        g_application_quit(app.gApplication)
    }

    /// Idle, pulling, armed, refreshing, refreshed, failed.
    private func shootHeaderStates(_ list: RefreshList<FeedItem>, _ window: WidgetPointer) async throws(Stalled) {
        let threshold = list.engine.configuration.pullThreshold
        let header = { list.engine.header.state }
        list.start()
        try await settle("the first refresh", window) { header() == .refreshing }
        heldRefresh?(.success(Page(items(181...200), hasMore: true)))
        // The spinner's minimum time, the result's display time, the collapse.
        try await settle("the first page shown and the header closed", window) {
            header() == .idle && list.items.count == 20
        }
        shoot(window, "header-idle")

        // A drag: held, it never ends by itself, however slowly frames come.
        list.feed(.began(.drag))
        list.feed(.moved(.drag(distance: threshold / 2)))
        try await settle("a pull", window) { header() == .pulling }
        shoot(window, "header-pulling")
        list.feed(.moved(.drag(distance: threshold * 0.7)))
        try await settle("an armed pull", window) { header() == .armed }
        shoot(window, "header-armed")
        list.feed(.ended(.drag, cancelled: false))
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
        let footer = { list.engine.footer }
        try await scrollToBottom(list, window)
        try await settle("the next page loading", window) { footer() == .loading }
        try await scrollToBottom(list, window)
        shoot(window, "footer-loading")
        heldPage?(.failure(FolderError(message: localized("The server did not answer"))))
        try await settle("the page's failure", window) { footer() == .failed }
        try await scrollToBottom(list, window)
        shoot(window, "footer-failed")
        list.loadMore()
        try await settle("the page asked for again", window) { footer() == .loading }
        heldPage?(.success(Page(items(176...182), hasMore: false)))
        try await settle("the end of the feed", window) { footer() == .exhausted }
        try await scrollToBottom(list, window)
        shoot(window, "footer-exhausted")
    }

    /// Scrolls to the end until a laid-out frame shows the bottom of the list.
    private func scrollToBottom(_ list: RefreshList<FeedItem>, _ window: WidgetPointer) async throws(Stalled) {
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(list.scrolledWindow))
        try await settle("the bottom of the list", window) {
            let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            if gtk_adjustment_get_value(adjustment) >= end - 0.5 { return true }
            scrollToEnd(list.scrolledWindow)
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
        let slide = Int64(app?.list?.engine.headerSlideMilliseconds ?? 0) * 1_000
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
