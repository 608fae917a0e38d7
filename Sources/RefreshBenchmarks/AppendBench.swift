// Benchmark 2: appending a 50-row page to a list already holding 1k … 1M rows. Ours goes
// through the whole path (loader answer → engine → de-duplication → one splice); the baseline
// rebuilds the whole model (one splice replacing every row), as a naive list would.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine

@MainActor
enum AppendBench {
    static let pageSize = 50

    static func ours(size: Int, appends: Int) -> Double {
        let held = HeldList(pageSize: pageSize, quick: true)
        let window = Gtk.window(held.list.widget)
        defer { gtk_window_destroy(window.as(GtkWindow.self)) }
        held.list.start()
        held.refreshes[0](.success(Page(Gtk.rows(0..<size), hasMore: true)))
        Gtk.pump(seconds: 0.1)
        var samples: [Double] = []
        var next = size
        for _ in 0..<appends {
            held.list.loadMore()
            guard let done = held.pages.last else { break }
            let page = Page(Gtk.rows(next..<(next + pageSize)), hasMore: true)
            next += pageSize
            let start = monotonicMicroseconds()
            done(.success(page))
            samples.append(Double(monotonicMicroseconds() - start))
            _ = g_main_context_iteration(nil, 0)
        }
        precondition(held.list.items.count == next, "every page appended")
        return median(samples)
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

    /// GTK's own floor: one splice appending 50 entries to a bare list view's model.
    static func bareAppend(size: Int, appends: Int) -> Double {
        let store = stringList(count: size)
        let (scrolled, _) = bareListView(store)
        let window = Gtk.window(scrolled)
        defer { gtk_window_destroy(window.as(GtkWindow.self)) }
        var count = size
        var samples: [Double] = []
        for _ in 0..<appends {
            let start = monotonicMicroseconds()
            splice(store, at: count, removing: 0, adding: pageSize)
            samples.append(Double(monotonicMicroseconds() - start))
            count += pageSize
            _ = g_main_context_iteration(nil, 0)
        }
        return median(samples)
    }

    static func run(sizes: [Int], appends: Int) {
        var ours: [Int: Double] = [:]
        var naive: [Int: Double] = [:]
        for size in sizes {
            // Interleaved: ours, then the baseline, at each size.
            ours[size] = Self.ours(size: size, appends: appends)
            naive[size] = Self.naive(size: size, appends: max(3, appends / 10))
            let gtk = Self.bareAppend(size: size, appends: appends)
            emit(
                Metric(
                    2, "append.bare_gtk.\(size)_rows.us_per_append", gtk, "µs",
                    detail: "GTK alone: one splice appending \(pageSize) entries to a bare GtkListView's GtkStringList")
            )
            emit(
                Metric(
                    2, "append.ours.\(size)_rows.us_per_append", ours[size]!, "µs", baseline: naive[size],
                    ratio: ours[size]! / naive[size]!,
                    detail: "median of \(appends) appends of \(pageSize) rows; baseline: whole-model rebuild"))
            emit(
                Metric(
                    2, "append.ours_over_gtk.\(size)_rows", ours[size]! / gtk, "×", baseline: gtk,
                    ratio: ours[size]! / gtk, goal: "≤ 3 × GTK's splice", met: ours[size]! / gtk <= 3,
                    detail: "the whole append (engine, de-duplication, splice, rendering) ÷ GTK's own splice"))
        }
        guard let smallest = sizes.first, let largest = sizes.last, smallest != largest else { return }
        let growth = ours[largest]! / ours[smallest]!
        let baselineGrowth = naive[largest]! / naive[smallest]!
        emit(
            Metric(
                2, "append.ours.growth_\(largest)_over_\(smallest)", growth, "×", baseline: baselineGrowth,
                ratio: growth / baselineGrowth, goal: "≤ 1.2", met: growth <= 1.2,
                detail:
                    "cost per append at \(largest) rows ÷ at \(smallest) rows; baseline column is the naive rebuild's growth"
            ))
    }
}
