// The place survives a restart, through the public face and real input on X11 and Wayland: a
// list with a place key, scrolled to mid-list (by the wheel, by the scrollbar dragged with the
// pointer, by a touchpad on Wayland) and destroyed; a new list with the same key opens with the
// same first visible row within a few px (the widget tree), the newer rows go in above it
// without moving it and count in the pill, and scrolling up the same way loads the rest of them
// up to the newest. A saved row that no longer exists opens at the top with no error;
// a corrupt place file is ignored and replaced. The place file is read through the store
// (internal, hence @testable), only to check what was written.

import CGtk
import GtkInterop
import Foundation
@testable import GtkRefreshList
import RefreshEngine
import WaylandSupport
import XCTest

/// A feed of rows 200 (newest) down to 1, answering by cursor; it records what it was asked.
/// While `newerFails`, asking for newer rows fails (offline).
@MainActor final class CursorFeed {
    var ids = Array((1...200).reversed())
    var newerFails = false
    private(set) var asked: [String] = []

    struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    /// `load`, failing for newer rows while `newerFails`.
    func answer(_ request: PageRequest<Int>) throws -> Page<Row> {
        if newerFails, case .newer(let id) = request {
            asked.append("newer \(id) (failed)")
            throw Offline()
        }
        return load(request)
    }

    func load(_ request: PageRequest<Int>) -> Page<Row> {
        switch request {
        case .newest:
            asked.append("newest")
            return slice(0..<20)
        case .at(let id):
            asked.append("at \(id)")
            // A row that is gone: the source answers what follows where it was, without it.
            let start = ids.firstIndex(of: id) ?? ids.firstIndex { $0 < id } ?? ids.count
            return slice(start..<(start + 20))
        case .older(let id):
            asked.append("older \(id)")
            let start = (ids.firstIndex(of: id) ?? ids.count) + 1
            return slice(start..<(start + 20))
        case .newer(let id):
            asked.append("newer \(id)")
            let end = ids.firstIndex(of: id) ?? 0
            return Page(ids[max(0, end - 20)..<end].map(Row.init), hasMore: end - 20 > 0)
        }
    }

    private func slice(_ range: Range<Int>) -> Page<Row> {
        let clamped = range.clamped(to: 0..<ids.count)
        return Page(ids[clamped].map(Row.init), hasMore: clamped.upperBound < ids.count)
    }
}

extension XCTestCase {
    /// A new directory for saved state, removed when the test ends.
    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "refresh-state-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}

final class PlaceRestoreTests: XCTestCase {
    /// The place in the store's file, read without the store's warning for a corrupt one.
    private static func saved(in store: PlaceStore) -> SavedPlace? {
        (try? String(contentsOfFile: store.path(for: "timeline"), encoding: .utf8)).flatMap(PlaceStore.parse)
    }

    /// A shown list of `feed` keeping its place under `key` in `directory`, started.
    @MainActor static func open(
        _ feed: CursorFeed, directory: String, title: String
    ) throws -> (list: RefreshList<Row>, window: WidgetPointer) {
        let list = try GtkTest.makeList {
            $0.placeKey = "timeline"
            $0.stateDirectory = directory
            // Newer rows load within 100 px of the top, so the wheel brings each batch.
            $0.engine.loadMoreDistance = 100
        }
        list.onLoad { try feed.answer($0) }
        let window = GtkTest.window(list.widget, width: 360, height: 420)
        gtk_window_set_title(window.as(GtkWindow.self), title)
        list.start()
        return (list, window)
    }

    /// One step of scrolling by some real input, down or up, returning once GTK has it.
    typealias ScrollStep = @MainActor (_ input: any RealInput, _ list: RefreshList<Row>, _ down: Bool) -> Void

    /// The wheel: two notches down, one up.
    static let byWheel: ScrollStep = { input, _, down in
        input.wheel(up: !down, count: down ? 2 : 1, delayMs: InputPace.spinNotchMs)
    }

    /// The pointer drags the scrollbar's slider by 10 px, and lets it go.
    static let byScrollbar: ScrollStep = { input, list, down in
        input.move(to: Int(gtk_widget_get_width(list.widget)) - 4, 200)
        guard let slider = scrollbarSlider(of: list) else { return XCTFail("no scrollbar slider") }
        input.press(at: slider.x, slider.y)
        input.move(to: slider.x, slider.y + (down ? 5 : -5))
        input.move(to: slider.x, slider.y + (down ? 10 : -10))
        input.release()
    }

    /// Two fingers on a touchpad (Wayland): 60 px down, 30 px up.
    @MainActor static func byTouchpad(_ touchpad: any RealTouchpad) -> ScrollStep {
        { _, _, down in touchpad.fingerScroll(dy: down ? 20 : -15, steps: down ? 3 : 2) }
    }

    /// A list left in mid-list by `step` and destroyed; a new one with its key opens with the
    /// same first visible row where it was, the newer rows go in above it counted in the pill,
    /// and `step` up loads the rest of them up to the newest. `touchpad`: the step needs one
    /// (skipped under X11, which has none).
    @MainActor private static func leaveAndReopen(
        _ name: String, directory: String, touchpad: Bool = false, _ chosen: ScrollStep
    ) throws {
        // First run: the newest rows, scrolled down to mid-list.
        let first = try Self.open(CursorFeed(), directory: directory, title: "place-first-\(name)")
        GtkTest.wait("the first refresh over, the header closed") {
            first.list.state.header.state == .idle && first.list.state.inFlight == nil
                && first.list.headerAllocatedHeight == 0
        }
        let input = try RealInputs.make(
            window: first.window, target: first.list.widget, windowTitle: "place-first-\(name)")
        var step = chosen
        if touchpad {
            guard let pad = input as? any RealTouchpad else {
                GtkTest.destroy(first.window)
                throw XCTSkip("a touchpad needs the Wayland pass (Tests/run-all.sh): Xvfb has none")
            }
            step = Self.byTouchpad(pad)
        }
        input.point(at: 180, 200)
        let adjustment = verticalAdjustment(first.list)
        for _ in 0..<120 where gtk_adjustment_get_value(adjustment) < 900 {
            step(input, first.list, true)
            GtkTest.frames(1, of: first.list.widget)
        }
        GtkTest.wait("mid-list by \(name), the pages in (offset \(gtk_adjustment_get_value(adjustment)))") {
            gtk_adjustment_get_value(adjustment) >= 900 && first.list.state.inFlight == nil
        }
        GtkTest.frames(2, of: first.list.widget)
        let left = try XCTUnwrap(firstVisibleRow(of: first.list), "a row in view")
        let store = PlaceStore(applicationID: ListDriver<Row>.applicationID(), stateDirectory: directory)
        GtkTest.wait("the place saved once the view rested (\(String(describing: Self.saved(in: store))))") {
            Self.saved(in: store).map { "row \($0.id)" } == left.text
        }
        GtkTest.destroy(first.window)
        XCTAssertEqual(Self.saved(in: store).map { "row \($0.id)" }, left.text, "saved on close too")

        // Second run: the same first visible row, where it was.
        let feed = CursorFeed()
        let second = try Self.open(feed, directory: directory, title: "place-second-\(name)")
        defer { GtkTest.destroy(second.window) }
        let list = second.list
        GtkTest.wait("the restored rows laid out (\(feed.asked))") {
            list.state.inFlight == nil && !list.items.isEmpty && firstVisibleRow(of: list)?.text == left.text
        }
        XCTAssertEqual(feed.asked.first, "at \(left.text.dropFirst(4))", "asked for the saved row, not the newest")
        XCTAssertFalse(feed.asked.contains("newest"), "no refresh: \(feed.asked)")
        // The newer rows load right away (the view is at the restored list's top) and go in
        // above without moving the row.
        GtkTest.wait("the first newer rows in (\(feed.asked))") {
            feed.asked.contains { $0.hasPrefix("newer") } && list.state.newerRows != .loading
                && list.state.newAbove > 0
        }
        GtkTest.frames(2, of: list.widget)
        let restored = try XCTUnwrap(firstVisibleRow(of: list))
        XCTAssertEqual(restored.text, left.text, "the same first visible row")
        XCTAssertEqual(restored.top, left.top, accuracy: 3, "where it was on screen")
        XCTAssertNotEqual(list.state.header.state, .failed)

        // Scrolling up: each batch of newer rows loads near the top and the pill counts down,
        // up to the newest row.
        let again = try RealInputs.make(window: second.window, target: list.widget, windowTitle: "place-second-\(name)")
        if touchpad, let pad = again as? any RealTouchpad { step = Self.byTouchpad(pad) }
        again.point(at: 180, 200)
        let view = verticalAdjustment(list)
        for _ in 0..<300 where !(list.items.first?.id == 200 && gtk_adjustment_get_value(view) == 0) {
            step(again, list, false)
            GtkTest.frames(1, of: list.widget)
        }
        GtkTest.wait("the newest row at the top by \(name) (\(feed.asked), offset \(gtk_adjustment_get_value(view)))") {
            list.items.first?.id == 200 && gtk_adjustment_get_value(view) == 0 && list.state.newerRows == .none
                && list.state.newAbove == 0
        }
        XCTAssertGreaterThanOrEqual(
            feed.asked.filter { $0.hasPrefix("newer") }.count, 2,
            "newer rows loaded as the view went up by \(name): \(feed.asked)")
        XCTAssertEqual(list.items.map(\.id), Array(list.items.map(\.id).sorted().reversed()), "in order")
        XCTAssertEqual(Set(list.items.map(\.id)).count, list.items.count, "no row twice")
        XCTAssertEqual(firstVisibleRow(of: list)?.text, "row 200")
        XCTAssertEqual(list.state.header.state, .idle, "scrolling up to the top is no pull")
    }

    func testTheListOpensWhereItWasLeftAndTheWheelUpLoadsTheNewerRowsAboveIt() throws {
        let directory = try temporaryDirectory()
        try onMainActor { try Self.leaveAndReopen("wheel", directory: directory, Self.byWheel) }
    }

    func testAPlaceLeftByDraggingTheScrollbarOpensThereAndDraggingUpLoadsTheNewerRows() throws {
        let directory = try temporaryDirectory()
        try onMainActor { try Self.leaveAndReopen("scrollbar", directory: directory, Self.byScrollbar) }
    }

    func testAPlaceLeftByTheTouchpadOpensThereAndTheFingersUpLoadTheNewerRows() throws {
        let directory = try temporaryDirectory()
        try onMainActor { try Self.leaveAndReopen("touchpad", directory: directory, touchpad: true, Self.byWheel) }
    }

    func testASavedRowThatNoLongerExistsOpensAtTheTop() throws {
        let directory = try temporaryDirectory()
        try onMainActor {
            let store = PlaceStore(applicationID: ListDriver<Row>.applicationID(), stateDirectory: directory)
            XCTAssertTrue(store.save(SavedPlace(id: "150", top: -7), key: "timeline"))
            let feed = CursorFeed()
            feed.ids.removeAll { $0 == 150 }
            let (list, window) = try Self.open(feed, directory: directory, title: "place-gone")
            defer { GtkTest.destroy(window) }
            var states: [HeaderState] = []
            list.onStateChange { states.append($0.header.state) }
            GtkTest.wait("the newest rows (\(feed.asked))") {
                list.items.first?.id == 200 && list.state.inFlight == nil
                    && firstVisibleRow(of: list)?.text == "row 200"
            }
            XCTAssertEqual(feed.asked.prefix(2), ["at 150", "newest"])
            XCTAssertEqual(gtk_adjustment_get_value(verticalAdjustment(list)), 0, "at the top")
            XCTAssertFalse(states.contains(.failed), "no error: \(states)")
            XCTAssertEqual(list.state.newerRows, .none)
        }
    }

    func testACorruptPlaceFileIsIgnoredAndReplaced() throws {
        let directory = try temporaryDirectory()
        try onMainActor {
            let store = PlaceStore(applicationID: ListDriver<Row>.applicationID(), stateDirectory: directory)
            try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
            try Data("refresh-list place 1\ntop banana\n\u{0}\u{1}".utf8).write(
                to: URL(fileURLWithPath: store.path(for: "timeline")))
            XCTAssertNil(store.load(key: "timeline"))
            let feed = CursorFeed()
            let (list, window) = try Self.open(feed, directory: directory, title: "place-corrupt")
            GtkTest.wait("the newest rows (\(feed.asked))") {
                list.items.first?.id == 200 && list.state.inFlight == nil && list.headerAllocatedHeight == 0
            }
            XCTAssertEqual(feed.asked.first, "newest", "the corrupt place is not asked for")
            let input = try RealInputs.make(window: window, target: list.widget, windowTitle: "place-corrupt")
            input.point(at: 180, 200)
            input.wheel(up: false, count: 4, delayMs: InputPace.spinNotchMs)
            GtkTest.wait("a good place file written over it") { Self.saved(in: store) != nil }
            GtkTest.frames(2, of: list.widget)
            let shown = try XCTUnwrap(firstVisibleRow(of: list))
            GtkTest.destroy(window)
            XCTAssertEqual(Self.saved(in: store).map { "row \($0.id)" }, shown.text, "the place as closed")
        }
    }

    func testACallbackCursorLoaderRestoresTooAndPageLoadersGivenAfterItTakeOver() throws {
        let directory = try temporaryDirectory()
        try onMainActor {
            let store = PlaceStore(applicationID: ListDriver<Row>.applicationID(), stateDirectory: directory)
            XCTAssertTrue(store.save(SavedPlace(id: "150", top: -4), key: "timeline"))
            let configure: (inout RefreshListConfiguration) -> Void = {
                $0.placeKey = "timeline"
                $0.stateDirectory = directory
            }
            let feed = CursorFeed()
            let list = try GtkTest.makeList(configure)
            list.onLoad(completion: { request, done in done(.success(feed.load(request))) })
            let window = GtkTest.window(list.widget, width: 360, height: 420)
            list.start()
            GtkTest.wait("the saved row first in view (\(feed.asked))") {
                list.state.inFlight == nil && firstVisibleRow(of: list)?.text == "row 150"
            }
            XCTAssertEqual(feed.asked.first, "at 150")
            GtkTest.destroy(window)

            // Page loaders given after the cursor loader take over: no place, page numbers.
            let unused = CursorFeed()
            let paged = try GtkTest.makeList(configure)
            paged.onLoad { unused.load($0) }
            paged.onRefresh { page(181...200, hasMore: true) }
            paged.onLoadMore { number in page((200 - 20 * number + 1)...(220 - 20 * number), hasMore: true) }
            let second = GtkTest.window(paged.widget, width: 360, height: 420)
            defer { GtkTest.destroy(second) }
            paged.start()
            GtkTest.wait("the newest page") { paged.items.first?.id == 200 && paged.state.inFlight == nil }
            XCTAssertEqual(unused.asked, [], "the cursor loader given before is not asked")
        }
    }

    func testARowSavedAtTheVeryTopKeepsItsPlaceAndTheNewerRowsCountInThePill() throws {
        // At the top to the pixel, and a little below it (the first row 2 px down: the view was
        // left between two rows, as a dragged scrollbar can leave it; the list opens at 0).
        for top in [0.0, 2.0] {
            let directory = try temporaryDirectory()
            try onMainActor {
                let store = PlaceStore(applicationID: ListDriver<Row>.applicationID(), stateDirectory: directory)
                XCTAssertTrue(store.save(SavedPlace(id: "150", top: top), key: "timeline"))
                let feed = CursorFeed()
                let (list, window) = try Self.open(feed, directory: directory, title: "place-top-\(Int(top))")
                defer { GtkTest.destroy(window) }
                GtkTest.wait("the newer rows in above the saved row (\(feed.asked))") {
                    feed.asked.contains("newer 150") && list.items.first?.id == 170 && list.state.newerRows == .more
                        && list.state.inFlight == nil
                }
                GtkTest.frames(3, of: list.widget)
                XCTAssertEqual(firstVisibleRow(of: list)?.text, "row 150", "the saved row stays first in view (\(top))")
                // Every newer row above it counts in the pill: the first twenty, and any page more
                // that a taller view asked for (a test window shown again after a stalled frame is
                // laid out anew, and may be, for a moment).
                let above = list.items.firstIndex { $0.id == 150 }
                XCTAssertGreaterThanOrEqual(above ?? 0, 20, "the twenty newer rows went in above it")
                XCTAssertEqual(list.state.newAbove, above, "every row above it counts in the pill")
                XCTAssertGreaterThan(
                    gtk_adjustment_get_value(verticalAdjustment(list)), 100, "the view moved down for them")
            }
        }
    }

    func testPlaceFilesParseOnlyWhatTheyWrite() {
        XCTAssertEqual(
            PlaceStore.parse("refresh-list place 1\ntop -12.5\nid 42\n"), SavedPlace(id: "42", top: -12.5))
        XCTAssertEqual(PlaceStore.parse("refresh-list place 1\ntop 0.0\nid a\nb\n"), SavedPlace(id: "a\nb", top: 0))
        for corrupt in [
            "", "42", "refresh-list place 2\ntop 0\nid 1\n", "refresh-list place 1\ntop nan\nid 1\n",
            "refresh-list place 1\ntop 0\nid \n", "refresh-list place 1\nid 1\ntop 0\n",
        ] {
            XCTAssertNil(PlaceStore.parse(corrupt), corrupt)
        }
    }
}
