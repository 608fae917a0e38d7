// Live arrivals (a stream's posts received for the top): at the top, or before anything is
// laid out, each goes in at once; away from the top they wait and go in together,
// `arrivalBatchInterval` after the first of a batch, or as soon as the reader reaches the top;
// once in, they are an insert above the view (the place holds, the pill counts them, said once
// per batch). A row that goes away while waiting is not waited for.

import RefreshEngine
import XCTest

final class ArrivalTests: XCTestCase {
    func testAwayFromTheTopArrivalsWaitAndGoInTogetherThenThePillCountsThemOnce() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        // Three posts 4 ms apart: they wait, and the pill does not move yet.
        store.send(.arrivalsWaiting(1), at: 1_200, effects: []) { $0.arrivalsWaiting = 1 }
        store.send(.arrivalsWaiting(2), at: 1_204, effects: []) { $0.arrivalsWaiting = 2 }
        store.send(.arrivalsWaiting(3), at: 1_208, effects: []) { $0.arrivalsWaiting = 3 }
        XCTAssertEqual(store.engine.nextWakeUp, at(1_700), "the first of the batch sets its time")
        store.send(.tick, at: 1_699, effects: [])
        // The batch's time: all three go in, in one change.
        store.send(.tick, at: 1_700, effects: [.insertArrivals]) { $0.arrivalsWaiting = 0 }
        XCTAssertNil(store.engine.nextWakeUp)
        // The host put them in above the view: the place holds, the pill counts them, said once.
        store.send(.itemsShown(23), at: 1_700, effects: [])
        store.send(.rowsInsertedAbove(3), at: 1_700, effects: [.keepPlace, .announce(.newItemsAbove(count: 3))]) {
            $0.newAbove = 3
        }
        // The next post starts the next batch.
        store.send(.arrivalsWaiting(1), at: 1_750, effects: []) { $0.arrivalsWaiting = 1 }
        XCTAssertEqual(store.engine.nextWakeUp, at(2_250))
        // A post that comes after the batch's time (the timer was late) puts the batch in first,
        // and goes in with it: the host puts in every row it holds.
        store.send(.arrivalsWaiting(2), at: 2_260, effects: [.insertArrivals]) { $0.arrivalsWaiting = 0 }
        XCTAssertNil(store.engine.nextWakeUp)
    }

    func testAtTheTopEachArrivalGoesInAtOnceAndTheViewShowsIt() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.arrivalsWaiting(1), at: 1_100, effects: [.insertArrivals])
        store.send(.itemsShown(21), at: 1_100, effects: [])
        store.send(.rowsInsertedAbove(1), at: 1_100, effects: [.scrollToTop])
        // The view is going to the top for it: the next one goes in at once too, and is seen.
        store.send(.arrivalsWaiting(1), at: 1_104, effects: [.insertArrivals])
        store.send(.itemsShown(22), at: 1_104, effects: [])
        store.send(.rowsInsertedAbove(1), at: 1_104, effects: [])
    }

    func testAMainLoopThatComesBackLateStillWaitsForTheLayoutThatShowsTheTop() {
        // A host whose frames come only when the test says (a stalled main loop).
        let store = Self.postAtTheTopBeforeAnyFrame()
        XCTAssertTrue(store.engine.awaitsPresentation, "the view going to the top waits for the frame that lays it out")
        // The loop comes back 400 ms late, before any frame: the layout has not happened, so
        // the view is still on its way to the top.
        store.send(.tick, at: 1_500, effects: [])
        // GTK's first layout reports the old first row kept in place (one row down), before it
        // takes the view to the top: not the reader's place.
        store.send(.geometry(offset: 100, contentHeight: 2_100, viewportHeight: 600), at: 1_501, effects: [])
        // A post that arrives meanwhile goes in at once, and is seen at the top: no pill.
        store.send(.arrivalsWaiting(1), at: 1_502, effects: [.insertArrivals])
        store.send(.itemsShown(22), at: 1_502, effects: [])
        store.send(.rowsInsertedAbove(1), at: 1_502, effects: [])
        // The frame comes, and the layout takes the view to the top: the wait is over.
        store.send(.presented, at: 1_503, effects: [])
        XCTAssertFalse(store.engine.awaitsPresentation)
        store.send(.geometry(offset: 0, contentHeight: 2_200, viewportHeight: 600), at: 1_504, effects: [])
        XCTAssertNil(store.engine.nextWakeUp, "nothing left to wait for")
        // At the top, the next post goes in at once and the view shows it, as before.
        store.send(.arrivalsWaiting(1), at: 1_600, effects: [.insertArrivals])
        store.send(.itemsShown(23), at: 1_600, effects: [])
        store.send(.rowsInsertedAbove(1), at: 1_600, effects: [.scrollToTop])
    }

    func testALayoutNoFrameShowsIsWaitedForAsLongAsAHeaderStateIs() {
        // A window that shows no frames (hidden, say): the wait for the layout gives up after
        // the presentation timeout, and the geometry then counts, a settle time later.
        let store = Self.postAtTheTopBeforeAnyFrame()
        XCTAssertEqual(store.engine.nextWakeUp, at(3_100), "the presentation timeout (2 s)")
        store.send(.tick, at: 3_100, effects: [])
        XCTAssertFalse(store.engine.awaitsPresentation, "no frame is waited for longer")
        XCTAssertEqual(store.engine.nextWakeUp, at(3_200), "layout has its settle time from then")
        store.send(.tick, at: 3_200, effects: [])
        XCTAssertNil(store.engine.nextWakeUp)
        // Geometry away from the top now is the reader's: a post waits for its batch.
        store.send(.geometry(offset: 100, contentHeight: 2_100, viewportHeight: 600), at: 3_300, effects: [])
        store.send(.arrivalsWaiting(1), at: 3_301, effects: []) { $0.arrivalsWaiting = 1 }
    }

    func testTheReaderReachingTheTopTakesTheWaitingRowsInAtOnce() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.arrivalsWaiting(1), at: 1_200, effects: []) { $0.arrivalsWaiting = 1 }
        store.send(.arrivalsWaiting(2), at: 1_204, effects: []) { $0.arrivalsWaiting = 2 }
        // The reader scrolls to the top before the batch's time: the rows go in now, in view.
        store.send(
            .geometry(offset: 0, contentHeight: 2_000, viewportHeight: 600), at: 1_300, effects: [.insertArrivals]
        ) { $0.arrivalsWaiting = 0 }
        XCTAssertNil(store.engine.nextWakeUp)
        store.send(.itemsShown(22), at: 1_300, effects: [])
        store.send(.rowsInsertedAbove(2), at: 1_300, effects: [.scrollToTop])
    }

    func testBeforeAnythingIsLaidOutArrivalsGoInAtOnce() {
        let store = EngineStore(.with { $0.refreshOnStart = false })
        store.begin(effects: [])
        store.send(.arrivalsWaiting(1), at: 10, effects: [.insertArrivals])
        store.send(.itemsShown(1), at: 10, effects: [])
        store.send(.rowsInsertedAbove(0), at: 10, effects: [])
    }

    func testARowThatGoesAwayWhileWaitingIsNotWaitedFor() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.arrivalsWaiting(2), at: 1_200, effects: []) { $0.arrivalsWaiting = 2 }
        // One of them was deleted: the other still goes in at the batch's time.
        store.send(.arrivalsWaiting(1), at: 1_250, effects: []) { $0.arrivalsWaiting = 1 }
        XCTAssertEqual(store.engine.nextWakeUp, at(1_700))
        // Both deleted: nothing is due.
        store.send(.arrivalsWaiting(0), at: 1_300, effects: []) { $0.arrivalsWaiting = 0 }
        XCTAssertNil(store.engine.nextWakeUp)
        store.send(.tick, at: 1_700, effects: [])
        // A count below 0 is a host bug.
        store.send(.arrivalsWaiting(-1), at: 1_800, effects: []) { $0.counters.rejectedInputs = 1 }
    }

    func testWithNoBatchIntervalArrivalsAwayFromTheTopGoInAtOnce() {
        let store = EngineStore.loaded(.with { $0.arrivalBatchInterval = 0 }, items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.arrivalsWaiting(1), at: 1_200, effects: [.insertArrivals])
        store.send(.itemsShown(21), at: 1_200, effects: [])
        store.send(.rowsInsertedAbove(1), at: 1_200, effects: [.keepPlace, .announce(.newItemsAbove(count: 1))]) {
            $0.newAbove = 1
        }
        XCTAssertThrowsError(try RefreshConfiguration(arrivalBatchInterval: -1))
    }

    /// A loaded list at the top whose host shows frames only when the test says: a post arrives
    /// at 1 100 ms, goes in, and the view is sent to the top; no frame has laid it out yet.
    private static func postAtTheTopBeforeAnyFrame(file: StaticString = #filePath, line: UInt = #line) -> EngineStore {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.presentsFrames = false
        store.send(.arrivalsWaiting(1), at: 1_100, effects: [.insertArrivals], file: file, line: line)
        store.send(.itemsShown(21), at: 1_100, effects: [], file: file, line: line)
        store.send(.rowsInsertedAbove(1), at: 1_100, effects: [.scrollToTop], file: file, line: line)
        return store
    }
}

/// A list off screen (its window hidden, another page shown over it, a post's thread opened):
/// nobody sees rows arrive, so they wait, however long, and go in when it shows again, above
/// the place the reader left, which holds to the pixel, at the top too; the pill counts them.
final class ArrivalsOffScreenTests: XCTestCase {
    func testArrivalsWhileTheListIsAwayWaitAndGoInAboveThePlaceItLeftCounted() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        XCTAssertTrue(store.engine.isListShown, "a list is taken as shown until told otherwise")
        // The reader, at the top, opens a post: the list leaves the screen.
        store.send(.listShown(false), at: 1_100, effects: [])
        XCTAssertFalse(store.engine.isListShown)
        store.send(.arrivalsWaiting(1), at: 1_200, effects: []) { $0.arrivalsWaiting = 1 }
        store.send(.arrivalsWaiting(2), at: 1_300, effects: []) { $0.arrivalsWaiting = 2 }
        XCTAssertNil(store.engine.nextWakeUp, "nothing is due while nobody sees the list")
        store.send(.tick, at: 60_000, effects: [])
        // Back: they go in at once, above the place the reader left.
        store.send(.listShown(true), at: 60_100, effects: [.insertArrivals]) { $0.arrivalsWaiting = 0 }
        XCTAssertTrue(store.engine.isListShown)
        store.send(.itemsShown(22), at: 60_100, effects: [])
        // At the top too the place holds (the reader comes back to what they left) and the
        // pill counts them, said once.
        store.send(.rowsInsertedAbove(2), at: 60_100, effects: [.keepPlace, .announce(.newItemsAbove(count: 2))]) {
            $0.newAbove = 2
        }
        // The first layout, before the place is put back, is at the top: the rows are not seen.
        store.send(.geometry(offset: 0, contentHeight: 2_200, viewportHeight: 600), at: 60_110, effects: [])
        store.send(.geometry(offset: 200, contentHeight: 2_200, viewportHeight: 600), at: 60_120, effects: [])
        // Scrolled back to the top, the reader sees them: the pill goes.
        store.send(.geometry(offset: 0, contentHeight: 2_200, viewportHeight: 600), at: 61_000, effects: []) {
            $0.newAbove = 0
        }
        // Shown, at the top: the next post goes in at once and the view shows it, as before.
        store.send(.arrivalsWaiting(1), at: 61_100, effects: [.insertArrivals])
        store.send(.itemsShown(23), at: 61_100, effects: [])
        store.send(.rowsInsertedAbove(1), at: 61_100, effects: [.scrollToTop])
    }

    func testABatchWaitingWhenTheListLeavesWaitsForItsReturn() {
        let store = EngineStore.loaded(items: 20, hasMore: true)
        store.send(.geometry(offset: 500, contentHeight: 2_000, viewportHeight: 600), at: 1_100, effects: [])
        store.send(.arrivalsWaiting(1), at: 1_200, effects: []) { $0.arrivalsWaiting = 1 }
        XCTAssertEqual(store.engine.nextWakeUp, at(1_700))
        store.send(.listShown(false), at: 1_300, effects: [])
        XCTAssertNil(store.engine.nextWakeUp, "the batch's time is dropped while away")
        store.send(.listShown(false), at: 1_400, effects: [])
        store.send(.listShown(true), at: 5_000, effects: [.insertArrivals]) { $0.arrivalsWaiting = 0 }
        store.send(.itemsShown(21), at: 5_000, effects: [])
        store.send(.rowsInsertedAbove(1), at: 5_000, effects: [.keepPlace, .announce(.newItemsAbove(count: 1))]) {
            $0.newAbove = 1
        }
        // Shown again with nothing waiting: nothing to do.
        store.send(.listShown(false), at: 6_000, effects: [])
        store.send(.listShown(true), at: 6_100, effects: [])
        // An insert at the top of the app's own after that is shown as ever.
        store.send(.geometry(offset: 0, contentHeight: 2_100, viewportHeight: 600), at: 6_200, effects: []) {
            $0.newAbove = 0
        }
        store.send(.itemsShown(22), at: 6_300, effects: [])
        store.send(.rowsInsertedAbove(1), at: 6_300, effects: [.scrollToTop])
    }
}
