// What a timeline row says besides its content, read as a screen reader reads it (AT-SPI): a
// status with a content warning shows the warning's words and a "Show more" button, the content
// hidden; pressed (through its AT-SPI action, as Orca presses it), the content shows and the
// button says "Show less", expanded. And how long ago a status was posted, said again each minute.

import Foundation
import XCTest

final class TimelineRowTests: XCTestCase {
    func testAContentWarningHidesTheContentUntilTheReaderOpensIt() throws {
        let (app, _, _) = try startDemoReadingTimeline(
            serverArguments: ["--posts", "60", "--warnings", "3"], appArguments: ["--trace"], before: { _ in })
        app.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        let said = try runScreenReaderClient("content_warning.py", [], for: app)
        print(said.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func testTheTimeARowSaysIsSaidAgainEachMinute() throws {
        let (app, _, _) = try startDemoReadingTimeline(
            serverArguments: ["--posts", "60"], appArguments: ["--trace"], before: { _ in })
        app.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        let said = try runScreenReaderClient("posted_time.py", [], for: app)
        print(said.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
