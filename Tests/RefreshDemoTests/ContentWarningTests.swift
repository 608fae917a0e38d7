// A status with a content warning on the demo's timeline: its row shows the warning's words and a
// "Show more" button, the content hidden; pressed (as a screen reader presses it, through its
// AT-SPI action), the content shows and the button says "Show less", expanded.

import Foundation
import XCTest

final class ContentWarningTests: XCTestCase {
    func testAContentWarningHidesTheContentUntilTheReaderOpensIt() throws {
        let (app, _, _) = try startDemoReadingTimeline(
            serverArguments: ["--posts", "60", "--warnings", "3"], appArguments: ["--trace"], before: { _ in })
        app.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        let said = try runScreenReaderClient("content_warning.py", [], for: app)
        print(said.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
