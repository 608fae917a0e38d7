// The timeline's pictures (authors' avatars, statuses' media), as a reader sees them come: the
// rows take their size before any picture arrives, so the server's pictures, held back and then
// let go all at once while the reader rests mid-list, move no row on screen (the trace's
// `firstRow`: the first row in view and its top, traced whenever a frame showed it change).

import Foundation
import XCTest

final class TimelineMediaTests: XCTestCase {
    func testPicturesArrivingWhileTheReaderRestsMidListMoveNoRow() throws {
        let (app, server, window) = try startDemoReadingTimeline(
            serverArguments: ["--posts", "200", "--media", "2", "--hold-images"], appArguments: ["--trace"],
            before: { _ in })
        app.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        // Mid-list, rows with pictures above the view and in it: wheel notches down, then the
        // view at rest, nothing left to load.
        shell([
            "xdotool", "mousemove", "--window", window, "300", "300", "click", "--repeat", "12", "--delay", "120", "5",
        ])
        app.wait("the view two rows down or more, at rest") {
            guard let first = $0.firstRows.last, let newest = $0.firstRows.first?.id else { return false }
            return Int(newest).map { newest in Int(first.id).map { $0 <= newest - 2 } ?? false } == true
                && $0.atRest() && $0.quiet(for: 1_500)
        }
        let held = server.of("image").count
        XCTAssertGreaterThan(held, 0, "the rows asked for their pictures")
        XCTAssertEqual(app.images.count, 0, "no picture came while the server held them")
        let before = try XCTUnwrap(app.firstRows.last, "a first row traced")
        let linesBefore = app.firstRows.count

        // Every picture at once: avatars in and above the view, media above, in and below it.
        server.control("images=release")
        app.wait("the pictures the rows asked for shown") { $0.images.reduce(0) { $0 + $1.widgets } >= 10 }
        app.wait("the view at rest after the pictures came") { $0.quiet(for: 1_500) }
        let after = Array(app.firstRows.dropFirst(linesBefore))
        let shown = app.images.reduce(0) { $0 + $1.widgets }
        let farthest = after.filter { $0.id == before.id }.map { abs($0.top - before.top) }.max() ?? 0
        print(
            "pictures: \(app.images.count) fetched, \(shown) shown in rows; the first row in view (\(before.id) at "
                + "\(before.top) px) moved \(farthest) px; frames that showed another first row: "
                + "\(after.filter { $0.id != before.id }.count)")
        XCTAssertTrue(after.allSatisfy { $0.id == before.id }, "the same row first in view: \(after)")
        XCTAssertEqual(farthest, 0, "the first row in view never moved: \(after)")
    }
}

extension DemoProcess {
    /// The trace's `firstRow` lines: the first row in view and its top (px in the list).
    var firstRows: [(id: String, top: Double)] {
        trace.compactMap { line in
            guard line["milestone"] as? String == "firstRow", let id = line["id"] as? String,
                let top = (line["top"] as? NSNumber)?.doubleValue
            else { return nil }
            return (id, top)
        }
    }

    /// The trace's `image` lines: each picture that came, and how many widgets showed it.
    var images: [(url: String, widgets: Int)] {
        trace.compactMap { line in
            guard line["milestone"] as? String == "image", let url = line["url"] as? String,
                let widgets = line["widgets"] as? Int
            else { return nil }
            return (url, widgets)
        }
    }
}
