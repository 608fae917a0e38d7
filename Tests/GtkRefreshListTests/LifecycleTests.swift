// Nothing outlives its widget: every object the widget made is finalized with it (and with it
// every handler connected on it, whose destroy notify releases its closure), handlers on other
// objects are disconnected on dispose, and the Swift object, a face holding a reference on the
// widget, leaves the widget to its window once dropped. A window's destruction disposes the list
// in it even while an app holds it, so closures holding their list leave no cycle behind.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import ListProbe
import RefreshEngine
import XCTest

/// The objects a list's widget made that an app can reach: every widget in its tree, each one's
/// event controllers, the scrolled window's adjustments, the list view's models and factory.
/// Signal handlers the list connects live on these (and on the window's frame clock), so once
/// all of them are finalized, GLib has let go of every handler and its closure.
@MainActor
func objectsMade(by list: RefreshList<Row>) -> [gpointer] {
    var objects: [gpointer] = []
    func add(_ widget: WidgetPointer) {
        objects.append(widget.raw)
        let controllers = gtk_widget_observe_controllers(widget)!
        for index in 0..<g_list_model_get_n_items(controllers) {
            let controller = g_list_model_get_item(controllers, index)!
            g_object_unref(controller)  // the widget keeps it
            objects.append(controller)
        }
        g_object_unref(gpointer(controllers))
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            add(current)
            child = gtk_widget_get_next_sibling(current)
        }
    }
    add(list.widget)
    let scrolled = list.scrollerWidget.opaque
    objects += [gtk_scrolled_window_get_vadjustment(scrolled), gtk_scrolled_window_get_hadjustment(scrolled)]
        .compactMap { $0.map { gpointer($0) } }
    let selection = gtk_list_view_get_model(list.listViewWidget.opaque)!
    objects += [gpointer(selection), gpointer(gtk_single_selection_get_model(selection)!)]
    objects.append(gpointer(gtk_list_view_get_factory(list.listViewWidget.opaque)!))
    return objects
}

final class LifecycleTests: XCTestCase {
    func testCreatingAndDestroyingTheWidgetAThousandTimesLeavesNothingItMadeAlive() throws {
        try onMainActor {
            GtkTest.drainPending()
            let finalizedBefore = Finalized.finalizedCount
            let rootsBefore = Finalized.count
            weak var lastList: RefreshList<Row>?
            var watched = 0
            var fewestWatched = Int.max
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
                    GtkTest.frames(of: list.widget)  // its rows' cells and the footer in the tree
                    let made = objectsMade(by: list)
                    made.forEach(Finalized.watch)
                    watched += made.count
                    fewestWatched = min(fewestWatched, made.count)
                    GtkTest.destroy(window)
                } else {
                    g_object_ref_sink(list.widget.raw)
                    let made = objectsMade(by: list)
                    made.forEach(Finalized.watch)
                    watched += made.count
                    fewestWatched = min(fewestWatched, made.count)
                    g_object_unref(list.widget.raw)
                }
            }
            GtkTest.wait(
                "everything the widgets made finalized (\(Finalized.finalizedCount - finalizedBefore) of \(watched))"
            ) {
                Finalized.finalizedCount - finalizedBefore == watched && Finalized.count - rootsBefore == 1_000
                    && lastList == nil
            }
            XCTAssertGreaterThan(fewestWatched, 15, "each widget's parts, controllers and models are watched")
            XCTAssertEqual(Finalized.finalizedCount - finalizedBefore, watched, "objects the widget made still alive")
            XCTAssertEqual(Finalized.count - rootsBefore, 1_000, "every root widget finalized")
            XCTAssertNil(lastList, "each Swift list went when its scope ended")
        }
    }

    func testDisposeDisconnectsHandlersOnTheSharedAdjustment() throws {
        try onMainActor {
            // What GTK's own widgets connect on the adjustment: a scrolled window holding a list
            // view, as in the list (whose parts the Swift list keeps alive after dispose).
            let plain = gtk_scrolled_window_new()!
            g_object_ref_sink(plain.raw)
            let rows = gtk_single_selection_new(gtk_string_list_new(nil))
            gtk_scrolled_window_set_child(plain.opaque, gtk_list_view_new(rows, gtk_signal_list_item_factory_new()))
            let plainAdjustment = gtk_scrolled_window_get_vadjustment(plain.opaque)!
            let signals = ["value-changed", "notify::upper", "notify::page-size"]
            let gtkOwn = signals.map { handlerCount(on: gpointer(plainAdjustment), $0) }
            g_object_unref(plain.raw)

            let list = try GtkTest.makeList()
            g_object_ref_sink(list.widget.raw)
            let adjustment = gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)!
            g_object_ref(gpointer(adjustment))
            XCTAssertEqual(
                signals.map { handlerCount(on: gpointer(adjustment), $0) }, gtkOwn.map { $0 + 1 },
                "the list follows each of them once")
            // Disposed, its scrolled window kept alive by someone else: GTK's own handlers stay
            // with it, the list's are gone.
            let scrolled = list.scrollerWidget
            g_object_ref(scrolled.raw)
            GtkTest.dispose(list.widget)
            XCTAssertEqual(
                signals.map { handlerCount(on: gpointer(adjustment), $0) }, gtkOwn, "the list's handlers gone")
            g_object_unref(scrolled.raw)
            g_object_unref(list.widget.raw)
            // The adjustment outlives the widget; changing it reaches no dead handler.
            gtk_adjustment_set_upper(adjustment, 5_000)
            gtk_adjustment_set_value(adjustment, 100)
            g_object_unref(gpointer(adjustment))
        }
    }

    func testAnAnswerAfterTheWidgetIsGoneIsIgnored() throws {
        try onMainActor {
            // A host that let go of its list once it was in the window: the window's end is the
            // widget's, and the loader's late answer reaches nothing.
            var done: RefreshList<Row>.Completion?
            let window: WidgetPointer
            let rootsBefore = Finalized.rootsFinalized
            do {
                let list = try GtkTest.makeList()
                list.onRefresh(completion: { done = $0 })
                window = GtkTest.window(list.widget)
                Finalized.watchRoot(list.widget.raw)
                list.start()
            }
            XCTAssertEqual(done?.isCancelled, false, "the list waits for its first refresh")
            GtkTest.destroy(window)
            GtkTest.wait("the widget finalized with its window") { Finalized.rootsFinalized - rootsBefore == 1 }
            XCTAssertEqual(done?.isCancelled, true, "the list stopped waiting when its widget went")
            done?(.success(page(1...20)))

            // A host that keeps its list and disposes the widget: the answer changes nothing.
            let kept = try GtkTest.makeList()
            var keptDone: RefreshList<Row>.Completion?
            kept.onRefresh(completion: { keptDone = $0 })
            let keptWindow = GtkTest.window(kept.widget)
            kept.start()
            GtkTest.destroy(keptWindow)
            GtkTest.dispose(kept.widget)
            XCTAssertEqual(keptDone?.isCancelled, true)
            keptDone?(.success(page(1...20)))
            XCTAssertEqual(kept.items.count, 0)
        }
    }

    func testAListTakenOutOfItsWindowShowsInAnotherAndOneKeptPastItsWindowIsDisposedSafeAndGoes() throws {
        try onMainActor {
            var list: RefreshList<Row>? = try GtkTest.makeList()
            weak let weakList = list
            list!.onRefresh { page(1...20, hasMore: true) }
            list!.onLoadMore { number in page(number: number) }
            let window = GtkTest.window(list!.widget)
            list!.start()
            GtkTest.wait("the refresh's 20 rows in (\(list!.items.count) now)") { list!.items.count == 20 }
            GtkTest.frames(of: list!.widget)  // its rows' cells and the footer in the tree
            let rootsBefore = Finalized.rootsFinalized
            Finalized.watchRoot(list!.widget.raw)

            // Taken out of a window that lives on, then that window destroyed: the list is the
            // host's, whole, and goes on in another window, rows and all, and still loads.
            gtk_window_set_child(window.as(GtkWindow.self), nil)
            GtkTest.destroy(window)
            XCTAssertEqual(Finalized.rootsFinalized, rootsBefore, "the host's list keeps its widget")
            XCTAssertNotNil(gtk_widget_get_first_child(list!.widget), "a list taken out whole is not disposed")
            let shown = list!.items.count
            let second = GtkTest.window(list!.widget)
            GtkTest.frames(of: list!.widget)
            XCTAssertGreaterThanOrEqual(list!.items.count, shown, "its rows came with it")
            XCTAssertEqual(labelText(list!.titleLabel).isEmpty, false, "its header is there")
            let before = list!.items.count
            list!.loadMore()
            GtkTest.wait("the next page in the second window (\(list!.items.count) rows, \(before) before)") {
                list!.items.count >= before + 20
            }
            GtkTest.frames(of: list!.widget)
            let count = list!.items.count
            let made = objectsMade(by: list!)
            let finalizedBefore = Finalized.finalizedCount
            made.forEach(Finalized.watch)

            // Still in the window when it is destroyed: disposed with it though the host holds
            // it (its loaders and handlers dropped), and every member stays safe.
            GtkTest.destroy(second)
            XCTAssertNil(gtk_widget_get_parent(list!.widget), "the widget left its window")
            XCTAssertNil(gtk_widget_get_first_child(list!.widget), "disposed with the window it was in")
            XCTAssertNotNil(weakList)
            try Self.useEveryMember(of: list!, showing: count)

            // Dropped by the host: the Swift object, the root widget and all it made go.
            list = nil
            GtkTest.wait("the list, its root widget and what it made gone") {
                weakList == nil && Finalized.finalizedCount - finalizedBefore == made.count
                    && Finalized.rootsFinalized - rootsBefore == 1
            }
            XCTAssertNil(weakList, "the list went when the host dropped it")
            XCTAssertEqual(Finalized.rootsFinalized - rootsBefore, 1, "the root widget was finalized")
            XCTAssertEqual(Finalized.finalizedCount - finalizedBefore, made.count, "all the widget made finalized")
        }
    }

    func testAnAppWhoseFunctionsHoldItsListLeavesNothingAliveOnceTheWindowIsDestroyed() throws {
        try onMainActor {
            // What an app writes: a controller holding its list, whose row functions, loaders,
            // observers and placeholder use `self`: a cycle list → widget → function → controller
            // → list that the window's destruction must break, for either loader form.
            for byCursor in [false, true] {
                let rootsBefore = Finalized.rootsFinalized
                let finalizedBefore = Finalized.finalizedCount
                weak var weakController: Timeline?
                weak var weakList: RefreshList<Row>?
                var made: [gpointer] = []
                let window: WidgetPointer
                do {
                    let controller = try Timeline(byCursor: byCursor)
                    weakController = controller
                    weakList = controller.list
                    window = GtkTest.window(controller.list.widget)
                    Finalized.watchRoot(controller.list.widget.raw)
                    controller.list.start()
                    GtkTest.wait("the first 20 rows in (\(controller.list.items.count) now, by cursor: \(byCursor))") {
                        controller.list.items.count == 20 && controller.rowsBound > 0
                    }
                    GtkTest.frames(of: controller.list.widget)
                    made = objectsMade(by: controller.list)
                    made.forEach(Finalized.watch)
                }
                XCTAssertNotNil(weakController, "the list's functions hold the app while its window is up")
                GtkTest.destroy(window)
                GtkTest.wait(
                    "the app, its list, the widget and what it made gone with the window (by cursor: \(byCursor); app alive: \(weakController != nil), list alive: \(weakList != nil), \(Finalized.finalizedCount - finalizedBefore) of \(made.count) finalized)"
                ) {
                    weakController == nil && weakList == nil && Finalized.rootsFinalized - rootsBefore == 1
                        && Finalized.finalizedCount - finalizedBefore == made.count
                }
                print(
                    "an app held by its list's functions (by cursor: \(byCursor)): \(Finalized.finalizedCount - finalizedBefore) of \(made.count) objects the list made finalized with the window, app gone: \(weakController == nil)"
                )
            }
        }
    }

    /// Calls every public member of a list whose widget was disposed.
    @MainActor private static func useEveryMember(of kept: RefreshList<Row>, showing count: Int) throws {
        XCTAssertEqual(kept.items.count, count, "the rows it showed are still readable")
        XCTAssertGreaterThanOrEqual(gtk_widget_get_width(kept.widget), 0)
        // What an app can still reach: the widget, its tree taken apart by its disposal.
        XCTAssertNil(gtk_widget_get_first_child(kept.widget), "the disposed widget holds no children")
        _ = (kept.configuration, kept.state.header, kept.state.footer)
        let stateBefore = kept.state
        kept.onRefresh {
            XCTFail("no refresh asked for after the widget is gone")
            return page(1...5)
        }
        kept.onLoadMore(completion: { _, done in
            XCTFail("no page asked for after the widget is gone")
            done(.success(page(1...5)))
        })
        kept.start()
        kept.refresh()
        kept.loadMore()
        kept.isHeaderHidden = true
        kept.isFooterHidden = true
        kept.onStateChange { _ in XCTFail("no state changes after the widget is gone") }
        _ = kept.state
        // No part is left to take input: the header, the rows and their gestures went with it.
        XCTAssertNil(gtk_widget_get_first_child(kept.widget), "a disposed list keeps no children")
        GtkTest.drainPending()  // the loaders' answers, had anything asked for them
        XCTAssertEqual(kept.state, stateBefore, "a destroyed list decides nothing more")
        XCTAssertEqual(kept.items.count, count)
        XCTAssertTrue(
            WidgetSnapshot.savePNG(kept.widget, to: NSTemporaryDirectory() + "kept.png") == false,
            "a destroyed widget has nothing to render")
    }
}

/// An app's timeline controller: it holds its list, and everything it gives the list uses `self`.
@MainActor
private final class Timeline {
    var list: RefreshList<Row>!
    var rowsBound = 0
    var states = 0

    init(byCursor: Bool) throws {
        var configuration = RefreshListConfiguration()
        configuration.engine = try RefreshConfiguration(minimumSpinnerTime: 50, resultDisplayTime: 100, pageSize: 20)
        configuration.startsWhenShown = false
        list = try RefreshList(
            configuration: configuration,
            rows: RowFactory(
                makeRow: { gtk_label_new(nil)! },
                bind: { [self] row, item in
                    rowsBound += 1
                    gtk_label_set_text(row.opaque, "row \(item.id) of \(list.items.count)")
                }))
        if byCursor {
            list.onLoad(completion: { [self] request, done in
                switch request {
                case .newest: done(.success(page(1...20, hasMore: true)))
                default: done(.success(Page([], hasMore: list.items.count < 20)))
                }
            })
        } else {
            list.onRefresh { [self] in page(1...20, hasMore: list.items.count < 100) }
            list.onLoadMore(completion: { [self] number, done in
                done(.success(page(number: number, hasMore: list.items.count < 100)))
            })
        }
        list.onStateChange { [self] _ in states += 1 }
        list.onPlaceholder { [self] _ in
            states += 0
            return nil
        }
    }
}
