// The header follows the pull exactly, each step laid out by an allocation with nothing
// measured again, animates closed within 250 ms, and snaps closed when GTK animations are
// disabled; its spinner turns from frame to frame, and stands still when they are disabled.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import ListProbe
import RefreshEngine
import XCTest

final class HeaderMotionTests: XCTestCase {
    /// The header heights painted, frame by frame, after the last frame that showed it fully
    /// open, until it is closed. Frame-based, not time-based, so a slow machine can't fail it;
    /// every frame is recorded from the start, so a late check misses none.
    @MainActor private static func closingHeights(animations: Bool) throws -> (heights: [Int], duration: guint) {
        cgtk_set_enable_animations(animations.gboolean)
        defer { cgtk_set_enable_animations(1) }
        // Long enough for the header to have slid fully open before it closes, and a slide long
        // enough that frames on a loaded machine still catch it halfway.
        let list = try GtkTest.makeList {
            $0.engine = try! RefreshConfiguration(
                minimumSpinnerTime: 2_500, resultDisplayTime: 300, headerSlideDuration: 2_000, pageSize: 20)
        }
        list.onRefresh { page(1...20) }
        let window = GtkTest.window(list.widget)
        defer { GtkTest.destroy(window) }
        var painted: [(height: Int, state: HeaderState)] = []
        GtkTest.watch(of: window).afterPaint = {
            painted.append((list.headerAllocatedHeight, list.state.header.state))
        }
        list.start()
        GtkTest.wait("the refresh over and a frame with the header closed: \(painted)") {
            list.state.header.state == .idle && painted.contains { $0.state == .succeeded }
                && painted.last?.height == 0
        }
        let heights = painted.map(\.height)
        guard let open = heights.lastIndex(of: 64) else {
            XCTFail("no frame showed the header fully open: \(painted)")
            return ([], 0)
        }
        XCTAssertTrue(
            painted[...open].contains { $0.state == .succeeded && $0.height == 64 }, "the success was shown open")
        return (Array(heights[(open + 1)...]), gtk_revealer_get_transition_duration(list.revealerWidget.opaque))
    }

    func testTheHeaderAnimatesClosedWithinAQuarterSecond() throws {
        try onMainActor {
            let (heights, duration) = try Self.closingHeights(animations: true)
            XCTAssertEqual(duration, 2_000, "the collapse lasts the configured slide")
            let standard = try RefreshConfiguration().headerSlideDuration
            XCTAssertLessThanOrEqual(standard, 250, "by default the collapse lasts at most 250 ms")
            XCTAssertGreaterThan(standard, 0)
            XCTAssertTrue(heights.contains { $0 > 0 && $0 < 64 }, "it passes through intermediate heights: \(heights)")
            XCTAssertEqual(heights, heights.sorted(by: >), "it only closes")
        }
    }

    func testTheHeaderSnapsClosedWithoutAnimations() throws {
        try onMainActor {
            let (heights, _) = try Self.closingHeights(animations: false)
            XCTAssertFalse(heights.contains { $0 > 0 && $0 < 64 }, "no intermediate heights: \(heights)")
            XCTAssertEqual(heights.last, 0)
        }
    }

    func testTheHeaderFollowsEveryStepOfAPull() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            list.onRefresh { page(1...20) }
            let window = GtkTest.window(list.widget)
            defer { GtkTest.destroy(window) }
            list.start()
            GtkTest.wait("the first refresh over and the header closed") {
                list.state.header.state == .idle && list.headerAllocatedHeight == 0
            }
            // The drag's signals as GTK emits them move the pull by exactly 8 px a step, since
            // what is checked is that each step is laid out; real drags are RealInputTests' and
            // TouchInputTests'.
            let drag = EmittedDrag(on: list.widget)
            drag.press()
            var previous = 0
            for step in 1...12 {
                drag.move(to: Double(step * 8))
                let expected = Int(list.state.header.height.rounded())
                GtkTest.wait("step \(step) laid out at \(expected) px (now \(list.headerAllocatedHeight))") {
                    list.headerAllocatedHeight == expected
                }
                XCTAssertGreaterThanOrEqual(expected, previous)
                previous = expected
            }
            XCTAssertEqual(list.state.header.state, .armed)
            drag.cancel()
            GtkTest.wait("the header closed after the cancelled pull") { list.headerAllocatedHeight == 0 }
        }
    }

    /// A pull step is laid out by an allocation of the list alone: while the header follows the
    /// pull, a step that does not change what the header says (its state, its title) has
    /// nothing measured again, neither the list nor anything around it, and the header still
    /// shows each step's height.
    func testAPullStepIsLaidOutWithoutMeasuringAgain() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            list.onRefresh { page(1...20) }
            // The list in a holder that counts its own measurements: a resize queued anywhere in
            // the list reaches it; an allocation of the list does not.
            let holder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_set_layout_manager(holder, gtk_custom_layout_new(nil, countingMeasure, fillingAllocate))
            gtk_box_append(holder.box, list.widget)
            let window = GtkTest.window(holder)
            defer { GtkTest.destroy(window) }
            list.start()
            GtkTest.wait("the first refresh over and the header closed") {
                list.state.header.state == .idle && list.headerAllocatedHeight == 0
            }
            let drag = EmittedDrag(on: list.widget)
            drag.press()
            var stepsMeasuringNothing = 0
            for step in 1...12 {
                let stateBefore = list.state.header.state
                let measuresBefore = holderMeasurements
                drag.move(to: Double(step * 8))
                let expected = Int(list.state.header.height.rounded())
                GtkTest.wait("step \(step) laid out at \(expected) px (now \(list.headerAllocatedHeight))") {
                    list.headerAllocatedHeight == expected
                }
                // The first step opens the header (the revealer is measured as it reveals), and
                // a step that arms the pull changes its title.
                guard stateBefore == .pulling, list.state.header.state == .pulling else { continue }
                XCTAssertEqual(holderMeasurements, measuresBefore, "step \(step) measured nothing again")
                stepsMeasuringNothing += 1
            }
            XCTAssertGreaterThanOrEqual(stepsMeasuringNothing, 3, "steps that only pulled were checked")
            drag.cancel()
            GtkTest.wait("the header closed after the cancelled pull") { list.headerAllocatedHeight == 0 }
        }
    }

    /// The header's spinner as drawn, after `frames` more frames: the PNG GTK renders of it.
    @MainActor private static func spinnerImages(of list: RefreshList<Row>, frames: Int) -> [Data] {
        let path = NSTemporaryDirectory() + "refresh-spinner-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        return (0..<frames).map { _ in
            GtkTest.frames(of: list.widget)
            XCTAssertTrue(WidgetSnapshot.savePNG(list.headerSpinner, to: path), "the spinner renders")
            return FileManager.default.contents(atPath: path) ?? Data()
        }
    }

    /// A list whose first refresh never answers, in a window, with its spinner on screen.
    @MainActor private static func spinningList(_ run: (RefreshList<Row>) throws -> Void) throws {
        let list = try GtkTest.makeList()
        var waiting: [RefreshList<Row>.Completion] = []
        list.onRefresh(completion: { waiting.append($0) })
        let window = GtkTest.window(list.widget)
        defer { GtkTest.destroy(window) }
        list.start()
        GtkTest.wait("the header open on its spinner (the header is \(list.state.header.state))") {
            list.state.header.state == .refreshing && list.headerAllocatedHeight == 64
                && gtk_widget_get_mapped(list.headerSpinner) != 0 && gtk_widget_get_width(list.headerSpinner) > 0
        }
        try run(list)
        XCTAssertEqual(waiting.count, 1, "one refresh, still waiting")
    }

    func testTheSpinnerTurnsFromFrameToFrame() throws {
        try onMainActor {
            try Self.spinningList { list in
                // One turn a second: frames a few milliseconds apart on a fast machine may draw it
                // at the same angle, so this waits for a frame that draws it at another.
                let first = try XCTUnwrap(Self.spinnerImages(of: list, frames: 1).first)
                GtkTest.wait("a frame that draws the spinner at another angle") {
                    Self.spinnerImages(of: list, frames: 1).first != first
                }
            }
        }
    }

    func testTheSpinnerStandsStillWithoutAnimations() throws {
        try onMainActor {
            cgtk_set_enable_animations(0)
            defer { cgtk_set_enable_animations(1) }
            try Self.spinningList { list in
                // Frames over at least half a turn's time (500 ms of the frame clock): all alike.
                let clock = try XCTUnwrap(gtk_widget_get_frame_clock(list.widget))
                let start = gdk_frame_clock_get_frame_time(clock)
                var images = Self.spinnerImages(of: list, frames: 2)
                GtkTest.wait("frames over 500 ms of the frame clock") {
                    images += Self.spinnerImages(of: list, frames: 1)
                    return gdk_frame_clock_get_frame_time(clock) - start >= 500_000
                }
                XCTAssertEqual(Set(images).count, 1, "one picture of the spinner in \(images.count) frames")
            }
        }
    }

    /// A refresh with the header hidden: its spinner is off screen and keeps the window's frame
    /// clock still (frames that would show nothing are work for nothing); shown, it turns again.
    func testASpinnerOffScreenAsksForNoFrames() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            var waiting: [RefreshList<Row>.Completion] = []
            list.onRefresh(completion: { waiting.append($0) })
            let window = GtkTest.window(list.widget)
            defer { GtkTest.destroy(window) }
            list.start()
            waiting[0](.success(page(1...20)))
            GtkTest.wait("the first refresh over and the header closed") {
                list.state.header.state == .idle && list.headerAllocatedHeight == 0
            }
            list.isHeaderHidden = true
            list.refresh()
            XCTAssertEqual(list.state.header.state, .refreshing)
            GtkTest.frames(2, of: list.widget)
            XCTAssertEqual(gtk_widget_get_mapped(list.headerSpinner), 0, "the spinner is not on screen")
            let clock = try XCTUnwrap(gtk_widget_get_frame_clock(list.widget))
            let counter = gdk_frame_clock_get_frame_counter(clock)
            // A still clock can only be seen over time: half a turn of the main loop's clock.
            let until = g_get_monotonic_time() + 500_000
            GtkTest.pump(timeout: 5) { g_get_monotonic_time() >= until }
            XCTAssertEqual(
                gdk_frame_clock_get_frame_counter(clock), counter, "no frame while the spinner is off screen")
            list.isHeaderHidden = false
            list.refresh()
            GtkTest.wait("frames again, the spinner on screen") {
                gtk_widget_get_mapped(list.headerSpinner) != 0
                    && gdk_frame_clock_get_frame_counter(clock) > counter + 10
            }
            XCTAssertEqual(waiting.count, 2, "the second refresh, still waiting")
        }
    }
}

/// How often the holder in `testAPullStepIsLaidOutWithoutMeasuringAgain` was measured (GTK calls
/// a layout's functions on the main thread only).
nonisolated(unsafe) private var holderMeasurements = 0

/// Measures the holder as its one child, counting.
private let countingMeasure: GtkCustomMeasureFunc = {
    widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
    holderMeasurements += 1
    var low: Int32 = 0
    var high: Int32 = 0
    if let child = gtk_widget_get_first_child(widget) {
        gtk_widget_measure(child, orientation, forSize, &low, &high, nil, nil)
    }
    minimum?.pointee = low
    natural?.pointee = high
    minimumBaseline?.pointee = -1
    naturalBaseline?.pointee = -1
}

/// Gives the holder's one child the whole holder.
private let fillingAllocate: GtkCustomAllocateFunc = { widget, width, height, baseline in
    guard let child = gtk_widget_get_first_child(widget) else { return }
    var allocation = GtkAllocation(x: 0, y: 0, width: width, height: height)
    gtk_widget_size_allocate(child, &allocation, baseline)
}
