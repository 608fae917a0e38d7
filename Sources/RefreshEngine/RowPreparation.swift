// Which rows a list prepares, and when. A toolkit list binds rows well beyond the view (GTK 4.8's
// list view keeps two hundred around its anchor, and makes new ones whenever its estimate of
// the rows it has not measured moves that range): laying out a rich row (shaping its text,
// styling its widgets) costs milliseconds, so a frame that binds a few of them is late, though
// the reader sees none. Here a bound row far from the view waits, holding its place at its
// remembered height; the rows in view are prepared before the frame that shows them is drawn,
// and those about to come into view (a view's worth on each side) one at a time in the idle
// time between frames, nearest first and the way the reader is going first, as Texture's
// preload range and RecyclerView's prefetch do. A row's height is remembered once it was
// measured at a width, so a row that waits again holds exactly its place.

/// Where the reader is going (the last change of the scroll offset).
public enum ScrollDirection: Sendable, Equatable {
    /// Towards the end of the list (the offset grew).
    case down
    /// Towards its start.
    case up
}

/// Which bound rows are prepared at once, which wait, and in which order waiting ones are
/// prepared. Positions are rows' indexes in the list.
public struct RowPreparation: Sendable, Equatable {
    /// The fewest rows prepared beyond each edge of the view, whatever the view holds (a view
    /// of one tall row still prepares the next ones). Default 3.
    public var minimumAhead: Int

    /// Preparation with at least `minimumAhead` rows beyond each edge (negative counts as 0).
    public init(minimumAhead: Int = 3) {
        self.minimumAhead = max(0, minimumAhead)
    }

    /// The rows to prepare, of `rowCount`: those in view (`inView`, clamped to the rows), and a
    /// view's worth more on each side (at least `minimumAhead`). Nil before anything is in
    /// view (nothing laid out yet): then only the rows that turn out in view are prepared.
    public func window(inView: ClosedRange<Int>?, rowCount: Int) -> ClosedRange<Int>? {
        guard let inView, rowCount > 0 else { return nil }
        let first = min(max(inView.lowerBound, 0), rowCount - 1)
        let last = min(max(inView.upperBound, first), rowCount - 1)
        let ahead = max(minimumAhead, last - first + 1)
        return max(0, first - ahead)...min(rowCount - 1, last + ahead)
    }

    /// Whether a row bound at `position` is prepared at once rather than waiting: it is in the
    /// window around the view last laid out (`inView`), and the list has that many rows.
    public func preparesAtOnce(_ position: Int, inView: ClosedRange<Int>?, rowCount: Int) -> Bool {
        window(inView: inView, rowCount: rowCount)?.contains(position) ?? false
    }

    /// The waiting row to prepare next (in idle time), if any is in the window: the nearest to
    /// the view, the one the reader is going towards first at equal distance. Rows in view
    /// count as nearest of all (the host prepares those before drawing anyway).
    public func next(
        waiting: some Sequence<Int>, inView: ClosedRange<Int>?, rowCount: Int, going direction: ScrollDirection
    ) -> Int? {
        guard let inView, let window = window(inView: inView, rowCount: rowCount) else { return nil }
        func rank(_ position: Int) -> (Int, Int) {
            let distance =
                position < inView.lowerBound
                ? inView.lowerBound - position : position > inView.upperBound ? position - inView.upperBound : 0
            let ahead = (direction == .down) == (position >= inView.lowerBound)
            return (distance, ahead ? 0 : 1)
        }
        return waiting.lazy.filter { window.contains($0) }.min { rank($0) < rank($1) }
    }
}

/// The heights rows were measured at, by row and width, to hold a waiting row's place exactly;
/// bounded (the oldest forgotten first), with an estimate for rows never measured.
public struct RowHeights<Key: Hashable & Sendable>: Sendable {
    /// The most rows remembered. Default 4 096.
    public let capacity: Int
    private var heights: [Key: (width: Int, height: Int)] = [:]
    /// Keys in the order they were first remembered (the oldest goes first past `capacity`).
    private var order: [Key] = []
    private var orderStart = 0
    /// The first heights measured at `estimateWidth`, until the estimate settles on their median.
    private var firstHeights: [Int] = []
    private var estimateWidth = 0
    /// The height held for rows never measured: settled once, so that it does not move with
    /// every row measured (a toolkit list estimating its unmeasured rows from the rows it holds
    /// would then move its range of rows with it, and make and bind rows for nothing).
    private var settledEstimate: Int?
    /// How many heights the estimate is the median of.
    private static var estimateSample: Int { 16 }

    /// Remembers up to `capacity` rows (at least 1).
    public init(capacity: Int = 4_096) {
        self.capacity = max(1, capacity)
    }

    /// How many rows are remembered.
    public var count: Int { heights.count }

    /// Remembers that `key`'s row is `height` px tall at `width` px.
    public mutating func remember(_ key: Key, width: Int, height: Int) {
        guard width > 0, height >= 0 else { return }
        let before = heights.updateValue((width, height), forKey: key)
        if before == nil {
            order.append(key)
            while heights.count > capacity, orderStart < order.count {
                heights[order[orderStart]] = nil
                orderStart += 1
            }
            if orderStart > capacity {
                order.removeFirst(orderStart)
                orderStart = 0
            }
        }
        if width != estimateWidth {
            estimateWidth = width
            firstHeights = []
            settledEstimate = nil
        }
        // Each row once at this width: a row measured again is no new sample.
        if settledEstimate == nil, before?.width != width {
            firstHeights.append(height)
            if firstHeights.count >= Self.estimateSample { settledEstimate = Self.median(firstHeights) }
        }
    }

    /// `key`'s height at `width`, if it was measured at that width.
    public func height(of key: Key, width: Int) -> Int? {
        guard let known = heights[key], known.width == width else { return nil }
        return known.height
    }

    /// The height to hold a row's place with: its own at `width` if known, else the estimate for
    /// rows never measured at `width` (the median of the first 16 heights measured there, settled
    /// then; the median of those so far before), else `fallback`.
    public func placeHeight(of key: Key, width: Int, fallback: Int) -> Int {
        if let known = height(of: key, width: width) { return known }
        guard width == estimateWidth, !firstHeights.isEmpty else { return fallback }
        return settledEstimate ?? Self.median(firstHeights)
    }

    private static func median(_ heights: [Int]) -> Int { heights.sorted()[heights.count / 2] }

    /// Forgets every height (the rows' content or style changed).
    public mutating func removeAll() {
        heights = [:]
        order = []
        orderStart = 0
        firstHeights = []
        estimateWidth = 0
        settledEstimate = nil
    }
}
