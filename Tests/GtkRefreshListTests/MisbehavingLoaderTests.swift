// Loaders that throw, never answer, answer twice, answer late, repeat rows or return nothing:
// the header and footer show the right state and no row is ever lost or shown twice.

import CGtk
import GtkInterop
import Foundation
@testable import GtkRefreshList
import RefreshEngine
import XCTest

final class MisbehavingLoaderTests: XCTestCase {
    /// A list whose loaders hand their completions to the test.
    @MainActor final class Held {
        var refresh: [RefreshList<Row>.Completion] = []
        var pages: [(Int, RefreshList<Row>.Completion)] = []
    }

    @MainActor private static func heldList(
        timeout: Milliseconds = 30_000
    ) throws -> (RefreshList<Row>, Held, WidgetPointer) {
        let list = try GtkTest.makeList {
            $0.engine = try! RefreshConfiguration(
                minimumSpinnerTime: 0, resultDisplayTime: 50, operationTimeout: timeout, pageSize: 20)
        }
        let held = Held()
        list.onRefresh(completion: { held.refresh.append($0) })
        list.onLoadMore(completion: { held.pages.append(($0, $1)) })
        let window = GtkTest.window(list.widget)
        list.start()
        return (list, held, window)
    }

    /// A held list whose first refresh answered rows 20…1 (more to come), its result shown and
    /// gone.
    @MainActor private static func listShowingFirstPage() throws -> (RefreshList<Row>, Held, WidgetPointer) {
        let (list, held, window) = try heldList()
        held.refresh[0](.success(page(1...20, hasMore: true)))
        settle(list)
        return (list, held, window)
    }

    /// Runs GTK until the refresh's result was shown for its time and the header closed. (A
    /// page may be loading by then: twenty rows leave the bottom in view.)
    @MainActor private static func settle(_ list: RefreshList<Row>) {
        GtkTest.wait("the header closed; it is \(list.engine.header.state)") { list.engine.header.state == .idle }
    }

    func testAThrowingRefreshShowsFailedAndKeepsTheRows() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            let fail = Flag()
            list.onRefresh {
                if fail.value { throw LoaderFailure() }
                return page(1...20)
            }
            let window = GtkTest.window(list.widget)
            defer { GtkTest.destroy(window) }
            list.start()
            GtkTest.wait(
                "the first refresh's 20 rows in and the header idle (\(list.items.count) rows, header \(list.engine.header.state))"
            ) { list.items.count == 20 && list.engine.header.state == .idle }
            let updated = list.engine.lastUpdated
            fail.value = true
            list.refresh()
            GtkTest.wait("the failing refresh shown as failed (header \(list.engine.header.state))") {
                list.engine.header.state == .failed
            }
            XCTAssertEqual(list.shownTitle, list.configuration.texts.refreshFailed)
            XCTAssertEqual(list.failureText(list.engine.headerFailure), "offline")
            XCTAssertEqual(list.items.map(\.id), Array((1...20).reversed()), "rows kept")
            XCTAssertEqual(list.engine.lastUpdated, updated, "timestamp kept")
            GtkTest.wait("the header back to idle after the failure (it is \(list.engine.header.state))") {
                list.engine.header.state == .idle
            }
        }
    }

    func testALoaderThatNeverAnswersTimesOutAndItsLateAnswerIsIgnored() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList(timeout: 300)
            defer { GtkTest.destroy(window) }
            XCTAssertEqual(held.refresh.count, 1)
            GtkTest.wait("the watchdog fails it") { list.engine.header.state == .failed }
            XCTAssertEqual(list.engine.headerFailure, .timedOut)
            XCTAssertEqual(list.failureText(list.engine.headerFailure), "timed out")
            held.refresh[0](.success(page(1...20)))
            XCTAssertEqual(list.items.count, 0, "the late answer changes nothing")
            XCTAssertEqual(list.engine.counters.staleAnswers, 1)
        }
    }

    func testAnAnswerGivenTwiceIsAppliedOnce() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList()
            defer { GtkTest.destroy(window) }
            held.refresh[0](.success(page(1...20)))
            held.refresh[0](.success(page(1...20)))
            held.refresh[0](.failure(LoaderFailure()))
            XCTAssertEqual(list.items.count, 20)
            XCTAssertEqual(list.modelRowCount, 21)
            XCTAssertEqual(list.engine.counters.staleAnswers, 2)
            XCTAssertNotEqual(list.engine.header.state, .failed, "the extra failure did not fail the header")
            XCTAssertNil(list.engine.headerFailure)
            Self.settle(list)
        }
    }

    func testAnAnswerArrivingAfterANewerRefreshStartedIsIgnored() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList(timeout: 200)
            defer { GtkTest.destroy(window) }
            GtkTest.wait("the watchdog fails the refresh") { list.engine.header.state == .failed }
            Self.settle(list)
            list.refresh()
            XCTAssertEqual(held.refresh.count, 2)
            held.refresh[0](.success(page(100...119)))  // the timed-out first refresh, late
            XCTAssertEqual(list.items.count, 0)
            held.refresh[1](.success(page(1...20)))
            XCTAssertEqual(list.items.map(\.id), Array((1...20).reversed()))
        }
    }

    func testAPageArrivingAfterARefreshCancelledItIsNotAppended() throws {
        try onMainActor {
            let (list, held, window) = try Self.listShowingFirstPage()
            defer { GtkTest.destroy(window) }
            list.loadMore()
            XCTAssertEqual(held.pages.count, 1)
            list.refresh()  // cancels the page load
            held.pages[0].1(.success(page(21...40)))
            XCTAssertEqual(list.items.count, 20, "the cancelled page is not appended")
            held.refresh[1](.success(page(2...21, hasMore: true)))
            XCTAssertEqual(list.items.map(\.id), Array((2...21).reversed()))
        }
    }

    func testDuplicateRowsAreShownOnce() throws {
        try onMainActor {
            let (list, held, window) = try Self.listShowingFirstPage()
            defer { GtkTest.destroy(window) }
            list.loadMore()
            // The next page overlaps the first by five rows and repeats one row within itself.
            var rows = page(16...35).items
            rows.append(Row(id: 30))
            held.pages[0].1(.success(Page(rows, hasMore: true)))
            XCTAssertEqual(list.items.count, 35)
            XCTAssertEqual(Set(list.items.map(\.id)).count, 35, "no row twice")
            XCTAssertEqual(list.model.duplicatesDropped, 6)
            XCTAssertEqual(list.modelRowCount, 36)
        }
    }

    /// Rows are de-duplicated by their hash values; only a hash seen before makes the list look
    /// at the rows. An answer full of rows already shown looks at them a few times, then builds
    /// one set of their ids: never a scan per row (which made a refresh of the same 5 000 rows
    /// 5 000 scans of 5 000).
    func testAnswersFullOfRowsAlreadyShownLookAtTheRowsAFewTimesOnly() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList()
            defer { GtkTest.destroy(window) }
            held.refresh[0](.success(page(1...5_000, hasMore: true)))
            Self.settle(list)
            XCTAssertEqual(list.model.exactChecks.scans, 0, "nothing shown before: no hash was seen")
            list.refresh()
            held.refresh[1](.success(page(1...5_000, hasMore: true)))
            Self.settle(list)
            XCTAssertEqual(list.items.count, 5_000)
            XCTAssertEqual(list.lastAnnouncement, "Refreshed, nothing new")
            // Per answer: at most a few scans, then at most one set, whatever the answer's size.
            let scansPerAnswer = ShownCheck<Row>.scansBeforeSet
            XCTAssertLessThanOrEqual(list.model.exactChecks.scans, scansPerAnswer, "a few scans, not one per row")
            XCTAssertLessThanOrEqual(list.model.exactChecks.sets, 1, "one set of the shown ids at most")
            // A page of rows shown long ago (deep in the list, far from the end a scan starts at).
            list.loadMore()
            held.pages[0].1(.success(page(101...150, hasMore: true)))
            XCTAssertEqual(list.items.count, 5_000)
            XCTAssertEqual(list.model.duplicatesDropped, 50)
            XCTAssertLessThanOrEqual(list.model.exactChecks.scans, 2 * scansPerAnswer, "a few scans, not one per row")
            XCTAssertLessThanOrEqual(list.model.exactChecks.sets, 2, "one set of the shown ids per answer at most")
            XCTAssertEqual(Set(list.items.map(\.id)).count, 5_000, "no row twice")
        }
    }

    func testAnEmptyPageEndsPagingWithNoMoreItems() throws {
        try onMainActor {
            let (list, held, window) = try Self.listShowingFirstPage()
            defer { GtkTest.destroy(window) }
            list.loadMore()
            held.pages[0].1(.success(Page([], hasMore: true)))
            XCTAssertEqual(list.engine.footer, .exhausted)
            XCTAssertEqual(list.shownFooterText, list.configuration.texts.noMoreItems)
            XCTAssertFalse(list.footerButtonShown)
            list.loadMore()
            XCTAssertEqual(held.pages.count, 1, "nothing loads after the end")
            XCTAssertEqual(list.items.count, 20)
        }
    }

    func testAFailedPageOffersRetryWhichLoadsThePageAgain() throws {
        try onMainActor {
            let (list, held, window) = try Self.listShowingFirstPage()
            defer { GtkTest.destroy(window) }
            list.loadMore()
            held.pages[0].1(.failure(LoaderFailure()))
            XCTAssertEqual(list.engine.footer, .failed)
            XCTAssertEqual(list.shownFooterText, list.configuration.texts.loadFailed)
            XCTAssertTrue(list.footerButtonShown)
            // The Retry button, in the sentinel row at the end of the list, is wired to list.load-more.
            GtkTest.wait("Retry shows") { gtk_widget_get_mapped(list.retryButton) != 0 }
            gtk_widget_activate(list.retryButton)  // as Enter or Space would; clicks after its press animation
            GtkTest.wait("Retry asking for the page again (\(held.pages.count) page loads asked)") {
                held.pages.count == 2
            }
            guard held.pages.count == 2 else { return }
            XCTAssertEqual(held.pages[1].0, 2, "the same page again")
            held.pages[1].1(.success(page(21...40, hasMore: true)))
            XCTAssertEqual(list.items.count, 40)
        }
    }
}
