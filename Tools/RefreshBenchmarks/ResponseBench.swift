// Benchmark 6: input to screen. Real input at the top of the list: a wheel notch or one step of
// a mouse drag (xdotool, under Xvfb), or one frame of a two-finger touchpad scroll (`touchpad`:
// as a Wayland client of a headless mutter, through its remote-desktop API, since Xvfb has no
// smooth-scrolling device); measured from the moment GTK delivers the event to the window (a
// capture-phase controller, before any widget sees it) to the end of the first frame that shows
// the header's new height (the frame clock's after-paint). Side by side, the same events on a
// bare GtkListView in the middle of its rows, to the first frame that shows its scroll: GTK's
// own wheel and touchpad scrolling, and a drag that moves the list with the pointer (what a
// plain GTK app does with a drag). Each sample waits for the screen to be still first, so no
// frame is credited to an earlier input.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import ListProbe
import RefreshEngine
import WaylandSupport

@MainActor
enum ResponseBench {
    /// Times one input at a time: armed at the event's delivery, done by the first frame whose
    /// reading differs from the reading at delivery.
    final class Probe {
        let read: @MainActor () -> Double
        var armedAt: Int64?
        var readingAtInput = 0.0
        var latencies: [Double] = []
        /// When the last frame was painted (µs).
        var lastFrameAt: Int64 = 0
        /// Events of the watched kind GTK delivered to the window so far.
        var deliveries = 0

        init(read: @escaping @MainActor () -> Double) { self.read = read }
    }

    nonisolated(unsafe) private static var probe: Probe?
    nonisolated(unsafe) private static var watchedKind = GDK_SCROLL

    static func run(mode: String, input: String, samples: Int) {
        let title = "response-\(mode)-\(input)"
        let (root, read, scrolled, held) = build(mode: mode)
        let window = Gtk.window(root)
        gtk_window_set_title(window.as(GtkWindow.self), title)
        let probe = Probe(read: read)
        Self.probe = probe
        Self.watchedKind = input == "drag" ? GDK_MOTION_NOTIFY : GDK_SCROLL
        watchDeliveries(on: window)
        // On Wayland the window's place on the monitor is not known: maximized, it is under
        // the middle of the monitor (the list fills it).
        if input == "touchpad" { gtk_window_maximize(window.as(GtkWindow.self)) }
        let connections = SignalConnections()
        connections.onVoid(gpointer(gtk_widget_get_frame_clock(window)!), "after-paint") { framePainted(probe) }
        if let held {
            held.list.start()
            held.refreshes[0](.success(Page(Gtk.rows(0..<10_000), hasMore: true)))
            Gtk.pump(until: { held.list.state.header.state == .idle && held.list.state.inFlight == nil })
        } else {
            let adjustment = gtk_scrolled_window_get_vadjustment(scrolled.opaque)!
            Gtk.pump(until: { gtk_adjustment_get_upper(adjustment) > 10_000 })
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) / 2)
        }
        switch input {
        case "wheel": wheelSamples(samples, probe: probe, driver: XInput(title: title), held: held)
        case "drag": dragSamples(samples, probe: probe, driver: XInput(title: title), held: held, scrolled: scrolled)
        case "touchpad": touchpadSamples(samples, probe: probe, window: window, held: held)
        default:
            FileHandle.standardError.write(Data("refresh-bench: unknown input '\(input)'\n".utf8))
            exit(2)
        }
        connections.disconnectAll()
        let detail = "\(probe.latencies.count) samples, \(mode == "ours" ? "the header's height" : "the list's scroll")"
        emit(Metric(6, "response.\(mode).\(input).p50_ms", percentile(probe.latencies, 50), "ms", detail: detail))
        emit(Metric(6, "response.\(mode).\(input).p95_ms", percentile(probe.latencies, 95), "ms", detail: detail))
        emit(Metric(6, "response.\(mode).\(input).max_ms", probe.latencies.max() ?? .nan, "ms", detail: detail))
        gtk_window_destroy(window.as(GtkWindow.self))
    }

    /// The list under test, what it shows that input changes, and (for ours) its loaders.
    private static func build(mode: String) -> (WidgetPointer, @MainActor () -> Double, WidgetPointer, HeldList?) {
        if mode == "ours" {
            let held = HeldList(pageSize: 50, quick: true)
            let revealer = gtk_widget_get_first_child(held.list.widget)!
            return (held.list.widget, { Double(gtk_widget_get_height(revealer)) }, held.scrolledWindow, held)
        }
        let bare = bareListView(stringList(count: 20_000))
        let adjustment = gtk_scrolled_window_get_vadjustment(bare.scrolled.opaque)!
        return (bare.scrolled, { gtk_adjustment_get_value(adjustment) }, bare.scrolled, nil)
    }

    /// Arms the probe when GTK delivers the watched kind of event to `window`.
    private static func watchDeliveries(on window: WidgetPointer) {
        let controller = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        let delivered: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, event, _ in
            guard let event, gdk_event_get_event_type(event) == ResponseBench.watchedKind else { return 0 }
            MainActor.assumeIsolated {
                ResponseBench.probe?.deliveries += 1
                guard let probe = ResponseBench.probe, probe.armedAt == nil else { return }
                probe.armedAt = monotonicMicroseconds()
                probe.readingAtInput = probe.read()
            }
            return 0  // GDK_EVENT_PROPAGATE: the widgets handle it as always
        }
        _ = g_signal_connect_data(
            gpointer(controller), "event", unsafeBitCast(delivered, to: GCallback.self), nil, nil, G_CONNECT_DEFAULT)
        gtk_widget_add_controller(window, controller)
    }

    private static func framePainted(_ probe: Probe) {
        let reading = probe.read()
        probe.lastFrameAt = monotonicMicroseconds()
        guard let armedAt = probe.armedAt, reading != probe.readingAtInput else { return }
        probe.latencies.append(Double(monotonicMicroseconds() - armedAt) / 1_000)
        probe.armedAt = nil
    }

    /// Waits for the probe's answer to the input just sent, then for a still screen: GTK paints
    /// only while something moves, so 50 ms without a frame means every animation is over (or
    /// a second passed: something keeps frames coming, and the reading at the next input is
    /// what counts).
    private static func settle(_ probe: Probe) {
        Gtk.pump(until: { probe.armedAt == nil }, timeout: 5)
        probe.armedAt = nil  // an input that changed nothing on screen is not a sample
        waitForStillScreen(probe)
    }

    /// Waits until no frame was painted for 50 ms (or a second passed).
    private static func waitForStillScreen(_ probe: Probe) {
        Gtk.pump(until: { monotonicMicroseconds() - probe.lastFrameAt >= 50_000 }, timeout: 1)
    }

    private static func wheelSamples(_ samples: Int, probe: Probe, driver: XInput, held: HeldList?) {
        driver.move(to: 200, 300)
        // The engine as the list's last event left it: whether a notch would pull now.
        final class Decided { var engine: RefreshEngine? }
        let decided = Decided()
        held?.list.eventObserver = { _, engine in decided.engine = engine }
        defer { held?.list.eventObserver = nil }
        for _ in 0..<samples {
            if let held {
                // At the top, at rest, the last pull's header closed on screen: a notch up pulls
                // 24 px; alone, it springs back after the wheel's idle interval.
                Gtk.pump(until: {
                    held.list.state.header.state == .idle && probe.read() == 0
                        && decided.engine?.wheelWouldPull(at: now()) == true
                })
                // The screen still, as for every sample: the last pull's collapse may have drawn
                // its last frame just now, and GTK paints no sooner than a frame after that.
                waitForStillScreen(probe)
                driver.run(["click", "4"])
            } else {
                driver.run(["click", "5"])
            }
            settle(probe)
        }
    }

    private static func dragSamples(
        _ samples: Int, probe: Probe, driver: XInput, held: HeldList?, scrolled: WidgetPointer
    ) {
        if held == nil { followThePointer(scrolled) }
        var taken = 0
        while taken < samples {
            if let held { Gtk.pump(until: { held.list.state.header.state == .idle && probe.read() == 0 }) }
            driver.move(to: 200, 40)
            driver.run(["mousedown", "1"])
            // Past GTK's drag threshold first (not a sample: nothing moves before it), then down
            // 6 px a step, each step a sample, then back up to where it began: the pull goes
            // back to nothing and the release refreshes nothing.
            let beforeThreshold = probe.latencies.count
            driver.move(to: 200, 52)
            settle(probe)
            probe.latencies.removeSubrange(beforeThreshold...)
            for step in 1...8 where taken < samples {
                let before = probe.latencies.count
                driver.move(to: 200, 52 + step * 6)
                settle(probe)
                if probe.latencies.count > before { taken += 1 }
            }
            driver.move(to: 200, 40)
            settle(probe)
            driver.run(["mouseup", "1"])
            settle(probe)
        }
    }

    /// Finger scrolls up, 8 px a frame, six frames a scroll, each frame a sample: ours at the
    /// top (the header opens to 48 px, short of the threshold, and springs back after the
    /// fingers lift), the bare list in the middle (it scrolls). mutter 43 passes the lift on to
    /// no one (ARCHITECTURE.md), so ours lets go after its touchpad idle interval.
    private static func touchpadSamples(_ samples: Int, probe: Probe, window: WidgetPointer, held: HeldList?) {
        let driver = FingerInput(window: window)
        var taken = 0, sent = 0
        while taken < samples {
            // Frames that never show the input leave the figures short (and `all` fails on it),
            // rather than running on forever.
            guard sent < 4 * samples else {
                FileHandle.standardError.write(Data("refresh-bench: \(sent) finger frames, \(taken) shown\n".utf8))
                break
            }
            // The last scroll's pull let go and its header closed on screen.
            if let held { Gtk.pump(until: { held.list.state.header.state == .idle && probe.read() == 0 }) }
            waitForStillScreen(probe)
            for _ in 1...6 where taken < samples {
                let before = probe.latencies.count
                let delivered = probe.deliveries
                driver.send("axis 0 -8 4")
                sent += 1
                // mutter took it; the sample begins when GTK has it.
                Gtk.pump(until: { probe.deliveries > delivered }, timeout: 5)
                settle(probe)
                if probe.latencies.count > before { taken += 1 }
            }
            driver.send("axis 0 0 5")
            settle(probe)
        }
    }

    /// A bare list moves with a drag the way a plain GTK app would make it: its offset follows
    /// the pointer.
    private static func followThePointer(_ scrolled: WidgetPointer) {
        let drag = gtk_gesture_drag_new()!
        let adjustment = gtk_scrolled_window_get_vadjustment(scrolled.opaque)!
        var startValue = 0.0
        let connections = SignalConnections()
        connections.onPoint(gpointer(drag), "drag-begin") { _, _ in startValue = gtk_adjustment_get_value(adjustment) }
        connections.onPoint(gpointer(drag), "drag-update") { _, offsetY in
            gtk_adjustment_set_value(adjustment, startValue - offsetY)
        }
        gtk_widget_add_controller(scrolled, drag)
        bareConnections.append(connections)
    }

    static func now() -> MonotonicInstant { MonotonicInstant(milliseconds: Int64(g_get_monotonic_time() / 1_000)) }
}

/// xdotool aimed at one window by its title, positions in the window's coordinates.
@MainActor
struct XInput {
    let window: String

    init(title: String) {
        var found = ""
        let deadline = Date().addingTimeInterval(30)
        while found.isEmpty, Date() < deadline {
            found =
                XInput.xdotool(["search", "--onlyvisible", "--name", "^\(title)$"])
                .split(separator: "\n").last.map(String.init) ?? ""
            if found.isEmpty { Gtk.pump(until: { false }, timeout: 0.05) }
        }
        if found.isEmpty {
            FileHandle.standardError.write(Data("refresh-bench: window \(title) not found\n".utf8))
            exit(1)
        }
        window = found
    }

    func move(to x: Int, _ y: Int) { run(["mousemove", "--window", window, "\(x)", "\(y)"]) }

    /// Runs xdotool while GTK keeps running (a blocked main loop would delay the delivery).
    func run(_ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool"] + arguments
        do { try process.run() } catch { return }
        Gtk.pump(until: { !process.isRunning }, timeout: 10)
    }

    static func xdotool(_ arguments: [String]) -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool"] + arguments
        process.standardOutput = pipe
        do { try process.run() } catch { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// Two-finger touchpad scrolls through mutter's remote-desktop API (`RemoteInput`), with the
/// pointer over the middle of `window`, which fills the monitor.
@MainActor
struct FingerInput {
    let input: RemoteInput

    init(window: WidgetPointer) {
        do { input = try RemoteInput() } catch {
            FileHandle.standardError.write(Data("refresh-bench: no remote-desktop input: \(error)\n".utf8))
            exit(1)
        }
        // mutter adds its virtual pointer on the first pointer event, and GTK may miss that
        // event while it binds the pointer: move until a motion reaches the window.
        let motions = Counter()
        let controller = gtk_event_controller_motion_new()!
        let connections = SignalConnections()
        connections.onPoint(gpointer(controller), "motion") { _, _ in motions.count += 1 }
        gtk_widget_add_controller(window, controller)
        send("home")
        send("motion 640 400")
        let deadline = Date().addingTimeInterval(30)
        var step = 1
        while motions.count == 0, Date() < deadline {
            Gtk.pump(until: { motions.count > 0 }, timeout: 0.2)
            send("motion \(step) 0")
            step = -step
        }
        connections.disconnectAll()
        gtk_widget_remove_controller(window, controller)
        if motions.count == 0 {
            FileHandle.standardError.write(Data("refresh-bench: the pointer never reached the window\n".utf8))
            exit(1)
        }
    }

    /// Sends one injector command (see Tests/Wayland/remote-input.py) and waits until mutter
    /// took it.
    func send(_ command: String) {
        do { try input.send(command) } catch {
            FileHandle.standardError.write(Data("refresh-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    @MainActor final class Counter {
        var count = 0
    }
}
