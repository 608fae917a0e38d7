// The app edits rows itself: insert, remove and update keep ids unique, the model in step with
// the items, and the footer right (it hides below one page, and shows again at one).

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine
import XCTest

/// A row with a changeable title.
struct Message: Identifiable, Sendable, Equatable {
    let id: Int
    var title: String
}

final class EditingTests: XCTestCase {
    @MainActor private static func inbox() throws -> (RefreshList<Message>, WidgetPointer) {
        var configuration = RefreshListConfiguration()
        configuration.engine = try RefreshConfiguration(minimumSpinnerTime: 0, resultDisplayTime: 50, pageSize: 20)
        configuration.startsWhenShown = false
        let list = try RefreshList<Message>(configuration: configuration, rows: .label { $0.title })
        list.onRefresh { Page((1...20).map { Message(id: $0, title: "message \($0)") }, hasMore: true) }
        list.onLoadMore { _ in Page([]) }
        let window = GtkTest.window(list.widget)
        list.start()
        GtkTest.wait(
            "the first refresh's 20 rows in and the header idle (\(list.items.count) rows, header \(list.state.header.state))"
        ) { list.items.count == 20 && list.state.header.state == .idle }
        return (list, window)
    }

    /// The text the row at `position` shows.
    @MainActor private static func shownText(_ list: RefreshList<Message>, _ position: Int) -> String? {
        GtkTest.frames(of: list.widget)  // the edit laid out and its rows bound
        var found: String?
        var child = list.listViewIfShown.flatMap { gtk_widget_get_first_child($0) }
        while let cell = child {
            // Each cell shows the row widget itself (a label here), or the footer.
            if let label = gtk_widget_get_first_child(cell), String(cString: gtk_widget_get_css_name(label)) == "label"
            {
                let text = String(cString: gtk_label_get_text(label.opaque))
                if text == list.items[position].title { found = text }
            }
            child = gtk_widget_get_next_sibling(cell)
        }
        return found
    }

    func testInsertRemoveAndUpdateKeepRowsUniqueAndTheModelInStep() throws {
        try onMainActor {
            let (list, window) = try Self.inbox()
            defer { GtkTest.destroy(window) }
            XCTAssertEqual(list.modelRowCount, 21, "20 rows and the footer")

            XCTAssertTrue(list.insert(Message(id: 100, title: "new mail")))
            XCTAssertEqual(list.items.first, Message(id: 100, title: "new mail"))
            XCTAssertFalse(list.insert(Message(id: 5, title: "again")), "an id already shown is refused")
            XCTAssertTrue(list.insert(Message(id: 101, title: "at the end"), at: 1_000), "index clamped")
            XCTAssertEqual(list.items.last?.id, 101)
            XCTAssertEqual(list.items.count, 22)
            XCTAssertEqual(list.modelRowCount, 23)

            XCTAssertEqual(list.remove(id: 7)?.title, "message 7")
            XCTAssertNil(list.remove(id: 7), "already gone")
            XCTAssertNil(list.remove(id: 999))
            XCTAssertFalse(list.items.contains { $0.id == 7 })
            XCTAssertTrue(list.insert(Message(id: 7, title: "message 7, restored")), "its id is free again")

            XCTAssertTrue(list.update(Message(id: 3, title: "message 3, read")))
            XCTAssertFalse(list.update(Message(id: 999, title: "nobody")))
            let position = list.items.firstIndex { $0.id == 3 }!
            XCTAssertEqual(list.items[position].title, "message 3, read")
            XCTAssertEqual(Self.shownText(list, position), "message 3, read", "the row was bound again")

            XCTAssertEqual(Set(list.items.map(\.id)).count, list.items.count, "ids unique")
            XCTAssertEqual(list.modelRowCount, list.items.count + 1)
        }
    }

    func testRemovingBelowOnePageHidesTheFooterAndInsertingShowsItAgain() throws {
        try onMainActor {
            let (list, window) = try Self.inbox()
            defer { GtkTest.destroy(window) }
            // Twenty rows leave the end in view: a page loads by itself, and its empty answer
            // ends the list. (Not merely "nothing in flight", which holds before it starts.)
            GtkTest.wait("the automatic page load over (the footer is \(list.state.footer))") {
                list.state.inFlight == nil && list.state.footer == .exhausted
            }
            let footer = list.state.footer
            list.remove(id: 1)
            XCTAssertEqual(list.state.footer, .hidden, "less than a page: no footer")
            XCTAssertEqual(list.modelRowCount, 19, "no sentinel row")
            list.insert(Message(id: 1, title: "back"))
            XCTAssertEqual(list.state.footer, footer, "a page again: the footer is back as it was")
            XCTAssertEqual(list.modelRowCount, 21)
        }
    }

    func testEditsAfterTheWidgetIsDisposedChangeNothing() throws {
        try onMainActor {
            let (list, window) = try Self.inbox()
            GtkTest.destroy(window)
            GtkTest.dispose(list.widget)
            XCTAssertFalse(list.insert(Message(id: 500, title: "late")))
            XCTAssertNil(list.remove(id: 1))
            XCTAssertFalse(list.update(Message(id: 1, title: "late")))
            XCTAssertEqual(list.items.count, 20)
        }
    }
}
