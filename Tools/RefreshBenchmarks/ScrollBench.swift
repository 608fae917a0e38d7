// Benchmark 3: continuous scrolling of a long list, one step per frame driven by a frame-clock
// tick callback, measuring how long each frame's work takes (before-paint → after-paint: update, layout, paint).
// "ours" scrolls a RefreshList whose header spins a refresh the whole time; "bare" scrolls a
// plain GtkListView over the same rows; "paired" (what `all` runs) has both in one window,
// taking turns, and a third list with them: the bare list under a status line of GTK's own
// widgets showing what the header shows (a turning spinner, "Refreshing…", the last-updated
// line), which is what an app without the widget would draw to say that it refreshes.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import ListProbe
import RefreshEngine

@MainActor
enum ScrollBench {
    final class Recorder {
        var frameStart: Int64 = 0
        var frameStartCPU: Int64 = 0
        var durations: [Double] = []
        var processorTimes: [Double] = []
        var ticks = 0
    }

    static func run(mode: String, rows: Int, frames: Int) {
        let scrolled: WidgetPointer
        let root: WidgetPointer
        var held: HeldList?
        if mode == "ours" {
            let list = HeldList(pageSize: 50)
            held = list
            root = list.list.widget
            scrolled = list.scrolledWindow
        } else {
            let store = stringList(count: rows)
            let bare = bareListView(store)
            root = bare.scrolled
            scrolled = bare.scrolled
        }
        let window = Gtk.window(root)
        if let held { spin(held, rows: rows) }
        Gtk.pump(seconds: 0.3)
        let (durations, processor) = recordFrames(window: window, scrolled: scrolled, frames: frames)
        let header = held.map { $0.list.state.header.state.name } ?? "none"
        emitFrames(mode, durations, processor, detail: "\(durations.count) frames, \(rows) rows, header \(header)")
        gtk_window_destroy(window.as(GtkWindow.self))
    }

    /// Loads `rows` rows into `held` and starts a refresh that never answers: the header's
    /// spinner turns throughout.
    private static func spin(_ held: HeldList, rows: Int) {
        held.list.start()
        held.refreshes[0](.success(Page(Gtk.rows(0..<rows), hasMore: true)))
        Gtk.pump(until: { held.list.state.header.state == .idle }, timeout: 10)
        held.list.refresh()
    }

    /// The lists in one process and one window, taking turns: a burst of frames scrolls one while
    /// the others are hidden in a stack, then the next. Each burst's first frames (the list shown
    /// again: mapped, measured, its rows bound) are not counted. Every list's frames are then timed
    /// in the same moments of a shared machine, instead of minutes apart in separate processes.
    /// Ours, the bare list, and the bare list under a `statusLine()` as tall as our resting header.
    static func paired(rows: Int, frames: Int, burst: Int = 30, settle: Int = 6) {
        let held = HeldList(pageSize: 50)
        let bare = bareListView(stringList(count: rows))
        let status = statusLine()
        let underStatus = bareListView(stringList(count: rows))
        let statusBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(statusBox.box, status)
        gtk_box_append(statusBox.box, underStatus.scrolled)
        let stack = gtk_stack_new()!
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_NONE)
        gtk_stack_add_named(stack.opaque, held.list.widget, "ours")
        gtk_stack_add_named(stack.opaque, bare.scrolled, "bare")
        gtk_stack_add_named(stack.opaque, statusBox, "status_line")
        let window = Gtk.window(stack)
        spin(held, rows: rows)
        // The status line as tall as the header resting open above our rows, so both show as many rows.
        var top = graphene_point_t()
        var origin = graphene_point_t(x: 0, y: 0)
        _ = gtk_widget_compute_point(held.scrolledWindow, held.list.widget, &origin, &top)
        gtk_widget_set_size_request(status, -1, Int32(top.y.rounded()))
        // Each list's stack page (its metrics' name), the scrolled window to scroll, what it shows.
        let lists = [
            ("ours", held.scrolledWindow, "header \(held.list.state.header.state.name)"),
            ("bare", bare.scrolled, "no header"),
            ("status_line", underStatus.scrolled, "GTK's spinner and two labels above"),
        ]
        var counted = lists.map { _ in (wall: [Double](), processor: [Double]()) }
        while counted.contains(where: { $0.wall.count < frames }) {
            for (index, (mode, scrolled, _)) in lists.enumerated() {
                gtk_stack_set_visible_child_name(stack.opaque, mode)
                let (wall, processor) = recordFrames(
                    window: window, scrolled: scrolled, frames: burst - settle, skipping: settle)
                counted[index].wall += wall
                counted[index].processor += processor
            }
        }
        for ((mode, _, shows), (durations, processor)) in zip(lists, counted) {
            emitFrames(
                mode, durations, processor,
                detail: "\(durations.count) frames in bursts of \(burst - settle) taking turns, \(rows) rows, \(shows)")
        }
        gtk_window_destroy(window.as(GtkWindow.self))
    }

    /// What an app without the widget would show above a bare list while it refreshes, built of
    /// GTK's own widgets the way the widget's header is laid out: a turning GtkSpinner beside the
    /// title and the dimmed last-updated line, centred.
    private static func statusLine() -> WidgetPointer {
        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(line, GTK_ALIGN_CENTER)
        let spinner = gtk_spinner_new()!
        gtk_widget_set_size_request(spinner, 24, 24)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        gtk_spinner_start(spinner.opaque)
        let labels = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_valign(labels, GTK_ALIGN_CENTER)
        let title = gtk_label_new(RefreshListTexts().refreshing)!
        // The header's last-updated line a moment after a refresh began (the widget's own wording
        // in English, which the benchmark runs in).
        let lastUpdated = gtk_label_new("Last updated just now")!
        gtk_widget_add_css_class(lastUpdated, "dim-label")
        gtk_box_append(labels.box, title)
        gtk_box_append(labels.box, lastUpdated)
        gtk_box_append(line.box, spinner)
        gtk_box_append(line.box, labels)
        return line
    }

    /// A list's frame times as benchmark 3's metrics, named by `mode` (`ours`, `bare`, `status_line`,
    /// `timeline_ours`, `timeline_bare`).
    static func emitFrames(_ mode: String, _ durations: [Double], _ processor: [Double], detail: String) {
        let within = Double(durations.filter { $0 <= 1_000.0 / 60 }.count) / Double(max(1, durations.count))
        emit(Metric(3, "scroll.\(mode).p50_ms", percentile(durations, 50), "ms", detail: detail))
        emit(Metric(3, "scroll.\(mode).p95_ms", percentile(durations, 95), "ms", detail: detail))
        emit(Metric(3, "scroll.\(mode).p99_ms", percentile(durations, 99), "ms", detail: detail))
        emit(Metric(3, "scroll.\(mode).cpu_p50_ms", percentile(processor, 50), "ms", detail: detail))
        emit(Metric(3, "scroll.\(mode).cpu_p95_ms", percentile(processor, 95), "ms", detail: detail))
        emit(Metric(3, "scroll.\(mode).share_within_16.7ms", within * 100, "%", detail: detail))
    }

    /// A frame's step: the frame-clock tick callback, given the scrolled window's vertical
    /// adjustment.
    typealias Step = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean

    /// Scrolls 37 px a frame, from the top to the end and back to the top.
    static let wrappingStep: Step = { _, _, data in
        let adjustment = UnsafeMutablePointer<GtkAdjustment>(OpaquePointer(data!))
        let upper = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        var value = gtk_adjustment_get_value(adjustment) + 37
        if value > upper { value = 0 }
        gtk_adjustment_set_value(adjustment, value)
        return 1
    }

    /// Moves the list by `step` each frame (by default 37 px, wrapping at the end) and returns
    /// each frame's time (ms), before-paint to after-paint, past the first `skipping`: on the
    /// wall clock, and in the process's processor time.
    static func recordFrames(
        window: WidgetPointer, scrolled: WidgetPointer, frames: Int, skipping: Int = 10, step: Step = wrappingStep
    ) -> (wall: [Double], processor: [Double]) {
        let adjustment = gtk_scrolled_window_get_vadjustment(scrolled.opaque)!
        let recorder = Recorder()
        let connections = SignalConnections()
        let clock = gtk_widget_get_frame_clock(window)!
        connections.onVoid(gpointer(clock), "before-paint") {
            recorder.frameStart = monotonicMicroseconds()
            recorder.frameStartCPU = processCPUMicroseconds()
        }
        connections.onVoid(gpointer(clock), "after-paint") {
            guard recorder.frameStart != 0 else { return }
            recorder.durations.append(Double(monotonicMicroseconds() - recorder.frameStart) / 1_000)
            recorder.processorTimes.append(Double(processCPUMicroseconds() - recorder.frameStartCPU) / 1_000)
            recorder.frameStart = 0
        }
        let id = gtk_widget_add_tick_callback(window, step, gpointer(adjustment), nil)
        Gtk.pump(until: { recorder.durations.count >= frames + skipping }, timeout: Double(frames) / 10 + 30)
        gtk_widget_remove_tick_callback(window, id)
        connections.disconnectAll()
        return (
            Array(recorder.durations.dropFirst(skipping)), Array(recorder.processorTimes.dropFirst(skipping))
        )
    }
}
