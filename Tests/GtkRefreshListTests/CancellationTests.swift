// Callback-style loaders learn when the list stops waiting for them (the watchdog, a refresh
// that replaces a page load, the widget going away), so they can stop their work; an async
// loader's task is cancelled then; an answer they give anyway changes nothing.

import CGtk
import GtkInterop
import Foundation
import GtkRefreshList
import RefreshEngine
import XCTest

final class CancellationTests: XCTestCase {
    @MainActor final class Held {
        var refresh: [RefreshList<Row>.Completion] = []
        var pages: [RefreshList<Row>.Completion] = []
        var cancelled: [String] = []
        var asyncRefreshes = 0
        /// The streams that keep the async loads waiting, until they are cancelled.
        var waiting: [AsyncStream<Never>.Continuation] = []

        /// Waits, without a clock, until the task is cancelled, then throws `CancellationError`
        /// and notes `name` (a load that never answers by itself).
        func untilCancelled(_ name: String) async throws {
            let stream = AsyncStream<Never> { waiting.append($0) }
            for await _ in stream {}
            cancelled.append("\(name): \(Task.isCancelled)")
            try Task.checkCancellation()
        }
    }

    @MainActor private static func heldList(timeout: Milliseconds = 30_000) throws -> (
        RefreshList<Row>, Held, WidgetPointer
    ) {
        let list = try GtkTest.makeList {
            $0.engine = try! RefreshConfiguration(
                minimumSpinnerTime: 0, resultDisplayTime: 50, operationTimeout: timeout, pageSize: 20)
        }
        let held = Held()
        list.onRefresh(completion: { done in
            held.refresh.append(done)
            done.onCancel { held.cancelled.append("refresh \(held.refresh.count)") }
        })
        list.onLoadMore(completion: { page, done in
            held.pages.append(done)
            done.onCancel { held.cancelled.append("page \(page)") }
        })
        return (list, held, GtkTest.window(list.widget))
    }

    func testTheWatchdogCancelsARefreshThatNeverAnswers() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList(timeout: 200)
            defer { GtkTest.destroy(window) }
            list.start()
            XCTAssertEqual(held.refresh.count, 1)
            XCTAssertFalse(held.refresh[0].isCancelled)
            GtkTest.wait("the watchdog cancelling the unanswered refresh (header \(list.state.header.state))") {
                held.refresh[0].isCancelled
            }
            XCTAssertEqual(held.cancelled, ["refresh 1"], "told once")
            XCTAssertEqual(list.state.header.state, .failed)
            held.refresh[0](.success(page(1...20)))
            XCTAssertEqual(list.items.count, 0, "the answer after cancellation is ignored")
        }
    }

    func testARefreshCancelsThePageLoadInFlight() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList()
            defer { GtkTest.destroy(window) }
            list.start()
            held.refresh[0](.success(page(1...20, hasMore: true)))
            GtkTest.wait("the header back to idle after the first refresh (it is \(list.state.header.state))") {
                list.state.header.state == .idle
            }
            list.loadMore()
            XCTAssertEqual(held.pages.count, 1)
            list.refresh()
            XCTAssertTrue(held.pages[0].isCancelled)
            XCTAssertEqual(held.cancelled, ["page 2"])
            XCTAssertFalse(held.refresh[1].isCancelled)
            held.pages[0](.success(page(21...40)))
            XCTAssertEqual(list.items.count, 20, "the cancelled page is not appended")
        }
    }

    func testTheWidgetGoingAwayCancelsEveryLoaderStillRunning() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList()
            list.start()
            XCTAssertEqual(held.refresh.count, 1)
            GtkTest.destroy(window)
            XCTAssertTrue(
                held.refresh[0].isCancelled, "the window's destruction disposed the list, though the host keeps it")
            var late = false
            held.refresh[0].onCancel { late = true }
            XCTAssertTrue(late, "a handler added after cancellation runs at once")
            XCTAssertEqual(held.cancelled, ["refresh 1"])
            _ = list
        }
    }

    /// An async loader's task is cancelled when the list stops waiting (a refresh replacing the
    /// page load, the widget going away): its wait ends and it throws `CancellationError`.
    func testAnAsyncLoadersTaskIsCancelledWhenTheListStopsWaiting() throws {
        try onMainActor {
            let list = try GtkTest.makeList {
                $0.engine = try! RefreshConfiguration(
                    minimumSpinnerTime: 0, resultDisplayTime: 50, operationTimeout: 30_000, pageSize: 20)
            }
            let held = Held()
            list.onRefresh {
                held.asyncRefreshes += 1
                let number = held.asyncRefreshes
                if number == 1 { return page(1...20, hasMore: true) }
                try await held.untilCancelled("refresh \(number)")
                return page(1...20)
            }
            list.onLoadMore { number in
                try await held.untilCancelled("page \(number)")
                return page(21...40)
            }
            let window = GtkTest.window(list.widget)
            list.start()
            GtkTest.wait("the first refresh shown, the header idle (\(list.state.header.state))") {
                list.items.count == 20 && list.state.header.state == .idle
            }
            list.loadMore()
            list.refresh()
            GtkTest.wait("the page's task cancelled by the refresh (\(held.cancelled))") {
                held.cancelled == ["page 2: true"]
            }
            GtkTest.destroy(window)
            GtkTest.wait("the refresh's task cancelled as the widget went (\(held.cancelled))") {
                held.cancelled.count == 2
            }
            XCTAssertEqual(held.cancelled, ["page 2: true", "refresh 2: true"])
            XCTAssertEqual(list.items.count, 20, "nothing the cancelled loads answered went in")
        }
    }
}
