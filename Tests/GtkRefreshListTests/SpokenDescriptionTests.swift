// How announcements wait on GTK 4.8, where they are spoken as the focused widget's new
// description: words about new rows wait for the rows to settle, and words that come meanwhile
// queue behind them. A unit test of the list's internal `SpokenDescription` (hence @testable):
// what Orca then says is checked end to end by Tests/ScreenReader.

import Foundation
@testable import GtkRefreshList
import XCTest

final class SpokenDescriptionTests: XCTestCase {
    /// Refreshes faster than the settle time: only the newest words wait (they would pile up
    /// without end), and the wait is not started over by each new result (it would never end).
    func testWordsThatComeDuringAWaitNeitherPileUpNorStartItOver() {
        onMainActor {
            let settle = SpokenDescription.settleMilliseconds
            let burst = SpokenDescription()
            var said: [String] = []
            burst.say("first", after: settle) { said.append($0) }
            for number in 1...100 {
                burst.say("result \(number)", after: settle) { said.append($0) }
            }
            GtkTest.wait("the waiting words said (said: \(said))") { !said.isEmpty }
            XCTAssertEqual(said, ["result 99", "result 100"], "the newest words, in order")
            XCTAssertEqual(SpokenDescription.maximumWaiting, 2)

            // Words every 50 ms for twice the settle time: a wait started over by each would
            // say nothing until they stop.
            let steady = SpokenDescription()
            var saidWhileComing: [String] = []
            let start = Date()
            var number = 0
            while Date().timeIntervalSince(start) < 2 * Double(settle) / 1_000 {
                number += 1
                steady.say("result \(number)", after: settle) { saidWhileComing.append($0) }
                let next = Date().addingTimeInterval(0.05)
                GtkTest.pump { Date() >= next }
            }
            XCTAssertFalse(saidWhileComing.isEmpty, "words said while more kept coming: the wait ran its time once")
            XCTAssertLessThanOrEqual(saidWhileComing.count, number, "each result said at most once")
            steady.cancel()
        }
    }
}
