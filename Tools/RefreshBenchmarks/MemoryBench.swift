// Benchmark 5: resident memory with a million rows loaded, and its drift over many refresh +
// load-more cycles answered at once (zero latency).

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine

@MainActor
enum MemoryBench {
    static func rss(rows: Int) {
        let held = HeldList(pageSize: 50)
        let window = Gtk.window(held.list.widget)
        held.list.start()
        held.refreshes[0](.success(Page(Gtk.rows(0..<rows), hasMore: true)))
        Gtk.pump(seconds: 1)
        emit(
            Metric(
                5, "memory.ours.rss_\(rows)_rows_kib", residentKiB(), "KiB",
                detail: "RefreshList holding \(rows) rows, shown"))
        gtk_window_destroy(window.as(GtkWindow.self))
    }

    static func drift(cycles: Int) {
        let held = HeldList(pageSize: 20, quick: true)
        let window = Gtk.window(held.list.widget)
        held.list.start()
        var base = 0
        // Warm up, then measure.
        for _ in 0..<(cycles / 10) { cycleOnce(held, &base) }
        Gtk.pump(seconds: 0.3)
        let before = residentKiB()
        for _ in 0..<cycles { cycleOnce(held, &base) }
        Gtk.pump(seconds: 0.3)
        let after = residentKiB()
        let drift = (after - before) / 1_024
        precondition(held.list.items.count == 40, "each cycle ends with a refreshed page and one more")
        emit(
            Metric(
                5, "memory.ours.drift_\(cycles)_cycles_mib", drift, "MiB", goal: "≤ 1 MiB", met: drift <= 1,
                detail: "RSS \(Int(before)) → \(Int(after)) KiB over \(cycles) refresh + load-more cycles"))
        gtk_window_destroy(window.as(GtkWindow.self))
    }

    /// One cycle: answer the pending refresh, load a page and answer it, ask for the next refresh.
    static func cycleOnce(_ held: HeldList, _ base: inout Int) {
        if let done = held.refreshes.popLast() {
            done(.success(Page(Gtk.rows(base..<(base + 20)), hasMore: true)))
        }
        held.list.loadMore()
        if let done = held.pages.popLast() {
            done(.success(Page(Gtk.rows((base + 20)..<(base + 40)), hasMore: true)))
        }
        base += 40
        held.list.refresh()
        _ = g_main_context_iteration(nil, 0)
    }
}
