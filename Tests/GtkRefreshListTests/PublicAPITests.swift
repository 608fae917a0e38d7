// The public face as an app uses it: state read and observed, the header and footer hidden and
// shown at run time, each knob set one way.

import CGtk
import GtkRefreshList
import RefreshEngine
import XCTest

final class PublicAPITests: XCTestCase {
    func testStateChangesAreReportedOnceEachInOrder() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            list.onRefresh { page(number: 1, hasMore: false) }
            var headers: [HeaderState] = []
            var reports = 0
            list.onStateChange { state in
                reports += 1
                if headers.last != state.header.state { headers.append(state.header.state) }
                XCTAssertEqual(state, list.state, "reported as the list reads it")
            }
            let window = GtkTest.window(list.widget)
            defer { GtkTest.destroy(window) }
            list.start()
            GtkTest.wait(
                "the first refresh's 20 rows in and the header back to idle (headers \(headers), \(list.items.count) rows)"
            ) {
                headers.last == .idle && list.items.count == 20
            }
            XCTAssertEqual(headers, [.refreshing, .succeeded, .idle])
            XCTAssertEqual(list.state.footer, .exhausted)
            XCTAssertEqual(list.state.paging.currentPage, 1)
            let before = reports
            list.refresh()
            GtkTest.wait(
                "the second refresh reported and over (header \(list.state.header.state), \(reports - before) reports)"
            ) {
                list.state.header.state == .idle && reports > before + 1
            }
            XCTAssertLessThanOrEqual(reports - before, 12, "one report per change, not per event")
        }
    }

    func testTheHeaderAndFooterHideAndShowAtRunTime() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            list.onRefresh { page(number: 1, hasMore: true) }
            var pagesAsked: [Int] = []
            list.onLoadMore(completion: { page, _ in pagesAsked.append(page) })  // held
            let window = GtkTest.window(list.widget)
            defer { GtkTest.destroy(window) }
            XCTAssertFalse(list.isHeaderHidden)
            list.isHeaderHidden = true
            list.isFooterHidden = true
            XCTAssertTrue(list.isHeaderHidden)
            XCTAssertTrue(list.isFooterHidden)
            XCTAssertFalse(list.state.header.isVisible)
            list.start()
            GtkTest.wait(
                "a refresh under a hidden header: 20 rows in and the header idle (\(list.items.count) rows, header \(list.state.header.state))"
            ) {
                list.items.count == 20 && list.state.header.state == .idle
            }
            XCTAssertEqual(list.state.footer, .hidden, "a hidden footer shows no sentinel")
            XCTAssertEqual(pagesAsked, [], "and loads nothing by itself")
            // Twenty short rows fill less than the window: shown again, the footer loads page 2.
            list.isFooterHidden = false
            GtkTest.wait("the footer shown again asking for page 2 (pages asked: \(pagesAsked))") { pagesAsked == [2] }
            XCTAssertEqual(list.state.footer, .loading)
            list.isHeaderHidden = false
            XCTAssertTrue(list.state.header.isVisible)
        }
    }
}
