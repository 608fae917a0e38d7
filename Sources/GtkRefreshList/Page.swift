// What a loader answers with.

/// A page of items returned by a loader.
public struct Page<Item: Sendable>: Sendable {
    /// The items, in display order.
    public var items: [Item]
    /// Whether more pages exist; `nil` when the loader doesn't know (then a page shorter than
    /// the page size means there is no more).
    public var hasMore: Bool?

    /// Creates a page.
    public init(_ items: [Item], hasMore: Bool? = nil) {
        self.items = items
        self.hasMore = hasMore
    }

    /// "No more data": an empty page that ends paging.
    public static var noMore: Page { Page([], hasMore: false) }
}
