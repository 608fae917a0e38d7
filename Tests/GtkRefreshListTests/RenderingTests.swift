// Every header and footer state rendered to PNG by GTK itself (the widget's paintable through
// the window's GSK renderer). The images are kept for a person to look at; the test checks
// each was written, differs from the others, and that the header had the engine's height.

import CGtk
import CGtkTestSupport
import GtkInterop
import Foundation
import GtkRefreshList
import ListProbe
import RefreshEngine
import XCTest

final class RenderingTests: XCTestCase {
    /// Where the images go: $REFRESH_RENDER_DIR, or a folder in the temporary directory.
    static var directory: String {
        ProcessInfo.processInfo.environment["REFRESH_RENDER_DIR"]
            ?? (NSTemporaryDirectory() + "refresh-list-renders")
    }

    func testEveryHeaderAndFooterStateRendersToPNG() throws {
        try onMainActor {
            try FileManager.default.createDirectory(atPath: Self.directory, withIntermediateDirectories: true)
            let list = try GtkTest.makeList {
                // Each result stays up long enough to be laid out and drawn on a busy machine, even
                // when its window has to be shown again (FrameWatch: 10 s without a frame), and a
                // touchpad pull is never released by idling while it is drawn.
                $0.engine = try! RefreshConfiguration(
                    touchpadIdleInterval: 60_000, minimumSpinnerTime: 0, resultDisplayTime: 15_000,
                    operationTimeout: 60_000, pageSize: 20)
            }
            var refreshes: [RefreshList<Row>.Completion] = []
            var pages: [RefreshList<Row>.Completion] = []
            list.onRefresh(completion: { refreshes.append($0) })
            list.onLoadMore(completion: { pages.append($1) })
            let window = GtkTest.window(list.widget, width: 360, height: 420)
            defer { GtkTest.destroy(window) }
            // The list itself is 360×420 whatever decorations the display server adds (a client-
            // side titlebar on Wayland), so renders from X11 and Wayland can be compared.
            gtk_widget_set_size_request(list.widget, 360, 420)
            // Nor does the pointer, wherever the session's last test left it: a row it hovers is
            // highlighted and the overlay scrollbar shows, on one display server and not the other.
            gtk_widget_set_can_target(list.widget, 0)
            var images: [String: Data] = [:]

            @MainActor func shoot(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
                // A frame first (it also gets a window whose frames stopped drawn again), then the
                // state at rest: the header at the engine's height (its slide over), drawn.
                GtkTest.frames(of: list.widget, file: file, line: line)
                GtkTest.wait("\(name) laid out at the engine's height", file: file, line: line) {
                    let header = list.state.header
                    let expected = header.state == .idle ? 0 : Int(header.height.rounded())
                    return list.headerAllocatedHeight == expected
                        && gtk_revealer_get_child_revealed(list.revealerWidget.opaque)
                            == (header.state != .idle).gboolean
                }
                GtkTest.frames(of: list.widget, file: file, line: line)
                let path = Self.directory + "/\(name).png"
                let written = WidgetSnapshot.savePNG(list.widget, to: path)
                XCTAssertTrue(written, "render \(name)", file: file, line: line)
                images[name] = FileManager.default.contents(atPath: path)
                XCTAssertGreaterThan(images[name]?.count ?? 0, 1_000, "\(name) has content", file: file, line: line)
            }

            list.start()
            refreshes[0](.success(page(1...20, hasMore: true)))
            GtkTest.wait("the header back to idle after the first refresh (it is \(list.state.header.state))") {
                list.state.header.state == .idle
            }
            shoot("header-idle")
            XCTAssertEqual(list.headerAllocatedHeight, 0)
            XCTAssertEqual(gtk_widget_get_height(list.widget), 420)

            // A pull by the drag's signals as GTK emits them: exact distances, and no pointer
            // over the window to hover a row, so both display servers draw the same frames
            // (real drags, touches and finger scrolls drive RealInputTests and TouchInputTests).
            let drag = EmittedDrag(on: list.widget)
            drag.press()
            drag.move(to: 32)
            XCTAssertEqual(list.state.header.state, .pulling)
            shoot("header-pulling-50")
            XCTAssertEqual(list.headerAllocatedHeight, 32, "half the threshold")
            drag.move(to: 80)
            XCTAssertEqual(list.state.header.state, .armed)
            shoot("header-armed")
            drag.release()
            XCTAssertEqual(list.state.header.state, .refreshing)
            shoot("header-refreshing")
            XCTAssertEqual(list.headerAllocatedHeight, 64)
            refreshes[1](.success(page(1...21, hasMore: true)))
            XCTAssertEqual(list.state.header.state, .succeeded)
            shoot("header-succeeded")
            list.refresh()
            refreshes[2](.failure(LoaderFailure()))
            XCTAssertEqual(list.state.header.state, .failed)
            shoot("header-failed")
            GtkTest.wait("the header back to idle after the failure (it is \(list.state.header.state))") {
                list.state.header.state == .idle
            }

            // At the end once a frame has laid out the footer's new state (a Retry makes its row
            // taller, a page adds rows), with the footer on screen: checked after each frame.
            @MainActor func toBottom() {
                let adjustment = gtk_scrolled_window_get_vadjustment(list.scrollerWidget.opaque)
                GtkTest.wait("the list scrolled to its end, the footer on screen") {
                    GtkTest.frames(of: list.widget)
                    let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
                    if gtk_adjustment_get_value(adjustment) >= end - 0.5,
                        let footer = list.footerWidget, gtk_widget_get_mapped(footer) != 0
                    {
                        return true
                    }
                    scrollToEnd(list.scrollerWidget)
                    return false
                }
            }
            list.loadMore()
            toBottom()
            XCTAssertEqual(list.state.footer, .loading)
            shoot("footer-loading")
            pages.last?(.failure(LoaderFailure()))
            toBottom()
            shoot("footer-failed")
            list.loadMore()
            pages.last?(.success(page(22...30)))
            toBottom()
            XCTAssertEqual(list.state.footer, .exhausted)
            shoot("footer-exhausted")

            let distinct = Set(images.values)
            XCTAssertEqual(distinct.count, images.count, "every state looks different")
            print("rendered \(images.count) states to \(Self.directory)")
        }
    }
}
