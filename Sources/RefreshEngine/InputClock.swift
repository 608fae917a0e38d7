// When input happened. A display server stamps each input event on its own clock (X11 server
// time, a Wayland compositor's event time: 32-bit milliseconds that wrap every 49.7 days, from
// an origin of the server's choosing), and a host that handles events late (a stalled or busy
// main loop, a cold start) must still time them when they happened: notches 60 ms apart handled
// within one millisecond are still 60 ms apart, and must not look like a wheel that rested.

/// Maps a display server's input timestamps onto the host's monotonic clock.
///
/// The quickest delivery seen sets the offset between the two clocks: an event handled sooner
/// after its stamp than any before becomes the reference, and every other event is placed at
/// its stamp's distance from it. Instants never run backwards and are never later than when the
/// event is handled. A stamp of 0 (no time: a synthesized event) or one more than
/// `maximumBacklog` behind is timed when it is handled; the latter also becomes the reference,
/// as the server's clock is not the one seen before.
public struct InputClock: Hashable, Sendable {
    /// The longest backlog taken for one: older stamps mean a new clock. Ten minutes.
    public static let maximumBacklog: Milliseconds = 600_000

    /// The quickest delivery: a host instant and the stamp handled then.
    private var referenceInstant: MonotonicInstant?
    private var referenceStamp: UInt32 = 0
    /// The last instant given out.
    private var lastInstant: MonotonicInstant?
    /// Stamps that were too far behind and started a new reference.
    public private(set) var remappedClocks = 0

    /// A clock that has seen no event yet.
    public init() {}

    /// The host instant at which an event stamped `eventTime` happened, handled at `now`.
    public mutating func instant(ofEventTime eventTime: UInt32, handledAt now: MonotonicInstant) -> MonotonicInstant {
        guard eventTime != 0 else { return settled(now, handledAt: now) }
        if let referenceInstant {
            // Wrap-safe: the stamp's distance from the reference, either way, up to 24 days.
            let elapsed = Milliseconds(Int32(bitPattern: eventTime &- referenceStamp))
            let mapped = referenceInstant + elapsed
            if mapped <= now {
                if now - mapped <= Self.maximumBacklog { return settled(mapped, handledAt: now) }
                remappedClocks += 1
            }
        }
        // The first event, one delivered sooner than the reference, or a new clock.
        referenceInstant = now
        referenceStamp = eventTime
        return settled(now, handledAt: now)
    }

    private mutating func settled(_ instant: MonotonicInstant, handledAt now: MonotonicInstant) -> MonotonicInstant {
        var result = instant
        if let lastInstant, lastInstant > result { result = min(lastInstant, now) }
        lastInstant = result
        return result
    }
}
