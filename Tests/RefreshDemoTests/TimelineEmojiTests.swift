// A status's custom emoji as a reader meets it: the bundled server's statuses say ":gtk:" and list
// its picture (a blue disc on white). A screen reader (AT-SPI) still reads ":gtk:" in the row's
// text, once; the window shows the picture in the line of text, as tall as the text, in the
// shortcode's place, with none of the shortcode's glyphs drawn after it. And again when the app
// starts from its cache while the server answers no timeline request: the emoji list was kept.

import Foundation
import XCTest

final class TimelineEmojiTests: XCTestCase {
    func testACustomEmojiShowsAsItsPictureInTheTextAndIsReadAsItsShortcode() throws {
        let folder = NSTemporaryDirectory() + "refresh-demo-emoji-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/cache", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        // Statuses #60, #55, … carry the emoji; #60, the newest, has no pictures attached.
        let (app, server, window) = try startDemoReadingTimeline(
            serverArguments: ["--posts", "60", "--media", "7"], appArguments: ["--trace"],
            appEnvironment: ["XDG_CACHE_HOME": folder + "/cache"], before: { _ in })
        app.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        app.wait("the emoji's picture shown in a row") {
            $0.images.contains { $0.url.hasSuffix("/emoji/gtk.png") && $0.widgets > 0 }
        }
        let said = try runScreenReaderClient("custom_emoji.py", ["gtk"], for: app)
        print(said.trimmingCharacters(in: .whitespacesAndNewlines))
        let disc = try XCTUnwrap(waitForEmoji(in: window, app), "the emoji's picture drawn in the window")
        print("the emoji's picture: \(disc)")
        app.stop()

        // Started again from the cache, every timeline request left unanswered: the rows are the
        // cache's, and their emoji show as pictures again.
        server.control("fault=hang&times=1000&on=any")
        let again = try DemoProcess(
            [
                "--trace", "--source", "mastodon", "--server", server.url, "--page-size", "20", "--size", "960x480",
            ],
            environment: ["XDG_CACHE_HOME": folder + "/cache", "XDG_STATE_HOME": folder + "/state"])
        addTeardownBlock { again.stop() }
        again.wait("the first rows from the cache") {
            $0.trace.contains { $0["milestone"] as? String == "cache-page" && ($0["rows"] as? Int ?? 0) > 0 }
        }
        let cachedWindow = try requireDemoWindow()
        let cached = try XCTUnwrap(
            waitForEmoji(in: cachedWindow, again), "the emoji's picture drawn in the rows from the cache")
        print("from the cache, the emoji's picture: \(cached)")
    }

    /// Takes screenshots of `window` until one shows the emoji's picture in a line of text, then
    /// checks it: a disc as wide as it is tall, about the text's height, text before it on its
    /// line and nothing drawn after it (no ":gtk:" glyphs). Fails and gives nil if it never shows.
    private func waitForEmoji(
        in window: String, _ app: DemoProcess, file: StaticString = #filePath, line: UInt = #line
    ) -> EmojiSeen? {
        let path = NSTemporaryDirectory() + "refresh-demo-emoji-\(UUID().uuidString).ppm"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var seen: EmojiSeen?
        var shot: Screenshot?
        let shown = poll(every: 0.1, timeout: 60) {
            _ = shell(["import", "-window", window, "-depth", "8", path])
            shot = Screenshot(ppm: path)
            seen = shot.flatMap(EmojiSeen.init)
            return seen != nil || !app.process.isRunning
        }
        guard shown, let seen, let shot else {
            XCTFail(
                "the emoji's picture (a disc of RGB \(EmojiSeen.disc)) never showed in the window within 60 s "
                    + "(\(shot.map { "\($0.width)×\($0.height)" } ?? "no screenshot")): \(app.stderr)",
                file: file, line: line)
            return nil
        }
        let (width, height) = (seen.right - seen.left + 1, seen.bottom - seen.top + 1)
        XCTAssertLessThanOrEqual(abs(width - height), 2, "a disc, not stretched: \(seen)", file: file, line: line)
        XCTAssertTrue((10...32).contains(height), "about the text's height: \(seen)", file: file, line: line)
        // On its line, text before it, and after it (the rest of the shortcode's place and
        // beyond, to the end of this status's line) nothing but the row's background.
        let band = seen.top...seen.bottom
        let before = shot.darkPixels(x: max(0, seen.left - 300)..<seen.left, y: band)
        let after = shot.darkPixels(x: (seen.right + 1)..<min(shot.width, seen.right + 80), y: band)
        XCTAssertGreaterThan(
            before, 20, "the status's text before the picture on its line: \(seen)", file: file, line: line)
        XCTAssertEqual(after, 0, "no glyph of the shortcode drawn after the picture: \(seen)", file: file, line: line)
        return seen
    }
}

/// A screenshot's pixels, read from a binary PPM of 8 bits a channel (ImageMagick writes one for a
/// ".ppm" name with `-depth 8`).
private struct Screenshot {
    let width: Int
    let height: Int
    private let pixels: [UInt8]

    init?(ppm path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        // "P6", width, height, maximum value, each after white space, then one byte of it.
        var fields: [Int] = []
        var index = 2
        guard bytes.starts(with: Array("P6".utf8)) else { return nil }
        while fields.count < 3, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) { index += 1 }
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        index += 1
        guard fields.count == 3, fields[2] == 255, bytes.count >= index + fields[0] * fields[1] * 3 else { return nil }
        width = fields[0]
        height = fields[1]
        pixels = Array(bytes[index..<(index + width * height * 3)])
    }

    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let at = (y * width + x) * 3
        return (Int(pixels[at]), Int(pixels[at + 1]), Int(pixels[at + 2]))
    }

    /// How many pixels in the box are as dark as text (the light style's text is dark grey).
    func darkPixels(x: Range<Int>, y: ClosedRange<Int>) -> Int {
        var count = 0
        for row in y where row < height {
            for column in x where column >= 0 {
                let (red, green, blue) = rgb(column, row)
                if red + green + blue < 3 * 150 { count += 1 }
            }
        }
        return count
    }
}

/// Where a screenshot shows the emoji's picture: the bounds (px) of the first disc of its colour
/// found, top to bottom, solid across 5 px or more (text in a colour near it, a link's edges
/// blended with the background, is thinner).
private struct EmojiSeen: CustomStringConvertible {
    /// The disc's colour in the bundled server's /emoji/gtk.png (Tests/Network/timeline_server.py).
    static let disc = (74, 144, 217)
    let left: Int
    let top: Int
    let right: Int
    let bottom: Int
    let pixels: Int

    var description: String { "\(pixels) px in x \(left)…\(right), y \(top)…\(bottom)" }

    init?(_ shot: Screenshot) {
        func isDisc(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, y >= 0, x < shot.width, y < shot.height else { return false }
            let (red, green, blue) = shot.rgb(x, y)
            return abs(red - Self.disc.0) <= 4 && abs(green - Self.disc.1) <= 4 && abs(blue - Self.disc.2) <= 4
        }
        func solid(_ x: Int, _ y: Int) -> Bool {
            (0..<5).allSatisfy { dy in (0..<5).allSatisfy { dx in isDisc(x + dx, y + dy) } }
        }
        var start: (Int, Int)?
        search: for y in 0..<shot.height {
            for x in 0..<shot.width where isDisc(x, y) && solid(x, y) {
                start = (x, y)
                break search
            }
        }
        guard let start else { return nil }
        // The disc's pixels joined to that block.
        var bounds = (left: start.0, top: start.1, right: start.0, bottom: start.1)
        var seen: Set<Int> = [start.1 * shot.width + start.0]
        var stack = [start]
        while let (x, y) = stack.popLast() {
            bounds = (min(bounds.left, x), min(bounds.top, y), max(bounds.right, x), max(bounds.bottom, y))
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where isDisc(nx, ny) {
                if seen.insert(ny * shot.width + nx).inserted { stack.append((nx, ny)) }
            }
        }
        (left, top, right, bottom, pixels) = (bounds.left, bounds.top, bounds.right, bounds.bottom, seen.count)
    }
}
