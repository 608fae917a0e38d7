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
            FeedItem(id: "post-\($0)", title: "#\($0) " + localized("Simulated post"), detail: fill(localized("Post %d of the simulated feed"), String($0)))
        }
    }

    private func run() async {
        guard let app, let list = app.list, let window = app.window else { return }
        if g_mkdir_with_parents(directory, 0o755) != 0 {
            app.report(error: "cannot create \(directory): \(String(cString: g_strerror(errno)))")
            g_application_quit(app.gApplication)
            return
        }
        await shootHeaderStates(list, window)
        await shootFooterStates(list, window)
        g_application_quit(app.gApplication)
    }

    /// Idle, pulling, armed, refreshing, refreshed, failed.
    private func shootHeaderStates(_ list: RefreshList<FeedItem>, _ window: WidgetPointer) async {
        let threshold = list.engine.configuration.pullThreshold
        await pause(400)
        list.start()
        await pause(300)
        heldRefresh?(.success(Page(items(181...200), hasMore: true)))
        await pause(4_500)  // spinner minimum, result, collapse
        shoot(window, "header-idle")

        list.feed(.began(.touchpad))
        list.feed(.moved(.touchpad(distance: threshold / 2)))
        await pause(300)
        shoot(window, "header-pulling")
        list.feed(.moved(.touchpad(distance: threshold * 0.7)))
        await pause(300)
        shoot(window, "header-armed")
        list.feed(.ended(.touchpad, cancelled: false))
        await pause(500)
        shoot(window, "header-refreshing")
        heldRefresh?(.success(Page(items(183...202), hasMore: true)))
        await pause(500)
        shoot(window, "header-succeeded")
        await pause(3_000)
        list.refresh()
        await pause(450)
        heldRefresh?(.failure(FolderError(message: localized("The server did not answer"))))
        await pause(300)
        shoot(window, "header-failed")
        await pause(3_200)
    }

    /// Loading, failed with Retry, no more items; scrolled to the bottom so the sentinel shows.
    private func shootFooterStates(_ list: RefreshList<FeedItem>, _ window: WidgetPointer) async {
        await scrollToBottom(list)
        await pause(500)
        shoot(window, "footer-loading")
        heldPage?(.failure(FolderError(message: localized("The server did not answer"))))
        await pause(400)
        await scrollToBottom(list)
        shoot(window, "footer-failed")
        list.loadMore()
        await pause(200)
        heldPage?(.success(Page(items(176...182), hasMore: false)))
        await pause(400)
        await scrollToBottom(list)
        await pause(300)
        shoot(window, "footer-exhausted")
    }

    private func scrollToBottom(_ list: RefreshList<FeedItem>) async {
        for _ in 0..<3 {
            scrollToEnd(list.scrolledWindow)
            await pause(150)
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

    private func pause(_ milliseconds: Int) async {
        try? await Task.sleep(for: .milliseconds(milliseconds))
    }
}
