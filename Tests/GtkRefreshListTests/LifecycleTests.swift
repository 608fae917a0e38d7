// Nothing outlives its widget: every closure box GLib holds is released by its destroy notify,
// handlers on other objects are disconnected on dispose, and the Swift object goes with the
// widget.

import CGtk
import Foundation
@testable import GtkRefreshList
import RefreshEngine
import XCTest

final class LifecycleTests: XCTestCase {
    func testCreatingAndDestroyingTheWidgetAThousandTimesLeavesNoClosureAlive() throws {
        try onMainActor {
            GtkTest.pump(for: 0.05)
            let boxesBefore = SignalClosureCounter.liveBoxes
            let finalizedBefore = Finalized.count
            weak var lastList: RefreshList<Row>?
            var peakBoxes = 0
            for iteration in 0..<1_000 {
                let list = try GtkTest.makeList()
                list.onRefresh { page(1...20) }
                list.onLoadMore { number in page((number * 20 - 19)...(number * 20)) }
                g_object_weak_ref(cast(list.widget.raw), Finalized.notify, nil)
                lastList = list
                if iteration % 100 == 0 {
                    // Now and then the real thing: shown, refreshed, rows bound, then closed.
                    let window = GtkTest.window(list.widget)
                    list.start()
                    XCTAssertTrue(GtkTest.pump { list.items.count == 20 })
                    peakBoxes = max(peakBoxes, SignalClosureCounter.liveBoxes)
                    GtkTest.destroy(window)
                } else {
                    g_object_ref_sink(list.widget.raw)
                    peakBoxes = max(peakBoxes, SignalClosureCounter.liveBoxes)
                    g_object_unref(list.widget.raw)
                }
            }
            GtkTest.pump(for: 0.2)
            XCTAssertGreaterThan(peakBoxes - boxesBefore, 10, "each widget holds its handlers while alive")
            XCTAssertEqual(SignalClosureCounter.liveBoxes, boxesBefore, "closure boxes still alive")
            XCTAssertEqual(Finalized.count - finalizedBefore, 1_000, "every root widget finalized")
            XCTAssertNil(lastList, "the Swift object went with its widget")
        }
    }

    func testDisposeDisconnectsHandlersOnTheSharedAdjustment() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            g_object_ref_sink(list.widget.raw)
            let adjustment = gtk_scrolled_window_get_vadjustment(list.scrolledWindow.opaque)!
            g_object_ref(gpointer(adjustment))
            XCTAssertGreaterThan(list.connections.count, 15)
            g_object_unref(list.widget.raw)
            XCTAssertFalse(list.isAlive)
            XCTAssertEqual(list.connections.count, 0)
            // The adjustment outlives the widget; changing it reaches no dead handler.
            gtk_adjustment_set_upper(adjustment, 5_000)
            gtk_adjustment_set_value(adjustment, 100)
            g_object_unref(gpointer(adjustment))
        }
    }

    func testAnAnswerAfterTheWidgetIsDestroyedIsIgnored() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            var done: RefreshList<Row>.Completion?
            list.onRefresh(completion: { done = $0 })
            let window = GtkTest.window(list.widget)
            list.start()
            XCTAssertNotNil(done)
            GtkTest.destroy(window)
            done?(.success(page(1...20)))
            XCTAssertEqual(list.items.count, 0)
            XCTAssertFalse(list.isAlive)
        }
    }
}
