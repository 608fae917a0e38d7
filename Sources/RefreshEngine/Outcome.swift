// What a loader answered, and how a failure's message is named without the engine holding it.

/// What a loader answered.
public enum Outcome: Hashable, Sendable {
    /// Items arrived. `received` is the raw count the loader returned (before any
    /// de-duplication); `hasMore` is the loader's word on further pages, `nil` when unknown
    /// (then a page shorter than `pageSize` means there is no more).
    case success(received: Int, hasMore: Bool?)
    /// The loader failed. The host keeps the message and names it by `FailureID`; the engine
    /// only carries the id, so events stay trivially copyable.
    case failure(FailureID)
}

/// Names a failure message the host keeps (the loader's error text, say). The engine stores and
/// reports only this id: the host shows, announces and translates the text.
public struct FailureID: Hashable, Sendable, CustomStringConvertible {
    /// The host's number for the message; `0` is the engine's own `timedOut`.
    public let rawValue: UInt32

    /// Wraps a host's message number. Hosts number their messages from 1.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The engine's watchdog: no answer came within `operationTimeout`.
    public static let timedOut = FailureID(rawValue: 0)

    public var description: String { self == .timedOut ? "timed out" : "failure #\(rawValue)" }
}
