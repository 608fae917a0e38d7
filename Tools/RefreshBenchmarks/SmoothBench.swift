// Benchmark 3c: does the timeline scroll at frame rate? The demo's own timeline rows (avatar,
// content warning, two paragraphs with links and custom emoji, pictures, author line) and plain
// one-line rows, each in our list, in one window and taking turns, scrolled at several speeds
// (a slow read, the usual 37 px a frame, a fling). It prints the timeline's frame times against
// the 16.7 ms of a 60 Hz frame and against the plain rows' (what the list costs with rows that
// cost nothing), and where each timeline frame's time went: binding rows, the rest of the layout
// (measuring and allocating), the snapshot, and the rendering. `memory` scrolls a timeline from
// its top to its end a page a frame and prints the resident memory after: what the rows keep
// (layouts, sizes, images) must stay bounded however long the timeline.

import CAdwaita
import CGtk
import Foundation
import GtkInterop
import GtkRefreshList
import ListProbe
import RefreshEngine
import TimelineRows

@MainActor
enum SmoothBench {
    /// A scrolling speed: its name in the metrics and how far it moves a frame (px).
    struct Speed {
        let name: String
        let pixels: Double

        /// `read:8,scroll:37,fling:120` (nil for anything else).
        static func list(_ text: String) -> [Speed]? {
            let speeds = text.split(separator: ",").map { part -> Speed? in
                let pieces = part.split(separator: ":")
                guard pieces.count == 2, let pixels = Double(pieces[1]), pixels > 0, pixels.isFinite else { return nil }
                return Speed(name: String(pieces[0]), pixels: pixels)
            }
            guard !speeds.isEmpty, !speeds.contains(where: { $0 == nil }) else { return nil }
            return speeds.compactMap { $0 }
        }

        static let usual = "read:8,scroll:37,fling:120"
    }

    /// One frame's times (µs): the whole frame on the wall clock and in processor time, then its
    /// stages: the frame clock's update (the scroll step), the layout (binding rows, then measuring
    /// and allocating), the paint (the snapshot, then the rendering).
    struct Frame {
        /// From the previous frame's start to this one's (µs): a frame that came late, because
        /// the one before took long or the main loop was busy between them, shows here.
        var interval: Int64 = 0
        var wall: Int64 = 0
        var processor: Int64 = 0
        var update: Int64 = 0
        var bind: Int64 = 0
        var binds = 0
        var layout: Int64 = 0
        var snapshot: Int64 = 0
        var paint: Int64 = 0
    }

    /// The clock of the frame in progress, filled by the frame clock's signals, the rows' bind and
    /// the timed bin's snapshot.
    final class StageClock {
        var start: Int64 = 0
        var previousStart: Int64 = 0
        var startProcessor: Int64 = 0
        var mark: Int64 = 0
        var current = Frame()
        var frames: [Frame] = []
        var recording = false

        func bound(since: Int64) {
            guard recording else { return }
            current.bind += monotonicMicroseconds() - since
            current.binds += 1
        }
    }

    /// The list being scrolled: its adjustment and how far a frame moves it (down, then up at the
    /// end, and down again at the top: a reader going back over what they read).
    final class Scroller {
        let adjustment: UnsafeMutablePointer<GtkAdjustment>
        var pixels: Double
        var direction = 1.0

        init(adjustment: UnsafeMutablePointer<GtkAdjustment>, pixels: Double) {
            self.adjustment = adjustment
            self.pixels = pixels
        }

        func step() {
            let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            var value = gtk_adjustment_get_value(adjustment) + direction * pixels
            if value >= end || value <= 0 {
                direction = -direction
                value = min(max(value, 0), end)
            }
            gtk_adjustment_set_value(adjustment, value)
        }
    }

    static let stepScroller: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean =
        {
            _, _, data in
            let scroller = UInt(bitPattern: data)
            MainActor.assumeIsolated {
                guard let data = UnsafeRawPointer(bitPattern: scroller) else { return }
                Unmanaged<Scroller>.fromOpaque(data).takeUnretainedValue().step()
            }
            return 1
        }

    /// `count` statuses in the timeline's rows and in plain rows, scrolled at each of `speeds` for
    /// `frames` counted frames each, in bursts of `burst` taking turns (the first `settle` of a
    /// burst, the list shown again, not counted).
    /// `preparesRows` off measures both lists as GtkListView binds rows (every row it holds, at once).
    static func run(
        count: Int, frames: Int, speeds: [Speed], source: String, preparesRows: Bool = true, burst: Int = 30,
        settle: Int = 6
    ) {
        TimelineBench.loadStyle(source: source)
        let items = TimelineBench.statuses(count, distinctImages: true)
        let images = ImageStore(source: MadeImages())
        TimelineBench.warm(images, items)
        let clock = StageClock()
        var rows = TimelineRows.factory(opened: OpenedWarnings(), times: PostedTimes(), images: images)
        let bind = rows.bind
        rows.bind = { row, item in
            let since = monotonicMicroseconds()
            bind(row, item)
            clock.bound(since: since)
        }
        let timeline = TimelineBench.loadedList(items, rows: rows)
        let plain = TimelineBench.loadedList(items, rows: .label { $0.title })
        timeline.preparesRows = preparesRows
        plain.preparesRows = preparesRows
        let stack = gtk_stack_new()!
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_NONE)
        gtk_stack_add_named(stack.opaque, timeline.widget, "timeline")
        gtk_stack_add_named(stack.opaque, plain.widget, "plain")
        let bin = TimedBin.make(stack) { microseconds in
            if clock.recording { clock.current.snapshot += microseconds }
        }
        let window = Gtk.window(bin)
        TimelineBench.fill(timeline, count: count)
        gtk_stack_set_visible_child_name(stack.opaque, "plain")
        TimelineBench.fill(plain, count: count)
        let lists = [("timeline", timeline), ("plain", plain)].map { name, list in
            (
                name,
                Scroller(
                    adjustment: gtk_scrolled_window_get_vadjustment(ListParts.scrolledWindow(of: list.widget).opaque)!,
                    pixels: 0)
            )
        }
        let connections = watchStages(of: window, clock)
        for speed in speeds {
            var counted = lists.map { _ in [Frame]() }
            while counted.contains(where: { $0.count < frames }) {
                for (index, (name, scroller)) in lists.enumerated() {
                    gtk_stack_set_visible_child_name(stack.opaque, name)
                    scroller.pixels = speed.pixels
                    counted[index] += record(
                        window: window, scroller: scroller, clock: clock, frames: burst, skipping: settle)
                }
            }
            for ((name, _), frames) in zip(lists, counted) {
                report(
                    speed: speed, list: name, frames: frames, count: count, detailStages: name == "timeline",
                    preparesRows: preparesRows)
            }
        }
        connections.disconnectAll()
        gtk_window_destroy(window.as(GtkWindow.self))
    }

    /// Frame-clock handlers closing each stage. Connected after GTK's own (the window's layout
    /// and paint) and after the scroll step's tick, each runs when its stage is done.
    private static func watchStages(of window: WidgetPointer, _ clock: StageClock) -> SignalConnections {
        let connections = SignalConnections()
        let frameClock = gpointer(gtk_widget_get_frame_clock(window)!)
        connections.onVoid(frameClock, "before-paint") {
            clock.start = monotonicMicroseconds()
            clock.startProcessor = processCPUMicroseconds()
            clock.mark = clock.start
            clock.current = Frame()
            if clock.previousStart != 0 { clock.current.interval = clock.start - clock.previousStart }
            clock.previousStart = clock.start
        }
        connections.onVoid(frameClock, "update") {
            let now = monotonicMicroseconds()
            clock.current.update = now - clock.mark
            clock.mark = now
        }
        connections.onVoid(frameClock, "layout") {
            let now = monotonicMicroseconds()
            clock.current.layout = now - clock.mark
            clock.mark = now
        }
        connections.onVoid(frameClock, "paint") {
            let now = monotonicMicroseconds()
            clock.current.paint = now - clock.mark
            clock.mark = now
        }
        connections.onVoid(frameClock, "after-paint") {
            guard clock.start != 0 else { return }
            clock.current.wall = monotonicMicroseconds() - clock.start
            clock.current.processor = processCPUMicroseconds() - clock.startProcessor
            if clock.recording { clock.frames.append(clock.current) }
            clock.start = 0
        }
        return connections
    }

    /// Scrolls with `scroller` a frame at a time for `frames` frames; returns those past the
    /// first `skipping`.
    private static func record(
        window: WidgetPointer, scroller: Scroller, clock: StageClock, frames: Int, skipping: Int
    ) -> [Frame] {
        clock.frames = []
        clock.recording = true
        let retained = Unmanaged.passRetained(scroller)
        let id = gtk_widget_add_tick_callback(window, stepScroller, retained.toOpaque(), nil)
        Gtk.pump(until: { clock.frames.count >= frames }, timeout: Double(frames) / 5 + 30)
        gtk_widget_remove_tick_callback(window, id)
        retained.release()
        clock.recording = false
        guard clock.frames.count >= frames else {
            FileHandle.standardError.write(
                Data("refresh-bench: only \(clock.frames.count) of \(frames) frames painted\n".utf8))
            exit(1)
        }
        return Array(clock.frames.dropFirst(skipping))
    }

    /// The frame-time metrics of one list at one speed; for the timeline, where its time went.
    private static func report(
        speed: Speed, list: String, frames: [Frame], count: Int, detailStages: Bool, preparesRows: Bool
    ) {
        let wall = frames.map { Double($0.wall) / 1_000 }
        let processor = frames.map { Double($0.processor) / 1_000 }
        let within = Double(wall.filter { $0 <= 1_000.0 / 60 }.count) / Double(max(1, wall.count)) * 100
        let prefix = "smooth.\(speed.name).\(list)"
        let detail =
            "\(frames.count) frames at \(speed.pixels) px a frame, \(count) statuses, taking turns"
            + (preparesRows ? "" : ", rows not prepared near the view")
        emit(Metric(3, "\(prefix).p50_ms", percentile(wall, 50), "ms", detail: detail))
        emit(Metric(3, "\(prefix).p95_ms", percentile(wall, 95), "ms", detail: detail))
        emit(Metric(3, "\(prefix).p99_ms", percentile(wall, 99), "ms", detail: detail))
        emit(Metric(3, "\(prefix).cpu_p95_ms", percentile(processor, 95), "ms", detail: detail))
        emit(Metric(3, "\(prefix).share_within_16.7ms", within, "%", detail: detail))
        // Frames one refresh after the one before (within 25 ms: not a refresh missed), reported.
        let intervals = frames.map { Double($0.interval) / 1_000 }.filter { $0 > 0 }
        let onTime = Double(intervals.filter { $0 <= 25 }.count) / Double(max(1, intervals.count)) * 100
        emit(Metric(3, "\(prefix).interval_p95_ms", percentile(intervals, 95), "ms", detail: detail))
        emit(Metric(3, "\(prefix).share_on_time", onTime, "%", detail: detail + "; intervals within 25 ms"))
        guard detailStages else { return }
        // Each stage's mean over every frame, and over the slowest 5 % (the frames the p95 is made of).
        let slowest = Array(frames.sorted { $0.wall > $1.wall }.prefix(max(1, frames.count / 20)))
        func mean(_ frames: [Frame], _ value: (Frame) -> Double) -> Double {
            frames.map(value).reduce(0, +) / Double(max(1, frames.count))
        }
        let stages: [(String, (Frame) -> Double)] = [
            ("bind", { Double($0.bind) / 1_000 }),
            ("measure_allocate", { Double($0.layout - $0.bind) / 1_000 }),
            ("snapshot", { Double($0.snapshot) / 1_000 }),
            ("render", { Double($0.paint - $0.snapshot) / 1_000 }),
            ("other", { Double($0.wall - $0.layout - $0.paint) / 1_000 }),
        ]
        let binds = Double(frames.map(\.binds).reduce(0, +)) / Double(max(1, frames.count))
        for (stage, value) in stages {
            emit(
                Metric(
                    3, "\(prefix).stage.\(stage)_mean_ms", mean(frames, value), "ms",
                    detail: String(
                        format: "slowest 5 %%: %.2f ms; %.2f rows bound a frame", mean(slowest, value), binds)))
        }
    }

    /// Scrolls `count` timeline statuses from the top to the end a page a frame, then prints the
    /// process's resident memory: what scrolling a timeline of that size leaves behind.
    static func memory(count: Int, source: String) {
        TimelineBench.loadStyle(source: source)
        let items = TimelineBench.statuses(count, distinctImages: true)
        let images = ImageStore(source: MadeImages())
        let rows = TimelineRows.factory(opened: OpenedWarnings(), times: PostedTimes(), images: images)
        let list = TimelineBench.loadedList(items, rows: rows)
        let window = Gtk.window(list.widget)
        TimelineBench.fill(list, count: count)
        let frames = FrameCounter(window)
        let adjustment = gtk_scrolled_window_get_vadjustment(ListParts.scrolledWindow(of: list.widget).opaque)!
        var pages = 0
        while gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)
            < gtk_adjustment_get_upper(adjustment) - 1
        {
            gtk_adjustment_set_value(
                adjustment, gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment))
            frames.wait(1)
            pages += 1
        }
        Gtk.pump(seconds: 0.5)
        let last = ListParts.firstRowInView(of: list.widget).flatMap {
            g_object_get_data(cast($0.row.raw), TimelineRows.rowIDKey)
        }.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
        emit(
            Metric(
                3, "smooth.memory.rss_\(count)_statuses_kib", residentKiB(), "KiB",
                detail: "\(count) statuses scrolled top to end, \(pages) pages, \(images.shownCount) images shown; "
                    + "status \(last ?? "none") in view at the end"))
        frames.close()
        gtk_window_destroy(window.as(GtkWindow.self))
    }
}

/// A bin that times its child's snapshot: the frame's snapshot stage, the rest of its paint being
/// the rendering.
@MainActor
enum TimedBin {
    static let type: GType = {
        var query = GTypeQuery()
        g_type_query(gtk_widget_get_type(), &query)
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(query.instance_size)
        info.class_init = { klass, _ in
            guard let klass else { return }
            let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
            widgetClass.pointee.snapshot = { widget, snapshot in
                let (bin, into) = (UInt(bitPattern: widget), UInt(bitPattern: Int(bitPattern: snapshot)))
                MainActor.assumeIsolated {
                    guard let widget = WidgetPointer(bitPattern: bin), let snapshot = OpaquePointer(bitPattern: into),
                        let child = gtk_widget_get_first_child(widget)
                    else { return }
                    let since = monotonicMicroseconds()
                    gtk_widget_snapshot_child(widget, child, snapshot)
                    TimedBin.snapshotted?(monotonicMicroseconds() - since)
                }
            }
            klass.assumingMemoryBound(to: GObjectClass.self).pointee.dispose = { object in
                let bin = UInt(bitPattern: object)
                MainActor.assumeIsolated {
                    guard let widget = WidgetPointer(bitPattern: bin) else { return }
                    while let child = gtk_widget_get_first_child(widget) { gtk_widget_unparent(child) }
                }
                let parent = g_type_class_peek(gtk_widget_get_type())!.assumingMemoryBound(to: GObjectClass.self)
                parent.pointee.dispose?(object)
            }
            gtk_widget_class_set_layout_manager_type(widgetClass, gtk_bin_layout_get_type())
        }
        return g_type_register_static(gtk_widget_get_type(), "RefreshBenchTimedBin", &info, GTypeFlags(rawValue: 0))
    }()

    /// Told each snapshot's time (µs).
    static var snapshotted: ((Int64) -> Void)?

    /// A timed bin around `child`.
    static func make(_ child: WidgetPointer, snapshotted: @escaping (Int64) -> Void) -> WidgetPointer {
        let bin = WidgetPointer(OpaquePointer(g_object_new_with_properties(type, 0, nil, nil)!))
        gtk_widget_set_parent(child, bin)
        TimedBin.snapshotted = snapshotted
        return bin
    }
}
