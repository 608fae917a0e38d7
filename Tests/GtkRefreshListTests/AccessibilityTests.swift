// Roles, labels and live status, checked with GTK's own gtk_test_accessible_* functions.

import CGtk
import CGtkTestSupport
import GtkInterop
import Foundation
@testable import GtkRefreshList
import RefreshEngine
import XCTest

final class AccessibilityTests: XCTestCase {
    @MainActor private static func check(_ widget: WidgetPointer, label: String, file: StaticString = #filePath, line: UInt = #line) {
        if let message = cgtk_test_check_string_property(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label) {
            XCTFail(String(cString: message), file: file, line: line)
            g_free(message)
        }
    }

    @MainActor private static func check(_ widget: WidgetPointer, busy: Bool, file: StaticString = #filePath, line: UInt = #line) {
        if let message = cgtk_test_check_boolean_state(widget, GTK_ACCESSIBLE_STATE_BUSY, busy.gboolean) {
            XCTFail(String(cString: message), file: file, line: line)
            g_free(message)
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
            XCTAssertEqual(gtk_test_accessible_has_role(OpaquePointer(list.arrowWidget), GTK_ACCESSIBLE_ROLE_PRESENTATION), 1)
            XCTAssertEqual(gtk_test_accessible_has_role(OpaquePointer(list.footerWidget), GTK_ACCESSIBLE_ROLE_STATUS), 1)
            XCTAssertEqual(gtk_test_accessible_has_role(OpaquePointer(list.retryButton), GTK_ACCESSIBLE_ROLE_BUTTON), 1)
            XCTAssertEqual(gtk_test_accessible_has_role(OpaquePointer(list.listView), GTK_ACCESSIBLE_ROLE_LIST), 1)

            list.start()
            Self.check(header, label: list.configuration.texts.refreshing)
            Self.check(header, busy: true)
            held[0](.success(page(1...20, hasMore: true)))
            GtkTest.wait("list.engine.header.state == .succeeded || list.engine.header.state == .idle") { list.engine.header.state == .succeeded || list.engine.header.state == .idle }
            Self.check(header, label: "Refreshed, 20 new items")
            Self.check(header, busy: false)

            list.loadMore()
            Self.check(list.footerWidget, busy: true)
            Self.check(list.footerWidget, label: list.configuration.texts.loadingMore)
            pages[0](.failure(LoaderFailure()))
            Self.check(list.footerWidget, label: list.configuration.texts.loadFailed + ": offline")
            Self.check(list.footerWidget, busy: false)

            // A refresh of twenty rows, two of them new: it says two, not twenty.
            GtkTest.wait("list.engine.header.state == .idle") { list.engine.header.state == .idle }
            list.refresh()
            held[1](.success(page(3...22, hasMore: true)))
            GtkTest.wait("list.engine.header.state == .succeeded") { list.engine.header.state == .succeeded }
            Self.check(header, label: "Refreshed, 2 new items")
        }
    }
}
