// Bad input is ignored and counted, never a crash; a bad configuration is refused by name.

import RefreshEngine
import XCTest

final class BadInputTests: XCTestCase {
    func testNonFiniteAndNegativeValuesAreCountedAndChangeNothing() {
        let store = EngineStore.loaded()
        let before = store.engine
        let bad: [Event] = [
            .geometry(offset: .nan, contentHeight: 2_000, viewportHeight: 600),
            .geometry(offset: 0, contentHeight: .infinity, viewportHeight: 600),
            .geometry(offset: 0, contentHeight: 2_000, viewportHeight: -1),
            .geometry(offset: -3, contentHeight: 2_000, viewportHeight: 600),
            .pull(.wheel(notches: .nan)),
            .pull(.touchpad(distance: .infinity)),
            .pull(.drag(distance: -.infinity)),
            .pull(.drag(distance: 12, sideways: .nan)),
            .itemsShown(-1),
        ]
        for event in bad { store.send(event, effects: []) { $0.counters.rejectedInputs += 1 } }
        XCTAssertEqual(store.engine.counters.rejectedInputs, bad.count)
        var unchanged = before.snapshot
        unchanged.counters.rejectedInputs = bad.count
        XCTAssertEqual(store.engine.snapshot, unchanged, "nothing but the count changed")
    }

    func testANegativeItemCountInAnAnswerIsRejected() {
        let store = EngineStore.loaded()
        store.requestPage(token: 2, page: 2, at: 1_100)
        store.send(.loadMoreCompleted(token(2), .success(received: -4, hasMore: nil)), at: 1_200, effects: []) {
            $0.counters.rejectedInputs = 1
        }
        // Still in flight: the watchdog ends it if no good answer comes.
        store.send(.tick, at: 31_100, effects: [.cancel(token(2)), .announce(.loadFailed)]) {
            $0.footer = .failed
            $0.inFlight = nil
        }
    }

    func testTimeNeverRunsBackwards() {
        let store = EngineStore.loaded()
        store.send(.pull(.wheel(notches: 1)), at: 1_100, effects: []) {
            $0.header = Header.pulling(24, arrow: 0, progress: 0.375, lastUpdated: wall)
        }
        store.send(.tick, at: 500, effects: [])
        XCTAssertEqual(store.engine.now, at(1_100))
    }

    func testInvalidConfigurationsNameTheirField() {
        func field(_ make: () throws -> RefreshConfiguration) -> String? {
            do { _ = try make(); return nil } catch { return (error as? ConfigurationError)?.field ?? "\(error)" }
        }
        XCTAssertEqual(field { try RefreshConfiguration(pullThreshold: 0) }, "pullThreshold")
        XCTAssertEqual(field { try RefreshConfiguration(pullThreshold: .nan) }, "pullThreshold")
        XCTAssertEqual(field { try RefreshConfiguration(maximumHeaderHeight: 10) }, "maximumHeaderHeight")
        XCTAssertEqual(field { try RefreshConfiguration(refreshingHeaderHeight: 0) }, "refreshingHeaderHeight")
        XCTAssertEqual(field { try RefreshConfiguration(dragSlop: -1) }, "dragSlop")
        XCTAssertEqual(field { try RefreshConfiguration(dragSlop: .infinity) }, "dragSlop")
        XCTAssertEqual(field { try RefreshConfiguration(wheelNotchDistance: -1) }, "wheelNotchDistance")
        XCTAssertEqual(field { try RefreshConfiguration(wheelIdleInterval: 0) }, "wheelIdleInterval")
        XCTAssertEqual(field { try RefreshConfiguration(touchpadIdleInterval: 0) }, "touchpadIdleInterval")
        XCTAssertEqual(field { try RefreshConfiguration(minimumSpinnerTime: -1) }, "minimumSpinnerTime")
        XCTAssertEqual(field { try RefreshConfiguration(resultDisplayTime: -1) }, "resultDisplayTime")
        XCTAssertEqual(field { try RefreshConfiguration(operationTimeout: 0) }, "operationTimeout")
        XCTAssertEqual(field { try RefreshConfiguration(loadMoreDistance: -5) }, "loadMoreDistance")
        XCTAssertEqual(field { try RefreshConfiguration(firstPage: -1) }, "firstPage")
        XCTAssertEqual(field { try RefreshConfiguration(pageSize: 0) }, "pageSize")
        XCTAssertEqual(field { try RefreshConfiguration(maximumAutomaticPages: -1) }, "maximumAutomaticPages")
        XCTAssertNil(field { try RefreshConfiguration(loadMoreDistance: 0, maximumAutomaticPages: 0) })
        XCTAssertEqual(
            ConfigurationError(field: "pageSize", requirement: "a count > 0").description,
            "invalid RefreshConfiguration.pageSize: a count > 0")
        // A stored configuration mutated into nonsense is refused by the engine too.
        var mutated = RefreshConfiguration.standard
        mutated.pageSize = -2
        XCTAssertThrowsError(try RefreshEngine(configuration: mutated))
    }
}
