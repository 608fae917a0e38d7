// Events that produce no effect must not touch the heap: the host sends one per scroll frame.

import AllocationCounter
import RefreshEngine
import XCTest

final class AllocationTests: XCTestCase {
    func testNoEffectEventsAllocateNothing() throws {
        var engine = try RefreshEngine()
        _ = engine.begin(at: .zero)
        _ = engine.handle(.refreshCompleted(token(1), .success(received: 20, hasMore: true), wallClock: wall), at: at(10))
        _ = engine.handle(.tick, at: at(2_000))
        _ = engine.handle(.geometry(offset: 100, contentHeight: 10_000, viewportHeight: 600), at: at(2_000))
        let stale = Event.loadMoreCompleted(token(77), .failure(message: "late"))
        var events: [Event] = []
        for index in 0..<1_000 {
            events.append(.geometry(offset: 100 + Double(index % 500), contentHeight: 10_000, viewportHeight: 600))
            events.append(.pull(.wheel(notches: 1)))  // mid-list: plain scrolling
            events.append(.pull(.drag(distance: 3)))
            events.append(.tick)
            events.append(.edgeReached(.top))
            events.append(stale)
            events.append(.itemsShown(20))
        }
        var time: Int64 = 2_000
        var effectCount = 0
        // Counted around the call alone: the loop's own bookkeeping is not the engine's.
        var allocations: UInt64 = 0
        for event in events {
            time += 1
            let instant = MonotonicInstant(milliseconds: time)
            let before = allocation_counter_thread_total()
            let effects = engine.handle(event, at: instant)
            allocations += allocation_counter_thread_total() - before
            effectCount += effects.count
        }
        XCTAssertEqual(effectCount, 0, "the events chosen produce no effect")
        XCTAssertEqual(allocations, 0, "\(allocations) heap allocations over \(events.count) no-effect events")
        // The counter works: an effect-producing event allocates its effect array.
        let check = allocation_counter_thread_total()
        XCTAssertFalse(engine.handle(.refreshRequested, at: MonotonicInstant(milliseconds: time + 1)).isEmpty)
        XCTAssertGreaterThan(allocation_counter_thread_total(), check)
    }
}
