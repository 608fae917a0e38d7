// The C API driven at random, as a careless app would drive it: seeded sequences of settings,
// starts, answers (good, failed, of the wrong type, twice, late), stream rows, inserts, removals,
// updates, refreshes, settings changed on a running list, requests dropped and the widget disposed in the
// middle. Whatever the order, nothing crashes (Tests/Sanitizers/asan.sh runs this under
// AddressSanitizer and LeakSanitizer), misuse is answered with the widget's own criticals only,
// and what the public face reads stays whole: each row once, the states GObject enums know, a
// pill count never negative. The test prints how many sequences and calls it ran.

import CGtk
import Foundation
import GtkRefreshList
import SeededRandom
import XCTest

/// One random sequence's app: the widget, the requests it was handed and still holds.
@MainActor
private final class RandomApp {
    let widget: UnsafeMutablePointer<GtkWidget>
    var requests: [UnsafeMutableRawPointer] = []
    var window: UnsafeMutablePointer<GtkWidget>?
    private(set) var disposed = false

    init(cursor: Bool, withKey: Bool) {
        widget = refreshListMade(with: [
            ("item-type", .type(gtk_string_object_get_type())), ("key-property", .text(withKey ? "string" : nil)),
            ("paging", .nick(cursor ? "cursor" : "pages")),
        ])
        g_object_ref_sink(widget)
        let factory = gtk_signal_list_item_factory_new()!
        refreshListSetFactory(widget, gpointer(factory))
        g_object_unref(gpointer(factory))
        let asked: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, request, data in
            guard let request, let data else { return }
            MainActor.assumeIsolated {
                g_object_ref(request)
                Unmanaged<RandomApp>.fromOpaque(data).takeUnretainedValue().requests.append(request)
            }
        }
        for signal in ["refresh", "load-more"] {
            g_signal_connect_data(
                widget, signal, unsafeBitCast(asked, to: GCallback.self), Unmanaged.passUnretained(self).toOpaque(),
                nil, G_CONNECT_DEFAULT)
        }
    }

    /// Destroys the window (if any) and drops the app's reference: the widget is disposed.
    func dispose() {
        guard !disposed else { return }
        disposed = true
        if let window { GtkTest.destroy(window) }
        window = nil
        g_object_unref(widget)
    }

    func release() {
        dispose()
        for request in requests { g_object_unref(request) }
        requests = []
    }
}

final class ObjectAPIRandomTests: XCTestCase {
    func testRandomSequencesOfCallsAnswersCancelsAndDisposesKeepTheListWhole() {
        onMainActor {
            let sequences = 2_000
            var random = SplitMix64(seed: 0x5EED_0B1E_C7A9)
            var calls = 0
            var widgetCriticals = 0
            let criticals = CriticalLog()
            defer { criticals.stop() }
            // Criticals of GLib, GObject or GTK would be misuse the widget let through.
            let others = ["GLib", "GLib-GObject", "Gtk"].map { ForeignCriticals(domain: $0) }
            defer { others.forEach { $0.stop() } }
            for sequence in 0..<sequences {
                let app = RandomApp(cursor: random.next() % 2 == 0, withKey: random.next() % 8 != 0)
                if random.next() % 3 == 0 { refreshListSetPageSize(app.widget, gint(1 + random.next() % 30)) }
                if random.next() % 4 == 0 { refreshListSetMaxRows(app.widget, gint(random.next() % 60)) }
                // One sequence in forty on screen, where geometry makes pages load.
                if sequence % 40 == 0 { app.window = GtkTest.window(app.widget, width: 300, height: 240) }
                refreshListStart(app.widget)
                let steps = 10 + Int(random.next() % 30)
                for _ in 0..<steps {
                    calls += 1
                    Self.step(app, &random)
                    while g_main_context_iteration(nil, 0) != 0 {}
                    if !app.disposed { Self.checkWhole(app, sequence: sequence) }
                }
                app.release()
                widgetCriticals = criticals.messages.count
            }
            XCTAssertEqual(others.flatMap(\.messages), [], "no critical outside the widget's own")
            XCTAssertGreaterThan(widgetCriticals, 0, "misuse was answered with criticals")
            print("ObjectAPIRandomTests: \(sequences) sequences, \(calls) calls, \(widgetCriticals) criticals")
        }
    }

    /// One random call of the C API on `app`: on its requests always, on its widget until it
    /// was disposed (the app's reference is gone then, as is the widget).
    @MainActor
    private static func step(_ app: RandomApp, _ random: inout SplitMix64) {
        let key = "post \(random.next() % 80)"
        let choice = random.next() % 14
        switch choice {
        case 0, 1, 2:
            // Answer a request the app holds with rows, possibly overlapping those shown.
            guard let request = app.requests.randomElement(using: &random) else { return }
            let first = Int(random.next() % 80)
            finish(request, posts(first...(first + Int(random.next() % 25))), hasMore: random.next() % 2 == 0)
        case 3: app.requests.randomElement(using: &random).map { refreshRequestFail($0, "random failure") }
        case 4:
            // Answer with objects of another type.
            guard let request = app.requests.randomElement(using: &random) else { return }
            let store = g_list_store_new(gtk_widget_get_type())!
            refreshRequestFinish(request, store, 0)
            g_object_unref(gpointer(store))
        case 12:
            // The app drops a request it held (the list may still hold it).
            guard !app.requests.isEmpty else { return }
            g_object_unref(app.requests.remove(at: Int(random.next() % UInt64(app.requests.count))))
        case 13:
            // Disposed in the middle: the requests it held must still be safe to answer.
            if random.next() % 4 == 0 { app.dispose() }
        default:
            guard !app.disposed else { return }
            let object = gpointer(gtk_string_object_new(key)!)
            defer { g_object_unref(object) }
            switch choice {
            case 5, 6: _ = refreshListReceive(app.widget, object)
            case 7: _ = refreshListInsert(app.widget, object, guint(random.next() % 50))
            case 8: _ = refreshListRemove(app.widget, key)
            case 9: _ = refreshListUpdate(app.widget, object)
            case 10: refreshListBeginRefresh(app.widget)
            default:
                // A setting that takes effect at once, on a running list too.
                if random.next() % 2 == 0 {
                    refreshListSetPageSize(app.widget, gint(1 + random.next() % 30))
                } else {
                    refreshListSetPullThreshold(app.widget, Double(1 + random.next() % 120))
                }
            }
        }
    }

    /// What the public face reads is whole: each row once, states within their enums, the pill's
    /// count not negative.
    @MainActor
    private static func checkWhole(_ app: RandomApp, sequence: Int) {
        guard let model = refreshListGetModel(app.widget).map(OpaquePointer.init) else {
            return XCTFail("sequence \(sequence): no model")
        }
        var keys = Set<String>()
        for position in 0..<g_list_model_get_n_items(model) {
            let item = g_list_model_get_item(model, position)!
            let text = String(cString: gtk_string_object_get_string(OpaquePointer(item)))
            g_object_unref(item)
            if refreshListGetKeyProperty(app.widget) != nil, !keys.insert(text).inserted {
                XCTFail("sequence \(sequence): \(text) shown twice")
            }
        }
        XCTAssertTrue((0...5).contains(refreshListGetHeaderState(app.widget)), "sequence \(sequence)")
        XCTAssertTrue((0...4).contains(refreshListGetFooterState(app.widget)), "sequence \(sequence)")
        XCTAssertGreaterThanOrEqual(refreshListGetNewAbove(app.widget), 0, "sequence \(sequence)")
    }
}

/// Criticals logged in `domain` while installed.
@MainActor
private final class ForeignCriticals {
    private(set) var messages: [String] = []
    private let domain: String
    private var handler: guint = 0

    init(domain: String) {
        self.domain = domain
        let log: GLogFunc = { domain, _, message, data in
            guard let data, let message else { return }
            let text = (domain.map { String(cString: $0) } ?? "") + ": " + String(cString: message)
            MainActor.assumeIsolated {
                Unmanaged<ForeignCriticals>.fromOpaque(data).takeUnretainedValue().messages.append(text)
            }
        }
        handler = g_log_set_handler(
            domain, GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue), log,
            Unmanaged.passUnretained(self).toOpaque())
    }

    func stop() { g_log_remove_handler(domain, handler) }
}
