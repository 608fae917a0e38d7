// The name of one operation the engine started, so an answer can be matched to it.

/// Identifies one refresh or load-more the engine started. An answer is accepted only with the
/// token of the operation in flight, so late and duplicate answers cannot change anything.
public struct OperationToken: Hashable, Sendable, CustomStringConvertible {
    /// Sequence number; tokens are never reused within one engine's life.
    public let rawValue: UInt64

    /// Wraps a raw value. Only the engine issues tokens; the package's tests and benchmarks
    /// make their own to answer with.
    package init(rawValue: UInt64) { self.rawValue = rawValue }

    public var description: String { "#\(rawValue)" }
}
