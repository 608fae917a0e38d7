// The last-updated instant: none until the first success, changed only by success, restored
// from what the host persisted.

import RefreshEngine
import XCTest

final class TimestampTests: XCTestCase {
    func testOnlySuccessChangesTheTimestampAndAsksToPersistIt() {
        let store = EngineStore()
        XCTAssertNil(store.expected.header.lastUpdated)
        store.beginFirstRefresh()
        store.send(
            .refreshCompleted(token(1), .failure(failure(1)), wallClock: wall), at: 500,
            effects: [.announce(.refreshFailed)]
        ) {
            $0.header = Header.failed()
            $0.inFlight = nil
        }
        store.requestRefresh(token: 2, at: 1_200, lastUpdated: nil)
        let produced = store.send(
            .refreshCompleted(token(2), .success(received: 3, hasMore: nil), wallClock: wall), at: 2_000,
            effects: [.applyRefresh(token(2)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.succeeded()
            $0.inFlight = nil
            $0.paging.currentPage = 1
        }
        XCTAssertTrue(produced.contains(.persistLastUpdated(wall)))
    }

    func testARestoredTimestampShowsFromTheStart() {
        let restored = WallClockInstant(millisecondsSince1970: 1_600_000_000_000)
        let store = EngineStore(lastUpdated: restored)
        XCTAssertEqual(store.expected.header, HeaderPresentation(state: .idle, lastUpdated: restored))
        store.begin(effects: [.startRefresh(token(1), origin: .initial), .announce(.refreshStarted)]) {
            $0.header = Header.refreshing(lastUpdated: restored)
            $0.inFlight = .refresh(token(1))
        }
        store.send(.tick, at: 30_000, effects: [.cancel(token(1)), .announce(.refreshFailed)]) {
            $0.header = Header.failed(lastUpdated: restored)
            $0.inFlight = nil
        }
    }
}
