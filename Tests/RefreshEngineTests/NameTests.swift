// The words of every state and kind, as the README's tables and the trace spell them.

import RefreshEngine
import XCTest

final class NameTests: XCTestCase {
    func testEveryStateAndKindHasTheReadmesWord() {
        XCTAssertEqual(
            HeaderState.allCases.map(\.name), ["idle", "pulling", "armed", "refreshing", "succeeded", "failed"])
        XCTAssertEqual(FooterState.allCases.map(\.name), ["hidden", "idle", "loading", "failed", "exhausted"])
        XCTAssertEqual(PullKind.allCases.map(\.name), ["wheel", "touchpad", "drag"])
        XCTAssertEqual(TriggerMode.allCases.map(\.name), ["onRelease", "onThresholdCross"])
        XCTAssertEqual(
            HeaderTitle.allCases.map(\.name),
            ["pullToRefresh", "releaseToRefresh", "refreshing", "refreshed", "refreshFailed"])
        XCTAssertEqual([Edge.top, .bottom].map(\.name), ["top", "bottom"])
        XCTAssertEqual([RefreshOrigin.initial, .pull, .request].map(\.name), ["initial", "pull", "request"])
    }

    func testCasesCompareByCase() {
        XCTAssertEqual(PullKind.wheel, .wheel)
        XCTAssertNotEqual(PullKind.wheel, .touchpad)
        XCTAssertNotEqual(HeaderState.idle, .failed)
        XCTAssertEqual(Set(FooterState.allCases).count, 5)
    }
}
