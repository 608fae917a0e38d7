// Benchmark 1: what one engine event costs, by mix, and heap allocations for events that
// produce no effect. Events are built before timing; time comes in as precomputed values.

import AllocationCounter
import Foundation
import RefreshEngine

enum EngineBench {
    static func loadedEngine() -> RefreshEngine {
        var engine = try! RefreshEngine()
        _ = engine.begin(at: .zero)
        _ = engine.handle(.presented, at: .zero)
        _ = engine.handle(
            .refreshCompleted(
                OperationToken(rawValue: 1), .success(received: 20, hasMore: true),
                wallClock: WallClockInstant(millisecondsSince1970: 0)), at: .zero)
        _ = engine.handle(.presented, at: .zero)
        _ = engine.handle(.tick, at: MonotonicInstant(milliseconds: 5_000))
        _ = engine.handle(
            .geometry(offset: 0, contentHeight: 100_000, viewportHeight: 600), at: MonotonicInstant(milliseconds: 5_000)
        )
        return engine
    }

    static func mixes(_ count: Int) -> [(String, [Event])] {
        let geometry = (0..<count).map {
            Event.geometry(offset: 1_000 + Double($0 % 4_000), contentHeight: 100_000, viewportHeight: 600)
        }
        let wheel = (0..<count).map { Event.pull(.wheel(notches: ($0 / 2) % 2 == 0 ? 1 : -1)) }
        var drag: [Event] = [.gestureBegan(.drag)]
        for index in 0..<(count - 1) { drag.append(.pull(.drag(distance: (index / 8) % 2 == 0 ? 5 : -5))) }
        // A refresh and a page as a host goes through them: each state the user must see is
        // reported on screen (`presented`) when a frame shows it.
        var completions: [Event] = []
        var token: UInt64 = 2
        while completions.count < count {
            completions.append(.refreshRequested)
            completions.append(.presented)
            completions.append(
                .refreshCompleted(
                    OperationToken(rawValue: token), .success(received: 20, hasMore: true),
                    wallClock: WallClockInstant(millisecondsSince1970: 1)))
            completions.append(.presented)
            completions.append(.tick)
            completions.append(.loadMoreRequested)
            completions.append(
                .loadMoreCompleted(OperationToken(rawValue: token + 1), .success(received: 20, hasMore: true)))
            completions.append(.itemsShown(40))
            token += 2
        }
        return [
            ("geometry", geometry), ("wheel", wheel), ("drag", drag), ("completions", Array(completions.prefix(count))),
        ]
    }

    static func run(events count: Int, repeats: Int, only: String? = nil) {
        for (name, events) in mixes(count) where only == nil || only == name {
            let step: Int64 = name == "completions" ? 1_000 : 10
            var samples: [Double] = []
            var effects = 0
            for _ in 0..<repeats {
                var engine = loadedEngine()
                effects = 0
                var time: Int64 = 10_000
                let start = ContinuousClock.now
                for event in events {
                    time &+= step
                    effects &+= engine.handle(event, at: MonotonicInstant(milliseconds: time)).count
                }
                let elapsed = ContinuousClock.now - start
                let nanoseconds =
                    Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
                samples.append(nanoseconds / Double(events.count))
            }
            // Every cycle of the completions mix starts a refresh and a page and applies both; an
            // engine that refused the events (stuck in a state) would be measured cheap and wrong.
            if name == "completions", effects < events.count / 2 {
                FileHandle.standardError.write(
                    Data(
                        "refresh-bench: the completions mix produced \(effects) effects in \(events.count) events\n"
                            .utf8))
                exit(1)
            }
            let value = median(samples)
            emit(
                Metric(
                    1, "engine.\(name).ns_per_event", value, "ns", goal: "≤ 50 ns", met: value <= 50,
                    detail: "\(events.count) events × \(repeats) runs, median; \(effects) effects per run"))
        }
        if only != nil { return }
        // Allocations for events that produce no effect (geometry mid-list, drag, stale answers).
        var engine = loadedEngine()
        let quiet: [Event] = (0..<10_000).flatMap { index -> [Event] in
            [
                .geometry(offset: 1_000 + Double(index % 500), contentHeight: 100_000, viewportHeight: 600),
                .pull(.wheel(notches: 1)), .edgeHint(.top), .tick,
                .loadMoreCompleted(OperationToken(rawValue: 999), .failure(FailureID(rawValue: 7))), .itemsShown(20),
            ]
        }
        var allocations: UInt64 = 0
        var produced = 0
        var time: Int64 = 10_000
        for event in quiet {
            time += 10
            let instant = MonotonicInstant(milliseconds: time)
            let before = allocation_counter_thread_total()
            let effects = engine.handle(event, at: instant)
            allocations += allocation_counter_thread_total() - before
            produced += effects.count
        }
        let perEvent = Double(allocations) / Double(quiet.count)
        emit(
            Metric(
                1, "engine.no_effect.allocations_per_event", perEvent, "allocations", goal: "0",
                met: allocations == 0 && produced == 0,
                detail: "\(quiet.count) events, \(produced) effects"))
    }
}
