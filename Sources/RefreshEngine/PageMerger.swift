// De-duplication is a decision ("is this row already shown?"), so it lives beside the engine
// rather than in a toolkit. Pure functions over identifiers; the host keeps the rows.

/// Decides which rows of an answer to show, so a page or refresh never duplicates a row.
public enum PageMerger {
    /// The rows of `incoming` to add, in order: those not shown yet, each identifier once.
    /// Each row is hashed once (the only per-row work in the host's generic code); the hash
    /// values are recorded in `shown` by concrete code, and a page with nothing to drop (the
    /// usual case) is returned as it is, uncopied. `isShown` is the exact check for the rare row
    /// whose hash value was seen before (see `ShownIdentifiers`); the rows kept so far from this
    /// page are checked here.
    public static func keepNew<Row, ID: Hashable>(
        _ incoming: [Row], id: (Row) -> ID, shown: inout ShownIdentifiers<ID>, isShown: (ID) -> Bool
    ) -> [Row] {
        let seen = shown.insertHashes(incoming.map { id($0).hashValue })
        let dropped = repeats(in: incoming, at: seen, id: id, orShown: isShown)
        if dropped.isEmpty { return incoming }
        return incoming.indices.filter { !dropped.contains($0) }.map { incoming[$0] }
    }

    /// A refresh that replaces the rows: the rows to show (the first occurrence of each id),
    /// the index of their ids, and how many were not shown before. Each row is hashed once;
    /// `wasShown` is the exact check for a row whose hash value the old index has.
    public static func replace<Row, ID: Hashable>(
        with incoming: [Row], id: (Row) -> ID, old: ShownIdentifiers<ID>, wasShown: (ID) -> Bool
    ) -> (rows: [Row], shown: ShownIdentifiers<ID>, new: Int) {
        let hashes = incoming.map { id($0).hashValue }
        var shown = ShownIdentifiers<ID>(minimumCapacity: incoming.count)
        // A hash repeated within the answer: the row goes only if its id really repeats.
        let dropped = repeats(in: incoming, at: shown.insertHashes(hashes), id: id) { _ in false }
        let kept = incoming.indices.filter { !dropped.contains($0) }
        let new = kept.reduce(0) { count, index in
            count + (old.hashes.contains(hashes[index]) && wasShown(id(incoming[index])) ? 0 : 1)
        }
        let rows = dropped.isEmpty ? incoming : kept.map { incoming[$0] }
        return (rows, shown, new)
    }

    /// How a replacing refresh can leave rows in place: the old rows from the top that the new
    /// rows hold in the same order, after `prepended` new rows. Those `kept` rows stay the very
    /// same rows on screen (the keyboard focus and the scroll position stay with them), so the
    /// host inserts the `prepended` rows above them and replaces only the rest. `kept` is 0 when
    /// the new rows do not hold the old first row.
    public static func replacementKeeps<Row, ID: Equatable>(
        old: [Row], new: [Row], id: (Row) -> ID
    ) -> (prepended: Int, kept: Int) {
        guard let first = old.first.map(id), let start = new.firstIndex(where: { id($0) == first }) else {
            return (0, 0)
        }
        let kept = zip(old, new[start...]).prefix { id($0) == id($1) }.count
        return (start, kept)
    }

    /// Of the rows at `positions` (those whose hash value was seen before), the ones to drop:
    /// a row whose id an earlier kept row of `incoming` has (checked first: the answer is
    /// short, the rows shown may be many), or that `orShown` says is shown already.
    private static func repeats<Row, ID: Hashable>(
        in incoming: [Row], at positions: [Int], id: (Row) -> ID, orShown: (ID) -> Bool
    ) -> Set<Int> {
        var dropped: Set<Int> = []
        for index in positions {
            let identifier = id(incoming[index])
            let repeated = incoming[..<index].indices.contains {
                !dropped.contains($0) && id(incoming[$0]) == identifier
            }
            if repeated || orShown(identifier) { dropped.insert(index) }
        }
        return dropped
    }
}

/// The identifiers of the rows a list shows, kept as their hash values: eight bytes a row, so
/// checking a page against a million rows touches little memory (a set of the identifiers
/// themselves made appends at a million rows about four times slower than at a thousand,
/// measured). A hash value seen before is not taken as proof: the caller checks that row
/// exactly (a real duplicate, a row removed since, or a 64-bit collision), so no row is ever
/// dropped wrongly and none shows twice.
public struct ShownIdentifiers<ID: Hashable>: Sendable {
    var hashes: HashValues

    /// No identifiers.
    public init() { hashes = HashValues(minimumCapacity: 0) }

    /// No identifiers yet, room for `minimumCapacity` without growing.
    public init(minimumCapacity: Int) { hashes = HashValues(minimumCapacity: minimumCapacity) }

    /// The given identifiers.
    public init(_ identifiers: some Sequence<ID>) {
        hashes = HashValues(minimumCapacity: identifiers.underestimatedCount)
        for identifier in identifiers { _ = hashes.insert(identifier.hashValue) }
    }

    /// Records the hash values of a page's rows and returns the positions of those already
    /// present (to be checked exactly), in order. Concrete code: no generic work per row.
    public mutating func insertHashes(_ values: [Int]) -> [Int] {
        var seen: [Int] = []
        for (index, value) in values.enumerated() where !hashes.insert(value) {
            seen.append(index)
        }
        return seen
    }

    /// Records `identifier` (its row is shown now).
    public mutating func insert(_ identifier: ID) {
        _ = hashes.insert(identifier.hashValue)
    }

    /// Whether `identifier` may be shown; `false` is certain, `true` needs the exact check.
    public func mayContain(_ identifier: ID) -> Bool {
        hashes.contains(identifier.hashValue)
    }
}

/// A set of hash values, in one array: open addressing with linear probing, at most half full,
/// so a lookup is one multiplication and, nearly always, one cache line. `Set<Int>` hashes each
/// value again and reads an occupancy bitmap beside its elements, two places in memory: with it
/// an append at a million rows cost 1.25–1.40 × one at a thousand, with this 1.10–1.22 × (the two
/// sizes timed in turn; the instructions an append are the same at both sizes).
struct HashValues: Sendable {
    /// The values, each at or after its home slot; 0 marks an empty slot.
    private var slots: [UInt64]
    private var count = 0
    /// 64 less log2(slots.count): the home slot is the top bits of a multiplicative hash.
    private var shift: UInt64

    init(minimumCapacity: Int) {
        var size = 16
        while size < minimumCapacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// The stored form of a hash value: 0 (the empty mark) is stored as 1, so those two values
    /// match each other, a collision the exact check resolves like any other.
    private static func key(_ value: Int) -> UInt64 {
        value == 0 ? 1 : UInt64(bitPattern: Int64(value))
    }

    /// Fibonacci hashing: the top bits of the value times 2⁶⁴ ÷ φ, spread even when the hash
    /// values are not (a type's own `hashValue`).
    private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot holding `key`, or the empty slot where it would go (linear probing from its
    /// home slot; the table is never more than half full, so one is always found).
    private func probe(_ key: UInt64) -> (index: Int, found: Bool) {
        let mask = slots.count - 1
        var index = home(key)
        while true {
            let slot = slots[index]
            if slot == key { return (index, true) }
            if slot == 0 { return (index, false) }
            index = (index + 1) & mask
        }
    }

    func contains(_ value: Int) -> Bool { probe(Self.key(value)).found }

    /// Adds `value`; false if it was there already.
    mutating func insert(_ value: Int) -> Bool {
        if (count + 1) * 2 > slots.count { grow() }
        let key = Self.key(value)
        let (index, found) = probe(key)
        guard !found else { return false }
        slots[index] = key
        count += 1
        return true
    }

    /// Twice the slots, every value moved to its new place.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        shift -= 1
        // Each value once in `old`: its probe ends on an empty slot.
        for key in old where key != 0 { slots[probe(key).index] = key }
    }
}
