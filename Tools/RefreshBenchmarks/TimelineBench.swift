// Benchmark 3 on the demo's own timeline rows (TimelineRows: avatar, content, pictures, author
// line), with images made in memory instead of fetched, so the figures measure the rows and the
// list, not a network:
// - `paired`: our list and a bare GtkListView showing the same row widgets (the same factory,
//   the same statuses, every avatar and picture already decoded), taking turns in one window as
//   the short-row benchmark's lists do; frame times as there.
// - `arrivals`: the reader in the middle of a timeline whose images were all asked for and held
//   (statuses above, in and below the view waiting for their avatars and pictures); then 500
//   are released, 10 a frame, and the first visible row, read after every frame until the last
//   has arrived, must not move by a pixel. Most arrive for
//   statuses no row shows any more (GTK 4.8's list view binds only the rows in view): they are
//   decoded and kept; those for the rows in view go into them.

import CAdwaita
import CGtk
import Foundation
import GtkInterop
import GtkRefreshList
import ListProbe
import RefreshEngine
import TimelineRows

/// Images drawn in memory and encoded as PNG, one for each size an address asks for
/// (`bench://avatar/7/96x96`): answered after the main loop's current turn, as an answer from the
/// network comes, or held until `release`.
@MainActor
final class MadeImages: ImageSource {
    typealias Done = @MainActor (OpaquePointer?) -> Void

    /// Whether requests wait for `release` instead of being answered.
    var holding = false
    /// Requests waiting: held ones, or ones to answer at the next turn.
    private(set) var held: [(url: String, done: Done)] = []
    private var answering: [(url: String, done: Done)] = []
    private var answerTimer = OneShotTimer()
    /// Requests made since the start.
    private(set) var requested = 0
    /// The encoded PNG for each size ("96x96").
    private var encoded: [String: OpaquePointer] = [:]

    isolated deinit {
        for bytes in encoded.values { g_bytes_unref(bytes) }
    }

    func fetch(_ url: String, done: @escaping @MainActor (OpaquePointer?) -> Void) {
        requested += 1
        if holding { return held.append((url, done)) }
        answering.append((url, done))
        guard !answerTimer.isPending else { return }
        answerTimer.schedule(after: 0) { [weak self] in
            guard let self else { return }
            self.answerTimer.fired()
            let answers = self.answering
            self.answering = []
            for (url, done) in answers { done(self.bytes(for: url)) }
        }
    }

    /// Answers the first `count` held requests now; returns their addresses.
    @discardableResult
    func release(_ count: Int) -> [String] {
        let answered = held.prefix(count)
        held.removeFirst(answered.count)
        for (url, done) in answered { done(bytes(for: url)) }
        return answered.map(\.url)
    }

    /// A reference to the PNG for `url`'s size (its last path component, `WxH`).
    private func bytes(for url: String) -> OpaquePointer? {
        let size = String(url.split(separator: "/").last ?? "")
        if let bytes = encoded[size] { return g_bytes_ref(bytes) }
        let sides = size.split(separator: "x").compactMap { Int($0) }
        guard sides.count == 2, sides[0] > 0, sides[1] > 0 else { return nil }
        let (width, height) = (sides[0], sides[1])
        // A diagonal gradient: something to decode and scale, like a photograph's preview.
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 4
                pixels[at] = UInt8(x * 255 / width)
                pixels[at + 1] = UInt8(y * 255 / height)
                pixels[at + 2] = UInt8((x + y) * 127 / (width + height))
            }
        }
        let raw = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let texture = gdk_memory_texture_new(Int32(width), Int32(height), GDK_MEMORY_R8G8B8A8, raw, gsize(width * 4))
        g_bytes_unref(raw)
        guard let texture else { return nil }
        let png = gdk_texture_save_to_png_bytes(texture)
        g_object_unref(gpointer(texture))
        guard let png else { return nil }
        encoded[size] = png
        return g_bytes_ref(png)
    }
}

@MainActor
enum TimelineBench {
    /// The sizes the statuses' pictures say they are (the server's `meta`), in turn; `nil` has
    /// none (the row gives it a 16:9 box).
    private static let pictureSizes: [(Int, Int)?] = [(1200, 900), (1600, 900), (900, 1200), nil, (640, 640)]

    /// `count` statuses as the bundled server writes them: two paragraphs with a link and a
    /// hashtag, forty authors, a picture on every third, every fifth behind a content warning
    /// left closed. `distinctImages` addresses: the avatar is the author's and the pictures
    /// cycle through `pictures` addresses (so all of them fit the image store); otherwise every
    /// status has an avatar and pictures of its own (so each arrives once).
    static func statuses(_ count: Int, distinctImages: Bool, pictures: Int = 20) -> [FeedItem] {
        let now = Int64(g_get_real_time() / 1_000)
        return (0..<count).map { index in
            let author = index % 40
            let avatar = "bench://avatar/\(distinctImages ? author : index)/96x96"
            var media: [FeedMedia] = []
            if index % 3 == 0 {
                let size = pictureSizes[(index / 3) % pictureSizes.count]
                let sample = FeedMedia(url: "", width: size?.0, height: size?.1)
                let shown = sample.shownSize
                let name = distinctImages ? (index / 3) % pictures : index
                media.append(
                    FeedMedia(
                        url: "bench://picture/\(name)/\(shown.width)x\(shown.height)", width: size?.0, height: size?.1,
                        description: "A picture attached to status \(index)"))
            }
            let markup =
                "Status \(index): GTK 4 list views recycle their rows, so a timeline of thousands of posts "
                + "scrolls as lightly as one of ten. <a href=\"https://example.org/tags/gtk\">#gtk</a>\n\n"
                + "Posted by <a href=\"https://example.org/@author\(author)\">@author\(author)</a> "
                + "to the demo timeline."
            return FeedItem(
                id: String(1_000_000 - index), title: "Status \(index)", detail: "Author \(author) @author\(author)",
                markup: markup, warning: index % 5 == 4 ? "Spoilers for status \(index)" : nil,
                postedAt: now - Int64(index) * 60_000, avatar: avatar, authorName: "Author \(author)", media: media)
        }
    }

    /// The demo's style sheet (the rows' padding, the pictures' boxes) from `source`/data.
    static func loadStyle(source: String) {
        guard let display = gdk_display_get_default() else { return }
        let path = source + "/data/style.css"
        guard g_file_test(path, G_FILE_TEST_IS_REGULAR) != 0 else {
            FileHandle.standardError.write(Data("refresh-bench: \(path) not found\n".utf8))
            exit(1)
        }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_path(provider, path)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(gpointer(provider))
    }

    /// A list showing `items` with the timeline's rows, loaded and at rest.
    static func loadedList(_ items: [FeedItem], rows: RowFactory<FeedItem>) -> RefreshList<FeedItem> {
        var configuration = RefreshListConfiguration()
        configuration.engine = try! RefreshConfiguration(
            minimumSpinnerTime: 0, resultDisplayTime: 0, operationTimeout: 600_000, pageSize: 50, maximumRows: 0)
        configuration.startsWhenShown = false
        let list = try! RefreshList(configuration: configuration, rows: rows)
        list.onRefresh { done in done(.success(Page(items, hasMore: false))) }
        list.onLoadMore { _, done in done(.success(Page([FeedItem](), hasMore: false))) }
        return list
    }

    /// Starts `list` (shown in a window) and waits until its rows are in and its header rests.
    static func fill(_ list: RefreshList<FeedItem>, count: Int) {
        list.start()
        Gtk.pump(until: { list.items.count == count && list.state.header.state == .idle }, timeout: 30)
        guard list.items.count == count else {
            FileHandle.standardError.write(Data("refresh-bench: the timeline's \(count) rows never came in\n".utf8))
            exit(1)
        }
    }

    /// A bare GtkListView over `items` whose rows `rows` makes and fills: the same widgets as ours.
    static func bareList(_ items: [FeedItem], rows: RowFactory<FeedItem>) -> WidgetPointer {
        let factory = gtk_signal_list_item_factory_new()!
        let connections = SignalConnections()
        connections.onListItem(gpointer(factory), "setup") { item in gtk_list_item_set_child(item, rows.makeRow()) }
        connections.onListItem(gpointer(factory), "bind") { item in
            guard let row = gtk_list_item_get_child(item) else { return }
            rows.bind(row, items[Int(gtk_list_item_get_position(item))])
        }
        bareConnections.append(connections)
        // Selected as ours is: nothing at first, and unselectable.
        let selection = gtk_single_selection_new(stringList(count: items.count))!
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        let view = gtk_list_view_new(selection, factory)!
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scrolled.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scrolled.opaque, view)
        gtk_widget_set_vexpand(scrolled, 1)
        return scrolled
    }

    /// Asks `images` for every address `items` name and waits until all are decoded and kept.
    static func warm(_ images: ImageStore, _ items: [FeedItem]) {
        let addresses = Set(items.flatMap { item in [item.avatar].compactMap { $0 } + item.media.map(\.url) })
        var pictures: [WidgetPointer] = []
        for address in addresses {
            let picture = TimelinePicture.make()
            g_object_ref_sink(gpointer(picture))
            images.show(address, on: picture, as: .picture)
            pictures.append(picture)
        }
        Gtk.pump(until: { images.shownCount >= addresses.count }, timeout: 60)
        for picture in pictures { g_object_unref(gpointer(picture)) }
        guard images.shownCount >= addresses.count else {
            FileHandle.standardError.write(
                Data("refresh-bench: \(images.shownCount) of \(addresses.count) images decoded\n".utf8))
            exit(1)
        }
    }

    /// Our list and the bare one, both showing the same `count` statuses with every image
    /// decoded, taking turns in one window (`ScrollBench.paired`'s way): bursts of `burst`
    /// frames, the first `settle` of each not counted.
    static func paired(count: Int, frames: Int, source: String, burst: Int = 30, settle: Int = 6) {
        loadStyle(source: source)
        let items = statuses(count, distinctImages: true)
        let images = ImageStore(source: MadeImages())
        warm(images, items)
        let rows = TimelineRows.factory(opened: OpenedWarnings(), times: PostedTimes(), images: images)
        let ours = loadedList(items, rows: rows)
        let bare = bareList(items, rows: rows)
        let stack = gtk_stack_new()!
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_NONE)
        gtk_stack_add_named(stack.opaque, ours.widget, "ours")
        gtk_stack_add_named(stack.opaque, bare, "bare")
        let window = Gtk.window(stack)
        fill(ours, count: count)
        let lists = [("ours", ListParts.scrolledWindow(of: ours.widget)), ("bare", bare)]
        var counted = lists.map { _ in (wall: [Double](), processor: [Double]()) }
        while counted.contains(where: { $0.wall.count < frames }) {
            for (index, (mode, scrolled)) in lists.enumerated() {
                gtk_stack_set_visible_child_name(stack.opaque, mode)
                let (wall, processor) = ScrollBench.recordFrames(
                    window: window, scrolled: scrolled, frames: burst - settle, skipping: settle)
                counted[index].wall += wall
                counted[index].processor += processor
            }
        }
        let fetched = images.shownCount
        for ((mode, _), (durations, processor)) in zip(lists, counted) {
            ScrollBench.emitFrames(
                "timeline_\(mode)", durations, processor,
                detail: "\(durations.count) frames in bursts of \(burst - settle) taking turns, \(count) statuses "
                    + "with avatars, every third with a picture (\(fetched) images decoded first)")
        }
        gtk_window_destroy(window.as(GtkWindow.self))
    }

    /// The reader in the middle of a timeline whose `count` images were asked for and held, then
    /// arriving `perFrame` a frame: how far the first visible row moved (px).
    static func arrivals(count: Int, perFrame: Int, source: String) {
        loadStyle(source: source)
        let made = MadeImages()
        made.holding = true
        let images = ImageStore(source: made)
        // Each status's images its own, about 1.33 a status: enough statuses that reading down
        // asks for `count`, and as many again below.
        let items = statuses(count * 3 / 2, distinctImages: false)
        let rows = TimelineRows.factory(opened: OpenedWarnings(), times: PostedTimes(), images: images)
        let list = loadedList(items, rows: rows)
        let window = Gtk.window(list.widget)
        fill(list, count: items.count)
        let frames = FrameCounter(window)
        // Read down half a screen at a time until the rows shown asked for `count` images, then
        // back up two screens: statuses waiting for images above the view, in it and below it.
        let adjustment = gtk_scrolled_window_get_vadjustment(ListParts.scrolledWindow(of: list.widget).opaque)!
        while made.held.count < count,
            gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)
                < gtk_adjustment_get_upper(adjustment)
        {
            gtk_adjustment_set_value(
                adjustment, gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment) / 2)
            frames.wait(2)
        }
        gtk_adjustment_set_value(
            adjustment, gtk_adjustment_get_value(adjustment) - 2 * gtk_adjustment_get_page_size(adjustment))
        frames.wait(3)
        let held = made.held.count
        guard held >= count, let anchor = firstRow(list) else {
            FileHandle.standardError.write(Data("refresh-bench: \(held) images asked for, \(count) needed\n".utf8))
            exit(1)
        }
        // Where each arriving image's status is: above the view, in it, below it (rows bound to
        // widgets), or in no row now (decoded and kept).
        var places = (above: 0, within: 0, below: 0, unbound: 0)
        images.onArrival = { url, widgets in
            guard widgets > 0, let place = rowPlace(of: url, in: list) else { return places.unbound += 1 }
            switch place {
            case .above: places.above += 1
            case .within: places.within += 1
            case .below: places.below += 1
            }
        }
        var moved = 0.0
        var sameRow = true
        var released = 0
        while released < count {
            released += made.release(min(perFrame, count - released)).count
            frames.wait(1)
            let now = firstRow(list)
            if now?.id != anchor.id { sameRow = false }
            moved = max(moved, abs((now?.top ?? .infinity) - anchor.top))
        }
        // The last decodes land (off the main thread, so later than their release on a busy
        // machine), each frame still checked, then three more.
        var arrived: Int { places.above + places.within + places.below + places.unbound }
        let deadline = monotonicMicroseconds() + 60_000_000
        var settled = 0
        while settled < 3, monotonicMicroseconds() < deadline {
            frames.wait(1)
            let now = firstRow(list)
            if now?.id != anchor.id { sameRow = false }
            moved = max(moved, abs((now?.top ?? .infinity) - anchor.top))
            if arrived >= count { settled += 1 }
        }
        emit(
            Metric(
                3, "scroll.timeline.images_first_row_moved_px", sameRow && arrived == count ? moved : .infinity, "px",
                goal: "0: the first visible row never moved", met: sameRow && arrived == count && moved < 0.5,
                detail:
                    "\(arrived) of \(count) images arrived, released \(perFrame) a frame: \(places.above) to rows above the "
                    + "view, \(places.within) in it, \(places.below) below it, \(places.unbound) for statuses in no row "
                    + "now; status \(anchor.id) first in view at \(anchor.top) px, checked after every frame"))
        images.onArrival = nil
        frames.close()
        gtk_window_destroy(window.as(GtkWindow.self))
    }

    /// The status the first row in view shows, and that row's top.
    private static func firstRow(_ list: RefreshList<FeedItem>) -> (id: String, top: Double)? {
        guard let first = ListParts.firstRowInView(of: list.widget),
            let id = g_object_get_data(cast(first.row.raw), TimelineRows.rowIDKey)
        else { return nil }
        return (String(cString: id.assumingMemoryBound(to: CChar.self)), first.top)
    }

    private enum Place { case above, within, below }

    /// Where the row showing the status `url` belongs to is, against the view, if a shown row
    /// shows it (the list view keeps rows it does not show, their widgets still waiting).
    private static func rowPlace(of url: String, in list: RefreshList<FeedItem>) -> Place? {
        let parts = url.split(separator: "/")
        guard parts.count >= 3, let index = Int(parts[parts.count - 2]) else { return nil }
        let id = String(1_000_000 - index)
        guard let view = ListParts.listView(of: list.widget) else { return nil }
        let scrolled = ListParts.scrolledWindow(of: list.widget)
        var cell = gtk_widget_get_first_child(view)
        while let current = cell {
            cell = gtk_widget_get_next_sibling(current)
            guard gtk_widget_get_mapped(current) != 0, gtk_widget_get_child_visible(current) != 0,
                let row = gtk_widget_get_first_child(current),
                let shown = g_object_get_data(cast(row.raw), TimelineRows.rowIDKey),
                String(cString: shown.assumingMemoryBound(to: CChar.self)) == id
            else { continue }
            var point = graphene_point_t()
            var origin = graphene_point_t(x: 0, y: 0)
            _ = withUnsafePointer(to: &origin) { gtk_widget_compute_point(current, scrolled, $0, &point) }
            let top = Double(point.y)
            if top + Double(gtk_widget_get_height(current)) <= 0 { return .above }
            return top >= Double(gtk_widget_get_height(scrolled)) ? .below : .within
        }
        return nil
    }
}

/// Counts a window's painted frames, and waits for more.
@MainActor
final class FrameCounter {
    private let window: WidgetPointer
    private let connections = SignalConnections()
    private(set) var painted = 0

    init(_ window: WidgetPointer) {
        self.window = window
        connections.onVoid(gpointer(gtk_widget_get_frame_clock(window)!), "after-paint") { [unowned self] in
            self.painted += 1
        }
    }

    /// Pumps the main loop through `count` more painted frames (a redraw asked for each; at
    /// most ten seconds each).
    func wait(_ count: Int) {
        for _ in 0..<count {
            let target = painted + 1
            gtk_widget_queue_draw(window)
            Gtk.pump(until: { self.painted >= target }, timeout: 10)
        }
    }

    func close() { connections.disconnectAll() }
}
