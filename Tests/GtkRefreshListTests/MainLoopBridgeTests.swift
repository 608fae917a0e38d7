// Swift's main actor keeps running inside the GLib loop: an async loader that awaits
// Task.sleep completes and updates the widget while only GLib iterates.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine
import XCTest

final class MainLoopBridgeTests: XCTestCase {
    func testAnAsyncLoaderThatSleepsCompletesWhileTheGLibLoopRuns() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            var resumed = false
            list.onRefresh {
                try await Task.sleep(for: .milliseconds(150))
                resumed = true
                return page(1...20)
            }
            XCTAssertTrue(MainLoopBridge.isInstalled, "an async loader installs the bridge")
            let window = GtkTest.window(list.widget)
            defer { GtkTest.destroy(window) }
            list.start()
            XCTAssertEqual(list.state.header.state, .refreshing)
            GtkTest.wait("the loader never resumed") { list.items.count == 20 }
            XCTAssertTrue(resumed)
            XCTAssertEqual(list.modelRowCount, 21, "20 rows and the footer sentinel")
            GtkTest.wait("the header back to idle after the async refresh (it is \(list.state.header.state))") {
                list.state.header.state == .idle
            }
        }
    }

    func testGLibLoopStaysIdleWhileNothingIsQueued() {
        onMainActor {
            // The eventfd is consumed on each wake-up; an idle loop must not keep dispatching.
            // Measured as a rate over a 0.3 s window once the loop has run what was ready.
            GtkTest.drainPending()
            var dispatched = 0
            let start = Date()
            while Date().timeIntervalSince(start) < 0.3 {
                if g_main_context_iteration(nil, 0) != 0 { dispatched += 1 } else { usleep(2_000) }
            }
            // A spinning source dispatches tens of thousands of times here; other sources a handful.
            XCTAssertLessThan(dispatched, 300, "the bridge's source keeps firing with nothing to run")
        }
    }
}
