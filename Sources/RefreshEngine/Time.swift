// Time enters the engine only as values carried by events, so a run can be replayed exactly
// and tests advance the clock by hand. Nothing in this module reads a clock.

/// A span of time in milliseconds.
public typealias Milliseconds = Int64

/// A point on a monotonic clock, in milliseconds since an arbitrary origin chosen by the host
/// (GTK hosts use `g_get_monotonic_time() / 1000`). Never goes backwards, unaffected by clock
/// changes; used for every timeout and idle interval.
public struct MonotonicInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Milliseconds since the host's origin.
    public var milliseconds: Milliseconds

    /// Creates an instant `milliseconds` after the host's origin.
    public init(milliseconds: Milliseconds) { self.milliseconds = milliseconds }

    /// The host's origin.
    public static let zero = MonotonicInstant(milliseconds: 0)

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The instant `rhs` milliseconds later, saturating instead of overflowing.
    public static func + (lhs: Self, rhs: Milliseconds) -> Self {
        let (sum, overflow) = lhs.milliseconds.addingReportingOverflow(rhs)
        return MonotonicInstant(milliseconds: overflow ? .max : sum)
    }

    /// Milliseconds from `rhs` to `lhs` (negative when `lhs` is earlier).
    public static func - (lhs: Self, rhs: Self) -> Milliseconds {
        let (difference, overflow) = lhs.milliseconds.subtractingReportingOverflow(rhs.milliseconds)
        return overflow ? (rhs.milliseconds > 0 ? .min : .max) : difference
    }

    public var description: String { "\(milliseconds)ms" }
}

/// A wall-clock instant: milliseconds since 1970-01-01T00:00:00Z. Used only for the
/// user-visible "last updated" time, which must survive restarts.
public struct WallClockInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Milliseconds since the Unix epoch (UTC).
    public var millisecondsSince1970: Int64

    /// Creates the instant `millisecondsSince1970` after the Unix epoch.
    public init(millisecondsSince1970: Int64) { self.millisecondsSince1970 = millisecondsSince1970 }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    public var description: String { "\(millisecondsSince1970)ms since 1970" }
}
