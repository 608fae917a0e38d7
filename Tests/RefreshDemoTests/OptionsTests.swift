// The command line: every flag parses, every bad value is refused with a message naming it.

@testable import RefreshDemo
import XCTest

final class OptionsTests: XCTestCase {
    func testDefaults() throws {
        XCTAssertEqual(try Options.parse([]), Options())
        XCTAssertEqual(Options().source, .sim)
        XCTAssertEqual(Options().pageSize, 20)
        XCTAssertEqual(Options().threshold, 64)
    }

    func testEachSourceNamesItsRows() {
        // (Untranslated here: the tests run without a language.)
        for source in [SourceKind.sim, .mastodon] {
            XCTAssertEqual(source.texts.newAbove(5), "5 new posts", "\(source)")
            XCTAssertEqual(source.texts.newAbove(1), "1 new post", "\(source)")
            XCTAssertEqual(source.texts.newAboveAnnouncement(5), "5 new posts above", "\(source)")
            XCTAssertEqual(source.texts.refreshedWithNew(3), "Refreshed, 3 new posts", "\(source)")
            XCTAssertEqual(source.texts.refreshedWithNewAbove(5), "Refreshed, 5 new posts above", "\(source)")
            XCTAssertEqual(source.texts.loadNewerFailed, "Couldn't load newer posts", "\(source)")
        }
        let folder = SourceKind.folder.texts
        XCTAssertEqual(folder.newAbove(2), "2 new files")
        XCTAssertEqual(folder.newAboveAnnouncement(2), "2 new files above")
        XCTAssertEqual(folder.refreshedWithNew(2), "Refreshed, 2 new files")
        XCTAssertEqual(folder.refreshedWithNewAbove(1), "Refreshed, 1 new file above")
        XCTAssertEqual(folder.loadNewerFailed, "Couldn't load newer files")
    }

    func testEveryFlag() throws {
        let options = try Options.parse([
            "--source", "folder", "--folder", "/tmp", "--latency-ms", "250", "--fail-rate", "0.5",
            "--page-size", "7", "--total", "99", "--threshold", "80", "--trace", "--screenshots", "/tmp/shots",
            "--seed", "9", "--trigger", "cross", "--style", "high-contrast", "--size", "360x640",
            "--direction", "rtl",
        ])
        var expected = Options()
        expected.source = .folder
        expected.folder = "/tmp"
        expected.latencyMilliseconds = 250
        expected.failRate = 0.5
        expected.pageSize = 7
        expected.total = 99
        expected.threshold = 80
        expected.trace = true
        expected.screenshotsDirectory = "/tmp/shots"
        expected.seed = 9
        expected.triggerOnCross = true
        expected.style = .highContrast
        expected.direction = .rtl
        (expected.width, expected.height) = (360, 640)
        XCTAssertEqual(options, expected)
        XCTAssertEqual(Options().style, .system, "the desktop's look unless asked")
        XCTAssertEqual(Options().direction, .system, "the locale's direction unless asked")
        XCTAssertEqual(try Options.parse(["--style=dark"]).style, .dark)
        XCTAssertEqual(try Options.parse(["--page-size=12", "--trigger=release"]).pageSize, 12)
        XCTAssertEqual(try Options.parse(["--folder", "/srv"]).source, .folder, "--folder implies the folder source")
        XCTAssertEqual(try Options.parse(["--source", "sim"]).source, .sim)
        XCTAssertEqual(Options().cacheLimit, 5_000, "the timeline keeps 5 000 statuses on disk unless asked")
        XCTAssertEqual(try Options.parse(["--cache-limit", "0"]).cacheLimit, 0)
    }

    func testBadFlagsNameTheProblem() {
        let cases: [([String], String)] = [
            (["--bogus"], "unknown option '--bogus'"),
            (["stray"], "unexpected argument 'stray'"),
            (["--source", "web"], "--source must be sim, folder or mastodon, not 'web'"),
            (["--source", "folder"], "--source folder needs --folder PATH"),
            (["--latency-ms"], "--latency-ms needs a value"),
            (["--latency-ms", "-1"], "--latency-ms must be a whole number in 0…60000, not '-1'"),
            (["--latency-ms", "fast"], "--latency-ms must be a whole number in 0…60000, not 'fast'"),
            (["--fail-rate", "1.5"], "--fail-rate must be a number in 0.0…1.0, not '1.5'"),
            (["--fail-rate", "nan"], "--fail-rate must be a number in 0.0…1.0, not 'nan'"),
            (["--page-size", "0"], "--page-size must be a whole number in 1…1000, not '0'"),
            (["--total", "-3"], "--total must be a whole number in 0…10000000, not '-3'"),
            (["--threshold", "2"], "--threshold must be a number in 8.0…1000.0, not '2'"),
            (["--seed", "-1"], "--seed must be a whole number ≥ 0, not '-1'"),
            (["--trigger", "sometimes"], "--trigger must be release or cross, not 'sometimes'"),
            (["--screenshots"], "--screenshots needs a value"),
            (["--cache-limit", "-1"], "--cache-limit must be a whole number in 0…1000000, not '-1'"),
            (["--style", "purple"], "--style must be system, light, dark or high-contrast, not 'purple'"),
            (["--direction", "up"], "--direction must be system, ltr or rtl, not 'up'"),
            (["--size", "300x600"], "--size must be WIDTHxHEIGHT within 360…4096 × 300…4096, not '300x600'"),
            (["--size", "800"], "--size must be WIDTHxHEIGHT within 360…4096 × 300…4096, not '800'"),
            (["--size", "800x"], "--size must be WIDTHxHEIGHT within 360…4096 × 300…4096, not '800x'"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try Options.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? OptionsError)?.message, message, "\(arguments)")
            }
        }
        XCTAssertThrowsError(try Options.parse(["--help"])) { XCTAssertEqual($0 as? OptionsError, .help) }
    }
}
