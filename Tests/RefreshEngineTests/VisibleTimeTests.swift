// Visible time is counted on screen: the minimum spinner time and the result display time
// start with the first frame that showed their state (`.presented`), so a main loop that comes
// back late (a cold first frame, a stall, a suspended process) never skips a state the user
// must see. A frame that never comes is waited for up to the presentation timeout (2 s), after
// which the state counts as shown from the first event after it. These stores present no frame
// unless a step sends `.presented`.

import RefreshEngine
import XCTest

final class VisibleTimeTests: XCTestCase {
    /// An engine that started its first refresh at 0 ms; no frame has shown it yet.
    private func started() -> EngineStore {
        let store = EngineStore(presentsFrames: false)
        store.beginFirstRefresh()
        XCTAssertTrue(store.engine.awaitsPresentation, "the spinner waits for its first frame")
        XCTAssertEqual(store.engine.nextWakeUp, at(2_000), "a frame is waited for up to the presentation timeout")
        return store
    }

    func testAFailureAnsweredDuringAStallIsShownForItsTimeOnceAFrameShowsIt() {
        let store = started()
        store.send(.presented, at: 16, effects: [])
        XCTAssertFalse(store.engine.awaitsPresentation)
        // The answer comes after the spinner's time (16 + 400 ms): the failure shows next.
        store.send(
            .refreshCompleted(token(1), .failure(failure(1)), wallClock: wall), at: 708,
            effects: [.announce(.refreshFailed)]
        ) {
            $0.header = Header.failed()
            $0.inFlight = nil
        }
        XCTAssertTrue(store.engine.awaitsPresentation, "the failure waits for its first frame")
        XCTAssertEqual(store.engine.nextWakeUp, at(2_708), "the failure waits for its first frame, up to 2 s")
        // The loop stalls; it comes back 930 ms later with a tick: the failure was never drawn,
        // so it still shows, rather than the header collapsing unseen.
        store.send(.tick, at: 1_638, effects: [])
        store.send(.presented, at: 1_640, effects: [])
        XCTAssertEqual(store.engine.nextWakeUp, at(2_240), "600 ms from the frame that showed it")
        store.send(.tick, at: 2_239, effects: [])
        store.send(.tick, at: 2_240, effects: []) { $0.header = Header.idle }
        XCTAssertNil(store.engine.nextWakeUp)
    }

    func testALateTickAfterTheSpinnerShowsTheResultNextInsteadOfSkippingIt() {
        let store = started()
        store.send(.presented, at: 0, effects: [])
        store.send(
            .refreshCompleted(token(1), .success(received: 20, hasMore: true), wallClock: wall), at: 10,
            effects: [.applyRefresh(token(1)), .persistLastUpdated(wall)]
        ) {
            $0.header = Header.refreshing(lastUpdated: wall)
            $0.inFlight = nil
            $0.footer = .idle
            $0.paging.currentPage = 1
        }
        store.send(.refreshApplied(shown: 20, new: 20), at: 10, effects: [])
        XCTAssertEqual(
            store.engine.nextWakeUp, at(400), "the spinner holds until 400; the rows' layout waits for a frame")
        XCTAssertTrue(store.engine.awaitsPresentation, "the frame that lays out the rows")
        // The host slept past the spinner's time and what would have been the result's.
        store.send(.tick, at: 5_000, effects: [.announce(.refreshed(newItems: 20))]) {
            $0.header = Header.succeeded()
        }
        store.send(.tick, at: 5_100, effects: [])  // no frame yet: the result stays
        store.send(.presented, at: 5_120, effects: [])
        store.send(.tick, at: 5_719, effects: [])
        store.send(.tick, at: 5_720, effects: []) { $0.header = HeaderPresentation(state: .idle, lastUpdated: wall) }
    }

    func testAnAnswerBeforeTheFirstFrameHoldsTheSpinnerForItsTimeOnScreen() {
        let store = started()
        // A cold start: the answer is in before any frame was drawn.
        store.send(.refreshCompleted(token(1), .failure(failure(1)), wallClock: wall), at: 300, effects: []) {
            $0.inFlight = nil
        }
        store.send(.tick, at: 900, effects: [])  // a tick before the first frame changes nothing
        XCTAssertEqual(store.engine.nextWakeUp, at(2_000))
        store.send(.presented, at: 1_000, effects: [])
        XCTAssertEqual(store.engine.nextWakeUp, at(1_400))
        store.send(.tick, at: 1_400, effects: [.announce(.refreshFailed)]) { $0.header = Header.failed() }
        store.send(.presented, at: 1_416, effects: [])
        store.send(.tick, at: 2_016, effects: []) { $0.header = Header.idle }
    }

    func testAStallAfterTheResultWasDrawnCountsAsShown() {
        let store = started()
        store.send(.presented, at: 0, effects: [])
        store.send(
            .refreshCompleted(token(1), .failure(failure(1)), wallClock: wall), at: 500,
            effects: [.announce(.refreshFailed)]
        ) {
            $0.header = Header.failed()
            $0.inFlight = nil
        }
        store.send(.presented, at: 516, effects: [])
        // The screen kept showing the failure while the process was stopped for 5 s.
        store.send(.tick, at: 5_516, effects: []) { $0.header = Header.idle }
    }

    func testExtraFramesDoNotRestartAVisibleTime() {
        let store = started()
        store.send(.presented, at: 0, effects: [])
        store.send(.presented, at: 200, effects: [])
        store.send(.refreshCompleted(token(1), .failure(failure(1)), wallClock: wall), at: 300, effects: []) {
            $0.inFlight = nil
        }
        store.send(.presented, at: 350, effects: [])
        XCTAssertEqual(store.engine.nextWakeUp, at(400), "the spinner's time ran from its first frame")
        store.send(.tick, at: 400, effects: [.announce(.refreshFailed)]) { $0.header = Header.failed() }
        store.send(.presented, at: 410, effects: [])
        store.send(.presented, at: 900, effects: [])
        store.send(.tick, at: 1_010, effects: []) { $0.header = Header.idle }
    }

    func testAHiddenHeaderWaitsForNoFrame() {
        let store = EngineStore(presentsFrames: false)
        store.send(.headerHidden(true), at: 0, effects: []) { $0.header.isVisible = false }
        store.begin(effects: [.startRefresh(token(1), origin: .initial), .announce(.refreshStarted)]) {
            $0.header = Header.refreshing().with { $0.isVisible = false }
            $0.inFlight = .refresh(token(1))
        }
        XCTAssertFalse(store.engine.awaitsPresentation, "nothing on screen to wait for")
        store.send(.refreshCompleted(token(1), .failure(failure(1)), wallClock: wall), at: 100, effects: []) {
            $0.inFlight = nil
        }
        store.send(.tick, at: 400, effects: [.announce(.refreshFailed)]) {
            $0.header = Header.failed().with { $0.isVisible = false }
        }
        store.send(.tick, at: 1_000, effects: []) { $0.header = Header.idle.with { $0.isVisible = false } }
    }

    func testHidingTheHeaderStartsATimeStillWaitingForAFrame() {
        let store = started()
        store.send(.headerHidden(true), at: 50, effects: []) { $0.header.isVisible = false }
        XCTAssertFalse(store.engine.awaitsPresentation)
        store.send(
            .refreshCompleted(token(1), .failure(failure(1)), wallClock: wall), at: 460,
            effects: [.announce(.refreshFailed)]
        ) {
            $0.header = Header.failed().with { $0.isVisible = false }
            $0.inFlight = nil
        }
        store.send(.tick, at: 1_060, effects: []) { $0.header = Header.idle.with { $0.isVisible = false } }
    }

    func testWithNoMinimumSpinnerTimeAnAnswerBeforeAnyFrameShowsTheResult() {
        let store = EngineStore(.with { $0.minimumSpinnerTime = 0 }, presentsFrames: false)
        store.beginFirstRefresh()
        store.send(
            .refreshCompleted(token(1), .failure(failure(1)), wallClock: wall), at: 5,
            effects: [.announce(.refreshFailed)]
        ) {
            $0.header = Header.failed()
            $0.inFlight = nil
        }
        store.send(.presented, at: 20, effects: [])
        store.send(.tick, at: 620, effects: []) { $0.header = Header.idle }
    }

    func testAFrameThatNeverComesIsWaitedForUpToThePresentationTimeout() {
        let store = started()
        // No frame ever comes (a compositor that sends a hidden window none, say).
        store.send(.refreshCompleted(token(1), .failure(failure(1)), wallClock: wall), at: 100, effects: []) {
            $0.inFlight = nil
        }
        // 2 s after the refresh began, the spinner counts as shown: it holds 400 ms from then.
        store.send(.tick, at: 2_000, effects: [])
        XCTAssertEqual(store.engine.nextWakeUp, at(2_400))
        store.send(.tick, at: 2_400, effects: [.announce(.refreshFailed)]) { $0.header = Header.failed() }
        XCTAssertEqual(store.engine.nextWakeUp, at(4_400), "the failure waits for a frame in its turn")
        store.send(.tick, at: 4_400, effects: [])
        store.send(.tick, at: 4_999, effects: [])
        store.send(.tick, at: 5_000, effects: []) { $0.header = Header.idle }
    }

    func testAStalledLoopPastThePresentationTimeoutStillShowsEachStateFromWhenItComesBack() {
        let store = started()
        store.send(.refreshCompleted(token(1), .failure(failure(1)), wallClock: wall), at: 100, effects: []) {
            $0.inFlight = nil
        }
        // The loop comes back 9 s later: the spinner counts from now, not from 2 s.
        store.send(.tick, at: 9_000, effects: [])
        store.send(.presented, at: 9_010, effects: [])
        store.send(.tick, at: 9_400, effects: [.announce(.refreshFailed)]) { $0.header = Header.failed() }
        store.send(.presented, at: 9_416, effects: [])
        store.send(.tick, at: 10_015, effects: [])
        store.send(.tick, at: 10_016, effects: []) { $0.header = Header.idle }
    }
}
