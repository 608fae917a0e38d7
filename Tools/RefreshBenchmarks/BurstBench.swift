// Benchmark 8: a burst. Posts arrive at 1 000 a second (from a main-loop timer every 4 ms, as a
// socket's messages would) on top of a reader in mid-list of a bounded list loaded by cursor.
// `frames`: the view scrolls 37 px a frame, up and down between its ends, and each frame's
// work (before-paint → after-paint) is timed; `calm` is the same list and scrolling with no
// posts arriving, run in the same benchmark run. The posts go in through `receive`, the list's
// way in for a stream: away from the top they go in together a few times a second. `input`: real wheel notches (xdotool) in
// mid-list while the posts arrive, timed from GTK's delivery of the event to the end of the
// first frame whose first visible row moved. Every post must end up counted in the pill (none
// dropped).

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import ListProbe
import RefreshEngine

@MainActor
enum BurstBench {
    /// Posts arriving at `perSecond` until stopped.
    @MainActor final class Stream {
        let live: LiveList
        let perSecond: Double
        private var started: Int64 = 0
        private(set) var posted = 0
        private var timer: guint = 0

        init(_ live: LiveList, perSecond: Double) {
            self.live = live
            self.perSecond = perSecond
        }

        func start() {
            started = monotonicMicroseconds()
            let tick: GSourceFunc = { data in
                MainActor.assumeIsolated { Unmanaged<Stream>.fromOpaque(data!).takeUnretainedValue().arrive() }
                return 1
            }
            timer = g_timeout_add_full(G_PRIORITY_DEFAULT, 4, tick, Unmanaged.passUnretained(self).toOpaque(), nil)
        }

        /// The posts due by now go in, in one batch.
        private func arrive() {
            let due = Int(Double(monotonicMicroseconds() - started) / 1_000_000 * perSecond)
            while posted < due {
                live.list.receive(live.feed.post())
                posted += 1
            }
        }

        func stop() {
            if timer != 0 { g_source_remove(timer) }
            timer = 0
        }
    }

    static func frames(mode: String, frames: Int) {
        let live = LiveList(title: "burst-\(mode)")
        live.readInMidList(rows: 300, rowsDown: 150)
        let stream = Stream(live, perSecond: 1_000)
        if mode == "stream" { stream.start() }
        let durations = recordFrames(live, frames: frames)
        stream.stop()
        let detail = "\(durations.count) frames scrolled 37 px each, \(stream.posted) posts arrived"
        emit(Metric(8, "burst.\(mode).frame_p95_ms", percentile(durations, 95), "ms", detail: detail))
        emit(Metric(8, "burst.\(mode).frame_p50_ms", percentile(durations, 50), "ms", detail: detail))
        if mode == "stream" { emitCounted(live, posted: stream.posted) }
        live.close()
    }

    /// `streaming` false: the same notches with no posts arriving, the baseline.
    static func input(samples: Int, streaming: Bool = true) {
        let live = LiveList(title: "burst-input")
        live.readInMidList(rows: 300, rowsDown: 100)
        let input = XInput(title: "burst-input")
        input.move(to: 200, 300)
        let probe = Probe(live)
        let connections = SignalConnections()
        connections.onVoid(gpointer(gtk_widget_get_frame_clock(live.window)!), "after-paint") { probe.painted() }
        watchWheel(on: live.window, probe: probe)
        let stream = Stream(live, perSecond: 1_000)
        if streaming { stream.start() }
        // Two notches first, not timed: GTK's first scroll event sets its scrolling up.
        for _ in 0..<2 {
            input.run(["click", "5"])
            Gtk.pump(until: { probe.armedAt == nil }, timeout: 2)
            probe.armedAt = nil
        }
        probe.latencies = []
        var sent = 0
        while probe.latencies.count < samples, sent < 3 * samples {
            // Posts keep arriving between the notches: each notch lands in the middle of it.
            Gtk.pump(until: { false }, timeout: 0.1)
            sent += 1
            input.run(["click", "5"])
            Gtk.pump(until: { probe.armedAt == nil }, timeout: 2)
            probe.armedAt = nil
        }
        stream.stop()
        connections.disconnectAll()
        let detail =
            "\(probe.latencies.count) wheel notches down in mid-list while \(stream.posted) posts arrived; "
            + "p50 \(Orchestrator.format(percentile(probe.latencies, 50))) ms"
        let name = streaming ? "burst.input_p95_ms" : "burst.calm.input_p95_ms"
        emit(Metric(8, name, percentile(probe.latencies, 95), "ms", detail: detail))
        if streaming { emitCounted(live, posted: stream.posted) }
        live.close()
    }

    /// None dropped: the rows shown follow each other with no gap, and above the first of them
    /// are exactly the rows the list says it dropped there or counted as arrived (to load when
    /// the reader goes up), up to the newest post.
    private static func emitCounted(_ live: LiveList, posted: Int) {
        Gtk.pump(seconds: 0.2)
        // Posts received go in with their batch, within `arrivalBatchInterval`.
        Gtk.pump(until: { live.list.arrivals.isEmpty }, timeout: 5)
        Gtk.pump(seconds: 0.2)
        let ids = live.list.items.map(\.id)
        let unbroken = zip(ids, ids.dropFirst()).allSatisfy { $0 == $1 + 1 }
        let above = live.list.state.rowsAbove
        let accounted = (ids.first ?? 0) + above.dropped + above.arrived
        emit(
            Metric(
                8, "burst.posts_missing", Double(live.feed.newest - accounted), "posts",
                goal: "0: every post shown or known above", met: unbroken && accounted == live.feed.newest,
                detail:
                    "\(posted) posts; rows held \(ids.count) (max-rows \(live.list.maximumRows)), unbroken \(unbroken); "
                    + "above the first: \(above.dropped) dropped, \(above.arrived) arrived; pill \(live.list.state.newAbove)"
            ))
    }

    /// Times a wheel notch from its delivery to the first frame whose first visible row moved.
    @MainActor final class Probe {
        let live: LiveList
        var armedAt: Int64?
        var atInput: LiveList.ShownRow?
        var latencies: [Double] = []

        init(_ live: LiveList) { self.live = live }

        func painted() {
            guard let armedAt, live.firstVisibleRow() != atInput else { return }
            latencies.append(Double(monotonicMicroseconds() - armedAt) / 1_000)
            self.armedAt = nil
        }
    }

    nonisolated(unsafe) private static var probe: Probe?
    /// Which way the frames scroll the view now.
    nonisolated(unsafe) private static var scrollsDown = true

    /// Arms the probe when GTK delivers a scroll event to `window` (capture phase).
    private static func watchWheel(on window: WidgetPointer, probe: Probe) {
        Self.probe = probe
        let controller = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        let delivered: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, event, _ in
            guard let event, gdk_event_get_event_type(event) == GDK_SCROLL else { return 0 }
            MainActor.assumeIsolated {
                guard let probe = BurstBench.probe, probe.armedAt == nil else { return }
                probe.armedAt = monotonicMicroseconds()
                probe.atInput = probe.live.firstVisibleRow()
            }
            return 0
        }
        _ = g_signal_connect_data(
            gpointer(controller), "event", unsafeBitCast(delivered, to: GCallback.self), nil, nil, G_CONNECT_DEFAULT)
        gtk_widget_add_controller(window, controller)
    }

    /// Scrolls 37 px a frame, turning a view's height from the top and two from the end (so no
    /// page loads and the top is never reached), each frame timed.
    private static func recordFrames(_ live: LiveList, frames: Int) -> [Double] {
        let bouncing: ScrollBench.Step = { _, _, data in
            let adjustment = UnsafeMutablePointer<GtkAdjustment>(OpaquePointer(data!))
            let page = gtk_adjustment_get_page_size(adjustment)
            let upper = gtk_adjustment_get_upper(adjustment) - 2 * page
            let value = gtk_adjustment_get_value(adjustment)
            if BurstBench.scrollsDown, value + 37 > upper { BurstBench.scrollsDown = false }
            if !BurstBench.scrollsDown, value - 37 < page { BurstBench.scrollsDown = true }
            gtk_adjustment_set_value(adjustment, value + (BurstBench.scrollsDown ? 37 : -37))
            return 1
        }
        return ScrollBench.recordFrames(
            window: live.window, scrolled: ListParts.scrolledWindow(of: live.list.widget), frames: frames,
            step: bouncing
        ).wall
    }
}
