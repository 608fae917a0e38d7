// Loaders that throw, never answer, answer twice, answer late, repeat rows or return nothing:
// the header and footer show the right state and no row is ever lost or shown twice.

import CGtk
import CGtkTestSupport
import GtkInterop
import Foundation
import GtkRefreshList
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
        GtkTest.wait("the header closed; it is \(list.state.header.state)") { list.state.header.state == .idle }
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
                "the first refresh's 20 rows in and the header idle (\(list.items.count) rows, header \(list.state.header.state))"
            ) { list.items.count == 20 && list.state.header.state == .idle }
            let updated = list.state.header.lastUpdated
            fail.value = true
            list.refresh()
            GtkTest.wait("the failing refresh shown as failed (header \(list.state.header.state))") {
                list.state.header.state == .failed
            }
            XCTAssertEqual(list.shownTitle, list.configuration.texts.refreshFailed)
            XCTAssertEqual(list.headerTooltip, "offline", "the header says why")
            XCTAssertEqual(list.items.map(\.id), Array((1...20).reversed()), "rows kept")
            XCTAssertEqual(list.state.header.lastUpdated, updated, "timestamp kept")
            GtkTest.wait("the header back to idle after the failure (it is \(list.state.header.state))") {
                list.state.header.state == .idle
            }
        }
    }

    func testALoaderThatNeverAnswersTimesOutAndItsLateAnswerIsIgnored() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList(timeout: 300)
            defer { GtkTest.destroy(window) }
            XCTAssertEqual(held.refresh.count, 1)
            GtkTest.wait("the watchdog fails it") { list.state.header.state == .failed }
            XCTAssertEqual(list.headerTooltip, "timed out", "the header says the loader took too long")
            held.refresh[0](.success(page(1...20)))
            XCTAssertEqual(list.items.count, 0, "the late answer changes nothing")
            XCTAssertEqual(list.state.counters.staleAnswers, 1)
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
            XCTAssertEqual(list.state.counters.staleAnswers, 2)
            XCTAssertNotEqual(list.state.header.state, .failed, "the extra failure did not fail the header")
            XCTAssertNil(list.headerTooltip, "no failure on show")
            Self.settle(list)
        }
    }

    func testAnAnswerArrivingAfterANewerRefreshStartedIsIgnored() throws {
        try onMainActor {
            let (list, held, window) = try Self.heldList(timeout: 200)
            defer { GtkTest.destroy(window) }
            GtkTest.wait("the watchdog fails the refresh") { list.state.header.state == .failed }
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
            // The five rows shown already and the repeat of 30 dropped; the rest in the page's order.
            XCTAssertEqual(list.items.map(\.id), Array((1...20).reversed()) + Array((21...35).reversed()))
            XCTAssertEqual(Set(list.items.map(\.id)).count, 35, "no row twice")
            XCTAssertEqual(list.modelRowCount, 36, "35 rows and the footer in the list view's model")
        }
    }

    /// Rows are de-duplicated by their hash values; only a hash seen before makes the list look
    /// at the rows. An answer full of rows already shown looks at them a few times, then builds
    /// one set of their ids: never a scan per row (which made a refresh of the same 5 000 rows
    /// 5 000 scans of 5 000). Seen from the app: how often the list compares two of its ids.
    func testAnswersFullOfRowsAlreadyShownLookAtTheRowsAFewTimesOnly() throws {
        try onMainActor {
            var configuration = RefreshListConfiguration()
            configuration.engine = try RefreshConfiguration(
                minimumSpinnerTime: 0, resultDisplayTime: 50, operationTimeout: 30_000, pageSize: 20,
                // Every one of the 5 000 rows stays shown: de-duplication is checked against them all.
                maximumRows: 0)
            configuration.startsWhenShown = false
            let list = try RefreshList<CountedRow>(configuration: configuration, rows: .label { "row \($0.id.value)" })
            var refreshes: [RefreshList<CountedRow>.Completion] = []
            var pages: [RefreshList<CountedRow>.Completion] = []
            list.onRefresh(completion: { refreshes.append($0) })
            list.onLoadMore(completion: { pages.append($1) })
            let window = GtkTest.window(list.widget)
            defer { GtkTest.destroy(window) }
            list.start()
            @MainActor func rows(_ range: ClosedRange<Int>) -> Page<CountedRow> {
                Page(range.reversed().map { CountedRow(id: CountedID(value: $0)) }, hasMore: true)
            }
            @MainActor func settle() {
                GtkTest.wait("the header closed; it is \(list.state.header.state)") { list.state.header.state == .idle }
            }
            let rowCount = 5_000
            // A scan per row would compare about rowCount / 2 ids per row; a few passes compare a
            // few per row.
            let fewPerRow = 12
            CountedID.comparisons = 0
            refreshes[0](.success(rows(1...rowCount)))
            XCTAssertLessThanOrEqual(CountedID.comparisons, rowCount, "nothing shown before: no row looked at")
            settle()
            list.refresh()
            CountedID.comparisons = 0
            refreshes[1](.success(rows(1...rowCount)))
            XCTAssertLessThanOrEqual(CountedID.comparisons, fewPerRow * rowCount, "a few passes, not a scan per row")
            settle()
            XCTAssertEqual(list.items.count, rowCount)
            Self.expectHeaderLabel(list.headerWidget, "Refreshed, nothing new")
            // A page of rows shown long ago (deep in the list, far from the end a scan starts at).
            list.loadMore()
            CountedID.comparisons = 0
            pages[0](.success(rows(101...150)))
            XCTAssertLessThanOrEqual(CountedID.comparisons, fewPerRow * rowCount, "a few passes, not a scan per row")
            XCTAssertEqual(list.items.count, rowCount, "all 50 dropped")
            XCTAssertEqual(Set(list.items.map(\.id)).count, rowCount, "no row twice")
        }
    }

    /// Fails unless `header`'s accessible label (what the header last said) is `label`.
    @MainActor private static func expectHeaderLabel(
        _ header: WidgetPointer, _ label: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let message = cgtk_test_check_string_property(header, GTK_ACCESSIBLE_PROPERTY_LABEL, label) else {
            return
        }
        XCTFail(String(cString: message), file: file, line: line)
        g_free(message)
    }

    func testAnEmptyPageEndsPagingWithNoMoreItems() throws {
        try onMainActor {
            let (list, held, window) = try Self.listShowingFirstPage()
            defer { GtkTest.destroy(window) }
            list.loadMore()
            held.pages[0].1(.success(Page([], hasMore: true)))
            XCTAssertEqual(list.state.footer, .exhausted)
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
            XCTAssertEqual(list.state.footer, .failed)
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

/// An id that counts how often it is compared: what de-duplication costs, as an app can see it.
struct CountedID: Hashable, Sendable {
    let value: Int
    nonisolated(unsafe) static var comparisons = 0

    static func == (left: CountedID, right: CountedID) -> Bool {
        comparisons += 1
        return left.value == right.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

struct CountedRow: Identifiable, Sendable {
    let id: CountedID
}
