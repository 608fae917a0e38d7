// The widget's words and dates without Foundation: placeholders filled the way translators
// write them, and "last updated" times in gettext plurals or the translation's date format.
// (The tests run untranslated; the catalogues are checked by msgfmt in the meson test.)
// Unit tests of the list's internal formatting functions, hence @testable; the widget's own
// last-updated line is read from its label by PersistenceTests.

import GtkInterop
@testable import GtkRefreshList
import RefreshEngine
import XCTest

final class LocalizationTests: XCTestCase {
    func testFillTakesValuesInOrderOrByPosition() {
        XCTAssertEqual(fill("Last updated %@", "now"), "Last updated now")
        XCTAssertEqual(fill("Refreshed, %d new items", "3"), "Refreshed, 3 new items")
        XCTAssertEqual(fill("%1$@: %2$@", "Refresh failed", "offline"), "Refresh failed: offline")
        XCTAssertEqual(fill("%2$@ ← %1$@", "a", "b"), "b ← a", "a translation may reorder")
        XCTAssertEqual(fill("100%% of %@", "rows"), "100% of rows")
        XCTAssertEqual(fill("%@ and %@", "one"), "one and ", "a missing value is empty, never a crash")
        XCTAssertEqual(fill("50%x %", "unused"), "50%x %", "anything else stays as written")
        XCTAssertEqual(fill("%0$@ %9$@", "a"), "%0$@ ", "position 0 is not a placeholder; 9 has no value")
        XCTAssertEqual(fill("刷新完成，%d 条新内容", "5"), "刷新完成，5 条新内容")
    }

    func testRelativeTimesInWholeUnits() {
        let now = WallClockInstant(millisecondsSince1970: 1_780_000_000_000)
        func ago(_ seconds: Int64) -> String? {
            relativeTime(
                of: WallClockInstant(millisecondsSince1970: now.millisecondsSince1970 - seconds * 1_000), now: now)
        }
        XCTAssertEqual(ago(0), "just now")
        XCTAssertEqual(ago(59), "just now")
        XCTAssertEqual(ago(-30), "just now", "a little clock jitter")
        XCTAssertEqual(ago(60), "1 minute ago")
        XCTAssertEqual(ago(119), "1 minute ago")
        XCTAssertEqual(ago(120), "2 minutes ago")
        XCTAssertEqual(ago(3_599), "59 minutes ago")
        XCTAssertEqual(ago(3_600), "1 hour ago")
        XCTAssertEqual(ago(86_399), "23 hours ago")
        XCTAssertEqual(ago(86_400), "1 day ago")
        XCTAssertEqual(ago(6 * 86_400), "6 days ago")
        XCTAssertNil(ago(7 * 86_400), "a week or more reads as a date")
        XCTAssertNil(ago(-61), "the future (the clock was set back) reads as a date")
    }

    func testLastUpdatedLines() {
        let texts = RefreshListTexts()
        let now = WallClockInstant(millisecondsSince1970: 1_780_000_000_000)
        let fiveMinutes = WallClockInstant(millisecondsSince1970: now.millisecondsSince1970 - 300_000)
        XCTAssertEqual(lastUpdatedText(nil, style: .relative, texts: texts, now: now), texts.neverUpdated)
        XCTAssertEqual(
            lastUpdatedText(fiveMinutes, style: .relative, texts: texts, now: now), "Last updated 5 minutes ago")
        let absolute = lastUpdatedText(fiveMinutes, style: .absolute, texts: texts, now: now)
        XCTAssertEqual(absolute, "Last updated: " + absoluteTime(of: fiveMinutes))
        let monthAgo = WallClockInstant(millisecondsSince1970: now.millisecondsSince1970 - 30 * 86_400_000)
        XCTAssertEqual(
            lastUpdatedText(monthAgo, style: .relative, texts: texts, now: now),
            "Last updated: " + absoluteTime(of: monthAgo))
    }

    func testAbsoluteTimesAreALocalDateAndTime() throws {
        // 2026-06-15 12:00 UTC: the same date in every time zone but the last few hours' worth.
        let noon = WallClockInstant(millisecondsSince1970: 1_781_524_800_000)
        let text = absoluteTime(of: noon)
        let pattern = try Regex("^[0-9]{1,2} [A-Z][a-z]{2} 2026, [0-9]{2}:[0-9]{2}$")
        XCTAssertNotNil(text.wholeMatch(of: pattern), text)
        XCTAssertTrue(text.contains("Jun"), text)
        // Milliseconds before the epoch round down to the earlier second, not up.
        XCTAssertEqual(
            absoluteTime(of: WallClockInstant(millisecondsSince1970: -1)),
            absoluteTime(of: WallClockInstant(millisecondsSince1970: -1_000)))
    }
}
