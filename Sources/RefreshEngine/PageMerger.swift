// De-duplication is a decision ("is this row already shown?"), so it lives beside the engine
// rather than in a toolkit. Pure functions over identifiers; the host keeps the rows.

/// Decides which rows of an answer to show, so a page or refresh never duplicates a row.
public enum PageMerger {
    /// Indices of `incoming` to append after rows whose identifiers are `existing`: every
    /// incoming row whose identifier is neither already shown nor repeated earlier in the page.
    /// Costs O(page), whatever the size of `existing` (which is only read, never copied).
    public static func rowsToAppend<ID: Hashable>(existing: Set<ID>, incoming: [ID]) -> [Int] {
        var seenInPage = Set<ID>(minimumCapacity: incoming.count)
        var keep: [Int] = []
        keep.reserveCapacity(incoming.count)
        for (index, id) in incoming.enumerated() where !existing.contains(id) && seenInPage.insert(id).inserted {
            keep.append(index)
        }
        return keep
    }

    /// The rows of `incoming` to add, in order: those not shown yet, each identifier once.
    /// Their identifiers are recorded in `shown` as it goes, so each row is hashed once, and a
    /// page with nothing to drop (the usual case) is returned as it is, uncopied. `isShown` is
    /// the exact check for the rare row whose hash value was seen before (see
    /// `ShownIdentifiers`); the rows kept so far from this page are checked here. (Inlinable: the
    /// host's concrete types make it a tight loop.)
    @inlinable
    public static func keepNew<Row, ID: Hashable>(
        _ incoming: [Row], id: (Row) -> ID, shown: inout ShownIdentifiers<ID>, isShown: (ID) -> Bool
    ) -> [Row] {
        var dropped: [Int] = []
        for index in incoming.indices {
            let identifier = id(incoming[index])
            let new = shown.insert(identifier) {
                // The page so far first: it is short, the rows shown may be many.
                !incoming[..<index].indices.contains { !dropped.contains($0) && id(incoming[$0]) == identifier }
                    && !isShown(identifier)
            }
            if !new { dropped.append(index) }
        }
        if dropped.isEmpty { return incoming }
        return incoming.indices.filter { !dropped.contains($0) }.map { incoming[$0] }
    }

    /// Indices of `incoming` to keep when it replaces the list: the first occurrence of each
    /// identifier.
    public static func rowsToReplace<ID: Hashable>(incoming: [ID]) -> [Int] {
        rowsToAppend(existing: [], incoming: incoming)
    }
}

/// The identifiers of the rows a list shows, kept as their hash values: eight bytes a row, so
/// checking a page against a million rows touches little memory (a set of the identifiers
/// themselves made appends at a million rows about four times slower than at a thousand,
/// measured). A hash value seen before is not taken as proof: the caller checks that row
/// exactly (a real duplicate, a row removed since, or a 64-bit collision), so no row is ever
/// dropped wrongly and none shows twice.
public struct ShownIdentifiers<ID: Hashable>: Sendable {
    @usableFromInline var hashes: Set<Int>

    /// No identifiers.
    public init() { hashes = [] }

    /// The identifiers of `rows`.
    public init(_ identifiers: some Sequence<ID>) {
        hashes = Set(identifiers.lazy.map(\.hashValue))
    }

    /// Records `identifier` and returns whether it is new: at once when its hash value is new,
    /// else by asking `isNew` (the exact check).
    @inlinable
    public mutating func insert(_ identifier: ID, isNew: () -> Bool) -> Bool {
        hashes.insert(identifier.hashValue).inserted || isNew()
    }

    /// Whether `identifier` may be shown; `false` is certain, `true` needs the exact check.
    @inlinable
    public func mayContain(_ identifier: ID) -> Bool {
        hashes.contains(identifier.hashValue)
    }
}
