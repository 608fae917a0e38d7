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

    /// The rows of `incoming` to append, in order: those whose identifier is not in `shown`,
    /// each identifier once. Their identifiers are added to `shown` as it goes, so each row is
    /// hashed once; O(page), whatever the size of `shown`. (Inlinable: the host's concrete row
    /// and identifier types make it a tight loop.)
    @inlinable
    public static func appendNew<Row, ID: Hashable>(
        _ incoming: [Row], id: (Row) -> ID, shown: inout Set<ID>
    ) -> [Row] {
        var keep: [Row] = []
        keep.reserveCapacity(incoming.count)
        for row in incoming where shown.insert(id(row)).inserted {
            keep.append(row)
        }
        return keep
    }

    /// Indices of `incoming` that are new relative to `existing`, for a refresh that prepends
    /// what arrived instead of replacing the list. Order is kept.
    public static func rowsToPrepend<ID: Hashable>(existing: Set<ID>, incoming: [ID]) -> [Int] {
        rowsToAppend(existing: existing, incoming: incoming)
    }

    /// Indices of `incoming` to keep when it replaces the list: the first occurrence of each
    /// identifier.
    public static func rowsToReplace<ID: Hashable>(incoming: [ID]) -> [Int] {
        rowsToAppend(existing: [], incoming: incoming)
    }
}
