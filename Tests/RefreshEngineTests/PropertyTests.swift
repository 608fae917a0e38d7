// A seeded random walk of over a million events through the engine, checking the invariants
// after every one. Set REFRESH_PROPERTY_SEED to replay a printed seed.

import RefreshEngine
import SeededRandom
import XCTest

final class PropertyTests: XCTestCase {
    /// Drives one engine with random events and checks the invariants after each.
    struct Walk {
        var engine: RefreshEngine
        var random: SplitMix64
        var now: Int64 = 0
        var issued: [OperationToken] = []
        var outstanding: [OperationToken: (startedAt: Int64, isRefresh: Bool)] = [:]
        /// The first frame that showed the current refresh's spinner, and its result's.
        var spinnerShownAt: Int64?
        var resultShownAt: Int64?
        /// When the current spinner and result began (they wait for a frame from then on).
        var spinnerStartedAt: Int64 = 0
        var resultStartedAt: Int64 = 0
        /// Whether the current refresh ended by its watchdog.
        var refreshTimedOut = false
        var headerHidden = false
        var contentHeight = 0.0
        var events = 0
        /// When the open pull last took an input.
        var lastPullInputAt: Int64?

        init(configuration: RefreshConfiguration, seed: UInt64) {
            engine = try! RefreshEngine(configuration: configuration)
            random = SplitMix64(seed: seed)
        }

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
        mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }

        mutating func randomEvent() -> Event {
            let config = engine.configuration
            switch int(0...99) {
            case 0..<14:
                let viewport = 600.0
                if chance(0.1) { contentHeight = double(0...6_000) }
                let maxOffset = max(0, contentHeight - viewport)
                let offset = chance(0.4) ? 0 : (chance(0.3) ? maxOffset : double(0...maxOffset))
                if chance(0.005) {
                    return .geometry(offset: .nan, contentHeight: contentHeight, viewportHeight: viewport)
                }
                return .geometry(offset: offset, contentHeight: contentHeight, viewportHeight: viewport)
            case 14..<28: return .pull(.wheel(notches: chance(0.8) ? 1 : -1))
            case 28..<32: return .pull(.touchpad(distance: chance(0.01) ? .infinity : double(-20...40)))
            case 32..<36:
                // Whatever a toolkit reports, classified by the engine.
                let motion: ScrollSample.Motion =
                    switch int(0...2) {
                    case 0: .notches(chance(0.8) ? -1 : 1)
                    case 1: .wheelUnits(double(-1...0.5))
                    default: .pixels(double(-30...15))
                    }
                let source = ScrollSample.Source.allCases[int(0...3)]
                return .scroll(ScrollSample(motion, source: source))
            case 36..<44: return .pull(.drag(distance: double(-20...40), sideways: chance(0.3) ? double(-30...30) : 0))
            case 44..<48: return .gestureBegan(chance(0.5) ? .touchpad : .drag)
            case 48..<52: return .gestureEnded(chance(0.5) ? .touchpad : .drag, cancelled: chance(0.2))
            case 52..<54: return .edgeHint(chance(0.5) ? .top : .bottom)
            case 54..<62: return .tick
            case 62..<68: return .presented
            case 68..<72: return .refreshRequested
            case 72..<76: return .loadMoreRequested
            case 76..<78: return chance(0.5) ? .headerHidden(chance(0.3)) : .footerHidden(chance(0.3))
            case 78..<79: return .itemsShown(chance(0.01) ? -1 : int(0...200))
            case 79..<80:
                let shown = int(0...200)
                return .refreshApplied(
                    shown: chance(0.01) ? -1 : shown, new: int(0...shown),
                    insertedAbove: chance(0.01) ? -1 : chance(0.5) ? 0 : int(0...min(shown, 10)), viewKept: chance(0.8))
            case 80..<82:
                // Rows above the view: arrivals, rows received for the top, the rows scrolled
                // past, the pill.
                switch int(0...3) {
                case 0: return .rowsInsertedAbove(chance(0.01) ? -1 : int(0...10))
                case 1: return .rowsAboveView(chance(0.01) ? -1 : int(0...200))
                case 2: return .arrivalsWaiting(chance(0.01) ? -1 : int(0...5))
                default: return .pillActivated(hadFocus: false)
                }
            default:
                // An answer with the right token, a stale one or an unknown one.
                let which = int(0...9)
                let token: OperationToken
                if which < 6, let current = engine.inFlight?.token {
                    token = current
                } else if which < 9, !issued.isEmpty {
                    token = issued[int(0...(issued.count - 1))]
                } else {
                    token = OperationToken(rawValue: UInt64(int(1_000_000...2_000_000)))
                }
                let outcome: Outcome
                switch int(0...9) {
                case 0..<5:
                    outcome = .success(
                        received: chance(0.6) ? config.pageSize : int(0...config.pageSize),
                        hasMore: chance(0.2) ? nil : chance(0.8))
                case 5..<7: outcome = .success(received: 0, hasMore: false)
                case 7: outcome = .success(received: -1, hasMore: nil)
                default: outcome = .failure(failure(2))
                }
                let isRefresh: Bool
                if let known = outstanding[token] {
                    isRefresh = chance(0.9) ? known.isRefresh : !known.isRefresh
                } else {
                    isRefresh = chance(0.5)
                }
                return isRefresh
                    ? .refreshCompleted(token, outcome, wallClock: WallClockInstant(millisecondsSince1970: now))
                    : .loadMoreCompleted(token, outcome)
            }
        }

        mutating func advanceTime() {
            switch int(0...99) {
            case 0..<60: now += Int64(int(0...30))
            case 60..<90: now += Int64(int(30...400))
            case 90..<97: if let due = engine.nextWakeUp { now = max(now, due.milliseconds) }
            default: now += Int64(int(1_000...40_000))
            }
        }

        mutating func step() {
            advanceTime()
            let event = randomEvent()
            let before = engine
            let isStaleAnswer: Bool
            switch event {
            case .refreshCompleted(let token, _, _), .loadMoreCompleted(let token, _):
                isStaleAnswer = outstanding[token] == nil
            default:
                isStaleAnswer = false
            }
            if isStaleAnswer {
                // Let due deadlines fire first, so the answer alone can be judged.
                apply(engine.handle(.tick, at: MonotonicInstant(milliseconds: now)), before: before, event: .tick)
                let settled = engine
                let effects = engine.handle(event, at: MonotonicInstant(milliseconds: now))
                XCTAssertEqual(effects, [], "stale answer \(event) produced effects")
                var unchanged = settled.snapshot
                unchanged.counters.staleAnswers += 1
                XCTAssertEqual(engine.snapshot, unchanged, "stale answer \(event) changed more than its count")
                apply(effects, before: settled, event: event)
            } else {
                apply(engine.handle(event, at: MonotonicInstant(milliseconds: now)), before: before, event: event)
            }
        }

        mutating func apply(_ effects: Effects, before: RefreshEngine, event: Event) {
            events += 1
            let config = engine.configuration
            for effect in effects {
                switch effect {
                case .startRefresh(let token, _):
                    XCTAssertTrue(outstanding.allSatisfy { !$0.value.isRefresh }, "two refreshes in flight")
                    outstanding[token] = (now, true)
                    issued.append(token)
                    refreshTimedOut = false
                    spinnerShownAt = engine.header.isVisible ? nil : now
                    spinnerStartedAt = now
                case .startLoadMore(let token, let page):
                    XCTAssertNotEqual(before.footer, .exhausted, "load-more while exhausted after \(event)")
                    XCTAssertFalse(engine.header.state == .refreshing, "load-more while refreshing after \(event)")
                    XCTAssertEqual(page, (before.paging.currentPage ?? -99) + 1, "page skipped")
                    outstanding[token] = (now, false)
                    issued.append(token)
                case .cancel(let token):
                    XCTAssertNotNil(outstanding.removeValue(forKey: token), "cancel of unknown \(token)")
                    // Only the watchdog cancels a refresh.
                    if token == before.inFlight?.token, case .refresh = before.inFlight { refreshTimedOut = true }
                case .applyRefresh(let token), .applyPage(let token, _):
                    XCTAssertEqual(token, before.inFlight?.token, "applied an answer not in flight")
                case .scrollToTop:
                    // The view moves only for the rows a refresh or an arrival just put in, or
                    // for the pill.
                    switch event {
                    case .refreshApplied, .rowsInsertedAbove, .pillActivated: break
                    default: XCTFail("scrollToTop after \(event)")
                    }
                case .keepPlace:
                    // Only rows that went in above the view keep the place, and the pill counts them.
                    switch event {
                    case .refreshApplied, .rowsInsertedAbove: break
                    default: XCTFail("keepPlace after \(event)")
                    }
                    XCTAssertGreaterThan(engine.newAbove, before.newAbove, "keepPlace without a count after \(event)")
                case .persistLastUpdated, .announce:
                    break
                case .startLoadNewer, .applyNewer, .applyRestore, .persistPlace:
                    // This run begins with no place kept (RestorePlaceTests covers those).
                    XCTFail("\(effect) from a list that keeps no place, after \(event)")
                case .dropRows:
                    // No rows in view are reported in this run (BoundedRowsTests covers those).
                    XCTFail("\(effect) with no rows in view reported, after \(event)")
                case .scrollView, .viewSettled:
                    // Only a layout places the view; this run sends none (PlacementEventTests).
                    XCTFail("\(effect) with no layout, after \(event)")
                case .insertArrivals:
                    // Only rows that waited, or arrived with this event, go in; none wait after.
                    var arrived = false
                    if case .arrivalsWaiting(let count) = event { arrived = count > 0 }
                    XCTAssertTrue(
                        before.arrivalsWaiting > 0 || arrived, "insertArrivals with none waiting, after \(event)")
                    XCTAssertEqual(engine.arrivalsWaiting, 0, "rows left waiting after insertArrivals, after \(event)")
                }
            }
            // Answers end their operation.
            switch event {
            case .refreshCompleted(let token, let outcome, _), .loadMoreCompleted(let token, let outcome):
                if token == before.inFlight?.token, outstanding[token] != nil, engine.inFlight?.token != token {
                    if case .success(let received, _) = outcome, received < 0 { break }
                    outstanding.removeValue(forKey: token)
                }
            default: break
            }
            // At most one operation in flight, and the engine agrees which.
            XCTAssertLessThanOrEqual(outstanding.count, 1, "several in flight after \(event)")
            XCTAssertEqual(outstanding.keys.first, engine.inFlight?.token, "in-flight disagreement after \(event)")
            // Settled after every event: the next wake-up is still ahead.
            if let next = engine.nextWakeUp {
                XCTAssertGreaterThan(next.milliseconds, now, "deadline \(next) left unfired after \(event)")
            }
            // Rows received never wait longer than the batch interval: they go in by then.
            if engine.arrivalsWaiting > 0 {
                XCTAssertLessThanOrEqual(
                    engine.nextWakeUp?.milliseconds ?? .max, now + config.arrivalBatchInterval,
                    "rows received wait with no wake-up for them, after \(event)")
            }
            // Every operation ends: nothing outlives its watchdog.
            for (token, op) in outstanding {
                XCTAssertLessThan(now - op.startedAt, config.operationTimeout, "\(token) outlived its watchdog")
            }
            // No wheel or touchpad pull stays open longer than its idle interval after its last
            // input (a wheel has no release, a touchpad's stop can be lost); a drag is held.
            switch event {
            case .pull, .scroll: if effects.tookInput { lastPullInputAt = now }
            default: break
            }
            if let kind = engine.pullKind, let last = lastPullInputAt {
                switch kind {
                case .wheel:
                    XCTAssertLessThan(now - last, config.wheelIdleInterval, "wheel pull stuck open after \(event)")
                case .touchpad:
                    XCTAssertLessThan(
                        now - last, config.touchpadIdleInterval, "touchpad pull stuck open after \(event)")
                case .drag: break
                }
            }
            // The pill counts only arrivals, and goes at the top.
            XCTAssertGreaterThanOrEqual(engine.newAbove, 0)
            switch event {
            case .refreshApplied, .rowsInsertedAbove: break
            default: XCTAssertLessThanOrEqual(engine.newAbove, before.newAbove, "the pill grew after \(event)")
            }
            // Each arrival is said once: a refresh's as its outcome with where its rows went, any
            // other's as the count above; never both.
            let saidAbove = effects.filter { if case .announce(.newItemsAbove) = $0 { true } else { false } }
            if case .rowsInsertedAbove = event {} else { XCTAssertEqual(saidAbove, [], "after \(event)") }
            if engine.newAbove > before.newAbove, case .rowsInsertedAbove = event {
                XCTAssertEqual(saidAbove, [.announce(.newItemsAbove(count: engine.newAbove))], "after \(event)")
            }
            if engine.newAbove > before.newAbove, case .refreshApplied = event {
                // What the event itself said (after deadlines that fell due before it): the
                // refresh with its rows above, now or with the result once the spinner had its time.
                let said = effects.drop { $0 != .keepPlace }.filter {
                    switch $0 {
                    case .announce(.refreshed), .announce(.refreshedNewAbove): true
                    default: false
                    }
                }
                XCTAssert(
                    said.isEmpty || said == [.announce(.refreshedNewAbove(count: engine.newAbove))],
                    "\(said) after \(event)")
            }
            if case .geometry(let offset, _, let viewport) = event, offset <= 0.5, viewport > 0 {
                XCTAssertEqual(engine.newAbove, 0, "a pill at the top")
            }
            let header = engine.header
            checkVisibleTimes(before: before.header.state, after: header.state, event: event, config: config)
            // The state stays valid.
            XCTAssert(header.height >= 0 && header.height <= config.maximumHeaderHeight, "height \(header.height)")
            XCTAssert(header.progress >= 0 && header.progress <= 1, "progress \(header.progress)")
            XCTAssert(header.arrowDegrees >= 0 && header.arrowDegrees <= 180, "arrow \(header.arrowDegrees)")
            XCTAssertEqual(header.state == .idle, header.height == 0, "collapsed iff idle")
            let loadInFlight = { if case .loadMore = engine.inFlight { true } else { false } }()
            XCTAssertEqual(
                engine.footer == .loading, loadInFlight && engine.footer != .hidden, "footer shows loading iff loading")
            if let page = engine.paging.currentPage { XCTAssertGreaterThanOrEqual(page, config.firstPage) }
        }

        /// Every spinner and every result is on screen for at least its time, counted from the
        /// first frame that showed it (`.presented`, or at once while the host hides the
        /// header), and for no longer than that once shown.
        mutating func checkVisibleTimes(
            before: HeaderState, after: HeaderState, event: Event, config: RefreshConfiguration
        ) {
            let isResult = { (state: HeaderState) in state == .succeeded || state == .failed }
            // A state no frame showed within the presentation timeout counts as shown from the
            // first event after it (the engine fires that before the event itself).
            let timeout = config.presentationTimeout
            if before == .refreshing, spinnerShownAt == nil, now >= spinnerStartedAt + timeout { spinnerShownAt = now }
            if isResult(before), resultShownAt == nil, now >= resultStartedAt + timeout { resultShownAt = now }
            // A spinner or result that just began, or that a frame shows now.
            // (Deadlines fire before the event: a result they bring begins under the old setting.)
            if isResult(after), !isResult(before) {
                resultShownAt = headerHidden ? now : nil
                resultStartedAt = now
            }
            if case .headerHidden(let hidden) = event { headerHidden = hidden }
            // (A result with no display time may show and collapse within the one event.)
            let shows: Bool
            switch event {
            case .presented, .headerHidden(true): shows = true
            default: shows = false
            }
            if shows {
                if after == .refreshing, spinnerShownAt == nil { spinnerShownAt = now }
                if isResult(after) || isResult(before), resultShownAt == nil { resultShownAt = now }
            }
            // The spinner gave way to the result only after its time on screen (the watchdog,
            // which ends a refresh that never answered, excepted).
            if before == .refreshing, isResult(after), !refreshTimedOut, config.minimumSpinnerTime > 0 {
                XCTAssertNotNil(spinnerShownAt, "a result replaced a spinner no frame showed, after \(event)")
                if let shown = spinnerShownAt {
                    XCTAssertGreaterThanOrEqual(
                        now - shown, config.minimumSpinnerTime, "spinner cut short after \(event)")
                }
            }
            // A result collapsed only after its display time on screen. (F5 may replace it with
            // a new refresh at once: the user asked.)
            if isResult(before), after == .idle {
                XCTAssertNotNil(resultShownAt, "a result no frame showed collapsed, after \(event)")
                if let shown = resultShownAt {
                    XCTAssertGreaterThanOrEqual(
                        now - shown, config.resultDisplayTime, "result cut short after \(event)")
                }
            }
            // And no longer than that once shown: the due deadline fired.
            if isResult(after), let shown = resultShownAt {
                XCTAssertLessThan(now, shown + config.resultDisplayTime, "result shown too long after \(event)")
            }
            if after == .refreshing, engine.inFlight == nil, let shown = spinnerShownAt {
                XCTAssertLessThan(now, shown + config.minimumSpinnerTime, "spinner held too long after \(event)")
            }
        }
    }

    func testAMillionRandomEventsKeepEveryInvariant() throws {
        continueAfterFailure = false
        let seed =
            ProcessInfo.processInfo.environment["REFRESH_PROPERTY_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 1...UInt64.max)
        let configurations = [
            try RefreshConfiguration(operationTimeout: 3_000, pageSize: 10),
            try RefreshConfiguration(
                pullThreshold: 48, triggerMode: .onThresholdCross, minimumSpinnerTime: 0, resultDisplayTime: 0,
                operationTimeout: 5_000, loadMoreDistance: 100, firstPage: 0, pageSize: 5, maximumAutomaticPages: 2,
                refreshMerge: .prependNew),
        ]
        var total = 0
        for (index, configuration) in configurations.enumerated() {
            var walk = Walk(configuration: configuration, seed: seed &+ UInt64(index))
            for effect in walk.engine.begin(at: .zero) {
                if case .startRefresh(let token, _) = effect {
                    walk.outstanding[token] = (0, true)
                    walk.issued.append(token)
                }
            }
            while walk.events < 520_000 {
                walk.step()
                if walk.events % 1_000 == 0, (testRun?.totalFailureCount ?? 0) > 0 { break }
            }
            total += walk.events
            XCTAssertGreaterThan(walk.engine.counters.staleAnswers, 1_000, "stale answers were exercised")
            XCTAssertGreaterThan(walk.engine.counters.rejectedInputs, 100, "bad input was exercised")
        }
        print("property test: \(total) events, seed \(seed) (replay with REFRESH_PROPERTY_SEED=\(seed))")
        XCTAssertGreaterThanOrEqual(total, 1_000_000)
    }
}
