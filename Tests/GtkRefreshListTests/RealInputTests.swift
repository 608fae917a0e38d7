// Real input on a real window, on X11 (xdotool under Xvfb) or Wayland (a headless mutter's
// remote-desktop API): wheel notches, a mouse drag, F5 and Ctrl+R. The list must react as a
// user expects, exactly once per gesture, on both display servers.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine
import WaylandSupport
import XCTest

final class RealInputTests: XCTestCase {
    struct Harness {
        let list: RefreshList<Row>
        let window: WidgetPointer
        let input: any RealInput
        let counts: LoaderCalls
    }

    @MainActor private static func harness(
        pages: Int = 5, title: String, wheelIdleInterval: Milliseconds = 1_000
    ) throws -> Harness {
        // A wheel pull ends when no notch comes for the idle interval. Notches are timed when
        // they happened, but a tick that comes before GTK has read a notch sent just before it
        // still ends the pull: 1 s keeps the tests' paced pulls clear of that on a loaded machine.
        let list = try GtkTest.makeList { $0.engine.wheelIdleInterval = wheelIdleInterval }
        let counts = list.answerCounting(
            refresh: { page(1...20, hasMore: true) },
            loadMore: { number in page(number: number, hasMore: number < pages) })
        let window = GtkTest.window(list.widget, width: 360, height: 420)
        gtk_window_set_title(window.as(GtkWindow.self), title)
        list.start()
        GtkTest.wait("the first refresh over") { list.state.header.state == .idle && list.state.inFlight == nil }
        let input = try RealInputs.make(window: window, target: list.widget, windowTitle: title)
        input.point(at: 180, 200)
        // The list must rest at the top for the wheel's idle interval before the wheel may pull.
        GtkTest.waitUntilAWheelNotchWouldPull(list)
        counts.refreshes = 0
        return Harness(list: list, window: window, input: input, counts: counts)
    }

    func testWheelNotchesUpAtTheTopStartExactlyOneRefresh() throws {
        try onMainActor {
            let h = try Self.harness(title: "wheel-top")
            defer { GtkTest.destroy(h.window) }
            // Every notch is in when wheel() returns: after the refresh, nothing more can start one.
            h.input.wheel(up: true, count: 4, delayMs: InputPace.pullNotchMs)
            GtkTest.wait("a refresh from the wheel") { h.counts.refreshes >= 1 }
            GtkTest.wait("the header back to idle") { h.list.state.header.state == .idle }
            XCTAssertEqual(h.counts.refreshes, 1)
        }
    }

    func testWheelDownLoadsEveryPageExactlyOnceUntilExhausted() throws {
        try onMainActor {
            let h = try Self.harness(pages: 6, title: "wheel-bottom")
            defer { GtkTest.destroy(h.window) }
            for _ in 0..<30 where h.list.state.footer != .exhausted {
                h.input.wheel(up: false, count: 8, delayMs: InputPace.spinNotchMs)
                // A page asked for is in before the wheel turns on.
                GtkTest.wait("the page loaded") { h.list.state.inFlight == nil }
            }
            GtkTest.wait("the end of the feed") { h.list.state.footer == .exhausted }
            XCTAssertEqual(h.counts.loads, [2, 3, 4, 5, 6])
            XCTAssertEqual(h.list.items.map(\.id), (1...6).flatMap { Array((($0 * 20 - 19)...($0 * 20)).reversed()) })
            XCTAssertEqual(h.counts.refreshes, 0, "scrolling down never refreshes")
        }
    }

    func testAWheelInTheMiddleOfTheListNeverRefreshes() throws {
        try onMainActor {
            let h = try Self.harness(title: "wheel-middle")
            defer { GtkTest.destroy(h.window) }
            let adjustment = gtk_scrolled_window_get_vadjustment(h.list.scrollerWidget.opaque)
            h.input.wheel(up: false, count: 10, delayMs: InputPace.spinNotchMs)
            // GTK's wheel scrolling animates: wait for where ten notches take the list.
            GtkTest.wait("the list scrolled down") { gtk_adjustment_get_value(adjustment) > 300 }
            let down = gtk_adjustment_get_value(adjustment)
            h.input.wheel(up: true, count: 3, delayMs: InputPace.pullNotchMs)
            GtkTest.wait("the list scrolled up three notches") { gtk_adjustment_get_value(adjustment) < down }
            // All three notches are in: they scrolled the list and could not pull.
            XCTAssertGreaterThan(gtk_adjustment_get_value(adjustment), 0, "still mid-list")
            XCTAssertEqual(h.counts.refreshes, 0)
            XCTAssertEqual(h.list.state.header.state, .idle)
        }
    }

    /// A harness whose window takes a finger scroll of `steps` 10 px frames toward the top, then
    /// the fingers lift; returns it with the deepest the header opened (px). Wayland only
    /// (mutter's finger axis; Xvfb has no touchpad): skips under X11.
    @MainActor private static func fingerPull(steps: Int, title: String) throws -> (Harness, deepest: () -> Double) {
        let h = try harness(title: title)
        guard let touchpad = h.input as? any RealTouchpad else {
            GtkTest.destroy(h.window)
            throw XCTSkip("a touchpad needs the Wayland pass (Tests/run-all.sh): Xvfb has none")
        }
        final class Deepest { var height = 0.0 }
        let deepest = Deepest()
        h.list.onStateChange { state in deepest.height = max(deepest.height, state.header.height) }
        touchpad.fingerScroll(dy: -10, steps: steps)
        return (h, { deepest.height })
    }

    /// Two fingers down the touchpad past the threshold: the header follows them, and lifting
    /// them refreshes once.
    func testATouchpadPullPastTheThresholdRefreshesWhenTheFingersLift() throws {
        try onMainActor {
            let (h, deepest) = try Self.fingerPull(steps: 10, title: "touchpad-pull")
            defer { GtkTest.destroy(h.window) }
            GtkTest.wait("a refresh when the fingers lifted (header \(h.list.state.header.state))") {
                h.counts.refreshes >= 1
            }
            XCTAssertGreaterThanOrEqual(deepest(), 64, "the header followed the fingers past the threshold")
            GtkTest.wait("the header back to idle") { h.list.state.header.state == .idle }
            XCTAssertEqual(h.counts.refreshes, 1)
        }
    }

    /// A short finger scroll at the top opens the header a little and lets it go: no refresh.
    func testATouchpadPullShortOfTheThresholdSpringsBack() throws {
        try onMainActor {
            let (h, deepest) = try Self.fingerPull(steps: 3, title: "touchpad-short")
            defer { GtkTest.destroy(h.window) }
            GtkTest.wait("the header back to idle after the short pull (\(h.list.state.header.state))") {
                deepest() > 0 && h.list.state.header.state == .idle && h.list.headerAllocatedHeight == 0
            }
            XCTAssertLessThan(deepest(), 64, "short of the threshold (deepest \(deepest()) px)")
            XCTAssertEqual(h.counts.refreshes, 0)
        }
    }

    /// Notches slower than the idle interval are separate pulls that each spring back, even when
    /// a busy main loop reads them all at once: they are timed when they happened.
    func testSlowNotchesReadAtOnceAfterAStallNeverAddUp() throws {
        try onMainActor {
            let h = try Self.harness(title: "wheel-stalled-slow", wheelIdleInterval: 250)
            defer { GtkTest.destroy(h.window) }
            var deepest = 0.0
            h.list.onStateChange { state in deepest = max(deepest, state.header.height) }
            // Four notches 600 ms apart, all read after the stall: one notch of pull each.
            h.input.wheelDuringStall(up: true, count: 4, delayMs: 600, stallMs: 0)
            GtkTest.wait("the header back to idle") { h.list.state.header.state == .idle }
            XCTAssertEqual(h.counts.refreshes, 0, "four slow notches are four short pulls")
            XCTAssertLessThan(deepest, 48, "no pull went past one notch (deepest header \(deepest) px)")
        }
    }

    /// A pull whose notches keep coming while the main loop is held goes on after it: the
    /// stall is not a pause of the wheel.
    func testAWheelPullGoesOnThroughAStall() throws {
        try onMainActor {
            let h = try Self.harness(title: "wheel-stalled-pull")
            defer { GtkTest.destroy(h.window) }
            h.input.wheel(up: true, count: 1, delayMs: InputPace.pullNotchMs)
            XCTAssertEqual(h.list.state.header.state, .pulling, "header \(h.list.state.header)")
            var wentIdle = false
            h.list.onStateChange { state in
                if h.counts.refreshes == 0, state.header.state == .idle { wentIdle = true }
            }
            // Two more notches 300 ms apart (well inside the 1 s idle interval), sent while the
            // main loop is held for 2.5 s (far past it).
            h.input.wheelDuringStall(up: true, count: 2, delayMs: 300, stallMs: 2_500)
            GtkTest.wait("a refresh from the three notches") { h.counts.refreshes >= 1 }
            XCTAssertFalse(wentIdle, "the pull was let go during the stall")
            GtkTest.wait("the header back to idle") { h.list.state.header.state == .idle }
            XCTAssertEqual(h.counts.refreshes, 1)
        }
    }

    /// A pull released by time that passed in a stall is let go by the first event after it,
    /// which may be the geometry GTK reports while it lays out the armed header. The refreshing
    /// header must still be laid out at its height and show its spinner and title.
    func testAPullLetGoDuringALayoutShowsItsRefreshingHeader() throws {
        try onMainActor {
            let list = try GtkTest.makeList { $0.engine.wheelIdleInterval = 1_000 }
            var answers: [RefreshList<Row>.Completion] = []
            list.onRefresh(completion: { answers.append($0) })
            let window = GtkTest.window(list.widget, width: 360, height: 420)
            defer { GtkTest.destroy(window) }
            gtk_window_set_title(window.as(GtkWindow.self), "wheel-stalled-layout")
            list.start()
            GtkTest.wait("the first refresh asked for") { answers.count == 1 }
            answers[0](.success(page(1...20, hasMore: true)))
            GtkTest.wait("the header back to idle") { list.state.header.state == .idle }
            let input = try RealInputs.make(window: window, target: list.widget, windowTitle: "wheel-stalled-layout")
            input.point(at: 180, 200)
            GtkTest.waitUntilAWheelNotchWouldPull(list)
            input.wheel(up: true, count: 1, delayMs: InputPace.pullNotchMs)
            // Two notches arm the pull during a stall longer than the idle interval: the pull is
            // let go as soon as anything is handled after them.
            input.wheelDuringStall(up: true, count: 2, delayMs: 100, stallMs: 2_500)
            GtkTest.wait("the refresh asked for") { answers.count == 2 }
            @MainActor func laidOut() -> String? {
                let height = Int(list.state.header.height.rounded())
                guard list.headerAllocatedHeight == height else {
                    return "the header \(list.headerAllocatedHeight) px high, not \(height)"
                }
                var title = graphene_rect_t()
                guard gtk_widget_compute_bounds(list.titleLabel, list.headerClip, &title) != 0,
                    title.origin.y >= 0, Int(title.origin.y + title.size.height) <= height
                else { return "the title at y \(title.origin.y) in a \(height) px header" }
                guard gtk_widget_get_height(list.headerSpinner) > 0 else { return "the spinner not laid out" }
                return nil
            }
            GtkTest.wait("the refreshing header laid out with its spinner and title (\(laidOut() ?? "it is"))") {
                list.state.header.state == .refreshing && laidOut() == nil
            }
            GtkTest.frames(2, of: list.widget)
            XCTAssertNil(laidOut())
            answers[1](.success(page(1...21, hasMore: true)))
            GtkTest.wait("the header back to idle") { list.state.header.state == .idle }
        }
    }

    func testAMouseDragDownFromTheTopRefreshes() throws {
        try onMainActor {
            let h = try Self.harness(title: "drag-top")
            defer { GtkTest.destroy(h.window) }
            h.input.press(at: 180, 60)
            for y in stride(from: 70, through: 190, by: 10) {
                h.input.move(to: 180, y)  // returns once GTK has the motion
            }
            XCTAssertEqual(h.list.state.header.state, .armed, "header \(h.list.state.header)")
            XCTAssertTrue(h.list.dragClaimed, "the list's drag gesture took the pointer from the rows")
            // The header follows the pointer's 130 px (less GTK's drag threshold), even though
            // the scrolled window moves down under the pointer as the header opens.
            let followed = PullCurve.visibleHeight(pull: 120, threshold: 64, maximum: 128)
            XCTAssertGreaterThanOrEqual(h.list.state.header.height, followed, "header \(h.list.state.header)")
            h.input.release()
            GtkTest.wait("a refresh from the drag") { h.counts.refreshes >= 1 }
            GtkTest.wait("the header back to idle") { h.list.state.header.state == .idle }
            XCTAssertEqual(h.counts.refreshes, 1)
        }
    }

    func testADragIsJudgedWithinTheDesktopsDragThreshold() throws {
        try onMainActor {
            // A desktop whose drag threshold is 4 px: past it GTK's scrolled window would take a
            // touch for its own scrolling, so a pull is judged by then (the list's own slop is 8).
            let settings = gpointer(gtk_settings_get_default()!)
            var value = GValue()
            g_value_init(&value, GType(6 << G_TYPE_FUNDAMENTAL_SHIFT))
            g_object_get_property(settings.assumingMemoryBound(to: GObject.self), "gtk-dnd-drag-threshold", &value)
            let before = g_value_get_int(&value)
            g_value_set_int(&value, 4)
            g_object_set_property(settings.assumingMemoryBound(to: GObject.self), "gtk-dnd-drag-threshold", &value)
            defer {
                g_value_set_int(&value, before)
                g_object_set_property(settings.assumingMemoryBound(to: GObject.self), "gtk-dnd-drag-threshold", &value)
                g_value_unset(&value)
            }
            let h = try Self.harness(title: "drag-threshold")
            defer { GtkTest.destroy(h.window) }
            h.input.press(at: 180, 60)
            h.input.move(to: 180, 66)  // 6 px: past the desktop's 4, short of the list's own 8
            XCTAssertEqual(h.list.state.header.state, .pulling, "header \(h.list.state.header)")
            h.input.move(to: 180, 60)
            h.input.release()
            GtkTest.wait("the header back to idle") { h.list.state.header.state == .idle }
            XCTAssertEqual(h.counts.refreshes, 0, "a pull that went back to nothing refreshes nothing")
        }
    }

    func testF5AndCtrlRRefresh() throws {
        try onMainActor {
            let h = try Self.harness(title: "keys")
            defer { GtkTest.destroy(h.window) }
            h.input.refreshKey(controlR: false)
            GtkTest.wait("a refresh from F5") { h.counts.refreshes == 1 }
            GtkTest.wait("the header back to idle") { h.list.state.header.state == .idle }
            h.input.refreshKey(controlR: true)
            GtkTest.wait("a refresh from Ctrl+R") { h.counts.refreshes == 2 }
            GtkTest.wait("the header back to idle") { h.list.state.header.state == .idle }
        }
    }
}

/// Two lists in one window: F5 refreshes the one the keyboard focus is in, never both.
final class ShortcutScopeTests: XCTestCase {
    func testF5RefreshesOnlyTheFocusedListOfTwo() throws {
        try onMainActor {
            var refreshes: [String: Int] = ["left": 0, "right": 0]
            @MainActor func makeList(_ name: String) throws -> RefreshList<Row> {
                let list = try GtkTest.makeList()
                list.onRefresh {
                    refreshes[name, default: 0] += 1
                    return page(1...20, hasMore: false)
                }
                return list
            }
            let left = try makeList("left"), right = try makeList("right")
            let pair = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            gtk_box_set_homogeneous(pair.box, 1)
            gtk_box_append(pair.box, left.widget)
            gtk_box_append(pair.box, right.widget)
            let window = GtkTest.window(pair, width: 600, height: 400)
            defer { GtkTest.destroy(window) }
            gtk_window_set_title(window.as(GtkWindow.self), "two-lists")
            left.start()
            right.start()
            GtkTest.wait("both lists' first 20 rows in (left \(left.items.count), right \(right.items.count))") {
                left.items.count == 20 && right.items.count == 20
            }
            GtkTest.wait("both headers back to idle after the first refresh") {
                left.state.header.state == .idle && right.state.header.state == .idle
            }
            refreshes = ["left": 0, "right": 0]

            let onRight = try RealInputs.make(window: window, target: right.widget, windowTitle: "two-lists")
            onRight.point(at: 100, 150)  // a click: the keyboard focus goes into the right list
            onRight.refreshKey(controlR: false)
            GtkTest.wait("a refresh of the right list from F5: \(refreshes)") { refreshes["right"] == 1 }
            GtkTest.wait("the right list's header back to idle") { right.state.header.state == .idle }
            let onLeft = try RealInputs.make(window: window, target: left.widget, windowTitle: "two-lists")
            onLeft.point(at: 100, 150)
            onLeft.refreshKey(controlR: true)
            GtkTest.wait("a refresh of the left list: \(refreshes)") { refreshes["left"] == 1 }
            // The key is in (refreshKey waits for it), so nothing else can refresh either list now.
            GtkTest.wait("both lists idle") { left.state.header.state == .idle && right.state.header.state == .idle }
            XCTAssertEqual(refreshes, ["left": 1, "right": 1], "each key refreshed only the focused list")
        }
    }
}
