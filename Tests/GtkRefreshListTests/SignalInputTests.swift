// Signal level: real adjustments, the real scroll handler, real emitted signals; the engine
// and the widget must agree on what happened.

import CGtk
import CGtkTestSupport
import GtkInterop
import Foundation
import GtkRefreshList
import ListProbe
import RefreshEngine
import XCTest

final class SignalInputTests: XCTestCase {
    /// A shown list at rest at the top after its first refresh, answering at once (five pages),
    /// and its loaders' calls since then.
    @MainActor private static func shownList(
        _ change: (inout RefreshListConfiguration) -> Void = { _ in }
    ) throws -> (RefreshList<Row>, WidgetPointer, LoaderCalls) {
        let list = try GtkTest.makeList(change)
        let calls = list.answerCounting(
            refresh: { page(1...20, hasMore: true) }, loadMore: { number in page(number: number, hasMore: number < 5) })
        let window = GtkTest.window(list.widget)
        list.start()
        GtkTest.wait("the first refresh over") { list.state.header.state == .idle && list.items.count >= 20 }
        // Laid out: the rows are taller than the viewport (a window whose frames stopped is shown
        // again by its FrameWatch meanwhile).
        let adjustment = gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)!
        let laidOut = {
            gtk_adjustment_get_page_size(adjustment) > 0
                && gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment)
        }
        XCTAssertTrue(
            GtkTest.pump(until: laidOut),
            """
            the list was never laid out: upper \(gtk_adjustment_get_upper(adjustment)), \
            page \(gtk_adjustment_get_page_size(adjustment)), mapped \(gtk_widget_get_mapped(list.widget))
            """)
        // Nothing in flight, and the list at rest at the top long enough for a wheel to pull.
        GtkTest.wait("nothing in flight (\(String(describing: list.state.inFlight)))") { list.state.inFlight == nil }
        GtkTest.waitUntilAWheelNotchWouldPull(list)
        calls.refreshes = 0
        return (list, window, calls)
    }

    func testAdjustmentChangesReachTheEngineAsGeometry() throws {
        try onMainActor {
            let (list, window, _) = try Self.shownList()
            defer { GtkTest.destroy(window) }
            let adjustment = gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)!
            let watch = GtkTest.watch(of: window)
            var geometries: [(Double, Double, Double)] = []
            // What the engine was told (the list's public event observer): GTK's signals reach it
            // as geometry, which shows nowhere else while it changes nothing on screen.
            list.eventObserver = { event, _ in
                if case .geometry(let offset, let content, let viewport) = event {
                    geometries.append((offset, content, viewport))
                }
            }
            // A window that stalled and was shown again (FrameWatch) is laid out anew, which
            // re-anchors its list view, so the first geometry after that is the new layout's, not
            // the value's: a measurement that a re-show crossed is made again on the drawn window.
            // The re-anchoring can also come a frame after the re-show (a re-show while the list
            // was being set up), moving the adjustment away from the value just set: on a window
            // that was ever shown again, a measurement whose adjustment GTK moved is made again.
            for value in [40.0, 80, 120] {
                // Layouts queued before this point are done, and their geometry handled, so the
                // first one seen below is the one the new value sent.
                GtkTest.frames(of: list.widget)
                GtkTest.drainPending()
                let reshown = watch.reshown
                let content = gtk_adjustment_get_upper(adjustment)
                let viewport = gtk_adjustment_get_page_size(adjustment)
                geometries = []
                gtk_adjustment_set_value(adjustment, value)
                // GTK reports geometry from inside its layout; the list handles it once the frame
                // is done (the next main-loop turn) or before the next event it is sent.
                GtkTest.wait("the new offset \(value) handled") { !geometries.isEmpty }
                guard watch.reshown == reshown else { continue }
                let first = try XCTUnwrap(geometries.first)
                let moved = gtk_adjustment_get_value(adjustment) != value
                if first.0 != value, moved, watch.reshown > 0 { continue }
                XCTAssertEqual(first.0, value, "adjustment now at \(gtk_adjustment_get_value(adjustment))")
                XCTAssertEqual(first.1, content)
                XCTAssertEqual(first.2, viewport)
                return
            }
            XCTFail("the window was shown again, or its list re-anchored after that, during each of three measurements")
        }
    }

    func testDragSignalsPullFollowAndReleaseRefresh() throws {
        try onMainActor {
            let (list, window, calls) = try Self.shownList()
            defer { GtkTest.destroy(window) }
            // The signals GTK's drag gesture emits for a mouse drag down from the top (real drags,
            // touches and finger scrolls: RealInputTests and TouchInputTests).
            let drag = EmittedDrag(on: list.widget)
            drag.press()
            drag.move(to: 30)
            XCTAssertEqual(list.state.header.state, .pulling, "the pull takes the drag")
            XCTAssertEqual(list.state.header.height, 30)
            GtkTest.wait("the header laid out at 30 px, following the pull") { list.headerAllocatedHeight == 30 }
            // Measured on the screen: the header opening moved the rows down, not the pull.
            drag.move(to: 70)
            XCTAssertEqual(list.state.header.state, .armed)
            XCTAssertGreaterThan(list.state.header.height, 64, "past the threshold (which resists a little)")
            XCTAssertEqual(list.shownTitle, list.configuration.texts.releaseToRefresh)
            drag.release()
            XCTAssertEqual(list.state.header.state, .refreshing)
            XCTAssertEqual(list.shownTitle, list.configuration.texts.refreshing)
            GtkTest.wait("the header back to idle") { list.state.header.state == .idle }
            XCTAssertEqual(calls.refreshes, 1)
        }
    }

    func testACancelledDragNeverRefreshes() throws {
        try onMainActor {
            let (list, window, calls) = try Self.shownList()
            defer { GtkTest.destroy(window) }
            let drag = EmittedDrag(on: list.widget)
            drag.press()
            drag.move(to: 90)
            XCTAssertEqual(list.state.header.state, .armed)
            // Another gesture took the pointer, or the window lost it: not a release.
            drag.cancel()
            GtkTest.wait("the header closed (\(list.state.header.state), \(list.headerAllocatedHeight) px)") {
                list.state.header.state == .idle && list.headerAllocatedHeight == 0
            }
            XCTAssertEqual(calls.refreshes, 0)
        }
    }

    func testWheelNotchesAtTheTopArmAndIdleReleases() throws {
        try onMainActor {
            let (list, window, calls) = try Self.shownList()
            defer { GtkTest.destroy(window) }
            // Emitted outside a real event, a scroll is one wheel notch per unit of dy (GTK's
            // default unit), as a mouse wheel sends.
            let controller = try XCTUnwrap(list.scrollController)
            for _ in 0..<3 {
                XCTAssertEqual(cgtk_emit_scroll(gpointer(controller), 0, -1), 1, "the pull takes the notch")
            }
            XCTAssertEqual(list.state.header.state, .armed)
            GtkTest.wait("the refresh the idle interval releases") { calls.refreshes >= 1 }
            GtkTest.wait("the header back to idle") { list.state.header.state == .idle }
            XCTAssertEqual(calls.refreshes, 1)
        }
    }

    func testAPullThresholdSetOnTheRunningListChangesWhereAPullArms() throws {
        try onMainActor {
            let (list, window, calls) = try Self.shownList()
            defer { GtkTest.destroy(window) }
            let controller = try XCTUnwrap(list.scrollController)
            let threshold = PropertyLog(list.widget, "pull-threshold")
            defer { threshold.stop() }
            // Lowered to 40 px through the property: two notches (48 px) arm, where 64 px needs three.
            refreshListSetPullThreshold(list.widget, 40)
            refreshListSetPullThreshold(list.widget, 40)
            XCTAssertEqual(threshold.values, ["40.0"], "notified once, on the change")
            XCTAssertEqual(list.configuration.engine.pullThreshold, 40, "the Swift face reads the same value")
            XCTAssertEqual(list.configuration.engine.maximumHeaderHeight, 80, "the header's reach follows it")
            for _ in 0..<2 {
                XCTAssertEqual(cgtk_emit_scroll(gpointer(controller), 0, -1), 1, "the pull takes the notch")
            }
            XCTAssertEqual(list.state.header.state, .armed)
            GtkTest.wait("the refresh the idle interval releases") { calls.refreshes == 1 }
            GtkTest.wait("the header back to idle") { list.state.header.state == .idle }
            // Raised to 100 px: three notches (72 px) only pull, and their release refreshes nothing.
            refreshListSetPullThreshold(list.widget, 100)
            XCTAssertEqual(threshold.values, ["40.0", "100.0"])
            for _ in 0..<3 {
                XCTAssertEqual(cgtk_emit_scroll(gpointer(controller), 0, -1), 1, "the pull takes the notch")
            }
            XCTAssertEqual(list.state.header.state, .pulling)
            GtkTest.wait("the header back to idle") { list.state.header.state == .idle }
            XCTAssertEqual(calls.refreshes, 1, "no refresh for a pull short of the new threshold")
        }
    }

    func testWheelInTheMiddleIsLeftToTheScrolledWindow() throws {
        try onMainActor {
            let (list, window, _) = try Self.shownList()
            defer { GtkTest.destroy(window) }
            let adjustment = gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)!
            gtk_adjustment_set_value(adjustment, 200)
            let controller = try XCTUnwrap(list.scrollController)
            for _ in 0..<5 {
                XCTAssertEqual(cgtk_emit_scroll(gpointer(controller), 0, -1), 0, "the notch goes on to GTK")
            }
            XCTAssertEqual(list.state.header.state, .idle)
        }
    }

    func testEdgeSignalsAndGeometryLoadEachPageOnce() throws {
        try onMainActor {
            let (list, window, calls) = try Self.shownList()
            defer { GtkTest.destroy(window) }
            let adjustment = gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)!
            // The end reached again and again (the view set to the end as laid out now, the edge
            // signals five times over, every 50 ms) until the next page is asked for: a page's
            // layout may still be settling when the view first gets there, and then the end does
            // not count yet.
            for page in 2...5 {
                var lastRound = Date.distantPast
                GtkTest.wait("page \(page) asked for at the end (asked: \(calls.loads))") {
                    if Date().timeIntervalSince(lastRound) > 0.05 {
                        lastRound = Date()
                        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
                        for _ in 0..<5 {
                            cgtk_emit_position(list.scrollerWidget.raw, "edge-reached", GTK_POS_BOTTOM)
                            cgtk_emit_position(list.scrollerWidget.raw, "edge-overshot", GTK_POS_BOTTOM)
                        }
                    }
                    return calls.loads.count >= page - 1
                }
                GtkTest.wait("page \(page) loaded") { list.state.inFlight == nil && list.state.footer != .loading }
            }
            XCTAssertEqual(calls.loads, [2, 3, 4, 5], "one load per page, in order")
            XCTAssertEqual(list.items.count, 100)
            XCTAssertEqual(list.state.footer, .exhausted)
            XCTAssertEqual(list.shownFooterText, list.configuration.texts.noMoreItems)
            XCTAssertEqual(list.modelRowCount, 101, "rows plus the sentinel")
        }
    }

    func testActionsRefreshAndLoadMore() throws {
        try onMainActor {
            let (list, window, _) = try Self.shownList()
            defer { GtkTest.destroy(window) }
            XCTAssertEqual(gtk_widget_activate_action_variant(list.listViewWidget, "list.refresh", nil), 1)
            XCTAssertEqual(list.state.header.state, .refreshing)
            GtkTest.wait("the header back to idle") { list.state.header.state == .idle }
        }
    }
}
