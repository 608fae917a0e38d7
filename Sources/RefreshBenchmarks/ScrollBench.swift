// Benchmark 3: continuous scrolling of a long list, one step per frame driven by a frame-clock
// tick callback, measuring how long each frame's work takes (before-paint → after-paint: update, layout, paint).
// "ours" scrolls a RefreshList whose header spins a refresh the whole time; "bare" scrolls a
// plain GtkListView over the same rows.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
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
            scrolled = list.list.scrolledWindow
        } else {
            let store = stringList(count: rows)
            let bare = bareListView(store)
            root = bare.scrolled
            scrolled = bare.scrolled
        }
        let window = Gtk.window(root)
        if let held {
            held.list.start()
            held.refreshes[0](.success(Page(Gtk.rows(0..<rows), hasMore: true)))
            Gtk.pump(until: { held.list.engine.header.state == .idle }, timeout: 10)
            // A refresh that never answers keeps the header's spinner animating throughout.
            held.list.refresh()
        }
        Gtk.pump(seconds: 0.3)
        let (durations, processor) = recordFrames(window: window, scrolled: scrolled, frames: frames)
        let within = Double(durations.filter { $0 <= 1_000.0 / 60 }.count) / Double(max(1, durations.count))
        let header = held.map { $0.list.engine.header.state.name } ?? "none"
        let detail = "\(durations.count) frames, \(rows) rows, header \(header)"
        emit(Metric(3, "scroll.\(mode).p50_ms", percentile(durations, 50), "ms", detail: detail))
        emit(Metric(3, "scroll.\(mode).p95_ms", percentile(durations, 95), "ms", detail: detail))
        emit(Metric(3, "scroll.\(mode).p99_ms", percentile(durations, 99), "ms", detail: detail))
        emit(Metric(3, "scroll.\(mode).cpu_p50_ms", percentile(processor, 50), "ms", detail: detail))
        emit(Metric(3, "scroll.\(mode).cpu_p95_ms", percentile(processor, 95), "ms", detail: detail))
        emit(Metric(3, "scroll.\(mode).share_within_16.7ms", within * 100, "%", detail: detail))
        gtk_window_destroy(window.as(GtkWindow.self))
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
    /// each frame's time (ms), before-paint to after-paint, past the first ten: on the wall
    /// clock, and in the process's processor time.
    static func recordFrames(
        window: WidgetPointer, scrolled: WidgetPointer, frames: Int, step: Step = wrappingStep
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
        Gtk.pump(until: { recorder.durations.count >= frames + 10 }, timeout: Double(frames) / 10 + 30)
        gtk_widget_remove_tick_callback(window, id)
        connections.disconnectAll()
        return (Array(recorder.durations.dropFirst(10)), Array(recorder.processorTimes.dropFirst(10)))
    }
}
