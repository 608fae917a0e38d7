// The "N new" pill with real input on X11 and Wayland: scrolled down, rows put in above the
// view (F5 with new rows, in both merge modes, and an app's insert) leave the first visible row
// where it was on screen, to the pixel, and show the pill with their count (its label in the
// widget tree, and `state.newAbove`); scrolling up counts it down and it goes at the top,
// whether the wheel, a touchpad (Wayland only) or the scrollbar dragged by the pointer scrolls;
// Enter with the focus on it, a click on it and a tap on it (a touchscreen, Wayland only) go to
// the newest row. Tab from a focused row reaches it (GTK 4.8's list view would Tab to the next
// row), Shift+Tab goes back to that row, and Enter then goes to the newest row.

import CGtk
import CGtkTestSupport
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine
import WaylandSupport
import XCTest

final class NewPillTests: XCTestCase {
    /// A list of rows 100…61 whose next refresh brings `new` rows on top (merged as `merge`),
    /// shown, scrolled down by the wheel, its first refresh and pages over and its header
    /// closed; the keyboard focus outside the rows when `focusOnRow` is false. With
    /// `touchscreen`, the input has a finger too (`RealTouch`): under X11 that throws XCTSkip.
    @MainActor private static func scrolledDown(
        merge: RefreshMerge, new: Int, focusOnRow: Bool, title: String, touchscreen: Bool = false
    ) throws -> (list: RefreshList<Row>, window: WidgetPointer, input: any RealInput, newer: Flag) {
        let list = try GtkTest.makeList {
            $0.engine.refreshMerge = merge
            $0.shortcutScope = .window
        }
        let newer = Flag()
        // Forty rows, so a replacing answer keeps rows far below the view too.
        list.onRefresh { newer.value ? page(61...(100 + new), hasMore: true) : page(61...100, hasMore: true) }
        list.onLoadMore { number in page((1_000 * number)...(1_000 * number + 19), hasMore: true) }
        let window = GtkTest.window(list.widget, width: 360, height: 420)
        gtk_window_set_title(window.as(GtkWindow.self), title)
        list.start()
        GtkTest.wait("the first refresh over and the header closed") {
            list.state.header.state == .idle && list.state.inFlight == nil && list.headerAllocatedHeight == 0
                && gtk_revealer_get_child_revealed(list.revealerWidget.opaque) == 0
        }
        let input: any RealInput
        do {
            input =
                touchscreen
                ? try RealInputs.touchscreen(window: window, target: list.widget, windowTitle: title)
                : try RealInputs.make(window: window, target: list.widget, windowTitle: title)
        } catch {
            GtkTest.destroy(window)
            throw error
        }
        input.point(at: 180, 150)
        let adjustment = verticalAdjustment(list)
        input.wheel(up: false, count: 6, delayMs: InputPace.spinNotchMs)
        GtkTest.wait("the list scrolled down, the pages it reached in (offset \(gtk_adjustment_get_value(adjustment)))")
        {
            gtk_adjustment_get_value(adjustment) > 150 && list.state.inFlight == nil
        }
        if !focusOnRow { gtk_window_set_focus(window.as(GtkWindow.self), nil) }
        GtkTest.frames(2, of: list.widget)
        return (list, window, input, newer)
    }

    /// F5 with `new` rows coming: the first visible row holds within 1 px and the pill counts them.
    @MainActor private static func refreshKeepsThePlace(
        _ list: RefreshList<Row>, _ window: WidgetPointer, _ input: any RealInput, _ newer: Flag, new: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = try XCTUnwrap(firstVisibleRow(of: list), "a row in view", file: file, line: line)
        XCTAssertNil(newPillText(of: list), "no pill before", file: file, line: line)
        // Every frame drawn from F5 on shows the row where it was in the list's area (which the
        // opening header moves down as a whole, then back), before the new rows are in and after.
        var farthest = 0.0
        var framesSince = 0
        var farthestFrame = "none"
        let areaTop = { screenTop(of: list.scrollerWidget, in: list) }
        let placeInArea = before.top - areaTop()
        GtkTest.watch(of: window).afterPaint = {
            framesSince += 1
            // A row scrolled out of view moved too.
            let now = shownRow(before.text, of: list)?.top ?? -.infinity
            let off = abs(now - areaTop() - placeInArea)
            guard off > farthest else { return }
            farthest = off
            farthestFrame =
                "frame \(framesSince) after F5 (rows in: \(list.items.first?.id == 100 + new)): row top \(now), "
                + "area top \(areaTop()), offset \(gtk_adjustment_get_value(verticalAdjustment(list))), header \(list.state.header.state)"
        }
        defer { GtkTest.watch(of: window).afterPaint = nil }
        // What the list gives screen readers to say, read by its public effect observer: GTK 4.8 gives
        // it to Orca only as the focused widget's description, which no GTK call reads back (one put
        // and taken back between two gtk_test_accessible_* checks is lost); Tests/ScreenReader hears Orca.
        var said: [Announcement] = []
        list.effectObserver = { if case .announce(let announcement) = $0 { said.append(announcement) } }
        defer { list.effectObserver = nil }
        newer.value = true
        input.refreshKey(controlR: false)
        GtkTest.wait("the refresh with \(new) new rows over (header \(list.state.header.state))") {
            list.state.header.state == .idle && list.state.inFlight == nil && list.items.first?.id == 100 + new
                && gtk_revealer_get_child_revealed(list.revealerWidget.opaque) == 0
        }
        GtkTest.frames(2, of: list.widget)
        let after = try XCTUnwrap(shownRow(before.text, of: list)?.top, "\(before.text) still shown")
        XCTAssertEqual(after, before.top, accuracy: 1, "\(before.text) stayed where it was", file: file, line: line)
        XCTAssertLessThanOrEqual(
            farthest, 1,
            "no frame showed \(before.text) moved in the list's area (at \(placeInArea) in it; farthest: "
                + "\(farthestFrame))", file: file, line: line)
        XCTAssertEqual(list.state.newAbove, new, "the count above", file: file, line: line)
        XCTAssertEqual(newPillText(of: list), "\(new) new items", "the pill", file: file, line: line)
        // One announcement says the refresh and where its rows went; the arrival is not said
        // again. The header's name and the pill's say the same.
        XCTAssertEqual(
            said.filter { $0 != .refreshStarted && $0 != .loadingMore }, [.refreshedNewAbove(count: new)],
            "one announcement of the arrival", file: file, line: line)
        for (widget, label) in [
            (list.headerWidget, "Refreshed, \(new) new items above"),
            (try XCTUnwrap(newPill(of: list)), "\(new) new items above"),
        ] {
            if let message = cgtk_test_check_string_property(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label) {
                XCTFail(String(cString: message), file: file, line: line)
                g_free(message)
            }
        }
    }

    /// A slow source: the header rests open with its spinner (the list gives up the header's
    /// height to it) before the answer comes, and rests open again with the result. Through all
    /// of it, from F5 to the header closed, no frame shows the first visible row anywhere but
    /// where it was in the list's area; the list's area itself moves down and back as a whole.
    func testASlowRefreshInMidListNeverMovesTheRowInTheListsArea() throws {
        try onMainActor {
            let (list, window, input, newer) = try Self.scrolledDown(
                merge: .prependNew, new: 3, focusOnRow: false, title: "pill-slow")
            defer { GtkTest.destroy(window) }
            var waiting: RefreshList<Row>.Completion?
            list.onRefresh(completion: { waiting = $0 })
            let before = try XCTUnwrap(firstVisibleRow(of: list), "a row in view")
            let areaTop = { screenTop(of: list.scrollerWidget, in: list) }
            let placeInArea = before.top - areaTop()
            var farthest = 0.0
            var farthestFrame = "none"
            var frames = 0
            GtkTest.watch(of: window).afterPaint = {
                frames += 1
                // A row scrolled out of view moved too.
                let now = shownRow(before.text, of: list)?.top ?? -.infinity
                let off = abs(now - areaTop() - placeInArea)
                guard off > farthest else { return }
                farthest = off
                farthestFrame =
                    "frame \(frames) after F5: row top \(now), area top \(areaTop()), header \(list.state.header.state)"
            }
            defer { GtkTest.watch(of: window).afterPaint = nil }
            newer.value = true
            input.refreshKey(controlR: false)
            GtkTest.wait("the header resting open with its spinner, the list shorter by its height") {
                waiting != nil && list.state.header.state == .refreshing
                    && gtk_revealer_get_child_revealed(list.revealerWidget.opaque) != 0
                    && Int(gtk_widget_get_height(list.scrollerWidget)) + list.headerAllocatedHeight
                        <= Int(gtk_widget_get_height(list.widget))
            }
            GtkTest.frames(2, of: list.widget)
            try XCTUnwrap(waiting)(.success(page(61...103, hasMore: true)))
            GtkTest.wait("the refresh over and the header closed (header \(list.state.header.state))") {
                list.state.header.state == .idle && list.items.first?.id == 103
                    && gtk_revealer_get_child_revealed(list.revealerWidget.opaque) == 0
                    && gtk_widget_get_height(list.scrollerWidget) == gtk_widget_get_height(list.widget)
            }
            GtkTest.frames(2, of: list.widget)
            XCTAssertLessThanOrEqual(
                farthest, 1,
                "no frame showed \(before.text) moved in the list's area (at \(placeInArea) in it; farthest: "
                    + "\(farthestFrame))")
            let after = try XCTUnwrap(
                shownRow(before.text, of: list)?.top,
                "\(before.text) still shown (first shown: \(String(describing: firstVisibleRow(of: list))))")
            XCTAssertEqual(after, before.top, accuracy: 1, "\(before.text) back where it was on screen")
            XCTAssertEqual(newPillText(of: list), "3 new items", "the pill")
        }
    }

    func testF5MidListKeepsTheFirstVisibleRowAndTheWheelCountsThePillDown() throws {
        try onMainActor {
            let (list, window, input, newer) = try Self.scrolledDown(
                merge: .prependNew, new: 9, focusOnRow: false, title: "pill-wheel")
            defer { GtkTest.destroy(window) }
            try Self.refreshKeepsThePlace(list, window, input, newer, new: 9)
            // The wheel up, a notch at a time.
            let counts = Self.countsDownToTheTop(list, by: "the wheel scrolled up") {
                input.wheel(up: true, count: 1, delayMs: InputPace.spinNotchMs)
            }
            XCTAssertGreaterThan(counts.count, 3, "it counted down on the way (\(counts))")
            XCTAssertEqual(counts.last, 0)
        }
    }

    /// Scrolls `list` up to the top by `step` (a touchpad gesture or a drag's move, each
    /// returning once GTK has it): the count only goes down, the pill says it, and it is gone
    /// at the top. Returns the counts seen.
    @MainActor private static func countsDownToTheTop(
        _ list: RefreshList<Row>, by what: String, file: StaticString = #filePath, line: UInt = #line,
        _ step: () -> Void
    ) -> [Int] {
        let adjustment = verticalAdjustment(list)
        var counts = [list.state.newAbove]
        for _ in 0..<120 where gtk_adjustment_get_value(adjustment) > 0 {
            step()
            GtkTest.frames(1, of: list.widget)
            let count = list.state.newAbove
            XCTAssertLessThanOrEqual(count, counts.last!, "the count went up while \(what)", file: file, line: line)
            if count != counts.last { counts.append(count) }
            if count > 0 {
                XCTAssertEqual(
                    newPillText(of: list), "\(count) new item\(count == 1 ? "" : "s")", file: file, line: line)
            }
        }
        GtkTest.wait(
            "at the top by \(what), the pill gone (\(list.state.newAbove), offset \(gtk_adjustment_get_value(adjustment)))",
            file: file, line: line
        ) {
            gtk_adjustment_get_value(adjustment) == 0 && list.state.newAbove == 0 && newPillText(of: list) == nil
        }
        // The view can reach the top before the list reports it: the count there is the last.
        if list.state.newAbove != counts.last { counts.append(list.state.newAbove) }
        XCTAssertEqual(list.state.header.state, .idle, "scrolling up to the top is no pull", file: file, line: line)
        return counts
    }

    func testATouchpadScrollUpCountsThePillDown() throws {
        try onMainActor {
            let (list, window, input, newer) = try Self.scrolledDown(
                merge: .prependNew, new: 9, focusOnRow: false, title: "pill-touchpad")
            defer { GtkTest.destroy(window) }
            guard let touchpad = input as? any RealTouchpad else {
                throw XCTSkip("a touchpad needs the Wayland pass (Tests/run-all.sh): Xvfb has none")
            }
            try Self.refreshKeepsThePlace(list, window, input, newer, new: 9)
            // Two fingers up, 30 px a gesture.
            let counts = Self.countsDownToTheTop(list, by: "the touchpad scrolled up") {
                touchpad.fingerScroll(dy: -10, steps: 3)
            }
            XCTAssertGreaterThan(counts.count, 3, "it counted down on the way (\(counts))")
            XCTAssertEqual(counts.last, 0)
        }
    }

    func testDraggingTheScrollbarUpCountsThePillDown() throws {
        try onMainActor {
            let (list, window, input, newer) = try Self.scrolledDown(
                merge: .prependNew, new: 9, focusOnRow: false, title: "pill-drag")
            defer { GtkTest.destroy(window) }
            try Self.refreshKeepsThePlace(list, window, input, newer, new: 9)
            // The pointer presses the scrollbar's slider and drags it up, 4 px a move.
            input.move(to: Int(gtk_widget_get_width(list.widget)) - 4, 150)
            let slider = try XCTUnwrap(scrollbarSlider(of: list), "the scrollbar's slider")
            var y = slider.y
            input.press(at: slider.x, y)
            let counts = Self.countsDownToTheTop(list, by: "the scrollbar was dragged up") {
                y -= 4
                input.move(to: slider.x, y)
            }
            input.release()
            XCTAssertGreaterThan(counts.count, 3, "it counted down on the way (\(counts))")
            XCTAssertEqual(counts.last, 0)
        }
    }

    func testAReplacingRefreshAndAFocusedRowKeepThePlaceToo() throws {
        try onMainActor {
            let (list, window, input, newer) = try Self.scrolledDown(
                merge: .replace, new: 4, focusOnRow: true, title: "pill-replace")
            defer { GtkTest.destroy(window) }
            try Self.refreshKeepsThePlace(list, window, input, newer, new: 4)
        }
    }

    func testEnterOnThePillGoesToTheNewestRow() throws {
        try onMainActor {
            let (list, window, input, newer) = try Self.scrolledDown(
                merge: .prependNew, new: 5, focusOnRow: true, title: "pill-enter")
            defer { GtkTest.destroy(window) }
            try Self.refreshKeepsThePlace(list, window, input, newer, new: 5)
            let pill = try XCTUnwrap(newPill(of: list))
            XCTAssertNotEqual(gtk_widget_grab_focus(pill), 0, "the pill takes the keyboard focus")
            input.key(.enter)
            let adjustment = verticalAdjustment(list)
            GtkTest.wait("the newest row at the top, the pill gone (offset \(gtk_adjustment_get_value(adjustment)))") {
                gtk_adjustment_get_value(adjustment) == 0 && list.state.newAbove == 0 && newPillText(of: list) == nil
            }
            XCTAssertEqual(firstVisibleRow(of: list)?.text, "row 105")
            GtkTest.wait("the focus on the newest row") {
                let focus = gtk_widget_get_root(list.widget).flatMap { gtk_root_get_focus($0) }
                return focus.flatMap { gtk_widget_get_first_child($0) }.map { labelText($0) } == "row 105"
            }
        }
    }

    func testTabFromARowReachesThePillAndShiftTabGoesBack() throws {
        try onMainActor {
            let (list, window, input, newer) = try Self.scrolledDown(
                merge: .prependNew, new: 5, focusOnRow: true, title: "pill-tab")
            defer { GtkTest.destroy(window) }
            try Self.refreshKeepsThePlace(list, window, input, newer, new: 5)
            let pill = try XCTUnwrap(newPill(of: list))
            let row = try XCTUnwrap(focusedRowText(of: list), "the focus on a row")
            input.key(.tab)
            GtkTest.wait("the focus on the pill (now on \(focusedRowText(of: list) ?? "no row"))") {
                focusedWidget(of: list) == pill
            }
            // What a screen reader says as the focus lands: the pill's name.
            if let message = cgtk_test_check_string_property(
                pill, GTK_ACCESSIBLE_PROPERTY_LABEL, "5 new items above")
            {
                XCTFail(String(cString: message))
                g_free(message)
            }
            input.key(.shiftTab)
            GtkTest.wait("the focus back on \(row) (now on \(focusedRowText(of: list) ?? "no row"))") {
                focusedRowText(of: list) == row
            }
            XCTAssertEqual(list.state.newAbove, 5, "moving the focus leaves the count")
            input.key(.tab)
            GtkTest.wait("the focus on the pill again") { focusedWidget(of: list) == pill }
            input.key(.enter)
            let adjustment = verticalAdjustment(list)
            GtkTest.wait("the newest row at the top, the pill gone (offset \(gtk_adjustment_get_value(adjustment)))") {
                gtk_adjustment_get_value(adjustment) == 0 && list.state.newAbove == 0 && newPillText(of: list) == nil
            }
            GtkTest.wait("the focus on the newest row (now on \(focusedRowText(of: list) ?? "no row"))") {
                focusedRowText(of: list) == "row 105"
            }
        }
    }

    /// The wheel scrolls to the top while the keyboard focus is on the pill: the pill goes and
    /// the focus stays in the list, on the first row in view.
    func testThePillGoingWithTheFocusLeavesItOnTheFirstRowInView() throws {
        try onMainActor {
            let (list, window, input, newer) = try Self.scrolledDown(
                merge: .prependNew, new: 3, focusOnRow: true, title: "pill-focus-goes")
            defer { GtkTest.destroy(window) }
            try Self.refreshKeepsThePlace(list, window, input, newer, new: 3)
            let pill = try XCTUnwrap(newPill(of: list))
            input.key(.tab)
            GtkTest.wait("the focus on the pill") { focusedWidget(of: list) == pill }
            _ = Self.countsDownToTheTop(list, by: "the wheel scrolled up") {
                input.wheel(up: true, count: 1, delayMs: InputPace.spinNotchMs)
            }
            GtkTest.wait("the focus on the first row in view (now on \(focusedRowText(of: list) ?? "no row"))") {
                focusedRowText(of: list) == "row 103"
            }
        }
    }

    func testAClickOnThePillGoesToTheNewestRow() throws {
        try onMainActor {
            let (list, window, input, newer) = try Self.scrolledDown(
                merge: .prependNew, new: 3, focusOnRow: false, title: "pill-click")
            defer { GtkTest.destroy(window) }
            try Self.refreshKeepsThePlace(list, window, input, newer, new: 3)
            let pill = try XCTUnwrap(newPill(of: list))
            let top = screenTop(of: pill, in: list)
            var point = graphene_point_t()
            var origin = graphene_point_t(x: 0, y: 0)
            _ = withUnsafePointer(to: &origin) { gtk_widget_compute_point(pill, list.widget, $0, &point) }
            input.point(
                at: Int(point.x) + Int(gtk_widget_get_width(pill)) / 2, Int(top) + Int(gtk_widget_get_height(pill)) / 2)
            let adjustment = verticalAdjustment(list)
            GtkTest.wait("the newest row at the top, the pill gone (offset \(gtk_adjustment_get_value(adjustment)))") {
                gtk_adjustment_get_value(adjustment) == 0 && list.state.newAbove == 0 && newPillText(of: list) == nil
            }
            XCTAssertEqual(firstVisibleRow(of: list)?.text, "row 103")
        }
    }

    func testATapOnThePillGoesToTheNewestRow() throws {
        try onMainActor {
            let (list, window, input, newer) = try Self.scrolledDown(
                merge: .prependNew, new: 4, focusOnRow: false, title: "pill-touch", touchscreen: true)
            defer { GtkTest.destroy(window) }
            let finger = try XCTUnwrap(input as? any RealTouch, "a touchscreen")
            try Self.refreshKeepsThePlace(list, window, input, newer, new: 4)
            // A finger down on the pill's middle and up again where it went down: a tap.
            let pill = try XCTUnwrap(newPill(of: list))
            var point = graphene_point_t()
            var middle = graphene_point_t(
                x: Float(gtk_widget_get_width(pill)) / 2, y: Float(gtk_widget_get_height(pill)) / 2)
            _ = withUnsafePointer(to: &middle) { gtk_widget_compute_point(pill, list.widget, $0, &point) }
            try finger.touchDown(at: Int(point.x), Int(point.y))
            try finger.touchUp()
            let adjustment = verticalAdjustment(list)
            GtkTest.wait("the newest row at the top, the pill gone (offset \(gtk_adjustment_get_value(adjustment)))") {
                gtk_adjustment_get_value(adjustment) == 0 && list.state.newAbove == 0 && newPillText(of: list) == nil
            }
            XCTAssertEqual(firstVisibleRow(of: list)?.text, "row 104")
            XCTAssertEqual(list.state.header.state, .idle, "a tap on the pill is no pull")
        }
    }

    func testAnInsertAboveTheViewKeepsThePlaceAndShowsThePill() throws {
        try onMainActor {
            let (list, window, _, _) = try Self.scrolledDown(
                merge: .prependNew, new: 0, focusOnRow: false, title: "pill-insert")
            defer { GtkTest.destroy(window) }
            let before = try XCTUnwrap(firstVisibleRow(of: list))
            var said: [Announcement] = []
            // What the list gives screen readers to say, read by its public effect observer: GTK 4.8 gives
            // it to Orca only as the focused widget's description, which no GTK call reads back (one put
            // and taken back between two gtk_test_accessible_* checks is lost); Tests/ScreenReader hears Orca.
            list.effectObserver = { if case .announce(let announcement) = $0 { said.append(announcement) } }
            XCTAssertTrue(list.insert(Row(id: 500), at: 0))
            XCTAssertTrue(list.insert(Row(id: 501), at: 1))
            // Each arrival is said once, with the whole count above.
            XCTAssertEqual(said, [.newItemsAbove(count: 1), .newItemsAbove(count: 2)])
            GtkTest.frames(3, of: list.widget)
            let after = try XCTUnwrap(shownRow(before.text, of: list)?.top)
            XCTAssertEqual(after, before.top, accuracy: 1, "\(before.text) stayed where it was")
            XCTAssertEqual(list.state.newAbove, 2)
            XCTAssertEqual(newPillText(of: list), "2 new items")
        }
    }
}

/// The widget with the keyboard focus in `list`'s window.
@MainActor private func focusedWidget(of list: RefreshList<Row>) -> UnsafeMutablePointer<GtkWidget>? {
    gtk_widget_get_root(list.widget).flatMap { gtk_root_get_focus($0) }
}

/// The text of the row whose cell has the keyboard focus, if a row's has it.
@MainActor private func focusedRowText(of list: RefreshList<Row>) -> String? {
    guard let focus = focusedWidget(of: list), let child = gtk_widget_get_first_child(focus),
        g_type_check_instance_is_a(cast(child), gtk_label_get_type()) != 0
    else { return nil }
    return labelText(child)
}
