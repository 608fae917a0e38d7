// A restored list whose newer rows fail to load, through the public face and real input on X11
// and Wayland: the pill says so and offers Retry (its words in the widget tree, its name for a
// screen reader, one assertive announcement), the saved row stays first in view and the older
// rows stay; a click on the pill, or Enter with the focus on it, loads the newer rows again,
// which go in above the view without moving it and count in the pill. The saved place is
// written through the store (internal, hence @testable), only to set the test up.

import CGtk
import CGtkTestSupport
import GtkInterop
import Foundation
@testable import GtkRefreshList
import RefreshEngine
import WaylandSupport
import XCTest

/// What the list announced, in order.
@MainActor final class Said {
    var announcements: [Announcement] = []
}

final class NewerRetryPillTests: XCTestCase {
    /// A list opened at row 150 (saved at the top of the view) whose first load of newer rows
    /// failed: the pill offers Retry; what was announced is in `said`.
    @MainActor private static func failedNewer(
        directory: String, title: String, feed: CursorFeed, said: Said,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> (list: RefreshList<Row>, window: WidgetPointer) {
        let store = PlaceStore(applicationID: ListDriver<Row>.applicationID(), stateDirectory: directory)
        XCTAssertTrue(store.save(SavedPlace(id: "150", top: 0), key: "timeline"), file: file, line: line)
        feed.newerFails = true
        let (list, window) = try PlaceRestoreTests.open(feed, directory: directory, title: title)
        // What the list gives screen readers to say, read by its public effect observer: GTK 4.8 gives
        // it to Orca only as the focused widget's description, which no GTK call reads back (one put
        // and taken back between two gtk_test_accessible_* checks is lost); Tests/ScreenReader hears Orca.
        list.effectObserver = { if case .announce(let announcement) = $0 { said.announcements.append(announcement) } }
        GtkTest.wait("the pill offering Retry (\(feed.asked), pill \(String(describing: newPillText(of: list))))") {
            newPillText(of: list) == "Couldn't load newer items" && list.state.newerRows == .failed
                && list.state.inFlight == nil
        }
        GtkTest.frames(2, of: list.widget)
        XCTAssertEqual(Array(feed.asked.prefix(2)), ["at 150", "newer 150 (failed)"], file: file, line: line)
        XCTAssertEqual(firstVisibleRow(of: list)?.text, "row 150", "the place holds", file: file, line: line)
        XCTAssertEqual(list.items.first?.id, 150, "no row went in above", file: file, line: line)
        XCTAssertEqual(
            said.announcements.filter { $0 == .loadNewerFailed }.count, 1, "said once: \(said.announcements)")
        let pill = try XCTUnwrap(newPill(of: list), file: file, line: line)
        let name = "Couldn't load newer items: offline. Retry"
        if let message = cgtk_test_check_string_property(pill, GTK_ACCESSIBLE_PROPERTY_LABEL, name) {
            XCTFail(String(cString: message), file: file, line: line)
            g_free(message)
        }
        let words = labelTexts(in: pill)
        XCTAssertEqual(words, ["Couldn't load newer items", "Retry"], "the pill's words", file: file, line: line)
        return (list, window)
    }

    /// After Retry: the newer rows went in above the saved row, which did not move, and the
    /// pill counts them.
    @MainActor private static func retried(
        _ list: RefreshList<Row>, _ feed: CursorFeed, file: StaticString = #filePath, line: UInt = #line
    ) {
        GtkTest.wait("the newer rows in above the saved row (\(feed.asked))") {
            list.items.first?.id == 170 && list.state.newerRows == .more && list.state.newAbove == 20
                && newPillText(of: list) == "20 new items"
        }
        GtkTest.frames(2, of: list.widget)
        XCTAssertEqual(feed.asked.filter { $0 == "newer 150" }.count, 1, "asked again once: \(feed.asked)")
        XCTAssertEqual(firstVisibleRow(of: list)?.text, "row 150", "the saved row stays first in view")
        XCTAssertGreaterThan(gtk_adjustment_get_value(verticalAdjustment(list)), 100, "the view moved down for them")
    }

    func testAClickOnRetryLoadsTheNewerRowsAboveTheView() throws {
        let directory = try temporaryDirectory()
        try onMainActor {
            let feed = CursorFeed()
            let said = Said()
            let (list, window) = try Self.failedNewer(
                directory: directory, title: "retry-click", feed: feed, said: said)
            defer { GtkTest.destroy(window) }
            let pill = try XCTUnwrap(newPill(of: list))
            var point = graphene_point_t()
            var origin = graphene_point_t(x: 0, y: 0)
            _ = withUnsafePointer(to: &origin) { gtk_widget_compute_point(pill, list.widget, $0, &point) }
            feed.newerFails = false
            let input = try RealInputs.make(window: window, target: list.widget, windowTitle: "retry-click")
            input.point(
                at: Int(point.x) + Int(gtk_widget_get_width(pill)) / 2,
                Int(point.y) + Int(gtk_widget_get_height(pill)) / 2)
            Self.retried(list, feed)
        }
    }

    func testEnterOnRetryLoadsTheNewerRowsAndTheFocusStaysInTheList() throws {
        let directory = try temporaryDirectory()
        try onMainActor {
            let feed = CursorFeed()
            let said = Said()
            let (list, window) = try Self.failedNewer(
                directory: directory, title: "retry-enter", feed: feed, said: said)
            defer { GtkTest.destroy(window) }
            // A click on the saved row gives it the keyboard focus; Tab from it reaches the pill.
            let input = try RealInputs.make(window: window, target: list.widget, windowTitle: "retry-enter")
            input.point(at: 180, 300)
            let pill = try XCTUnwrap(newPill(of: list))
            input.key(.tab)
            GtkTest.wait("Tab from the row moving the focus to the pill") {
                gtk_widget_get_root(list.widget).flatMap { gtk_root_get_focus($0) } == pill
            }
            feed.newerFails = false
            input.key(.enter)
            Self.retried(list, feed)
            let focus = gtk_widget_get_root(list.widget).flatMap { gtk_root_get_focus($0) }
            let inList = focus.map { $0 == list.widget || gtk_widget_is_ancestor($0, list.widget) != 0 } ?? false
            XCTAssertTrue(inList, "the focus stays in the list as the pill hides for the load")
            XCTAssertEqual(said.announcements.filter { $0 == .loadNewerFailed }.count, 1, "the failure said once")
        }
    }
}
