// Benchmark 7: a live list's memory. A list loaded by cursor, its reader in mid-list, takes a
// simulated stream of posts on top (an hour at 10 a second, run fast: 100 posts, then the
// frames that lay them out, and so on). With its bound (`maximumRows`, default 1 000) the rows
// far above the view go in whole pages, so resident memory at the end stays within 1.1 × what
// it was after the first 1 000 posts, and the first visible row never moves: checked after
// every batch from the widget tree (the row's text and its top).

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import ListProbe
import RefreshEngine

/// A timeline of posts 1 (oldest) to `newest`, answering by cursor; posts stream in on top.
@MainActor
final class StreamFeed {
    private(set) var newest: Int

    init(posts: Int) { newest = posts }

    /// A new post on top: its row.
    func post() -> Row {
        newest += 1
        return Row(id: newest)
    }

    func load(_ request: PageRequest<Int>) -> Page<Row> {
        switch request {
        case .newest: return rows(from: newest)
        case .at(let id): return rows(from: min(id, newest))
        case .older(let id): return rows(from: id - 1)
        case .newer(let id):
            // The nearest ones, newest first.
            let top = min(newest, id + 20)
            return Page(
                (id + 1...max(id + 1, top)).reversed().filter { $0 <= newest }.map(Row.init), hasMore: top < newest)
        }
    }

    private func rows(from id: Int) -> Page<Row> {
        let bottom = max(1, id - 19)
        return Page(id >= bottom ? (bottom...id).reversed().map(Row.init) : [], hasMore: bottom > 1)
    }
}

/// A shown list over a `StreamFeed`, bounded as the widget is by default, its reader in mid-list.
@MainActor
final class LiveList {
    let feed: StreamFeed
    let list: RefreshList<Row>
    let window: WidgetPointer
    private let connections = SignalConnections()
    /// Frames painted so far.
    private(set) var frames = 0

    /// The first row the view shows (in part): its text and its top in the list's coordinates.
    struct ShownRow: Equatable {
        var text: String
        var top: Double
    }

    /// `maximumRows`: the list's bound (`nil`: the default).
    init(title: String, maximumRows: Int? = nil) {
        feed = StreamFeed(posts: 100_000)
        var configuration = RefreshListConfiguration()
        configuration.engine = try! RefreshConfiguration(minimumSpinnerTime: 0, resultDisplayTime: 0, pageSize: 20)
        if let maximumRows { configuration.maximumRows = maximumRows }
        configuration.startsWhenShown = false
        list = try! RefreshList(configuration: configuration, rows: .label { "row \($0.id)" })
        let feed = self.feed
        list.onLoad { feed.load($0) }
        window = Gtk.window(list.widget)
        gtk_window_set_title(window.as(GtkWindow.self), title)
        connections.onVoid(gpointer(gtk_widget_get_frame_clock(window)!), "after-paint") { [unowned self] in
            self.frames += 1
        }
        list.start()
        Gtk.pump(until: { self.list.items.count >= 20 && self.list.state.inFlight == nil })
    }

    /// Loads pages down to `rows` rows, then puts the view `rowsDown` rows down, at rest.
    func readInMidList(rows: Int, rowsDown: Int) {
        let adjustment = gtk_scrolled_window_get_vadjustment(ListParts.scrolledWindow(of: list.widget).opaque)!
        while list.items.count < rows {
            let count = list.items.count
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            Gtk.pump(until: { self.list.items.count > count && self.list.state.inFlight == nil }, timeout: 10)
        }
        let rowHeight = gtk_adjustment_get_upper(adjustment) / Double(list.items.count)
        gtk_adjustment_set_value(adjustment, rowHeight * Double(rowsDown) + rowHeight / 3)
        waitFrames(3)
    }

    /// Pumps the main loop through `count` more painted frames (or a second each). A frame is
    /// asked for each time: a post that only changes the pill's count past its largest shown
    /// figure changes nothing on screen, and GTK paints only what changed.
    func waitFrames(_ count: Int) {
        for _ in 0..<count {
            let target = frames + 1
            gtk_widget_queue_draw(window)
            Gtk.pump(until: { self.frames >= target }, timeout: 1)
        }
    }

    /// The first row the view shows, read from the widget tree.
    func firstVisibleRow() -> ShownRow? {
        guard let first = ListParts.firstRowInView(of: list.widget), let text = gtk_label_get_text(first.row.opaque)
        else { return nil }
        return ShownRow(text: String(cString: text), top: first.top)
    }

    func close() {
        connections.disconnectAll()
        gtk_window_destroy(window.as(GtkWindow.self))
    }
}

@MainActor
enum StreamBench {
    /// `maximumRows` 0: the same stream into an unbounded list, the comparison (reported only).
    static func run(posts: Int, firstMeasuredAfter: Int, maximumRows: Int? = nil) {
        let live = LiveList(title: "stream-memory", maximumRows: maximumRows)
        live.readInMidList(rows: 300, rowsDown: 150)
        guard let anchor = live.firstVisibleRow() else {
            FileHandle.standardError.write(Data("refresh-bench: no row in view\n".utf8))
            exit(1)
        }
        var moved = 0.0
        var sameRow = true
        var afterFirst = Double.nan
        var posted = 0
        while posted < posts {
            let batch = min(100, posts - posted)
            for _ in 0..<batch { live.list.insert(live.feed.post()) }
            posted += batch
            live.waitFrames(2)
            let now = live.firstVisibleRow()
            if now?.text != anchor.text { sameRow = false }
            moved = max(moved, abs((now?.top ?? .infinity) - anchor.top))
            if posted == firstMeasuredAfter { afterFirst = residentKiB() }
        }
        let end = residentKiB()
        let ratio = end / afterFirst
        if maximumRows == 0 {
            emit(
                Metric(
                    7, "memory.stream.unbounded_rss_end_kib", end, "KiB", baseline: afterFirst, ratio: ratio,
                    detail: "the same stream into a list with max-rows 0: \(live.list.items.count) rows held"))
            live.close()
            return
        }
        let counted = live.list.state.newAbove
        let detail =
            "\(posts) posts inserted on top, 100 a batch; reader at \(anchor.text); "
            + "rows held at the end \(live.list.items.count) (max-rows \(live.list.maximumRows)); "
            + "pill \(counted); RSS after \(firstMeasuredAfter) posts \(Int(afterFirst)) KiB"
        emit(
            Metric(
                7, "memory.stream.rss_end_kib", end, "KiB", baseline: afterFirst, ratio: ratio,
                goal: "≤ 1.1 × RSS after the first \(firstMeasuredAfter)", met: ratio <= 1.1, detail: detail))
        emit(
            Metric(
                7, "memory.stream.first_row_moved_px", sameRow ? moved : .infinity, "px",
                goal: "0: the first visible row never moved", met: sameRow && moved < 0.5,
                detail: "\(anchor.text) at \(anchor.top) px, checked after every batch"))
        emit(
            Metric(
                7, "memory.stream.posts_counted", Double(counted), "posts", goal: "every post counted in the pill",
                met: counted == posts, detail: "the pill's count at the end"))
        live.close()
    }
}
