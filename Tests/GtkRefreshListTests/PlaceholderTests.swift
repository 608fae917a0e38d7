// What a list with no rows shows in their place, in a real window: the first load running, an
// empty answer, a failed first load with a Retry that refreshes, an app's own widget; and a
// wheel pull on the placeholder refreshes as it would on rows.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import ListProbe
import RefreshEngine
import WaylandSupport
import XCTest

final class PlaceholderTests: XCTestCase {
    /// A list whose loaders hand their completions to the test.
    @MainActor final class Held {
        var refresh: [RefreshList<Row>.Completion] = []
    }

    @MainActor private static func heldList(title: String) throws -> (RefreshList<Row>, Held, WidgetPointer) {
        // A wheel pull ends when no notch comes for the idle interval; a main loop busy for
        // 250 ms between two paced notches on a loaded machine would end it early.
        let list = try GtkTest.makeList { $0.engine.wheelIdleInterval = 1_000 }
        let held = Held()
        list.onRefresh(completion: { held.refresh.append($0) })
        list.onLoadMore { number in page(number: number, hasMore: false) }
        let window = GtkTest.window(list.widget, width: 360, height: 420)
        gtk_window_set_title(window.as(GtkWindow.self), title)
        list.start()
        return (list, held, window)
    }

    /// The widget the scrolled window shows: the rows, or the placeholder.
    @MainActor private static func shown(_ list: RefreshList<Row>) -> WidgetPointer? {
        gtk_scrolled_window_get_child(list.scrollerWidget.opaque)
    }

    /// The placeholder as the widget tree holds it: a viewport in the rows' scrolled window,
    /// its centred box (`.refresh-placeholder`), and in the box the list's own spinner, title,
    /// description and Retry, then the app's widget if it gave one.
    @MainActor struct View {
        let viewport: WidgetPointer
        let box: WidgetPointer
        let spinner: WidgetPointer
        let title: WidgetPointer
        let details: WidgetPointer
        let retry: WidgetPointer
        let custom: WidgetPointer?
    }

    /// The placeholder while the scrolled window shows it in place of the rows, else nil.
    @MainActor private static func placeholder(_ list: RefreshList<Row>) -> View? {
        guard let viewport = shown(list), viewport != list.listViewIfShown,
            let box = descendant(of: viewport, withClass: "refresh-placeholder")
        else { return nil }
        var children: [WidgetPointer] = []
        var child = gtk_widget_get_first_child(box)
        while let current = child {
            children.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        guard children.count >= 4 else { return nil }
        return View(
            viewport: viewport, box: box, spinner: children[0], title: children[1], details: children[2],
            retry: children[3], custom: children.count > 4 ? children[4] : nil)
    }

    /// The placeholder, once the scrolled window shows it (failing the test if it never does).
    @MainActor private static func waitForPlaceholder(
        _ what: String, _ list: RefreshList<Row>, file: StaticString = #filePath, line: UInt = #line
    ) throws -> View {
        GtkTest.wait(what, file: file, line: line) { placeholder(list) != nil }
        return try XCTUnwrap(placeholder(list), file: file, line: line)
    }

    @MainActor private static func text(_ label: WidgetPointer) -> String? {
        guard gtk_widget_get_visible(label) != 0 else { return nil }
        return String(cString: gtk_label_get_text(label.opaque))
    }

    /// Where the window's keyboard focus is: in `widget` (itself or inside it).
    @MainActor private static func focus(isIn widget: WidgetPointer, of window: WidgetPointer) -> Bool {
        guard let focus = gtk_root_get_focus(OpaquePointer(window)) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// `grabFocus()` (or GTK's `gtk_widget_grab_focus` on the widget) puts the keyboard focus on the placeholder while there are no rows; the
    /// focus moves to the rows when they take its place, and back when a refresh empties the
    /// list, so a keyboard user stays in the list.
    func testTheFocusGoesWithThePlaceholderAndTheRows() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList(title: "placeholder-focus")
            defer { GtkTest.destroy(window) }
            let view = try Self.waitForPlaceholder("the placeholder shown while the first load runs", list)
            XCTAssertTrue(gtk_widget_grab_focus(list.widget) != 0, "GTK's own call puts the focus in the list")
            XCTAssertTrue(Self.focus(isIn: view.viewport, of: window), "the focus on the placeholder")
            XCTAssertTrue(list.grabFocus())
            XCTAssertTrue(Self.focus(isIn: view.viewport, of: window), "and there it stays")

            held.refresh[0](.success(page(1...30)))
            GtkTest.wait("the rows in the placeholder's place") { Self.shown(list) == list.listViewIfShown }
            XCTAssertTrue(Self.focus(isIn: list.listViewWidget, of: window), "the focus went to the rows")

            GtkTest.wait("the header closed after the first refresh") { list.state.header.state == .idle }
            list.refresh()
            GtkTest.wait("a second refresh asked for") { held.refresh.count == 2 }
            held.refresh[1](.success(Page([], hasMore: false)))
            GtkTest.wait("the empty placeholder in the rows' place") { Self.shown(list) == view.viewport }
            XCTAssertTrue(Self.focus(isIn: view.viewport, of: window), "the focus went back to the placeholder")
        }
    }

    func testTheFirstLoadShowsLoadingThenAnEmptyAnswerThenTheRows() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList(title: "placeholder-empty")
            defer { GtkTest.destroy(window) }
            let view = try Self.waitForPlaceholder("the placeholder shown while the first load runs", list)
            XCTAssertEqual(Self.text(view.title), list.configuration.texts.loading)
            XCTAssertEqual(gtk_widget_get_visible(view.spinner), 1, "a spinner while loading")
            XCTAssertEqual(gtk_widget_get_visible(view.retry), 0)

            held.refresh[0](.success(Page([], hasMore: false)))
            GtkTest.wait("the empty placeholder (it reads '\(Self.text(view.title) ?? "")')") {
                Self.text(view.title) == list.configuration.texts.nothingHere
            }
            XCTAssertEqual(Self.text(view.details), list.configuration.texts.emptyHint)
            XCTAssertEqual(gtk_widget_get_visible(view.spinner), 0)
            XCTAssertEqual(Self.shown(list), view.viewport)

            list.refresh()
            GtkTest.wait("loading again after F5") { Self.text(view.title) == list.configuration.texts.loading }
            held.refresh[1](.success(page(1...3)))
            GtkTest.wait("the rows back in place of the placeholder") { Self.shown(list) == list.listViewIfShown }
            XCTAssertEqual(list.items.count, 3)

            // Empty and back again: the rows' view comes back with no handler added (the list
            // follows each frame clock's layout once, however often its rows are realized).
            GtkTest.wait("the header idle") { list.state.header.state == .idle }
            GtkTest.frames(2, of: list.widget)
            let clock = try XCTUnwrap(gtk_widget_get_frame_clock(list.widget))
            let handlers = handlerCount(on: gpointer(clock), "layout")
            list.refresh()
            GtkTest.wait("the third refresh asked for") { held.refresh.count == 3 }
            held.refresh[2](.success(Page([], hasMore: false)))
            GtkTest.wait("the empty placeholder again, the header idle") {
                Self.shown(list) == view.viewport && list.state.header.state == .idle
            }
            list.refresh()
            GtkTest.wait("the fourth refresh asked for") { held.refresh.count == 4 }
            held.refresh[3](.success(page(1...3)))
            GtkTest.wait("the rows back again") { Self.shown(list) == list.listViewIfShown }
            GtkTest.frames(2, of: list.widget)
            XCTAssertEqual(gtk_widget_get_frame_clock(list.widget), clock, "the same window surface")
            XCTAssertEqual(
                handlerCount(on: gpointer(clock), "layout"), handlers, "no handler added by the rows coming back")
        }
    }

    func testAFailedFirstLoadSaysWhyAndItsRetryRefreshes() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList(title: "placeholder-failed")
            defer { GtkTest.destroy(window) }
            GtkTest.wait("the first load asked for") { held.refresh.count == 1 }
            let view = try Self.waitForPlaceholder("the placeholder shown while the first load runs", list)
            held.refresh[0](.failure(LoaderFailure()))
            GtkTest.wait("the failed placeholder (it reads '\(Self.text(view.title) ?? "")')") {
                Self.text(view.title) == list.configuration.texts.refreshFailed
            }
            XCTAssertEqual(Self.text(view.details), "offline", "the loader's reason")
            XCTAssertEqual(gtk_widget_get_visible(view.retry), 1, "a Retry")
            // The message stays while the placeholder shows it, after the header's result is gone.
            GtkTest.wait("the header back to idle") { list.state.header.state == .idle }
            XCTAssertEqual(Self.text(view.details), "offline")

            gtk_widget_activate(view.retry)
            GtkTest.wait("Retry refreshing") { held.refresh.count == 2 }
            held.refresh[1](.success(page(1...20, hasMore: true)))
            GtkTest.wait("the rows in place of the placeholder") { Self.shown(list) == list.listViewIfShown }
        }
    }

    func testAnAppsOwnWidgetTakesThePlaceholdersPlace() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            var asked: [PlaceholderContent] = []
            list.onPlaceholder { content in
                asked.append(content)
                return gtk_label_new("the app's own")
            }
            list.onRefresh { Page([], hasMore: false) }
            let window = GtkTest.window(list.widget, width: 360, height: 420)
            defer { GtkTest.destroy(window) }
            list.start()
            GtkTest.wait("the app asked for the empty placeholder (asked: \(asked))") { asked.last == .empty }
            let view = try Self.waitForPlaceholder("the app's placeholder shown", list)
            let custom = try XCTUnwrap(view.custom)
            XCTAssertEqual(String(cString: gtk_label_get_text(custom.opaque)), "the app's own")
            XCTAssertEqual(gtk_widget_get_parent(custom), view.box)
            for part in [view.spinner, view.title, view.details, view.retry] {
                XCTAssertEqual(gtk_widget_get_visible(part), 0, "the list's own content hidden")
            }
            XCTAssertEqual(asked.first, .loading, "asked for the loading placeholder first")
        }
    }

    func testAWheelPullOnTheEmptyPlaceholderRefreshes() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList(title: "placeholder-pull")
            defer { GtkTest.destroy(window) }
            GtkTest.wait("the first load asked for") { held.refresh.count == 1 }
            held.refresh[0](.success(Page([], hasMore: false)))
            GtkTest.wait("the empty placeholder, the header idle") {
                Self.placeholder(list).map { Self.text($0.title) == list.configuration.texts.nothingHere } == true
                    && list.state.header.state == .idle
            }
            let input = try RealInputs.make(window: window, target: list.widget, windowTitle: "placeholder-pull")
            input.point(at: 180, 200)
            GtkTest.waitUntilAWheelNotchWouldPull(list)
            input.wheel(up: true, count: 4, delayMs: InputPace.pullNotchMs)
            GtkTest.wait("a refresh from the wheel over the placeholder (header \(list.state.header.state))") {
                held.refresh.count == 2
            }
            let view = try XCTUnwrap(Self.placeholder(list), "the placeholder still in the rows' place")
            XCTAssertEqual(Self.text(view.title), list.configuration.texts.loading)
        }
    }
}
