// A seeded random walk of a million events through engines that keep their place (some with
// one saved, some without), checking after every event what the place, the restore and the
// top-side load may do: one load of newer rows at a time and never during a refresh or the
// restore, the place never saved while the saved one is restored, answers applied only for the
// operation in flight, a refresh ending the newer rows, the pill offering Retry exactly while
// they failed (and Retry moving neither the view nor the older rows), and every deadline fired
// when due.

import RefreshEngine
import SeededRandom
import XCTest

final class RestorePropertyTests: XCTestCase {
    struct Walk {
        var engine: RefreshEngine
        var random: SplitMix64
        var now: Int64 = 0
        var issued: [OperationToken] = []
        /// The restore, the load of newer rows and the other load in flight, by token.
        var restoring: OperationToken?
        var newer: OperationToken?
        var contentHeight = 2_000.0
        /// How many of each effect the walk saw, so the test knows it reached them all.
        var seen: [String: Int] = [:]

        init(seed: UInt64) {
            engine = try! RefreshEngine(configuration: .standard)
            random = SplitMix64(seed: seed)
        }

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

        mutating func begin() {
            let place: PlaceMemory = chance(0.7) ? .saved : .nothingSaved
            apply(engine.begin(at: .zero, place: place), before: engine, event: .tick, nothingDue: true)
        }

        mutating func token(current: OperationToken?) -> OperationToken {
            if chance(0.7), let current { return current }
            if chance(0.8), !issued.isEmpty { return issued[int(0...(issued.count - 1))] }
            return OperationToken(rawValue: UInt64(int(1_000_000...2_000_000)))
        }

        mutating func outcome() -> Outcome {
            switch int(0...9) {
            case 0..<6: .success(received: int(0...20), hasMore: chance(0.2) ? nil : chance(0.7))
            case 6..<8: .success(received: 0, hasMore: false)
            default: .failure(FailureID(rawValue: 1))
            }
        }

        mutating func randomEvent() -> Event {
            switch int(0...99) {
            case 0..<25:
                if chance(0.1) { contentHeight = Double(int(0...6_000)) }
                let top = max(0, contentHeight - 600)
                return .geometry(
                    offset: chance(0.3) ? 0 : Double(int(0...Int(top))), contentHeight: contentHeight,
                    viewportHeight: 600)
            case 25..<40: return .tick
            case 40..<45: return .presented
            case 45..<47: return .refreshRequested
            case 47..<53: return .loadMoreRequested
            case 53..<63:
                let shown = int(0...200)
                return .newerApplied(shown: shown, added: chance(0.02) ? shown + 1 : int(0...min(shown, 20)))
            case 63..<68: return .itemsShown(int(0...200))
            case 68..<70: return .rowsAboveView(int(0...200))
            case 70..<72: return .pillActivated(hadFocus: false)
            case 72..<80:
                return .restoreCompleted(token(current: restoring), outcome(), found: chance(0.7))
            case 80..<90: return .loadNewerCompleted(token(current: newer), outcome())
            default:
                let current = engine.inFlight?.token
                return chance(0.5)
                    ? .refreshCompleted(
                        token(current: current), outcome(), wallClock: WallClockInstant(millisecondsSince1970: now))
                    : .loadMoreCompleted(token(current: current), outcome())
            }
        }

        mutating func step() {
            switch int(0...99) {
            case 0..<60: now += Int64(int(0...30))
            case 60..<95: now += Int64(int(30...600))
            default: now += Int64(int(1_000...40_000))
            }
            let event = randomEvent()
            let before = engine
            let newerInFlight = newer
            let restoreInFlight = restoring
            let effects = engine.handle(event, at: MonotonicInstant(milliseconds: now))
            // A stale answer does nothing but count (deadlines that fell due fire first, so only
            // answers with nothing due are judged).
            let nothingDue = before.nextWakeUp.map { $0.milliseconds > now } ?? true
            switch event {
            case .loadNewerCompleted(let token, _) where token != newerInFlight && nothingDue,
                .restoreCompleted(let token, _, _) where token != restoreInFlight && nothingDue:
                XCTAssertEqual(Array(effects), [], "a stale answer \(event) did something")
                XCTAssertEqual(engine.counters.staleAnswers, before.counters.staleAnswers + 1)
            default:
                break
            }
            apply(effects, before: before, event: event, nothingDue: nothingDue)
        }

        /// `nothingDue`: no deadline fell due before the event (a watchdog that fired first changes
        /// the state the event meets: a failed load of newer rows, say, that the pill retries).
        mutating func apply(_ effects: Effects, before: RefreshEngine, event: Event, nothingDue: Bool) {
            for effect in effects {
                seen["\(effect)".prefix { $0 != "(" }.description, default: 0] += 1
                switch effect {
                case .startRefresh(let token, let origin):
                    issued.append(token)
                    if origin == .restore {
                        restoring = token
                    } else {
                        XCTAssertEqual(engine.newerRows, .none, "a refresh leaves newer rows to load, after \(event)")
                    }
                case .startLoadNewer(let token):
                    // Near the top when more may come, or the pill's Retry after a failure.
                    let retried =
                        event == .pillActivated(hadFocus: false) && (before.newerRows == .failed || !nothingDue)
                    XCTAssertTrue(before.newerRows == .more || retried, "a second load of newer rows, after \(event)")
                    XCTAssertFalse(engine.isRestoringPlace, "newer rows while restoring, after \(event)")
                    if case .refresh = engine.inFlight { XCTFail("newer rows during a refresh, after \(event)") }
                    newer = token
                    issued.append(token)
                case .applyRestore(let token):
                    XCTAssertEqual(token, restoring, "applied a restore not in flight, after \(event)")
                    XCTAssertFalse(engine.isRestoringPlace)
                    XCTAssertEqual(engine.header.state, .idle, "a restore shows no result")
                case .applyNewer(let token):
                    XCTAssertEqual(token, newer, "applied newer rows not in flight, after \(event)")
                case .persistPlace:
                    XCTAssertTrue(engine.savesPlace, "saved the place while restoring it, after \(event)")
                case .keepPlace:
                    switch event {
                    case .newerApplied(_, let added): XCTAssertGreaterThan(added, 0, "kept the place for nothing")
                    default: XCTFail("keepPlace after \(event)")
                    }
                case .startLoadMore(let token, _):
                    issued.append(token)
                case .cancel, .applyRefresh, .applyPage, .scrollToTop, .persistLastUpdated, .announce:
                    break
                case .dropRows:
                    // No rows in view are reported in this run (BoundedRowsTests covers those).
                    XCTFail("\(effect) with no rows in view reported, after \(event)")
                case .scrollView, .viewSettled:
                    // Only a layout places the view; this run sends none (PlacementEventTests).
                    XCTFail("\(effect) with no layout, after \(event)")
                case .insertArrivals:
                    // No rows are received in this run (ArrivalTests covers those).
                    XCTFail("\(effect) with no rows received, after \(event)")
                }
            }
            // The pill offers Retry exactly while the newer rows failed, and it does nothing else.
            XCTAssertEqual(engine.pill == .retryNewer, engine.newerRows == .failed, "the pill after \(event)")
            if event == .pillActivated(hadFocus: false), before.newerRows == .failed, nothingDue {
                XCTAssertEqual(engine.newAbove, before.newAbove, "Retry changed the count, after \(event)")
                XCTAssertEqual(engine.footer, before.footer, "Retry touched the older rows, after \(event)")
                XCTAssertFalse(effects.contains(.scrollToTop), "Retry moved the view, after \(event)")
            }
            if !engine.isRestoringPlace { restoring = nil }
            if engine.newerRows != .loading { newer = nil }
            if let wakeUp = engine.nextWakeUp {
                XCTAssertGreaterThan(wakeUp.milliseconds, now, "a deadline left unfired after \(event)")
            }
        }
    }

    func testAMillionEventsKeepTheRestoreAndTheNewerRowsInvariants() {
        let seed = ProcessInfo.processInfo.environment["REFRESH_PROPERTY_SEED"].flatMap(UInt64.init) ?? 26
        var events = 0
        var seen: [String: Int] = [:]
        var run: UInt64 = 0
        while events < 1_000_000 {
            var walk = Walk(seed: seed &+ run)
            walk.begin()
            for _ in 0..<500 {
                walk.step()
            }
            seen.merge(walk.seen, uniquingKeysWith: +)
            events += 500
            run += 1
        }
        for effect in ["applyRestore", "startLoadNewer", "applyNewer", "keepPlace", "persistPlace", "cancel"] {
            XCTAssertGreaterThan(seen[effect] ?? 0, 100, "the walks reached \(effect) (seed \(seed)): \(seen)")
        }
    }
}
