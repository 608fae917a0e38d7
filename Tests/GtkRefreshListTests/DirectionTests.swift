// Right to left (Arabic, Hebrew, Persian…): the header's arrow, the footer's spinner and the
// "N new" pill's arrow stand after their words, as the reading order turns; the same list laid
// out left to right has them before. GTK mirrors boxes itself; this checks nothing in the list fights it.

import CGtk
import GtkInterop
import GtkRefreshList
import ListProbe
import RefreshEngine
import XCTest

final class DirectionTests: XCTestCase {
    /// The horizontal centre of `widget` in `list`'s coordinates.
    @MainActor private static func centre(_ widget: WidgetPointer, in list: WidgetPointer) -> Float {
        var point = graphene_point_t()
        var middle = graphene_point_t(x: Float(gtk_widget_get_width(widget)) / 2, y: 0)
        _ = withUnsafePointer(to: &middle) { gtk_widget_compute_point(widget, list, $0, &point) }
        return point.x
    }

    /// Where the header's arrow, the footer's spinner and the pill's arrow stand against their
    /// words, with the list laid out in `direction`: `true` when before them (to their left).
    @MainActor private static func indicatorsLead(
        _ direction: GtkTextDirection
    ) throws -> (arrow: Bool, spinner: Bool, pillArrow: Bool) {
        gtk_widget_set_default_direction(direction)
        defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
        let list = try GtkTest.makeList {
            $0.engine = try! RefreshConfiguration(touchpadIdleInterval: 60_000, operationTimeout: 60_000, pageSize: 20)
        }
        var pages: [RefreshList<Row>.Completion] = []
        list.onRefresh(completion: { $0(.success(Page((0..<20).map { Row(id: $0) }, hasMore: true))) })
        list.onLoadMore(completion: { pages.append($1) })
        let window = GtkTest.window(list.widget, width: 360, height: 420)
        defer { GtkTest.destroy(window) }
        XCTAssertEqual(gtk_widget_get_direction(list.widget), direction)
        list.start()
        GtkTest.wait("the first page in and the header closed") {
            list.items.count == 20 && list.state.header.state == .idle
        }
        // A drag held at half the threshold: the arrow and the title show. The drag's signals as
        // GTK emits them give the pull exactly, since what is checked here is the layout;
        // RealInputTests and TouchInputTests drive pulls with real input.
        let drag = EmittedDrag(on: list.widget)
        drag.press()
        drag.move(to: list.configuration.engine.pullThreshold / 2)
        GtkTest.wait("the header pulled open") {
            list.state.header.state == .pulling && list.headerAllocatedHeight > 8
        }
        GtkTest.frames(of: list.widget)
        let arrow = centre(list.arrowWidget, in: list.widget) < centre(list.titleLabel, in: list.widget)
        drag.cancel()
        // The next page loading: the footer's spinner and its words.
        list.loadMore()
        GtkTest.wait("a page loading") { list.state.footer == .loading && !pages.isEmpty }
        let adjustment = gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)
        GtkTest.wait("the footer laid out at the bottom") {
            scrollToEnd(list.scrollerWidget)
            GtkTest.frames(of: list.widget)
            return list.footerSpinner.map { gtk_widget_get_mapped($0) != 0 } == true
                && gtk_adjustment_get_value(adjustment)
                    >= gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment) - 0.5
        }
        let footerSpinner = try XCTUnwrap(list.footerSpinner), footerLabel = try XCTUnwrap(list.footerLabel)
        let spinner = centre(footerSpinner, in: list.widget) < centre(footerLabel, in: list.widget)
        // A row put in above the view, scrolled down as it is: the pill, its arrow and its words.
        XCTAssertTrue(list.insert(Row(id: 1_000), at: 0))
        let pill = try XCTUnwrap(descendant(of: list.widget, withClass: "refresh-new-pill"))
        GtkTest.wait("the pill shown") { list.state.newAbove == 1 && gtk_widget_get_mapped(pill) != 0 }
        GtkTest.frames(of: list.widget)
        let pillImage = try XCTUnwrap(descendant(of: pill, named: "image"))
        let pillLabel = try XCTUnwrap(descendant(of: pill, named: "label"))
        let pillArrow = centre(pillImage, in: list.widget) < centre(pillLabel, in: list.widget)
        return (arrow, spinner, pillArrow)
    }

    func testTheHeaderFooterAndPillMirrorRightToLeft() throws {
        try onMainActor {
            let leftToRight = try Self.indicatorsLead(GTK_TEXT_DIR_LTR)
            XCTAssertTrue(leftToRight.arrow, "left to right: the arrow before the title")
            XCTAssertTrue(leftToRight.spinner, "left to right: the spinner before the footer's words")
            XCTAssertTrue(leftToRight.pillArrow, "left to right: the pill's arrow before its words")
            let rightToLeft = try Self.indicatorsLead(GTK_TEXT_DIR_RTL)
            XCTAssertFalse(rightToLeft.arrow, "right to left: the arrow after the title, on its right")
            XCTAssertFalse(rightToLeft.spinner, "right to left: the spinner after the footer's words")
            XCTAssertFalse(rightToLeft.pillArrow, "right to left: the pill's arrow after its words, on their right")
        }
    }
}
