// What a list with no rows shows in their place: the first load running, an empty answer, the
// last refresh's failure (kept, with its message, until a refresh succeeds), and nothing once
// rows are shown. Each step states the placeholder, the header, what is in flight and the rows.

import RefreshEngine
import XCTest

final class PlaceholderTests: XCTestCase {
    /// An engine with no minimum spinner time and a 100 ms result, whose host shows every state
    /// in a frame at once.
    private struct Host {
        var engine = try! RefreshEngine(
            configuration: .with {
                $0.minimumSpinnerTime = 0
                $0.resultDisplayTime = 100
            })

        mutating func send(_ event: Event, at ms: Milliseconds) {
            _ = engine.handle(event, at: at(ms))
            if engine.awaitsPresentation { _ = engine.handle(.presented, at: at(ms)) }
        }

        func check(
            _ placeholder: Placeholder, _ header: HeaderState, inFlight: InFlight?, rows: Int,
            file: StaticString = #filePath, line: UInt = #line
        ) {
            XCTAssertEqual(engine.placeholder, placeholder, "placeholder", file: file, line: line)
            XCTAssertEqual(engine.header.state, header, "header", file: file, line: line)
            XCTAssertEqual(engine.inFlight, inFlight, "in flight", file: file, line: line)
            XCTAssertEqual(engine.itemsShown, rows, "rows", file: file, line: line)
        }
    }

    func testNothingBeforeTheFirstLoadThenLoadingThenEmpty() {
        var host = Host()
        host.check(.none, .idle, inFlight: nil, rows: 0)
        _ = host.engine.begin(at: at(0))
        _ = host.engine.handle(.presented, at: at(0))
        host.check(.loading, .refreshing, inFlight: .refresh(token(1)), rows: 0)
        host.send(.refreshCompleted(token(1), .success(received: 0, hasMore: false), wallClock: wall), at: 300)
        host.send(.refreshApplied(shown: 0, new: 0), at: 300)
        host.check(.empty, .succeeded, inFlight: nil, rows: 0)
        host.send(.tick, at: 400)
        host.check(.empty, .idle, inFlight: nil, rows: 0)
        // F5 on the empty list: loading again, then the rows.
        host.send(.refreshRequested, at: 1_000)
        host.check(.loading, .refreshing, inFlight: .refresh(token(2)), rows: 0)
        host.send(.refreshCompleted(token(2), .success(received: 3, hasMore: false), wallClock: wall), at: 1_200)
        host.send(.refreshApplied(shown: 3, new: 3), at: 1_200)
        host.check(.none, .succeeded, inFlight: nil, rows: 3)
    }

    func testAFailedFirstLoadIsShownWithItsMessageUntilARefreshSucceeds() {
        var host = Host()
        _ = host.engine.begin(at: at(0))
        _ = host.engine.handle(.presented, at: at(0))
        host.send(.refreshCompleted(token(1), .failure(failure(7)), wallClock: wall), at: 300)
        host.check(.failed(failure(7)), .failed, inFlight: nil, rows: 0)
        host.send(.tick, at: 400)
        host.check(.failed(failure(7)), .idle, inFlight: nil, rows: 0)
        XCTAssertTrue(host.engine.refersTo(failure(7)), "the host keeps the message the placeholder shows")
        // Retry (a refresh): loading, and a second failure replaces the first.
        host.send(.refreshRequested, at: 1_000)
        host.check(.loading, .refreshing, inFlight: .refresh(token(2)), rows: 0)
        host.send(.tick, at: 31_000)  // the watchdog
        host.check(.failed(.timedOut), .failed, inFlight: nil, rows: 0)
        XCTAssertFalse(host.engine.refersTo(failure(7)))
        host.send(.refreshRequested, at: 32_000)
        host.send(.refreshCompleted(token(3), .success(received: 20, hasMore: true), wallClock: wall), at: 32_200)
        host.send(.refreshApplied(shown: 20, new: 20), at: 32_200)
        host.check(.none, .succeeded, inFlight: nil, rows: 20)
        XCTAssertFalse(host.engine.refersTo(.timedOut))
    }

    func testAFailedRefreshOverRowsShowsNoPlaceholder() {
        var host = Host()
        _ = host.engine.begin(at: at(0))
        _ = host.engine.handle(.presented, at: at(0))
        host.send(.refreshCompleted(token(1), .success(received: 20, hasMore: true), wallClock: wall), at: 300)
        host.send(.refreshApplied(shown: 20, new: 20), at: 300)
        host.send(.tick, at: 400)
        host.send(.refreshRequested, at: 1_000)
        host.check(.none, .refreshing, inFlight: .refresh(token(2)), rows: 20)
        host.send(.refreshCompleted(token(2), .failure(failure(2)), wallClock: wall), at: 1_300)
        host.check(.none, .failed, inFlight: nil, rows: 20)
        // The rows removed by the host: the last refresh's failure is what the list has to say.
        host.send(.itemsShown(0), at: 1_350)
        host.check(.failed(failure(2)), .failed, inFlight: nil, rows: 0)
    }
}
