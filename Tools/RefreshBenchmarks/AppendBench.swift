// Benchmark 2: appending a 50-row page to a list already holding 1k … 1M rows. Ours goes
// through the whole path (loader answer → engine → de-duplication → one splice); its goal is a
// ratio to GTK's own splice (the same 50 entries appended to a bare list view's model), and it
// also reports the naive baseline that rebuilds the whole model (one splice replacing every row).
//
// Ours and GTK's splice take turns, one append each, so both are timed in the same moments: on
// a shared machine the speed of the same code moves by 1.5–2 × from one second to the next, and
// two medians taken a few hundred milliseconds apart made a ratio of that noise (a 10k-row miss
// at 3.4 × that no instruction count showed).

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine

@MainActor
enum AppendBench {
    static let pageSize = 50

    /// Medians (µs) of `appends` appends to our list and to a bare list view, both holding
    /// `size` rows at the start, timed in turn.
    static func oursAndGtk(size: Int, appends: Int) -> (ours: Double, gtk: Double) {
        let held = HeldList(pageSize: pageSize, quick: true)
        let window = Gtk.window(held.list.widget)
        defer { gtk_window_destroy(window.as(GtkWindow.self)) }
        held.list.start()
        held.refreshes[0](.success(Page(Gtk.rows(0..<size), hasMore: true)))
        let store = stringList(count: size)
        let (scrolled, _) = bareListView(store)
        let bareWindow = Gtk.window(scrolled)
        defer { gtk_window_destroy(bareWindow.as(GtkWindow.self)) }
        Gtk.pump(seconds: 0.1)

        var ours: [Double] = []
        var gtk: [Double] = []
        var next = size
        var count = size
        for turn in 0..<appends {
            held.list.loadMore()
            guard let done = held.pages.last else { break }
            let page = Page(Gtk.rows(next..<(next + pageSize)), hasMore: true)
            next += pageSize
            func appendOurs() {
                ours.append(stopwatch { done(.success(page)) })
                _ = g_main_context_iteration(nil, 0)
            }
            // Which goes first alternates, so neither always follows the other's main-loop turn.
            let oursFirst = turn.isMultiple(of: 2)
            if oursFirst { appendOurs() }
            gtk.append(stopwatch { splice(store, at: count, removing: 0, adding: pageSize) })
            count += pageSize
            _ = g_main_context_iteration(nil, 0)
            if !oursFirst { appendOurs() }
        }
        precondition(held.list.items.count == next, "every page appended")
        return (median(ours), median(gtk))
    }

    /// Medians (µs) of `appends` appends at `small` and at `large` rows, ours (two lists held at
    /// once) and GTK's splice (two bare list views), all four taking turns append by append, so
    /// each growth (the cost at `large` over the cost at `small`) is read in the same moments of
    /// the machine. Each turn runs ours at both sizes then GTK at both, and the next turn the
    /// reverse, so neither size always goes first.
    static func growth(small: Int, large: Int, appends: Int) -> (ours: [Double], gtk: [Double]) {
        let ours = [OurAppender(size: small), OurAppender(size: large)]
        let gtk = [GtkAppender(size: small), GtkAppender(size: large)]
        Gtk.pump(seconds: 0.1)
        var turns: [() -> Void] = []
        for appender in ours { turns.append { appender.append() } }
        for appender in gtk { turns.append { appender.append() } }
        for turn in 0..<appends {
            for append in turn.isMultiple(of: 2) ? turns : turns.reversed() { append() }
        }
        for appender in ours {
            precondition(appender.held.list.items.count == appender.next, "every page appended")
            appender.close()
        }
        for appender in gtk { appender.close() }
        return (ours.map { median($0.samples) }, gtk.map { median($0.samples) })
    }

    /// One of our lists holding `size` rows at the start, appended to a page at a time.
    @MainActor
    private final class OurAppender {
        let held = HeldList(pageSize: pageSize, quick: true)
        let window: WidgetPointer
        var next: Int
        var samples: [Double] = []

        init(size: Int) {
            window = Gtk.window(held.list.widget)
            held.list.start()
            held.refreshes[0](.success(Page(Gtk.rows(0..<size), hasMore: true)))
            next = size
        }

        func append() {
            held.list.loadMore()
            guard let done = held.pages.last else { return }
            let page = Page(Gtk.rows(next..<(next + pageSize)), hasMore: true)
            next += pageSize
            samples.append(stopwatch { done(.success(page)) })
            _ = g_main_context_iteration(nil, 0)
        }

        func close() { gtk_window_destroy(window.as(GtkWindow.self)) }
    }

    /// A bare list view over a GtkStringList of `size` entries, appended to with GTK's splice.
    @MainActor
    private final class GtkAppender {
        let store: OpaquePointer
        let window: WidgetPointer
        var count: Int
        var samples: [Double] = []

        init(size: Int) {
            store = stringList(count: size)
            window = Gtk.window(bareListView(store).scrolled)
            count = size
        }

        func append() {
            samples.append(stopwatch { splice(store, at: count, removing: 0, adding: pageSize) })
            count += pageSize
            _ = g_main_context_iteration(nil, 0)
        }

        func close() { gtk_window_destroy(window.as(GtkWindow.self)) }
    }

    static func naive(size: Int, appends: Int) -> Double {
        let store = stringList(count: size)
        let (scrolled, _) = bareListView(store)
        let window = Gtk.window(scrolled)
        defer { gtk_window_destroy(window.as(GtkWindow.self)) }
        var rows = Gtk.rows(0..<size)
        var samples: [Double] = []
        for _ in 0..<appends {
            let start = monotonicMicroseconds()
            rows.append(contentsOf: Gtk.rows(rows.count..<(rows.count + pageSize)))
            splice(store, at: 0, removing: rows.count - pageSize, adding: rows.count)
            samples.append(Double(monotonicMicroseconds() - start))
            _ = g_main_context_iteration(nil, 0)
        }
        return median(samples)
    }

    /// Runs one append and returns its time in µs. Never inlined, so an instruction count can be
    /// restricted to exactly what is timed:
    /// `valgrind --tool=callgrind --toggle-collect='*AppendBench*stopwatch*' refresh-bench append …`.
    @inline(never)
    static func stopwatch(_ append: () -> Void) -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        append()
        clock_gettime(CLOCK_MONOTONIC, &end)
        return Double(end.tv_sec - start.tv_sec) * 1e6 + Double(end.tv_nsec - start.tv_nsec) / 1e3
    }

    static func run(sizes: [Int], appends: Int) {
        var ours: [Int: Double] = [:]
        var naive: [Int: Double] = [:]
        for size in sizes {
            let gtk: Double
            (ours[size], gtk) = oursAndGtk(size: size, appends: appends)
            naive[size] = Self.naive(size: size, appends: max(3, appends / 10))
            emit(
                Metric(
                    2, "append.bare_gtk.\(size)_rows.us_per_append", gtk, "µs",
                    detail: "GTK alone: one splice appending \(pageSize) entries to a bare GtkListView's GtkStringList")
            )
            emit(
                Metric(
                    2, "append.ours.\(size)_rows.us_per_append", ours[size]!, "µs", baseline: naive[size],
                    ratio: ours[size]! / naive[size]!,
                    detail:
                        "median of \(appends) appends of \(pageSize) rows, timed in turn with GTK's splice; "
                        + "baseline: whole-model rebuild"))
            emit(
                Metric(
                    2, "append.ours_over_gtk.\(size)_rows", ours[size]! / gtk, "×", baseline: gtk,
                    ratio: ours[size]! / gtk, goal: "≤ 3 × GTK's splice", met: ours[size]! / gtk <= 3,
                    detail: "the whole append (engine, de-duplication, splice, rendering) ÷ GTK's own splice"))
        }
        guard let smallest = sizes.first, let largest = sizes.last, smallest != largest else { return }
        // The growth is read from its own run, ours at both sizes taking turns (see `growth`):
        // the medians above, minutes apart, would make it a ratio of two moments of the machine.
        let (oursAt, gtkAt) = growth(small: smallest, large: largest, appends: appends)
        let oursGrowth = oursAt[1] / oursAt[0]
        let gtkGrowth = gtkAt[1] / gtkAt[0]
        emit(
            Metric(
                2, "append.bare_gtk.growth_\(largest)_over_\(smallest)", gtkGrowth, "×",
                detail:
                    "GTK alone: its splice at \(largest) entries ÷ at \(smallest) (\(Orchestrator.format(gtkAt[1])) ÷ "
                    + "\(Orchestrator.format(gtkAt[0])) µs), timed in turn with ours at both sizes"))
        emit(
            Metric(
                2, "append.ours.growth_\(largest)_over_\(smallest)", oursGrowth, "×", baseline: gtkGrowth,
                ratio: oursGrowth / gtkGrowth, goal: "≤ 1.2", met: oursGrowth <= 1.2,
                detail:
                    "cost per append at \(largest) rows ÷ at \(smallest) rows (\(Orchestrator.format(oursAt[1])) ÷ "
                    + "\(Orchestrator.format(oursAt[0])) µs), medians of \(appends) appends each, the two lists taking turns "
                    + "append by append with GTK's splice at both sizes; baseline column is GTK's splice's growth"
            ))
    }
}
