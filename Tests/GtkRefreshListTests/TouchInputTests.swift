// A finger on a touchscreen (GNOME on phones and tablets), on a real window: mutter's
// remote-desktop touchscreen under headless mutter. A drag down from the top refreshes once; a
// tap, a sideways swipe or a touch scroll in the middle of the list never starts a pull. These
// tests run in the Wayland pass of Tests/run-all.sh; under X11 they are skipped (xdotool has no
// touchscreen), never passed.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine
import WaylandSupport
import XCTest

final class TouchInputTests: XCTestCase {
    struct Harness {
        let list: RefreshList<Row>
        let window: WidgetPointer
        let input: any RealInput & RealTouch
        let record: Record
    }

    /// What the list did since the harness was ready.
    @MainActor final class Record {
        var refreshes = 0
        /// Every header state the list reported (`onStateChange`).
        var headerStates: [HeaderState] = []
        /// Drag gestures the engine saw end.
        var dragsEnded = 0

        var pulled: Bool { headerStates.contains { $0 != .idle } }
    }

    @MainActor private static func harness(title: String) throws -> Harness {
        let list = try GtkTest.makeList()
        let record = Record()
        list.onRefresh {
            record.refreshes += 1
            return page(1...40, hasMore: false)
        }
        let window = GtkTest.window(list.widget, width: 360, height: 420)
        gtk_window_set_title(window.as(GtkWindow.self), title)
        list.start()
        GtkTest.wait("the first refresh over") { list.state.header.state == .idle && list.state.inFlight == nil }
        let input: any RealInput & RealTouch
        do {
            input = try RealInputs.touchscreen(window: window, target: list.widget, windowTitle: title)
        } catch {
            GtkTest.destroy(window)  // no touchscreen here (skipped): the window goes with the test
            throw error
        }
        // A touch must land on the rows, not on the header still sliding shut over them.
        GtkTest.wait("the first refresh's header closed on screen (\(list.headerAllocatedHeight) px)") {
            list.state.header.state == .idle && list.headerAllocatedHeight == 0
        }
        list.onStateChange { record.headerStates.append($0.header.state) }
        // A gesture that ends without a pull changes nothing a user can see, so the list's public
        // event observer tells when it saw the touch end.
        list.eventObserver = { event, _ in
            if case .gestureEnded(.drag, _) = event { record.dragsEnded += 1 }
        }
        record.refreshes = 0
        return Harness(list: list, window: window, input: input, record: record)
    }

    /// A finger that stops before it lifts: GTK's swipe measures its speed over the last 150 ms
    /// of the touch, so a lift after this rest flings nothing. Part of the gesture, like
    /// `InputPace`, not a wait for the app.
    static let restBeforeLiftMs = 200.0

    @MainActor private static func rest() {
        let end = Date().addingTimeInterval(restBeforeLiftMs / 1_000)
        GtkTest.pump { Date() >= end }
    }

    func testATouchDragDownFromTheTopRefreshesOnce() throws {
        try onMainActor {
            let h = try Self.harness(title: "touch-drag-top")
            defer { GtkTest.destroy(h.window) }
            try h.input.touchDown(at: 180, 60)
            for y in stride(from: 70, through: 190, by: 10) {
                try h.input.touchMove(to: 180, y)  // returns once GTK has the move
            }
            XCTAssertEqual(h.list.state.header.state, .armed, "header \(h.list.state.header)")
            XCTAssertTrue(h.list.dragClaimed, "the list's drag gesture took the touch from the scrolled window")
            try h.input.touchUp()
            GtkTest.wait("a refresh from the touch drag") { h.record.refreshes >= 1 }
            GtkTest.wait("the header back to idle") { h.list.state.header.state == .idle }
            // The finger is up (touchUp waited for it): nothing else can start a refresh.
            XCTAssertEqual(h.record.refreshes, 1)
        }
    }

    /// Once the list saw the gesture end: the header never left idle and nothing refreshed.
    @MainActor private static func expectNoPull(_ h: Harness, after gesture: String) {
        GtkTest.wait("the list seeing \(gesture) end") { h.record.dragsEnded >= 1 }
        XCTAssertFalse(h.record.pulled, "header states \(h.record.headerStates)")
        XCTAssertEqual(h.record.refreshes, 0)
    }

    func testATapAtTheTopNeverStartsAPull() throws {
        try onMainActor {
            let h = try Self.harness(title: "touch-tap")
            defer { GtkTest.destroy(h.window) }
            // A fingertip is never quite still: it rolls a few px between down and up.
            try h.input.touchDown(at: 180, 60)
            try h.input.touchMove(to: 181, 63)
            try h.input.touchUp()
            Self.expectNoPull(h, after: "the tap")
        }
    }

    func testASidewaysSwipeAtTheTopNeverStartsAPull() throws {
        try onMainActor {
            let h = try Self.harness(title: "touch-swipe")
            defer { GtkTest.destroy(h.window) }
            // A swipe from left to right, drifting down a little as a thumb does.
            try h.input.touchDown(at: 40, 60)
            for step in 1...14 {
                try h.input.touchMove(to: 40 + step * 20, 60 + step)
            }
            try h.input.touchUp()
            Self.expectNoPull(h, after: "the swipe")
        }
    }

    func testATouchScrollInTheMiddleOfTheListNeverStartsAPullAndScrolls() throws {
        try onMainActor {
            let h = try Self.harness(title: "touch-scroll-middle")
            defer { GtkTest.destroy(h.window) }
            let adjustment = gtk_scrolled_window_get_vadjustment(h.list.scrollerWidget.opaque)
            // Scroll down first with the finger: it moves up 150 px and stops before it lifts,
            // so the lift flings nothing.
            try h.input.touchDown(at: 180, 300)
            for y in stride(from: 290, through: 150, by: -10) {
                try h.input.touchMove(to: 180, y)
            }
            Self.rest()
            try h.input.touchUp()
            GtkTest.wait("the list scrolled down by the finger") { gtk_adjustment_get_value(adjustment) >= 100 }
            let down = gtk_adjustment_get_value(adjustment)
            h.record.headerStates = []
            // Then a scroll back up from mid-list that carries the list to the top and the
            // finger on past it, 100 px: begun mid-list, it scrolls and never pulls.
            try h.input.touchDown(at: 180, 40)
            for y in stride(from: 50, through: min(370, 40 + Int(down) + 100), by: 10) {
                try h.input.touchMove(to: 180, y)
            }
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0, "the finger carried the list to the top")
            try h.input.touchUp()
            GtkTest.wait("the list seeing the scroll end") { h.record.dragsEnded >= 2 }
            XCTAssertFalse(h.record.pulled, "header states \(h.record.headerStates)")
            XCTAssertEqual(h.record.refreshes, 0)
        }
    }
}
