// A custom emoji as a reader meets it: the bundled server's statuses say ":gtk:" and list its
// picture (a blue disc, transparent around it), and so does Grace Hopper's display name. A screen reader
// (AT-SPI) still reads ":gtk:" in the row's text, once; the window shows the picture in the line
// of text, as tall as the text, in the shortcode's place, with none of the shortcode's glyphs
// drawn after it; in the author line too, smaller with its smaller text (and dimmed with it). And
// again when the app starts from its cache while the server answers no timeline request: the
// emoji lists were kept.

import Foundation
import XCTest

final class TimelineEmojiTests: XCTestCase {
    func testACustomEmojiShowsAsItsPictureInTheTextAndIsReadAsItsShortcode() throws {
        let folder = NSTemporaryDirectory() + "refresh-demo-emoji-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/cache", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        // Statuses #60, #55, … carry the emoji, and #57 is Grace Hopper's; the four newest have
        // no pictures attached, so all show in the first screen.
        let (app, server, window) = try startDemoReadingTimeline(
            serverArguments: ["--posts", "60", "--media", "7"], appArguments: ["--trace"],
            appEnvironment: ["XDG_CACHE_HOME": folder + "/cache"], before: { _ in })
        app.wait("the first page at rest") { $0.atRest() && ($0.last?["items"] as? Int ?? 0) >= 20 }
        app.wait("the emoji's picture shown in a row") {
            $0.images.contains { $0.url.hasSuffix("/emoji/gtk.png") && $0.widgets > 0 }
        }
        for words in ["#60: ", "Grace Hopper :gtk: @grace@example.org"] {
            let said = try runScreenReaderClient("custom_emoji.py", ["gtk", words], for: app)
            print(said.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let discs = waitForEmoji(in: window, app, authorLine: true)
        print("the emoji's pictures: \(discs)")
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
        let cached = waitForEmoji(in: try requireDemoWindow(), again, authorLine: false)
        print("from the cache, the emoji's pictures: \(cached)")
    }

    /// Takes screenshots of `window` until one shows the emoji's picture in a status's text (and
    /// with `authorLine`, in an author line, dimmed), then checks them: a disc as wide as it is
    /// tall, about the text's height, text before it on its line and, in the status's text,
    /// nothing drawn after it (no ":gtk:" glyphs); in the author line, smaller and followed by
    /// the rest of the line. Fails if they never show. Gives the discs it found.
    @discardableResult
    private func waitForEmoji(
        in window: String, _ app: DemoProcess, authorLine: Bool, file: StaticString = #filePath, line: UInt = #line
    ) -> [Disc] {
        let path = NSTemporaryDirectory() + "refresh-demo-emoji-\(UUID().uuidString).ppm"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var discs: [Disc] = []
        var shot: Screenshot?
        func content() -> Disc? { discs.first { $0.strength > 0.95 } }
        func author() -> Disc? {
            content().flatMap { content in discs.first { $0.strength < 0.95 && $0.height < content.height } }
        }
        // The pointer off the window: no row under it tinted.
        _ = shell(["xdotool", "mousemove", "1200", "1000"])
        let shown = poll(every: 0.1, timeout: 60) {
            _ = shell(["import", "-window", window, "-depth", "8", path])
            shot = Screenshot(ppm: path)
            discs = shot.map(Disc.all) ?? []
            return (content() != nil && (!authorLine || author() != nil)) || !app.process.isRunning
        }
        guard shown, let shot, let content = content(), !authorLine || author() != nil else {
            XCTFail(
                "the emoji's picture (a disc of RGB \(Disc.colour)) never showed in a status's text"
                    + (authorLine ? " and, dimmed and smaller, in an author line" : "")
                    + " within 60 s (\(shot.map { "\($0.width)×\($0.height)" } ?? "no screenshot"); discs: \(discs)): "
                    + app.stderr, file: file, line: line)
            return discs
        }
        for disc in [content] + (authorLine ? [author()!] : []) {
            XCTAssertLessThanOrEqual(
                abs(disc.width - disc.height), 2, "a disc, not stretched: \(disc)", file: file, line: line)
            XCTAssertTrue((8...32).contains(disc.height), "about the text's height: \(disc)", file: file, line: line)
            XCTAssertGreaterThan(
                shot.textPixels(x: max(0, disc.left - 300)..<disc.left, y: disc.top...disc.bottom), 20,
                "text before the picture on its line: \(disc)", file: file, line: line)
        }
        // After the status's picture (the rest of the shortcode's place and beyond, to the end of
        // its line) nothing but the row's background; after the author's, the rest of the line.
        XCTAssertEqual(
            shot.textPixels(
                x: (content.right + 1)..<min(shot.width, content.right + 80), y: content.top...content.bottom),
            0, "no glyph of the shortcode drawn after the picture: \(content)", file: file, line: line)
        if authorLine, let author = author() {
            XCTAssertGreaterThan(
                shot.textPixels(
                    x: (author.right + 1)..<min(shot.width, author.right + 20), y: author.top...author.bottom),
                0, "the author line going on after the picture: \(author)", file: file, line: line)
        }
        return discs
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

    /// How many pixels in the box are grey and as dark as text (the light style's text is dark
    /// grey, an author line's dimmed to mid grey; the rows are white, or light grey under the
    /// pointer).
    func textPixels(x: Range<Int>, y: ClosedRange<Int>) -> Int {
        var count = 0
        for row in y where row < height {
            for column in x where column >= 0 {
                let (red, green, blue) = rgb(column, row)
                if red + green + blue < 3 * 190, max(red, green, blue) - min(red, green, blue) < 24 { count += 1 }
            }
        }
        return count
    }
}

/// Where a screenshot shows the emoji's picture: a disc of its colour, or of its colour faded
/// toward white (drawn at a label's opacity), solid across 5 px or more (text in a colour near it,
/// a link's edges blended with the background, is thinner).
private struct Disc: CustomStringConvertible {
    /// The disc's colour in the bundled server's /emoji/gtk.png (Tests/Network/timeline_server.py).
    static let colour = (74, 144, 217)
    let left: Int
    let top: Int
    let right: Int
    let bottom: Int
    let pixels: Int
    /// How far from white to the disc's colour (1: its colour; an author line's, less).
    let strength: Double

    var width: Int { right - left + 1 }
    var height: Int { bottom - top + 1 }
    var description: String {
        "\(pixels) px in x \(left)…\(right), y \(top)…\(bottom) at \(Int((strength * 100).rounded())) %"
    }

    /// How far `pixel` is from white toward the disc's colour, when it lies on that way (within 4
    /// of each channel) at least a third of it; nil for any other colour.
    private static func strength(_ pixel: (Int, Int, Int)) -> Double? {
        let strength = Double(255 - pixel.0) / Double(255 - colour.0)
        guard strength >= 0.33, strength <= 1.03 else { return nil }
        let green = 255 - strength * Double(255 - colour.1)
        let blue = 255 - strength * Double(255 - colour.2)
        return abs(green - Double(pixel.1)) <= 4 && abs(blue - Double(pixel.2)) <= 4 ? strength : nil
    }

    /// Every disc in `shot`, top to bottom.
    static func all(in shot: Screenshot) -> [Disc] {
        var taken: Set<Int> = []
        var found: [Disc] = []
        func strength(_ x: Int, _ y: Int) -> Double? {
            guard x >= 0, y >= 0, x < shot.width, y < shot.height else { return nil }
            return Self.strength(shot.rgb(x, y))
        }
        for y in 0..<shot.height {
            for x in 0..<shot.width where !taken.contains(y * shot.width + x) {
                // A solid block of one strength starts a disc.
                guard let first = strength(x, y),
                    (0..<5).allSatisfy({ dy in
                        (0..<5).allSatisfy { dx in strength(x + dx, y + dy).map { abs($0 - first) < 0.06 } ?? false }
                    })
                else { continue }
                // Its pixels joined to that block.
                var bounds = (left: x, top: y, right: x, bottom: y)
                var stack = [(x, y)]
                var pixels = 0
                taken.insert(y * shot.width + x)
                while let (px, py) = stack.popLast() {
                    pixels += 1
                    bounds = (min(bounds.left, px), min(bounds.top, py), max(bounds.right, px), max(bounds.bottom, py))
                    for (nx, ny) in [(px - 1, py), (px + 1, py), (px, py - 1), (px, py + 1)]
                    where strength(nx, ny) != nil && taken.insert(ny * shot.width + nx).inserted {
                        stack.append((nx, ny))
                    }
                }
                found.append(
                    Disc(
                        left: bounds.left, top: bounds.top, right: bounds.right, bottom: bounds.bottom, pixels: pixels,
                        strength: first))
            }
        }
        return found
    }
}
