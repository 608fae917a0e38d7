// Events that produce no effect must not touch the heap: the host sends one per scroll frame.

import AllocationCounter
import RefreshEngine
import XCTest

final class AllocationTests: XCTestCase {
    func testNoEffectEventsAllocateNothing() throws {
        try XCTSkipUnless(
            allocation_counter_is_counting() != 0,
            "allocations are not counted under AddressSanitizer; the plain run of the suite checks them")
        var engine = try RefreshEngine()
        _ = engine.begin(at: .zero)
        _ = engine.handle(.presented, at: .zero)
        _ = engine.handle(
            .refreshCompleted(token(1), .success(received: 20, hasMore: true), wallClock: wall), at: at(10))
        _ = engine.handle(.tick, at: at(2_000))
        _ = engine.handle(.presented, at: at(2_000))
        _ = engine.handle(.geometry(offset: 100, contentHeight: 10_000, viewportHeight: 600), at: at(2_000))
        let stale = Event.loadMoreCompleted(token(77), .failure(failure(7)))
        var events: [Event] = []
        for index in 0..<1_000 {
            events.append(.geometry(offset: 100 + Double(index % 500), contentHeight: 10_000, viewportHeight: 600))
            events.append(.pull(.wheel(notches: 1)))  // mid-list: plain scrolling
            events.append(.pull(.drag(distance: 3)))
            events.append(.tick)
            events.append(.presented)
            events.append(.edgeHint(.top))
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
        // Effects are held inline too: starting a refresh (two effects) allocates nothing.
        let starting = allocation_counter_thread_total()
        let effects = engine.handle(.refreshRequested, at: MonotonicInstant(milliseconds: time + 1))
        XCTAssertEqual(allocation_counter_thread_total() - starting, 0)
        XCTAssertEqual(effects.count, 2)
        // The counter works: an array does allocate.
        let check = allocation_counter_thread_total()
        let array = Array(repeating: 7, count: Int.random(in: 10...20))
        XCTAssertGreaterThan(allocation_counter_thread_total(), check)
        XCTAssertEqual(array.first, 7)
    }

    /// The placement's events come at frame rate while it places the view (a layout each frame):
    /// they and their answers (a scroll, the view settled) touch the heap no more than scrolling.
    func testPlacementEventsAllocateNothing() throws {
        try XCTSkipUnless(
            allocation_counter_is_counting() != 0,
            "allocations are not counted under AddressSanitizer; the plain run of the suite checks them")
        var engine = try RefreshEngine()
        _ = engine.begin(at: .zero)
        var events: [Event] = []
        for index in 0..<1_000 {
            let offset = 300 + Double(index % 200)
            let row = RowPlace(position: 3 + index % 7, top: -12)
            events.append(.rowsGoingInAbove(focusedRowTop: index.isMultiple(of: 2) ? 40 : nil))
            events.append(.rowsGoingIn(at: 0, count: 3, firstInView: row))
            events.append(.listResizing(offset: offset))
            events.append(.listAllocated(heightChanged: true))
            events.append(
                .layout(
                    LayoutFacts(
                        offset: offset - 64, lowestOffset: 0, highestOffset: 5_000, viewportHeight: 600,
                        focusedTop: 52, focused: 52...100, measuredRow: row)))
            events.append(.savedRowShown(row))
            events.append(.rowsDroppedAbove(2, firstInView: row))
            events.append(.newestRowFocused)
        }
        // A first round, not counted, on a copy: the Swift runtime makes the type metadata of
        // the events' optional fields once, when first used.
        var warming = engine
        for event in events.prefix(8) { _ = warming.handle(event, at: .zero) }
        var effectCount = 0
        var allocations: UInt64 = 0
        for (index, event) in events.enumerated() {
            let instant = MonotonicInstant(milliseconds: Int64(index))
            let before = allocation_counter_thread_total()
            let effects = engine.handle(event, at: instant)
            allocations += allocation_counter_thread_total() - before
            effectCount += effects.count
        }
        XCTAssertEqual(effectCount, 1_000, "each layout answered with a scroll")
        XCTAssertEqual(allocations, 0, "\(allocations) heap allocations over \(events.count) placement events")
    }

    /// Events and effects are plain bits: copying, passing and dropping them costs no reference
    /// counting (a failure carries a message id, not a string).
    func testVocabularyIsTriviallyCopyable() {
        XCTAssertTrue(_isPOD(Event.self))
        XCTAssertTrue(_isPOD(Outcome.self))
        XCTAssertTrue(_isPOD(Effect.self))
        XCTAssertTrue(_isPOD(Announcement.self))
        XCTAssertTrue(_isPOD(FailureID.self))
    }

    func testEffectsBeyondFourSpillInOrder() {
        let tokens = (1...6).map { Effect.cancel(OperationToken(rawValue: $0)) }
        var effects = Effects()
        XCTAssertTrue(effects.isEmpty)
        let literal: Effects = [tokens[0], tokens[1], tokens[2], tokens[3], tokens[4], tokens[5]]
        for (index, effect) in literal.enumerated() { XCTAssertEqual(effect, tokens[index]) }
        XCTAssertEqual(Array(literal), tokens)
        XCTAssertEqual(literal.count, 6)
        effects = [tokens[0]]
        XCTAssertNotEqual(effects, literal)
        XCTAssertEqual(Set([literal, literal]).count, 1)
    }
}
