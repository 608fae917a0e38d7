// A seeded random walk through bounded engines, some loading by cursor and some by page number:
// rows shown, rows in view, arrivals at the top, loads at both ends and their answers, refreshes,
// the bound changed. After every event: a drop takes whole pages, never a row of the view, of a
// view's worth more or of the page beyond it on either side; a list loaded by page numbers
// drops nothing above and keeps whole pages; nothing goes while a load is in flight or an
// answer is not laid out; the counts above the first row are never negative, and rows loaded
// again above are never counted as new.

import RefreshEngine
import SeededRandom
import XCTest

final class BoundedRowsPropertyTests: XCTestCase {
    struct Walk {
        var engine: RefreshEngine
        var random: SplitMix64
        var now: Int64 = 0
        var issued: [OperationToken] = []
        let loadsByCursor: Bool
        var drops = 0

        init(seed: UInt64, loadsByCursor: Bool) {
            var configuration = RefreshConfiguration.standard
            configuration.maximumRows = 100
            engine = try! RefreshEngine(configuration: configuration)
            random = SplitMix64(seed: seed)
            self.loadsByCursor = loadsByCursor
            _ = engine.begin(at: .zero, loadsByCursor: loadsByCursor)
        }

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

        mutating func token() -> OperationToken {
            if chance(0.8), let current = engine.inFlight?.token { return current }
            if chance(0.8), !issued.isEmpty { return issued[int(0...(issued.count - 1))] }
            return OperationToken(rawValue: UInt64(int(1_000_000...2_000_000)))
        }

        mutating func randomEvent() -> Event {
            let shown = engine.itemsShown
            switch int(0...99) {
            case 0..<30:
                guard shown > 0 else { return .itemsShown(int(0...300)) }
                let first = int(0...(shown - 1))
                return .rowsInView(first: first, last: min(shown - 1, first + int(0...15)))
            case 30..<40:
                return .geometry(offset: Double(int(0...20_000)), contentHeight: 30_000, viewportHeight: 600)
            case 40..<50: return .itemsShown(shown + int(0...40))
            case 50..<55: return .rowsArrivedAboveShown(int(1...3))
            case 55..<60: return .rowsInsertedAbove(int(1...3))
            case 60..<68:
                return .loadNewerCompleted(token(), .success(received: int(0...20), hasMore: chance(0.5)))
            case 68..<74:
                let added = int(0...20)
                return .newerApplied(shown: shown + added, added: added)
            case 74..<82: return .loadMoreCompleted(token(), .success(received: int(0...20), hasMore: chance(0.8)))
            case 82..<86:
                return .refreshCompleted(
                    token(), .success(received: int(0...20), hasMore: true),
                    wallClock: WallClockInstant(millisecondsSince1970: now))
            case 86..<88: return .refreshRequested
            case 88..<90: return .loadMoreRequested
            case 90..<92: return .maximumRowsChanged(chance(0.2) ? 0 : int(40...200))
            case 92..<95: return .pillActivated(hadFocus: false)
            default: return .tick
            }
        }

        mutating func step() {
            now += Int64(int(0...300))
            // Deadlines due by now fire first, so the state before the event is the one it meets.
            for effect in engine.handle(.tick, at: MonotonicInstant(milliseconds: now)) {
                if case .startRefresh(let token, _) = effect { issued.append(token) }
            }
            let event = randomEvent()
            let before = engine
            let effects = engine.handle(event, at: MonotonicInstant(milliseconds: now))
            let page = engine.configuration.pageSize
            for effect in effects {
                switch effect {
                case .startRefresh(let token, _), .startLoadMore(let token, _), .startLoadNewer(let token):
                    issued.append(token)
                case .dropRows(let above, let below):
                    drops += 1
                    guard case .rowsInView(let first, let last) = event else {
                        XCTFail("rows dropped after \(event)")
                        continue
                    }
                    let margin = last - first + 1 + page
                    XCTAssertGreaterThan(above + below, 0, "a drop of nothing")
                    if above > 0 {
                        XCTAssertLessThanOrEqual(above, first - margin, "a row within the margin above went: \(event)")
                    }
                    if below > 0 {
                        XCTAssertLessThanOrEqual(
                            below, before.itemsShown - 1 - last - margin, "a row within the margin below went: \(event)"
                        )
                    }
                    XCTAssertEqual(above % page, 0, "whole pages above")
                    XCTAssertNil(before.inFlight, "rows dropped while \(String(describing: before.inFlight)) loads")
                    XCTAssertNotEqual(before.newerRows, .loading, "rows dropped while newer rows load")
                    if loadsByCursor {
                        XCTAssertEqual(below % page, 0, "whole pages below")
                    } else {
                        XCTAssertEqual(above, 0, "a page-number list drops nothing above")
                        XCTAssertEqual(engine.itemsShown % page, 0, "a page-number list keeps whole pages")
                    }
                    XCTAssertEqual(engine.itemsShown, before.itemsShown - above - below)
                default:
                    break
                }
            }
            XCTAssertGreaterThanOrEqual(engine.itemsShown, 0)
            XCTAssertGreaterThanOrEqual(engine.rowsAbove.dropped, 0)
            XCTAssertGreaterThanOrEqual(engine.rowsAbove.arrived, 0)
            if case .newerApplied(_, let added) = event {
                // Rows loaded again above, or counted when they arrived, are not new.
                let notNew = min(added, before.rowsAbove.dropped + before.rowsAbove.arrived)
                XCTAssertLessThanOrEqual(
                    engine.newAbove - before.newAbove, added - notNew, "rows loaded again counted as new")
            }
            if engine.rowsAbove != RowsAbove() {
                XCTAssertFalse(engine.showsNewestRows, "rows known above the newest row, after \(event)")
            }
        }
    }

    func testRandomWalksDropOnlyWholePagesFarFromTheViewAndCountNothingLoadedAgain() {
        let seed = ProcessInfo.processInfo.environment["REFRESH_PROPERTY_SEED"].flatMap(UInt64.init) ?? 28
        for (offset, loadsByCursor) in [true, false].enumerated() {
            var walk = Walk(seed: seed &+ UInt64(offset), loadsByCursor: loadsByCursor)
            for _ in 0..<200_000 { walk.step() }
            XCTAssertGreaterThan(walk.drops, 100, "the walk reached drops (\(loadsByCursor ? "cursor" : "pages"))")
        }
    }
}
