// The header follows the pull exactly, animates closed within 250 ms, and snaps closed when
// GTK animations are disabled.

import CGtk
import Foundation
@testable import GtkRefreshList
import RefreshEngine
import XCTest

final class HeaderMotionTests: XCTestCase {
    @MainActor private static func closingTime(animations: Bool) throws -> Double {
        cgtk_set_enable_animations(animations.gboolean)
        defer { cgtk_set_enable_animations(1) }
        // Long enough for the header to have slid fully open before it closes.
        let list = try GtkTest.makeList {
            $0.engine = try! RefreshConfiguration(minimumSpinnerTime: 400, resultDisplayTime: 300, pageSize: 20)
        }
        list.onRefresh { page(1...20) }
        let window = GtkTest.window(list.widget)
        defer { GtkTest.destroy(window) }
        list.start()
        XCTAssertTrue(GtkTest.pump { list.engine.header.state == .succeeded })
        GtkTest.pump(for: 0.05)
        XCTAssertEqual(list.headerAllocatedHeight, 64)
        XCTAssertTrue(GtkTest.pump { list.engine.header.state == .idle })
        let closing = Date()
        XCTAssertTrue(GtkTest.pump(timeout: 2) { list.headerAllocatedHeight == 0 })
        return Date().timeIntervalSince(closing)
    }

    func testTheHeaderAnimatesClosedWithinAQuarterSecond() throws {
        try onMainActor {
            let seconds = try Self.closingTime(animations: true)
            XCTAssertGreaterThan(seconds, 0.05, "it animates")
            XCTAssertLessThan(seconds, 0.4, "it closes within the 200 ms transition (plus a frame or two)")
        }
    }

    func testTheHeaderSnapsClosedWithoutAnimations() throws {
        try onMainActor {
            let seconds = try Self.closingTime(animations: false)
            XCTAssertLessThan(seconds, 0.05, "no animation")
        }
    }

    func testTheHeaderFollowsEveryStepOfAPull() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            list.onRefresh { page(1...20) }
            let window = GtkTest.window(list.widget)
            defer { GtkTest.destroy(window) }
            list.start()
            XCTAssertTrue(GtkTest.pump { list.engine.header.state == .idle && list.headerAllocatedHeight == 0 })
            GtkTest.pump(for: 0.3)
            list.feed(.gestureBegan(.drag))
            var previous = 0
            for step in 1...12 {
                list.feed(.pull(.drag(distance: 8)))
                GtkTest.pump(for: 0.03)
                let expected = Int(list.engine.header.height.rounded())
                XCTAssertEqual(list.headerAllocatedHeight, expected, "step \(step)")
                XCTAssertGreaterThanOrEqual(expected, previous)
                previous = expected
            }
            XCTAssertEqual(list.engine.header.state, .armed)
            list.feed(.gestureEnded(.drag, cancelled: true))
            XCTAssertTrue(GtkTest.pump { list.headerAllocatedHeight == 0 })
        }
    }
}
