// One seeded random number generator for everything that must repeat a run exactly: the demo's
// simulated feed (its latencies and failures) and the engine's property test (its events).

/// SplitMix64: small, fast, and the same sequence on every platform for a given seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state; the seed is its first value.
    public var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
