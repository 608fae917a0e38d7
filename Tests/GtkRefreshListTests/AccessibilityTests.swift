// Roles, labels and live status, checked with GTK's own gtk_test_accessible_* functions.

import CGtk
import CGtkTestSupport
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine
import XCTest

final class AccessibilityTests: XCTestCase {
    /// What GTK's accessibility check says is wrong with `widget`'s label and busy state; nil
    /// when both are as expected.
    @MainActor private static func mismatch(_ widget: WidgetPointer, label: String, busy: Bool) -> String? {
        var problems: [String] = []
        for message in [
            cgtk_test_check_string_property(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label),
            cgtk_test_check_boolean_state(widget, GTK_ACCESSIBLE_STATE_BUSY, busy.gboolean),
        ] {
            guard let message else { continue }
            problems.append(String(cString: message))
            g_free(message)
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// Runs GTK until `widget` is rendered with `label` and `busy` (the widget may render an
    /// answer on a later main-loop turn or frame, not in the call that gave it), then checks both;
    /// fails naming `what` and what GTK's check still says otherwise.
    @MainActor private static func expectRendered(
        _ what: String, _ widget: WidgetPointer, label: String, busy: Bool,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var last: String?
        let rendered = GtkTest.pump {
            last = mismatch(widget, label: label, busy: busy)
            return last == nil
        }
        if !rendered {
            XCTFail("\(what) never rendered as \"\(label)\", busy \(busy): \(last ?? "")", file: file, line: line)
        }
    }

    func testRolesLabelsAndLiveStatus() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            var held: [RefreshList<Row>.Completion] = []
            var pages: [RefreshList<Row>.Completion] = []
            list.onRefresh(completion: { held.append($0) })
            list.onLoadMore(completion: { pages.append($1) })
            let window = GtkTest.window(list.widget)
            defer { GtkTest.destroy(window) }

            let header = list.headerWidget
            XCTAssertEqual(gtk_test_accessible_has_role(OpaquePointer(header), GTK_ACCESSIBLE_ROLE_STATUS), 1)
            XCTAssertEqual(
                gtk_test_accessible_has_role(OpaquePointer(list.arrowWidget), GTK_ACCESSIBLE_ROLE_PRESENTATION), 1)
            XCTAssertEqual(
                gtk_test_accessible_has_role(OpaquePointer(list.listViewWidget), GTK_ACCESSIBLE_ROLE_LIST), 1)

            list.start()
            Self.expectRendered(
                "the first refresh's header", header, label: list.configuration.texts.refreshing, busy: true)
            GtkTest.wait("the first refresh's loader asked") { held.count == 1 }
            held[0](.success(page(1...20, hasMore: true)))
            Self.expectRendered(
                "the header after the first refresh's success", header,
                label: "Refreshed, 20 new items", busy: false)

            list.loadMore()
            // The footer is in the tree while a cell of the rows shows it: at the end of 20 rows.
            GtkTest.wait("the footer shown at the end of the rows") {
                scrollToEnd(list.scrollerWidget)
                return list.footerWidget.map { gtk_widget_get_mapped($0) != 0 } == true
            }
            let footer = try XCTUnwrap(list.footerWidget)
            XCTAssertEqual(gtk_test_accessible_has_role(OpaquePointer(footer), GTK_ACCESSIBLE_ROLE_STATUS), 1)
            let retry = try XCTUnwrap(list.retryButton)
            XCTAssertEqual(gtk_test_accessible_has_role(OpaquePointer(retry), GTK_ACCESSIBLE_ROLE_BUTTON), 1)
            Self.expectRendered(
                "the footer of a page load", footer, label: list.configuration.texts.loadingMore, busy: true)
            GtkTest.wait("the page loader asked") { pages.count == 1 }
            pages[0](.failure(LoaderFailure()))
            Self.expectRendered(
                "the footer of a failed page load", footer,
                label: list.configuration.texts.loadFailed + ": offline", busy: false)

            // A refresh of twenty rows, two of them new: it says two, not twenty.
            GtkTest.wait("the header back to idle after the first refresh (it is \(list.state.header.state))") {
                list.state.header.state == .idle
            }
            // Back at the top, where a refresh's new rows show (away from it they go in above
            // the view, and the header says so: "Refreshed, 2 new items above").
            // A layout can still move the view after the value is set (the list view re-anchors
            // on the rows it shows, which a busy machine lays out a frame late): set again until
            // a frame has laid it out at the top.
            let adjustment = gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)
            GtkTest.wait("the view laid out at the top (it is at \(gtk_adjustment_get_value(adjustment)))") {
                gtk_adjustment_set_value(adjustment, 0)
                GtkTest.frames(of: list.widget)
                return gtk_adjustment_get_value(adjustment) == 0
            }
            list.refresh()
            GtkTest.wait("the second refresh's loader asked") { held.count == 2 }
            held[1](.success(page(3...22, hasMore: true)))
            Self.expectRendered(
                "the header after the second refresh's success", header,
                label: "Refreshed, 2 new items", busy: false)
        }
    }
}
