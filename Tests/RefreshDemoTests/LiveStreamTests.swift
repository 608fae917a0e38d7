// The live timeline's decisions (LiveStream) as tables: each step sends one event and states
// the whole state after it (phase, newest id, when last heard, deletions remembered, malformed
// events counted, the indicator and the next deadline) and the effects. Time and the jitter's
// random number are values the test gives. Also the server-sent events parser, line by line.

@testable import RefreshDemo
import XCTest

final class LiveStreamTests: XCTestCase {
    /// The whole state a step expects.
    struct Expected {
        var phase: LiveStream.Phase
        var newest: String?
        var lastHeardMs: Int
        var deleted: [String] = []
        var malformed = 0
        var indicator: LiveStream.Indicator
        var wakeUpMs: Int?
    }

    private func check(
        _ stream: LiveStream, _ effects: [LiveStream.Effect], _ expectedEffects: [LiveStream.Effect],
        _ expected: Expected, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(effects, expectedEffects, "effects", file: file, line: line)
        XCTAssertEqual(stream.phase, expected.phase, "phase", file: file, line: line)
        XCTAssertEqual(stream.newest, expected.newest, "newest", file: file, line: line)
        XCTAssertEqual(stream.lastHeardMs, expected.lastHeardMs, "lastHeardMs", file: file, line: line)
        XCTAssertEqual(stream.deleted, expected.deleted, "deleted", file: file, line: line)
        XCTAssertEqual(stream.malformedEvents, expected.malformed, "malformed", file: file, line: line)
        XCTAssertEqual(stream.indicator, expected.indicator, "indicator", file: file, line: line)
        XCTAssertEqual(stream.nextWakeUpMs, expected.wakeUpMs, "next wake-up", file: file, line: line)
    }

    func testTheFirstConnectionCatchesUpFromTheNewestRowThenShowsEachEvent() {
        var stream = LiveStream()
        check(stream, [], [], Expected(phase: .off(reason: nil), lastHeardMs: 0, indicator: .off))
        var effects = stream.start(atMs: 1_000, newestShown: "109000500")
        check(
            stream, effects, [.connect],
            Expected(
                phase: .connecting(attempt: 0), newest: "109000500", lastHeardMs: 1_000, indicator: .connecting,
                wakeUpMs: 41_000))
        effects = stream.opened(atMs: 1_200, newestShown: "109000501")
        check(
            stream, effects, [.catchUp(since: "109000501")],
            Expected(
                phase: .catchingUp(attempt: 0, since: "109000501", held: []), newest: "109000501", lastHeardMs: 1_200,
                indicator: .connecting, wakeUpMs: 41_200))
        // An event streamed while catching up waits; a heartbeat counts as heard.
        effects = stream.received(.update("109000504"), atMs: 1_300)
        check(
            stream, effects, [],
            Expected(
                phase: .catchingUp(attempt: 0, since: "109000501", held: [.update("109000504")]), newest: "109000501",
                lastHeardMs: 1_300, indicator: .connecting, wakeUpMs: 41_300))
        // A full page: shown oldest first (each goes on top), and the next page asked for.
        effects = stream.caughtUp(atMs: 1_400, ids: ["109000503", "109000502"], more: true)
        check(
            stream, effects, [.show("109000502"), .show("109000503"), .catchUp(since: "109000503")],
            Expected(
                phase: .catchingUp(attempt: 0, since: "109000503", held: [.update("109000504")]), newest: "109000503",
                lastHeardMs: 1_300, indicator: .connecting, wakeUpMs: 41_300))
        // The last page (empty): live, and what was held is carried out in order.
        effects = stream.caughtUp(atMs: 1_500, ids: [], more: false)
        check(
            stream, effects, [.show("109000504")],
            Expected(
                phase: .live(sinceMs: 1_500, attempt: 0), newest: "109000504", lastHeardMs: 1_300, indicator: .live,
                wakeUpMs: 41_300))
        effects = stream.received(.heartbeat, atMs: 16_000)
        check(
            stream, effects, [],
            Expected(
                phase: .live(sinceMs: 1_500, attempt: 0), newest: "109000504", lastHeardMs: 16_000, indicator: .live,
                wakeUpMs: 56_000))
        effects = stream.received(.edit("109000503"), atMs: 17_000)
        check(
            stream, effects, [.replace("109000503")],
            Expected(
                phase: .live(sinceMs: 1_500, attempt: 0), newest: "109000504", lastHeardMs: 17_000, indicator: .live,
                wakeUpMs: 57_000))
        effects = stream.received(.delete("109000503"), atMs: 18_000)
        check(
            stream, effects, [.remove("109000503")],
            Expected(
                phase: .live(sinceMs: 1_500, attempt: 0), newest: "109000504", lastHeardMs: 18_000,
                deleted: ["109000503"], indicator: .live, wakeUpMs: 58_000))
        // A deleted status never comes back, by update or edit; a malformed event is counted.
        effects = stream.received(.update("109000503"), atMs: 19_000)
        check(
            stream, effects, [],
            Expected(
                phase: .live(sinceMs: 1_500, attempt: 0), newest: "109000504", lastHeardMs: 19_000,
                deleted: ["109000503"], indicator: .live, wakeUpMs: 59_000))
        effects = stream.received(.edit("109000503"), atMs: 19_500)
        check(
            stream, effects, [],
            Expected(
                phase: .live(sinceMs: 1_500, attempt: 0), newest: "109000504", lastHeardMs: 19_500,
                deleted: ["109000503"], indicator: .live, wakeUpMs: 59_500))
        effects = stream.received(.malformed, atMs: 20_000)
        check(
            stream, effects, [],
            Expected(
                phase: .live(sinceMs: 1_500, attempt: 0), newest: "109000504", lastHeardMs: 20_000,
                deleted: ["109000503"], malformed: 1, indicator: .live, wakeUpMs: 60_000))
        effects = stream.received(.other, atMs: 20_100)
        check(
            stream, effects, [],
            Expected(
                phase: .live(sinceMs: 1_500, attempt: 0), newest: "109000504", lastHeardMs: 20_100,
                deleted: ["109000503"], malformed: 1, indicator: .live, wakeUpMs: 60_100))
        effects = stream.stop()
        check(
            stream, effects, [.close],
            Expected(
                phase: .off(reason: nil), newest: "109000504", lastHeardMs: 20_100, deleted: ["109000503"],
                malformed: 1, indicator: .off))
    }

    func testAnEmptyListGoesLiveAtOnce() {
        var stream = LiveStream()
        _ = stream.start(atMs: 0, newestShown: nil)
        let effects = stream.opened(atMs: 10, newestShown: nil)
        check(
            stream, effects, [],
            Expected(
                phase: .live(sinceMs: 10, attempt: 0), newest: nil, lastHeardMs: 10, indicator: .live, wakeUpMs: 40_010)
        )
        let shown = stream.received(.update("7"), atMs: 20)
        check(
            stream, shown, [.show("7")],
            Expected(
                phase: .live(sinceMs: 10, attempt: 0), newest: "7", lastHeardMs: 20, indicator: .live, wakeUpMs: 40_020)
        )
    }

    func testDropsWaitDoublingCappedAndJitteredThenCatchUpBeforeLiveAgain() {
        var stream = LiveStream()
        _ = stream.start(atMs: 0, newestShown: "100")
        _ = stream.opened(atMs: 0, newestShown: "100")
        _ = stream.caughtUp(atMs: 0, ids: [], more: false)
        // Live 5 s, then the connection closes: attempt 1 waits 1 s × (0.5 + 0.5 × 0.5).
        var effects = stream.dropped(.lost("closed"), atMs: 5_000, random: 0.5)
        check(
            stream, effects, [.close],
            Expected(
                phase: .waiting(attempt: 1, untilMs: 5_750, drop: .lost("closed")), newest: "100", lastHeardMs: 0,
                indicator: .reconnecting, wakeUpMs: 5_750))
        // Not due yet: nothing.
        effects = stream.tick(atMs: 5_749, random: 0)
        check(
            stream, effects, [],
            Expected(
                phase: .waiting(attempt: 1, untilMs: 5_750, drop: .lost("closed")), newest: "100", lastHeardMs: 0,
                indicator: .reconnecting, wakeUpMs: 5_750))
        effects = stream.tick(atMs: 5_750, random: 0)
        check(
            stream, effects, [.connect],
            Expected(
                phase: .connecting(attempt: 1), newest: "100", lastHeardMs: 5_750, indicator: .reconnecting,
                wakeUpMs: 45_750))
        // A 503: attempt 2 waits 2 s × (0.5 + 0.5 × 1).
        effects = stream.dropped(.refused("503"), atMs: 6_000, random: 1)
        check(
            stream, effects, [.close],
            Expected(
                phase: .waiting(attempt: 2, untilMs: 8_000, drop: .refused("503")), newest: "100", lastHeardMs: 5_750,
                indicator: .reconnecting, wakeUpMs: 8_000))
        _ = stream.tick(atMs: 8_000, random: 0)
        // Opened, and a newer row shown meanwhile (a refresh): the catch-up starts from it.
        effects = stream.opened(atMs: 8_100, newestShown: "105")
        check(
            stream, effects, [.catchUp(since: "105")],
            Expected(
                phase: .catchingUp(attempt: 2, since: "105", held: []), newest: "105", lastHeardMs: 8_100,
                indicator: .reconnecting, wakeUpMs: 48_100))
        // The catch-up page fails: attempt 3 waits 4 s × 0.5.
        effects = stream.dropped(.lost("reset"), atMs: 8_200, random: 0)
        check(
            stream, effects, [.close],
            Expected(
                phase: .waiting(attempt: 3, untilMs: 10_200, drop: .lost("reset")), newest: "105", lastHeardMs: 8_100,
                indicator: .reconnecting, wakeUpMs: 10_200))
        // An answer to the catch-up given up on, and a late event: nothing.
        XCTAssertEqual(stream.caughtUp(atMs: 8_300, ids: ["106"], more: false), [])
        XCTAssertEqual(stream.received(.update("107"), atMs: 8_300), [])
        XCTAssertEqual(stream.newest, "105")
        // The waits double up to the cap: 60 s from attempt 7 on.
        XCTAssertEqual(
            (1...9).map { stream.retryDelayMs(attempt: $0, random: 1) },
            [
                1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
            ])
        XCTAssertEqual(stream.retryDelayMs(attempt: 1_000, random: 0), 30_000, "capped, then jittered")
    }

    /// A 503 with Retry-After: the wait is the backoff's or the server's, whichever is longer,
    /// and never past the cap; the attempts count as without it.
    func testA503sRetryAfterIsWaitedForAtLeastUpToTheCap() {
        let stream = LiveStream()
        // (attempt, random, Retry-After in ms) → the wait.
        let table: [(attempt: Int, random: Double, retryAfterMs: Int?, waitMs: Int)] = [
            (1, 1, nil, 1_000),  // none said: the backoff
            (1, 1, 5_000, 5_000),  // longer than the backoff: the server's
            (1, 0, 5_000, 5_000),  // the jitter does not shorten it
            (4, 1, 5_000, 8_000),  // shorter than the backoff: the backoff
            (4, 0, 5_000, 5_000),  // longer than the jittered backoff (4 s): the server's
            (1, 1, 0, 1_000),  // "0": the backoff
            (1, 1, -3_000, 1_000),  // a date already past: the backoff
            (1, 1, 3_600_000, 60_000),  // an hour: the cap
            (9, 1, 3_600_000, 60_000),  // at the cap either way
        ]
        for row in table {
            XCTAssertEqual(
                stream.retryDelayMs(attempt: row.attempt, random: row.random, retryAfterMs: row.retryAfterMs),
                row.waitMs, "attempt \(row.attempt), random \(row.random), Retry-After \(row.retryAfterMs ?? -1)")
        }
        // Through the events: a first connection refused with Retry-After 7 s waits 7 s, not 1;
        // the next refusal without one goes on doubling from attempt 2.
        var refused = LiveStream()
        _ = refused.start(atMs: 1_000, newestShown: "100")
        var effects = refused.dropped(.refused("503"), atMs: 1_200, random: 1, retryAfterMs: 7_000)
        check(
            refused, effects, [.close],
            Expected(
                phase: .waiting(attempt: 1, untilMs: 8_200, drop: .refused("503")), newest: "100", lastHeardMs: 1_000,
                indicator: .reconnecting, wakeUpMs: 8_200))
        effects = refused.tick(atMs: 8_199, random: 0)
        check(
            refused, effects, [],
            Expected(
                phase: .waiting(attempt: 1, untilMs: 8_200, drop: .refused("503")), newest: "100", lastHeardMs: 1_000,
                indicator: .reconnecting, wakeUpMs: 8_200))
        effects = refused.tick(atMs: 8_200, random: 0)
        check(
            refused, effects, [.connect],
            Expected(
                phase: .connecting(attempt: 1), newest: "100", lastHeardMs: 8_200, indicator: .reconnecting,
                wakeUpMs: 48_200))
        effects = refused.dropped(.refused("503"), atMs: 8_300, random: 1)
        check(
            refused, effects, [.close],
            Expected(
                phase: .waiting(attempt: 2, untilMs: 10_300, drop: .refused("503")), newest: "100", lastHeardMs: 8_200,
                indicator: .reconnecting, wakeUpMs: 10_300))
    }

    func testAStreamLiveLongEnoughStartsTheWaitsOver() {
        var stream = LiveStream()
        _ = stream.start(atMs: 0, newestShown: nil)
        _ = stream.dropped(.refused("503"), atMs: 100, random: 1)  // attempt 1
        _ = stream.tick(atMs: 1_100, random: 0)
        _ = stream.dropped(.refused("503"), atMs: 1_200, random: 1)  // attempt 2
        _ = stream.tick(atMs: 3_200, random: 0)
        _ = stream.opened(atMs: 3_300, newestShown: nil)
        XCTAssertEqual(stream.phase, .live(sinceMs: 3_300, attempt: 2))
        // Dropped after 10 s live: a short connection, the waits go on doubling.
        var copy = stream
        _ = copy.dropped(.lost("x"), atMs: 13_300, random: 1)
        XCTAssertEqual(copy.phase, .waiting(attempt: 3, untilMs: 17_300, drop: .lost("x")))
        // Dropped after 30 s live: a good connection, the waits start over.
        let effects = stream.dropped(.lost("x"), atMs: 33_300, random: 1)
        check(
            stream, effects, [.close],
            Expected(
                phase: .waiting(attempt: 1, untilMs: 34_300, drop: .lost("x")), newest: nil, lastHeardMs: 3_300,
                indicator: .reconnecting, wakeUpMs: 34_300))
    }

    func testSilencePastTheHeartbeatDeadlineIsAStall() {
        var stream = LiveStream()
        _ = stream.start(atMs: 0, newestShown: nil)
        _ = stream.opened(atMs: 0, newestShown: nil)
        _ = stream.received(.heartbeat, atMs: 15_000)
        var effects = stream.tick(atMs: 54_999, random: 0)
        check(
            stream, effects, [],
            Expected(
                phase: .live(sinceMs: 0, attempt: 0), newest: nil, lastHeardMs: 15_000, indicator: .live,
                wakeUpMs: 55_000))
        // Live 55 s (a good connection): the first wait, 1 s × 0.5.
        effects = stream.tick(atMs: 55_000, random: 0)
        check(
            stream, effects, [.close],
            Expected(
                phase: .waiting(attempt: 1, untilMs: 55_500, drop: .stalled), newest: nil, lastHeardMs: 15_000,
                indicator: .reconnecting, wakeUpMs: 55_500))
        // An attempt that hangs is a stall too.
        _ = stream.tick(atMs: 55_500, random: 0)
        effects = stream.tick(atMs: 95_500, random: 0)
        check(
            stream, effects, [.close],
            Expected(
                phase: .waiting(attempt: 2, untilMs: 96_500, drop: .stalled), newest: nil, lastHeardMs: 55_500,
                indicator: .reconnecting, wakeUpMs: 96_500))
    }

    func testARefusalThatWaitingCannotMendTurnsTheStreamOff() {
        var stream = LiveStream()
        _ = stream.start(atMs: 0, newestShown: "5")
        var effects = stream.refused(permanently: "401 Unauthorized")
        check(
            stream, effects, [.close],
            Expected(phase: .off(reason: "401 Unauthorized"), newest: "5", lastHeardMs: 0, indicator: .off))
        // Off stays off: no tick, no late answer, no second reason.
        XCTAssertEqual(stream.tick(atMs: 100_000, random: 0), [])
        XCTAssertEqual(stream.opened(atMs: 100_000, newestShown: "5"), [.close], "a late stream is closed")
        effects = stream.refused(permanently: "certificate")
        check(
            stream, effects, [],
            Expected(phase: .off(reason: "401 Unauthorized"), newest: "5", lastHeardMs: 0, indicator: .off))
        // While waiting, too.
        var waiting = LiveStream()
        _ = waiting.start(atMs: 0, newestShown: nil)
        _ = waiting.dropped(.refused("503"), atMs: 0, random: 0)
        XCTAssertEqual(waiting.refused(permanently: "certificate"), [], "nothing open to close")
        XCTAssertEqual(waiting.phase, .off(reason: "certificate"))
        XCTAssertEqual(waiting.stop(), [])
    }

    func testEventsHeldWhileCatchingUpKeepTheirOrderAndDeletionsWin() {
        var stream = LiveStream()
        _ = stream.start(atMs: 0, newestShown: "10")
        _ = stream.opened(atMs: 0, newestShown: "10")
        for arrival in [LiveStream.Arrival.update("13"), .malformed, .delete("12"), .edit("11"), .heartbeat] {
            XCTAssertEqual(stream.received(arrival, atMs: 1), [])
        }
        XCTAssertEqual(stream.malformedEvents, 1)
        // The page brings 11, 12: both shown (the deletion is still held), then the held events.
        let effects = stream.caughtUp(atMs: 2, ids: ["12", "11"], more: false)
        check(
            stream, effects, [.show("11"), .show("12"), .show("13"), .remove("12"), .replace("11")],
            Expected(
                phase: .live(sinceMs: 2, attempt: 0), newest: "13", lastHeardMs: 1, deleted: ["12"], malformed: 1,
                indicator: .live, wakeUpMs: 40_001))
        // A later catch-up page naming 12 again does not bring it back.
        _ = stream.dropped(.lost("x"), atMs: 3, random: 0)
        _ = stream.tick(atMs: 1_000, random: 0)
        _ = stream.opened(atMs: 1_000, newestShown: "11")
        XCTAssertEqual(stream.caughtUp(atMs: 1_001, ids: ["14", "12"], more: false), [.show("14")])
        XCTAssertEqual(stream.newest, "14")
    }

    func testOrderOfIDsIsNumericAtAnyLength() {
        XCTAssertTrue(LiveStream.isOlder("99", than: "100"))
        XCTAssertTrue(LiveStream.isOlder("109000499", than: "109000500"))
        XCTAssertFalse(LiveStream.isOlder("109000500", than: "109000500"))
        XCTAssertTrue(LiveStream.isOlder("99999999999999999999", than: "100000000000000000000"))
    }

    func testTheParserReadsEventsCommentsAndJoinedData() {
        var parser = EventStreamParser()
        let lines = [
            ":thump", "event: update", "data: {\"id\":", "data:  \"1\"}", "", "", "event:delete", "data:7", "id: 3",
            "", "data: bare", "", "retry: 10", "event: status.update", "",
        ]
        let items = lines.compactMap { parser.read($0) }
        XCTAssertEqual(
            items,
            [
                .comment, .event(name: "update", data: "{\"id\":\n \"1\"}"), .event(name: "delete", data: "7"),
                .event(name: "message", data: "bare"), .event(name: "status.update", data: ""),
            ])
    }
}
