// The effects of one event, held inline: most events produce none, a few produce up to four,
// and none of that should touch the heap (the host sends an event per scroll frame).

/// The effects an event produced, in order. Behaves like a read-only array; up to four are
/// stored inline without allocating.
public struct Effects: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    private var first: Effect?
    private var second: Effect?
    private var third: Effect?
    private var fourth: Effect?
    private var overflow: [Effect] = []
    /// How many effects there are.
    public private(set) var count = 0
    /// Whether the event was pull input that the pull took: the host then keeps it from also
    /// scrolling the list. An output of this one event, not part of the engine's state.
    public internal(set) var tookInput = false

    /// No effects.
    public init() {}

    /// The given effects, in order.
    public init(arrayLiteral elements: Effect...) {
        for element in elements { append(element) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Effect {
        precondition(position >= 0 && position < count, "effect index \(position) out of 0..<\(count)")
        switch position {
        case 0: return first!
        case 1: return second!
        case 2: return third!
        case 3: return fourth!
        default: return overflow[position - 4]
        }
    }

    /// Adds an effect at the end. (Inlined: most events append one or two, and the call cost
    /// as much as the store.)
    @inline(__always)
    mutating func append(_ effect: Effect) {
        switch count {
        case 0: first = effect
        case 1: second = effect
        case 2: third = effect
        case 3: fourth = effect
        default: overflow.append(effect)
        }
        count += 1
    }

    public static func == (lhs: Effects, rhs: Effects) -> Bool {
        lhs.count == rhs.count && lhs.tookInput == rhs.tookInput && lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(tookInput)
        for effect in self { hasher.combine(effect) }
    }

    public var description: String { Array(self).description }
}
