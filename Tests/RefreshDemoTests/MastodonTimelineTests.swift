// The network feed's pure parts: the --server flag, statuses decoded into rows, HTML reduced to
// text, the Link header's next page, Retry-After, and the order of status ids.

import FoundationEssentials
@testable import RefreshDemo
import TimelineRows
import XCTest

final class MastodonTimelineTests: XCTestCase {
    func testServerFlagNeedsTheMastodonSourceAndAnHTTPAddress() throws {
        let options = try Options.parse(["--source", "mastodon", "--server", "https://mastodon.example/"])
        XCTAssertEqual(options.source, .mastodon)
        XCTAssertEqual(options.server, "https://mastodon.example/")
        XCTAssertEqual(options.source.refreshMerge, .prependNew)
        XCTAssertEqual(Options().source.refreshMerge, .replace)
        let refused: [([String], String)] = [
            (["--server", "http://127.0.0.1:8080"], "--server is for --source mastodon"),
            (["--source", "folder", "--folder", "/tmp", "--server", "http://a"], "--server is for --source mastodon"),
            (["--source", "mastodon"], "--source mastodon needs --server URL"),
            (["--source", "mastodon", "--server", "ftp://example.org"], "must be an http:// or https:// address"),
            (["--source", "mastodon", "--server", "example.org"], "must be an http:// or https:// address"),
            (["--source", "mastodon", "--server", "https://"], "needs a host name"),
            (["--source", "mastodon", "--server", "http://:80/"], "needs a host name"),
            (["--source", "mastodon", "--server"], "--server needs a value"),
            (["--source", "twitter"], "--source must be sim, folder or mastodon"),
        ]
        for (arguments, message) in refused {
            XCTAssertThrowsError(try Options.parse(arguments), "\(arguments)") { error in
                let text = (error as? OptionsError)?.message ?? ""
                XCTAssertTrue(text.contains(message), "\(arguments): '\(text)' should say '\(message)'")
            }
        }
    }

    func testTheStreamIsOnUnlessTurnedOff() throws {
        let server = ["--source", "mastodon", "--server", "http://127.0.0.1:1"]
        XCTAssertTrue(try Options.parse(server).stream, "live by default")
        XCTAssertTrue(try Options.parse(server + ["--stream", "on"]).stream)
        XCTAssertFalse(try Options.parse(server + ["--stream=off"]).stream)
        XCTAssertThrowsError(try Options.parse(server + ["--stream", "maybe"])) { error in
            XCTAssertEqual((error as? OptionsError)?.message, "--stream must be on or off, not 'maybe'")
        }
    }

    func testStatusesBecomeRowsWithAuthorTimeAndPlainText() throws {
        let json = """
            [{"id": "110000000000000002", "created_at": "2024-03-01T09:30:00.000Z",
              "content": "<p>Hello <a href=\\"https://x\\"><span>@bob</span></a> &amp; &lt;world&gt;</p><p>line&#39;2&#x21;</p>",
              "account": {"username": "ada", "acct": "ada@example.org", "display_name": "Ada"}, "reblog": null},
             {"id": "110000000000000001", "created_at": "nonsense", "content": "",
              "account": {"username": "ken", "acct": "ken", "display_name": ""},
              "reblog": {"content": "<p>boosted text</p>", "account": {"username": "g", "acct": "g@x", "display_name": "Grace"}}}]
            """
        let statuses = try MastodonTimeline.decode(Data(json.utf8))
        let rows = statuses.map(MastodonTimeline.item)
        XCTAssertEqual(rows.map(\.id), ["110000000000000002", "110000000000000001"])
        XCTAssertEqual(rows[0].title, "Hello @bob & <world> line'2!")
        XCTAssertEqual(rows[0].detail, "Ada @ada@example.org")
        XCTAssertEqual(rows[0].postedAt, 1_709_285_400_000, "2024-03-01T09:30:00Z")
        XCTAssertNil(rows[1].postedAt, "a created_at that is not a time")
        XCTAssertEqual(rows[1].title, "boosted text")
        XCTAssertEqual(rows[1].detail, "Grace @g@x, boosted by ken")
        let long = MastodonTimeline.item(
            MastodonStatus(
                id: "1", createdAt: "", content: String(repeating: "word ", count: 100),
                account: .init(username: "a", acct: "a", displayName: nil), reblog: nil))
        XCTAssertEqual(long.title.count, MastodonTimeline.longestText)
        XCTAssertTrue(long.title.hasSuffix("…"))
    }

    func testAContentWarningComesWithTheRowAndAnEmptyOneIsNone() throws {
        let json = """
            [{"id": "3", "created_at": "", "content": "<p>the ending</p>", "spoiler_text": "Film  spoilers\\n",
              "account": {"username": "ada", "acct": "ada", "display_name": "Ada"}, "reblog": null},
             {"id": "2", "created_at": "", "content": "<p>plain</p>", "spoiler_text": "",
              "account": {"username": "ada", "acct": "ada", "display_name": "Ada"}, "reblog": null},
             {"id": "1", "created_at": "", "content": "", "spoiler_text": "",
              "account": {"username": "ken", "acct": "ken", "display_name": ""},
              "reblog": {"content": "<p>boosted</p>", "spoiler_text": "Boosted warning",
                         "account": {"username": "g", "acct": "g", "display_name": "Grace"}}}]
            """
        let rows = try MastodonTimeline.decode(Data(json.utf8)).map(MastodonTimeline.item)
        XCTAssertEqual(rows.map(\.warning), ["Film spoilers", nil, "Boosted warning"])
        XCTAssertEqual(rows[0].title, "the ending", "the content is kept, shown once the reader opens it")
        // A status from before warnings were kept (the cache's older rows) has none.
        let old = try MastodonTimeline.decode(
            Data(
                #"[{"id": "9", "created_at": "", "content": "x", "account": {"username": "a", "acct": "a"}, "reblog": null}]"#
                    .utf8))
        XCTAssertNil(MastodonTimeline.item(old[0]).warning)
    }

    func testARowCarriesItsAuthorsPictureAndItsMediaWithTheirSizes() throws {
        let json = """
            [{"id": "3", "created_at": "", "content": "<p>charts</p>",
              "account": {"username": "ada", "acct": "ada", "display_name": "Ada",
                          "avatar": "https://example.org/a.gif", "avatar_static": "https://example.org/a.png"},
              "reblog": null,
              "media_attachments": [
                {"type": "image", "url": "https://example.org/1.png", "preview_url": "https://example.org/1s.png",
                 "description": "A chart", "meta": {"small": {"width": 320, "height": 180}}},
                {"type": "video", "url": "https://example.org/2.mp4", "preview_url": "https://example.org/2.png",
                 "description": "", "meta": {"original": {"width": 1920, "height": 1080}}},
                {"type": "audio", "url": "https://example.org/3.mp3", "preview_url": null},
                {"type": "image", "url": "https://example.org/4.png", "meta": null},
                {"type": "image", "url": "file:///etc/passwd"},
                {"type": "image", "url": "https://example.org/6.png"}]},
             {"id": "2", "created_at": "", "content": "",
              "account": {"username": "ken", "acct": "ken", "display_name": "", "avatar": "https://example.org/k.png"},
              "reblog": {"content": "<p>boosted</p>",
                         "account": {"username": "g", "acct": "g", "display_name": "Grace",
                                     "avatar_static": "https://example.org/g.png"},
                         "media_attachments": [{"type": "gifv", "url": "https://example.org/g.mp4",
                                                "preview_url": "https://example.org/g.png"}]}},
             {"id": "1", "created_at": "", "content": "<p>old</p>",
              "account": {"username": "ken", "acct": "ken"}, "reblog": null}]
            """
        let rows = try MastodonTimeline.decode(Data(json.utf8)).map(MastodonTimeline.item)
        // The still picture, the boosted author's for a boost; a status cached before pictures
        // were kept has none, and shows none.
        XCTAssertEqual(rows.map(\.avatar), ["https://example.org/a.png", "https://example.org/g.png", nil])
        XCTAssertEqual(rows.map(\.authorName), ["Ada", "Grace", "ken"])
        // Images and the previews of videos, at most four attachments looked at, only web
        // addresses fetched; descriptions kept for screen readers, an empty one none; a click
        // opens the whole picture (or video).
        XCTAssertEqual(
            rows[0].media,
            [
                FeedMedia(
                    url: "https://example.org/1s.png", width: 320, height: 180, description: "A chart",
                    original: "https://example.org/1.png"),
                FeedMedia(
                    url: "https://example.org/2.png", width: 1920, height: 1080, description: nil,
                    original: "https://example.org/2.mp4"),
                FeedMedia(
                    url: "https://example.org/4.png", width: nil, height: nil, description: nil,
                    original: "https://example.org/4.png"),
            ])
        XCTAssertEqual(rows[1].media.map(\.url), ["https://example.org/g.png"])
        XCTAssertEqual(rows[2].media, [])
    }

    func testAPictureShowsAtItsSizeWithinBoundsAndAFixedBoxWithoutOne() {
        let cases: [(width: Int?, height: Int?, shown: [Int], why: String)] = [
            (320, 180, [320, 180], "small enough: its own size"),
            (1920, 1080, [400, 225], "wide: the widest, its aspect kept"),
            (400, 400, [300, 300], "square: the tallest, its aspect kept"),
            (180, 1200, [45, 300], "tall and thin: the tallest"),
            (nil, nil, [400, 225], "no size: a 16:9 box at the widest"),
            (640, nil, [400, 225], "half a size: as none"),
            (0, 100, [400, 225], "a zero side: as none"),
        ]
        for entry in cases {
            let size = FeedMedia(url: "https://example.org/x.png", width: entry.width, height: entry.height).shownSize
            XCTAssertEqual([size.width, size.height], entry.shown, entry.why)
        }
    }

    func testARowSaysHowLongAgoAStatusWasPosted() {
        // 2026-12-06T12:00:00Z; the dates a week and more before are at noon too, the same day in
        // any time zone.
        let now: Int64 = 1_796_558_400_000
        let minute: Int64 = 60_000
        let cases: [(String, Int64, String)] = [
            ("posted this instant", now, "now"),
            ("59 s before", now - 59_000, "now"),
            ("ahead of this clock", now + 5 * minute, "now"),
            ("one minute", now - minute, "1 min"),
            ("59 minutes", now - 59 * minute - 59_000, "59 min"),
            ("one hour", now - 60 * minute, "1 h"),
            ("just under a day", now - 24 * 60 * minute + 1, "23 h"),
            ("one day", now - 24 * 60 * minute, "1 d"),
            ("six days", now - 6 * 24 * 60 * minute, "6 d"),
            ("16 days: the date", 1_795_176_000_000, "20 Nov"),
            ("another year's: with the year", 1_749_988_800_000, "15 Jun 2025"),
        ]
        for (name, postedAt, expected) in cases {
            XCTAssertEqual(PostedTimes.age(of: postedAt, at: now), expected, name)
        }
    }

    func testAStatussHTMLBecomesMarkupWithItsParagraphsLineBreaksAndLinks() {
        let cases: [(html: String, markup: String)] = [
            // Paragraphs apart, a line break kept, white space collapsed.
            ("<p>first  line<br>second\n line</p><p>next paragraph</p>", "first line\nsecond line\n\nnext paragraph"),
            // A link as GTK's label markup shows and opens it; its text escaped.
            (
                #"<p>see <a href="https://example.org/a?b=1&amp;c=2" rel="nofollow">this &amp; that</a></p>"#,
                #"see <a href="https://example.org/a?b=1&amp;c=2">this &amp; that</a>"#
            ),
            // Mastodon hides a link's scheme and cuts long ones: shown as it shows them.
            (
                #"<p><a href="https://example.org/very/long/path"><span class="invisible">https://</span><span class="ellipsis">example.org/very</span><span class="invisible">/long/path</span></a></p>"#,
                #"<a href="https://example.org/very/long/path">example.org/very…</a>"#
            ),
            // A mention (an h-card) and a hashtag: links, shown as such.
            (
                #"<p><span class="h-card"><a href="https://social.example/@bob" class="u-url mention">@<span>bob</span></a></span> loves <a href="https://social.example/tags/gtk" class="mention hashtag" rel="tag">#<span>GTK</span></a></p>"#,
                #"<a href="https://social.example/@bob">@bob</a> loves <a href="https://social.example/tags/gtk">#GTK</a>"#
            ),
            // Characters markup would read as its own, and references, come out escaped.
            (
                "<p>1 &lt; 2 &gt; 0 &quot;q&quot; it&#39;s <b>bold?</b> :blobcat:</p>",
                "1 &lt; 2 &gt; 0 \"q\" it's bold? :blobcat:"
            ),
            // An unclosed link ends with its paragraph; stray closing tags are dropped.
            (#"<p><a href="https://x">open</p></a></span><p>after</p>"#, "<a href=\"https://x\">open</a>\n\nafter"),
            // Only web and mail addresses are links; a quote stays inside the attribute.
            (
                #"<p><a href="javascript:alert(1)">x</a> <a href="https://a&quot;b">y</a></p>"#,
                #"x <a href="https://a&quot;b">y</a>"#
            ),
            ("", ""),
        ]
        for (html, markup) in cases {
            XCTAssertEqual(MastodonTimeline.markup(fromHTML: html), markup, html)
        }
    }

    func testAnswersThatAreNotTimelinesAreErrorsSayingSo() {
        for body in ["[{\"id\": \"1\" \"content\"", "{\"error\": \"nope\"}", "[{\"id\": 1}]", ""] {
            XCTAssertThrowsError(try MastodonTimeline.decode(Data(body.utf8)), body) { error in
                XCTAssertTrue(
                    (error as? NetworkError)?.message.hasPrefix("The server's answer is not a timeline") == true,
                    "\(body): \(error)")
            }
        }
        XCTAssertEqual(try MastodonTimeline.decode(Data("[]".utf8)).count, 0)
    }

    func testTheNextLinkIsFoundAmongTheLinks() {
        let both =
            #"<https://m.example/api/v1/timelines/public?max_id=7>; rel="next", <https://m.example/api/v1/timelines/public?min_id=9>; rel="prev""#
        XCTAssertEqual(MastodonTimeline.nextLink(both), "https://m.example/api/v1/timelines/public?max_id=7")
        XCTAssertNil(MastodonTimeline.nextLink(#"<https://m.example/x?min_id=9>; rel="prev""#))
        XCTAssertEqual(MastodonTimeline.nextLink("<a?b=1,2>;rel=next"), "a?b=1,2")
        XCTAssertNil(MastodonTimeline.nextLink(nil))
        XCTAssertNil(MastodonTimeline.nextLink(""))
    }

    func testRetryAfterInSecondsOrAsADate() {
        XCTAssertEqual(MastodonTimeline.retryAfterSeconds("30"), 30)
        XCTAssertEqual(MastodonTimeline.retryAfterSeconds(" 5 "), 5)
        XCTAssertEqual(MastodonTimeline.retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT"), 0, "a date gone by")
        XCTAssertNil(MastodonTimeline.retryAfterSeconds("soon"))
        XCTAssertNil(MastodonTimeline.retryAfterSeconds(nil))
    }

    func testIdsCompareAsNumbersOfAnyLength() {
        XCTAssertTrue(MastodonTimeline.isOlder("99", than: "100"))
        XCTAssertTrue(MastodonTimeline.isOlder("109000499", than: "109000500"))
        XCTAssertFalse(MastodonTimeline.isOlder("110000000000000000000", than: "99999999999999999999"))
    }

    func testTheRestoredPlaceAsksForMaxIDOnePastTheSavedStatus() {
        XCTAssertEqual(MastodonSource.successor(of: "109"), "110")
        XCTAssertEqual(MastodonSource.successor(of: "113400000000000099"), "113400000000000100")
        XCTAssertEqual(MastodonSource.successor(of: "999"), "1000")
        XCTAssertEqual(MastodonSource.successor(of: "abc"), "abc", "not a number: left as it is")
        XCTAssertEqual(MastodonSource.successor(of: ""), "")
    }
}
