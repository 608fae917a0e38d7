// Where the view goes after a refresh, and paging that follows the source, with real input on
// X11 and Wayland: a pull at the top shows the new rows in every frame after they went in; a
// refresh from the end of a replaced list shows its first rows and loads no page from where the
// old end was; a short first page that says more exist loads on by itself.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine
import WaylandSupport
import XCTest

final class PlacementTests: XCTestCase {
    /// `list` in a window titled `title`, its first refresh and the pages that fill the window
    /// in, its header closed, and real input pointed at its rows; `counts` (its loaders' calls)
    /// then counts no refresh.
    @MainActor private static func show(
        _ list: RefreshList<Row>, title: String, counts: LoaderCalls
    ) throws -> (window: WidgetPointer, input: any RealInput) {
        let window = GtkTest.window(list.widget, width: 360, height: 420)
        gtk_window_set_title(window.as(GtkWindow.self), title)
        list.start()
        GtkTest.wait("the first refresh over, the window filled and the header closed") {
            list.state.header.state == .idle && list.state.inFlight == nil
                && gtk_revealer_get_child_revealed(list.revealerWidget.opaque) == 0
        }
        let input = try RealInputs.make(window: window, target: list.widget, windowTitle: title)
        input.point(at: 180, 200)
        counts.refreshes = 0
        return (window, input)
    }

    @MainActor private static func adjustment(_ list: RefreshList<Row>) -> UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)!
    }

    func testAShortFirstPageThatSaysMoreShowsTheFooterAndLoadsOn() throws {
        try onMainActor {
            // Five rows where twenty were asked, and the source says more exist (a Mastodon
            // server that filtered statuses out answers so).
            let list = try GtkTest.makeList()
            let counts = list.answerCounting(
                refresh: { page(1...5, hasMore: true) },
                loadMore: { number in page((1_000 * number)...(1_000 * number + 19), hasMore: number < 3) })
            let (window, _) = try Self.show(list, title: "short-first-page", counts: counts)
            defer { GtkTest.destroy(window) }
            // Five rows end well inside the window: the next pages load with no input at all.
            GtkTest.wait("the pages after a short first page (footer \(list.state.footer), \(list.items.count) rows)") {
                list.state.footer == .exhausted && list.state.inFlight == nil
            }
            XCTAssertEqual(counts.loads, [2, 3], "each page once, up to the one that said no more")
            XCTAssertEqual(list.items.count, 45)
        }
    }

    func testAPullAtTheTopShowsTheNewRowsInEveryFrame() throws {
        try onMainActor {
            let list = try GtkTest.makeList {
                $0.engine.refreshMerge = .prependNew
                $0.engine.wheelIdleInterval = 1_000
            }
            let newer = Flag()
            // Rows 100…81, then five new ones on top.
            let counts = list.answerCounting(
                refresh: { newer.value ? page(81...105, hasMore: true) : page(81...100, hasMore: true) },
                loadMore: { number in page((1_000 * number)...(1_000 * number + 19), hasMore: true) })
            let (window, input) = try Self.show(list, title: "top-pull", counts: counts)
            defer { GtkTest.destroy(window) }
            GtkTest.waitUntilAWheelNotchWouldPull(list)
            let adjustment = Self.adjustment(list)
            // Every frame drawn once the new rows are in shows them: the view at the top.
            var farthest = 0.0
            var framesWithNewRows = 0
            GtkTest.watch(of: window).afterPaint = {
                guard list.items.first?.id == 105 else { return }
                framesWithNewRows += 1
                farthest = max(farthest, gtk_adjustment_get_value(adjustment))
            }
            defer { GtkTest.watch(of: window).afterPaint = nil }
            let contentHeight = gtk_adjustment_get_upper(adjustment)
            newer.value = true
            input.wheel(up: true, count: 4, delayMs: InputPace.pullNotchMs)
            GtkTest.wait("the refresh with five new rows over (header \(list.state.header.state))") {
                counts.refreshes == 1 && list.items.first?.id == 105 && list.state.header.state == .idle
                    && gtk_revealer_get_child_revealed(list.revealerWidget.opaque) == 0
            }
            GtkTest.frames(2, of: list.widget)
            XCTAssertGreaterThan(framesWithNewRows, 2)
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0, "the view at the top, on the newest row")
            // Under mutter a frame may show the view a few px down while the header closes (GTK
            // re-anchors the list as it gets its height back); the newest row stays in view.
            let rowHeight = (gtk_adjustment_get_upper(adjustment) - contentHeight) / 5
            XCTAssertLessThan(
                farthest, rowHeight / 2,
                "every frame showed the newest row, at least half of it (offset up to \(farthest) px)")
        }
    }

    func testARefreshFromTheEndOfAReplacedListShowsItsFirstRows() throws {
        try onMainActor {
            let list = try GtkTest.makeList { $0.engine.wheelIdleInterval = 1_000 }
            let newer = Flag()
            // Rows 20…1, two new ones on top the second time; five pages in all.
            let counts = list.answerCounting(
                refresh: { newer.value ? page(1...22, hasMore: true) : page(number: 1, hasMore: true) },
                loadMore: { number in page(number: number, hasMore: number < 5) })
            let (window, input) = try Self.show(list, title: "replace-from-end", counts: counts)
            defer { GtkTest.destroy(window) }
            let adjustment = Self.adjustment(list)
            let atTheEnd = {
                list.state.footer == .exhausted && list.state.inFlight == nil
                    && gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)
                        >= gtk_adjustment_get_upper(adjustment) - 1
            }
            for _ in 0..<40 where !atTheEnd() {
                input.wheel(up: false, count: 8, delayMs: InputPace.spinNotchMs)
                GtkTest.wait("the page loaded") { list.state.inFlight == nil }
            }
            GtkTest.wait("the end of the feed, in view") { atTheEnd() }
            XCTAssertEqual(list.items.count, 100)
            let loadsBefore = counts.loads.count
            newer.value = true
            input.refreshKey(controlR: true)
            GtkTest.wait("the replacing refresh over (header \(list.state.header.state), \(list.items.count) rows)") {
                counts.refreshes == 1 && list.items.first?.id == 22 && list.state.header.state == .idle
                    && list.state.inFlight == nil && gtk_revealer_get_child_revealed(list.revealerWidget.opaque) == 0
            }
            GtkTest.frames(2, of: list.widget)
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0, "the first rows in view")
            // From the top, only what fills the view below the first page may load; from the old
            // end, every page loaded again one after another.
            let loadsAfter = Array(counts.loads.dropFirst(loadsBefore))
            XCTAssertLessThanOrEqual(loadsAfter.count, 2, "pages loaded after the refresh: \(loadsAfter)")
            let viewBottom = gtk_adjustment_get_page_size(adjustment)
            XCTAssertGreaterThan(
                gtk_adjustment_get_upper(adjustment) - viewBottom, 0, "the rows reach below the view")
        }
    }
}
