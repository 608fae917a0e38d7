// A TestStore for the engine: each step sends one event at a hand-advanced instant and states
// the exact effects and the whole expected state after it (counters included). By default it
// plays a host whose frames show every state at once: after each step that leaves the header
// waiting for a frame, it sends `.presented` at the same instant (its effects and state count
// as the step's). Tests of what happens before a frame comes turn that off.

import RefreshEngine
import XCTest

let wall = WallClockInstant(millisecondsSince1970: 1_700_000_000_000)

func token(_ value: UInt64) -> OperationToken { OperationToken(rawValue: value) }
/// A host failure message id.
func failure(_ value: UInt32) -> FailureID { FailureID(rawValue: value) }
func at(_ ms: Milliseconds) -> MonotonicInstant { MonotonicInstant(milliseconds: ms) }

/// Expected presentations, spelled the way the README's state table reads.
enum Header {
    static let idle = HeaderPresentation(state: .idle)
    static func refreshing(height: Double = 64, lastUpdated: WallClockInstant? = nil) -> HeaderPresentation {
        HeaderPresentation(
            state: .refreshing, height: height, arrowDegrees: 180, progress: 1, showsSpinner: true,
            title: .refreshing, lastUpdated: lastUpdated)
    }
    static func succeeded(height: Double = 64, lastUpdated: WallClockInstant? = wall) -> HeaderPresentation {
        HeaderPresentation(
            state: .succeeded, height: height, arrowDegrees: 180, progress: 1, title: .refreshed,
            lastUpdated: lastUpdated)
    }
    static func failed(height: Double = 64, lastUpdated: WallClockInstant? = nil) -> HeaderPresentation {
        HeaderPresentation(
            state: .failed, height: height, arrowDegrees: 180, progress: 1, title: .refreshFailed,
            lastUpdated: lastUpdated)
    }
    static func pulling(
        _ height: Double, arrow: Double, progress: Double, lastUpdated: WallClockInstant? = nil
    ) -> HeaderPresentation {
        HeaderPresentation(
            state: .pulling, height: height, arrowDegrees: arrow, progress: progress, title: .pullToRefresh,
            lastUpdated: lastUpdated)
    }
    static func armed(_ height: Double, lastUpdated: WallClockInstant? = nil) -> HeaderPresentation {
        HeaderPresentation(
            state: .armed, height: height, arrowDegrees: 180, progress: 1, title: .releaseToRefresh,
            lastUpdated: lastUpdated)
    }
}

final class EngineStore {
    private(set) var engine: RefreshEngine
    var expected: Snapshot
    private(set) var now: MonotonicInstant = .zero
    /// Whether the pull took the last event sent (an output of that event).
    private(set) var tookInput = false
    /// Whether a frame shows each step's header at once (see the top of the file).
    var presentsFrames: Bool

    init(
        _ configuration: RefreshConfiguration = .standard, lastUpdated: WallClockInstant? = nil,
        presentsFrames: Bool = true
    ) {
        engine = try! RefreshEngine(configuration: configuration, lastUpdated: lastUpdated)
        expected = engine.snapshot
        self.presentsFrames = presentsFrames
    }

    /// Begins the engine at 0 ms and checks the effects and the state.
    func begin(
        place: PlaceMemory = .off, effects: [Effect], file: StaticString = #filePath, line: UInt = #line,
        _ update: (inout Snapshot) -> Void = { _ in }
    ) {
        let produced = Array(engine.begin(at: now, place: place)) + presentFrame()
        check(produced, effects, update, file: file, line: line)
    }

    /// Begins the engine at 0 ms: the first refresh starts as token 1, the header refreshing.
    func beginFirstRefresh(file: StaticString = #filePath, line: UInt = #line) {
        begin(effects: [.startRefresh(token(1), origin: .initial), .announce(.refreshStarted)], file: file, line: line)
        {
            $0.header = Header.refreshing()
            $0.inFlight = .refresh(token(1))
        }
    }

    /// Asks for a refresh at `ms` (F5, an action), which starts as `token`; the header shows
    /// `lastUpdated` while it refreshes.
    func requestRefresh(
        token value: UInt64, at ms: Milliseconds, lastUpdated: WallClockInstant? = wall,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        send(
            .refreshRequested, at: ms,
            effects: [.startRefresh(token(value), origin: .request), .announce(.refreshStarted)],
            file: file, line: line
        ) {
            $0.header = Header.refreshing(lastUpdated: lastUpdated)
            $0.inFlight = .refresh(token(value))
        }
    }

    /// Asks for page `page` at `ms` (an explicit load-more), which starts as `token`.
    func requestPage(
        token value: UInt64, page: Int, at ms: Milliseconds, file: StaticString = #filePath, line: UInt = #line
    ) {
        send(
            .loadMoreRequested, at: ms, effects: [.startLoadMore(token(value), page: page), .announce(.loadingMore)],
            file: file, line: line
        ) {
            $0.footer = .loading
            $0.inFlight = .loadMore(token(value), page: page)
        }
    }

    /// Sends `event` at `ms` (absolute, ≥ the previous step), then checks the whole state.
    @discardableResult
    func send(
        _ event: Event, at ms: Milliseconds? = nil, effects: [Effect],
        file: StaticString = #filePath, line: UInt = #line, _ update: (inout Snapshot) -> Void = { _ in }
    ) -> [Effect] {
        if let ms { now = MonotonicInstant(milliseconds: ms) }
        let answer = engine.handle(event, at: now)
        tookInput = answer.tookInput
        let produced = Array(answer) + presentFrame()
        check(produced, effects, update, file: file, line: line)
        return produced
    }

    /// Sends the placement event `event` at `ms` (absolute, ≥ the previous step), then checks
    /// the effects, the whole state and the whole placement after it. A placement event fires
    /// no deadline (the host sends it from inside its effects and layout), so one due may be
    /// left for the next other event, and no frame follows it.
    @discardableResult
    func place(
        _ event: Event, at ms: Milliseconds? = nil, effects: [Effect], placed: Placed,
        file: StaticString = #filePath, line: UInt = #line, _ update: (inout Snapshot) -> Void = { _ in }
    ) -> [Effect] {
        if let ms { now = MonotonicInstant(milliseconds: ms) }
        let produced = Array(engine.handle(event, at: now))
        update(&expected)
        XCTAssertEqual(produced, effects, "effects", file: file, line: line)
        XCTAssertEqual(engine.snapshot, expected, file: file, line: line)
        XCTAssertEqual(Placed(engine.placement), placed, "the placement", file: file, line: line)
        return produced
    }

    /// The frame after a step, when this store shows frames at once: its effects.
    private func presentFrame() -> [Effect] {
        guard presentsFrames, engine.awaitsPresentation else { return [] }
        return Array(engine.handle(.presented, at: now))
    }

    private func check(
        _ produced: [Effect], _ effects: [Effect], _ update: (inout Snapshot) -> Void,
        file: StaticString, line: UInt
    ) {
        update(&expected)
        XCTAssertEqual(produced, effects, "effects", file: file, line: line)
        XCTAssertEqual(engine.snapshot, expected, file: file, line: line)
        // Settled: whatever was due by now has fired.
        if let wakeUp = engine.nextWakeUp {
            XCTAssertGreaterThan(
                wakeUp, now, "a deadline due at \(wakeUp) is left unfired at \(now)", file: file, line: line)
        }
    }

    /// A list that finished its first refresh with `items` rows and shows a 600 px viewport
    /// over `contentHeight` px, header idle again, at 1 000 ms. `loadsByCursor`: the host loads
    /// by cursor (`begin(at:place:loadsByCursor:)`).
    static func loaded(
        _ configuration: RefreshConfiguration = .standard, items: Int = 20, hasMore: Bool? = nil,
        contentHeight: Double = 2_000, loadsByCursor: Bool = false
    ) -> EngineStore {
        let store = EngineStore(configuration)
        _ = store.engine.begin(at: .zero, loadsByCursor: loadsByCursor)
        _ = store.engine.handle(.presented, at: .zero)
        _ = store.engine.handle(
            .refreshCompleted(token(1), .success(received: items, hasMore: hasMore), wallClock: wall), at: .zero)
        _ = store.engine.handle(.tick, at: at(400))
        _ = store.engine.handle(.presented, at: at(400))
        _ = store.engine.handle(.tick, at: at(1_000))
        _ = store.engine.handle(.geometry(offset: 0, contentHeight: contentHeight, viewportHeight: 600), at: at(1_000))
        store.now = at(1_000)
        store.expected = store.engine.snapshot
        XCTAssertEqual(store.expected.header, HeaderPresentation(state: .idle, lastUpdated: wall))
        XCTAssertNil(store.engine.inFlight)
        return store
    }
}

extension HeaderPresentation {
    func with(_ change: (inout HeaderPresentation) -> Void) -> HeaderPresentation {
        var copy = self
        change(&copy)
        return copy
    }
}

extension RefreshConfiguration {
    static func with(_ change: (inout RefreshConfiguration) -> Void) -> RefreshConfiguration {
        var configuration = RefreshConfiguration.standard
        change(&configuration)
        try! configuration.validate()
        return configuration
    }
}
