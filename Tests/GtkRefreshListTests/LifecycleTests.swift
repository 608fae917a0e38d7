// Nothing outlives its widget: every closure box GLib holds is released by its destroy notify,
// handlers on other objects are disconnected on dispose, and the Swift object goes with the
// widget.

import CGtk
import GtkInterop
import Foundation
@testable import GtkRefreshList
import RefreshEngine
import XCTest

final class LifecycleTests: XCTestCase {
    func testCreatingAndDestroyingTheWidgetAThousandTimesLeavesNoClosureAlive() throws {
        try onMainActor {
            GtkTest.drainPending()
            let boxesBefore = SignalClosureCounter.liveBoxes
            let finalizedBefore = Finalized.count
            weak var lastList: RefreshList<Row>?
            var peakBoxes = 0
            for iteration in 0..<1_000 {
                let list = try GtkTest.makeList()
                list.onRefresh { page(1...20) }
                list.onLoadMore { number in page(number: number) }
                g_object_weak_ref(cast(list.widget.raw), Finalized.notify, nil)
                lastList = list
                if iteration % 100 == 0 {
                    // Now and then the real thing: shown, refreshed, rows bound, then closed.
                    let window = GtkTest.window(list.widget)
                    list.start()
                    GtkTest.wait("the shown list's refresh: 20 rows in (\(list.items.count) now)") {
                        list.items.count == 20
                    }
                    peakBoxes = max(peakBoxes, SignalClosureCounter.liveBoxes)
                    GtkTest.destroy(window)
                } else {
                    g_object_ref_sink(list.widget.raw)
                    peakBoxes = max(peakBoxes, SignalClosureCounter.liveBoxes)
                    g_object_unref(list.widget.raw)
                }
            }
            GtkTest.wait("every closure box released and every root widget finalized") {
                SignalClosureCounter.liveBoxes == boxesBefore && Finalized.count - finalizedBefore == 1_000
                    && lastList == nil
            }
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

    func testAListKeptAfterItsWindowIsDestroyedIsSafeToUseAndGoesWhenDropped() throws {
        try onMainActor {
            let finalizedBefore = Finalized.finalizedCount
            let boxesBefore = SignalClosureCounter.liveBoxes
            var list: RefreshList<Row>? = try GtkTest.makeList()
            weak let weakList = list
            list!.onRefresh { page(1...20, hasMore: true) }
            list!.onLoadMore { number in page(number: number) }
            Finalized.watch(list!.widget.raw)
            let window = GtkTest.window(list!.widget)
            list!.start()
            GtkTest.wait("the refresh's 20 rows in (\(list!.items.count) now)") { list!.items.count == 20 }
            GtkTest.destroy(window)  // runs everything the destruction queued
            XCTAssertEqual(Finalized.finalizedCount, finalizedBefore, "the host's list keeps its widget's memory")
            XCTAssertNotNil(weakList)
            try Self.useEveryMember(of: list!)

            // Dropped by the host: the Swift object, the root widget and every closure go.
            list = nil
            GtkTest.wait("the list, its root widget and its closures gone") {
                weakList == nil && Finalized.finalizedCount - finalizedBefore == 1
                    && SignalClosureCounter.liveBoxes == boxesBefore
            }
            XCTAssertNil(weakList, "the list went when the host dropped it")
            XCTAssertEqual(Finalized.finalizedCount - finalizedBefore, 1, "the root widget was finalized")
            XCTAssertEqual(SignalClosureCounter.liveBoxes, boxesBefore, "closure boxes still alive")
        }
    }

    /// Calls every public member of a list whose widget was destroyed.
    @MainActor private static func useEveryMember(of kept: RefreshList<Row>) throws {
        XCTAssertFalse(kept.isAlive)
        XCTAssertEqual(kept.items.count, 20, "the rows it showed are still readable")
        XCTAssertGreaterThanOrEqual(gtk_widget_get_width(kept.widget), 0)
        XCTAssertNotNil(gtk_scrolled_window_get_vadjustment(kept.scrolledWindow.opaque))
        _ = gtk_widget_get_visible(kept.listView)
        for part in [kept.headerWidget, kept.footerWidget, kept.arrowWidget, kept.revealerWidget, kept.retryButton] {
            _ = gtk_widget_get_visible(part)
        }
        _ = (kept.shownTitle, kept.shownLastUpdated, kept.shownFooterText, kept.footerButtonShown)
        _ = (kept.headerAllocatedHeight, kept.modelRowCount, kept.model.duplicatesDropped, kept.lastAnnouncement)
        _ = (kept.configuration, kept.engine.header, kept.engine.footer)
        let engineBefore = kept.engine
        kept.onRefresh { page(1...5) }
        kept.onLoadMore(completion: { _, done in done(.success(page(1...5))) })
        kept.eventObserver = { _, _ in XCTFail("no events after the widget is gone") }
        kept.effectObserver = { _ in XCTFail("no effects after the widget is gone") }
        kept.start()
        kept.refresh()
        kept.loadMore()
        kept.isHeaderHidden = true
        kept.isFooterHidden = true
        kept.onStateChange { _ in XCTFail("no state changes after the widget is gone") }
        _ = kept.state
        kept.feed(.began(.drag))
        kept.feed(.moved(.drag(distance: 100)))
        kept.feed(.ended(.drag, cancelled: false))
        GtkTest.drainPending()  // the loaders' answers, had anything asked for them
        XCTAssertEqual(kept.engine, engineBefore, "a destroyed list decides nothing more")
        XCTAssertEqual(kept.items.count, 20)
        XCTAssertTrue(
            WidgetSnapshot.savePNG(kept.widget, to: NSTemporaryDirectory() + "kept.png") == false,
            "a destroyed widget has nothing to render")
        kept.eventObserver = nil
        kept.effectObserver = nil
    }
}
