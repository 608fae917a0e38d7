// Where the view goes at the list's next layout, and why. Rows go in above the view (a
// refresh, a stream, newer rows, a restore), rows go from a bounded list, the list gives up the
// header's height or takes it back, the engine sends the view to the first rows: each leaves
// a request here, and at every layout (GTK's frame clock, before the frame is drawn) `layout`
// decides from the facts the host measures which one wins and where the view goes. The host
// measures and scrolls; it keeps no placement state of its own.
//
// Precedence, as a reader expects it: a resize keeps a view at the top at the top and a view
// in mid-list at its offset, unless rows that went in meanwhile have a place of their own; the
// first rows (the engine's `scrollToTop`) win over any place, keeping the focused row in view;
// otherwise the focused row is put back where it was drawn, else the first row in view.

/// A row and where it was drawn: its position among the rows (after the rows going in) and its
/// top, in px from the top of the view.
public struct RowPlace: Hashable, Sendable {
    /// The row's position among the rows.
    public var position: Int
    /// Where its top was drawn, in px from the top of the view.
    public var top: Double

    /// A row's place.
    public init(position: Int, top: Double) {
        self.position = position
        self.top = top
    }
}

/// What the host measures at a layout, when the placement asks for it.
public protocol PlacementFacts {
    /// The view's offset (px from the top of the content).
    var offset: Double { get }
    /// The lowest offset the view can take.
    var lowestOffset: Double { get }
    /// The highest offset the view can take (the content's height less the view's).
    var highestOffset: Double { get }
    /// The view's height (px).
    var viewportHeight: Double { get }
    /// The top of the row with the keyboard focus, px from the top of the view; nil when the
    /// focus is not on a row of the list.
    func focusedRowTop() -> Double?
    /// The extent of the widget with the keyboard focus in the list (a row, or the footer), px
    /// from the top of the view; nil when the focus is elsewhere or it is not drawn.
    func focusedExtent() -> ClosedRange<Double>?
    /// The top of the row at `position`, px from the top of the view; nil when it is not drawn.
    func rowTop(at position: Int) -> Double?
}

/// What the host measured at a layout (`Event.layout`): the adjustment, the focused row,
/// the widget with the focus, and the row the placement asked for (`rowToMeasure`).
public struct LayoutFacts: PlacementFacts, Hashable, Sendable {
    public var offset: Double
    public var lowestOffset: Double
    public var highestOffset: Double
    public var viewportHeight: Double
    /// The focused row's top, px from the top of the view; nil when the focus is not on a row.
    public var focusedTop: Double?
    /// The extent of the widget with the focus in the list, px from the top of the view.
    public var focused: ClosedRange<Double>?
    /// The row `ViewPlacement.rowToMeasure` asked for, where it is drawn; nil when it is not.
    public var measuredRow: RowPlace?

    /// Facts measured at a layout.
    public init(
        offset: Double, lowestOffset: Double, highestOffset: Double, viewportHeight: Double,
        focusedTop: Double? = nil, focused: ClosedRange<Double>? = nil, measuredRow: RowPlace? = nil
    ) {
        self.offset = offset
        self.lowestOffset = lowestOffset
        self.highestOffset = highestOffset
        self.viewportHeight = viewportHeight
        self.focusedTop = focusedTop
        self.focused = focused
        self.measuredRow = measuredRow
    }

    public func focusedRowTop() -> Double? { focusedTop }
    public func focusedExtent() -> ClosedRange<Double>? { focused }
    public func rowTop(at position: Int) -> Double? { measuredRow?.position == position ? measuredRow?.top : nil }

    /// Whether every value is a finite number (a host bug otherwise, never a place). Checked
    /// without allocating: a layout sends these at frame rate.
    var isValid: Bool {
        offset.isFinite && lowestOffset.isFinite && highestOffset.isFinite && viewportHeight.isFinite
            && focusedTop?.isFinite != false && measuredRow?.top.isFinite != false
            && focused.map { $0.lowerBound.isFinite && $0.upperBound.isFinite } != false
    }
}

/// The view's placement: what the next layout keeps, and what the host does at it.
public struct ViewPlacement: Hashable, Sendable {
    /// What a resize of the list (the header resting open, or closing) keeps.
    public enum ResizeKeep: Hashable, Sendable {
        /// The view was at the top: it stays there, where a refresh's rows show.
        case top
        /// The view was in mid-list at this offset: its rows stay where they are.
        case offset(Double)
    }

    /// What the host does at a layout.
    public enum Step: Hashable, Sendable {
        /// Scroll the view to this offset (GTK lays out again in the same frame, and the next
        /// layout decides again).
        case scroll(to: Double)
        /// Nothing this layout: the view went to the first rows and is where it stays.
        case none
        /// The view is where it stays: the host measures what the engine decides from (the
        /// rows above and in view, the place to save); with `focusesNewestRow`, the newest row
        /// takes the keyboard focus once the host finds it laid out (`newestRowFocused`).
        case settled(focusesNewestRow: Bool)
    }

    /// The focused row's top before rows went in above it (px from the top of the view).
    public private(set) var focusedRowTop: Double?
    /// Whether the next layout shows the first rows (the engine's `scrollToTop`).
    public private(set) var showsFirstRows = false
    /// What the resize the list waits for keeps.
    public private(set) var resizeKeep: ResizeKeep?
    /// Whether the resize `resizeKeep` waits for was allocated (the next layout keeps it).
    public private(set) var resizeAllocated = false
    /// The offset at which the last layout that showed the first rows left the view.
    public private(set) var firstRowsOffset: Double?
    /// The first row in view before rows went in above it, until the engine says whether its
    /// place is kept (`keepPlace`).
    public private(set) var candidate: RowPlace?
    /// The row the next layout puts back where it was.
    public private(set) var rowToKeep: RowPlace?
    /// Whether the newest row takes the keyboard focus once the view is at the top (the pill
    /// had it when activated).
    public private(set) var focusesNewestRow = false

    /// How many of the rows the last `rowsGoingIn` announced go in before the first row in
    /// view (0 when no row was in view), until the place is kept or the next layout.
    public private(set) var goingInAbove = 0

    /// A placement with nothing to keep.
    public init() {}

    /// Whether the next layout has something to place, so the host measures it and sends
    /// `.layout`; otherwise the view stays where it is and is settled.
    public var awaitsLayout: Bool {
        focusedRowTop != nil || showsFirstRows || resizeKeep != nil || rowToKeep != nil || focusesNewestRow
    }

    /// Whether the list's next allocation is a fact the placement waits for (`.listAllocated`):
    /// a resize started and was not allocated yet.
    public var awaitsAllocation: Bool { resizeKeep != nil && !resizeAllocated }

    /// The row whose top the next layout needs (`LayoutFacts.measuredRow`), if any.
    public var rowToMeasure: Int? { rowToKeep?.position }

    // MARK: Events

    /// Rows are about to go in above the rest, the focused row's top at `focusedRowTop` (nil:
    /// the focus is not on a row): it is kept where it is on screen, so a keyboard or screen-
    /// reader user reading the list is not moved (unless the first rows win).
    public mutating func rowsGoingInAbove(focusedRowTop: Double?) {
        self.focusedRowTop = focusedRowTop
    }

    /// `count` rows are about to go in at `index`, the first row in view being `firstInView`
    /// (nil: none is): notes where that row will be and is drawn, for `keepPlace`, and returns
    /// how many of the rows go in before it.
    @discardableResult
    public mutating func rowsGoingIn(at index: Int, count: Int, firstInView: RowPlace?) -> Int {
        guard count > 0, let first = firstInView else {
            candidate = nil
            goingInAbove = 0
            return 0
        }
        let above = index <= first.position ? count : 0
        candidate = RowPlace(position: first.position + above, top: first.top)
        goingInAbove = above
        return above
    }

    /// The engine keeps the reader's place: the row noted before the rows went in goes back
    /// where it was at the next layout.
    public mutating func keepPlace() {
        rowToKeep = candidate
        candidate = nil
        goingInAbove = 0
    }

    /// The engine sends the view to the first rows at the next layout.
    public mutating func showFirstRows() {
        showsFirstRows = true
    }

    /// A restored list's rows went in: the saved row goes where it was saved.
    public mutating func restore(_ place: RowPlace) {
        rowToKeep = place
    }

    /// `above` rows went from the top, the first row in view being `firstInView` before: it is
    /// put back where it is drawn, at its new position.
    public mutating func rowsDropped(above: Int, firstInView: RowPlace?) {
        guard above > 0, let first = firstInView, first.position >= above else { return }
        rowToKeep = RowPlace(position: first.position - above, top: first.top)
    }

    /// The list is about to give up the header's height, or take it back, the view at
    /// `offset`: a view at the top (at 0, or where the first rows were last shown and not
    /// scrolled from since) stays there, a view in mid-list keeps its offset.
    public mutating func resizeStarting(offset: Double) {
        let atTop = offset < 0.5 || firstRowsOffset.map { abs($0 - offset) < 0.5 } == true
        resizeKeep = atTop ? .top : .offset(offset)
        resizeAllocated = false
    }

    /// The host allocated the list: the first allocation after `resizeStarting` is the resize
    /// it waits for; if the height did not change (the header rested open and closed again
    /// before a layout), there is nothing to keep.
    public mutating func listAllocated(heightChanged: Bool) {
        guard resizeKeep != nil, !resizeAllocated else { return }
        if heightChanged {
            resizeAllocated = true
        } else {
            resizeKeep = nil
        }
    }

    /// The pill was activated (`hadFocus`: it had the keyboard focus), `goesToNewest`: the view
    /// goes to the newest rows (not a Retry): a keyboard user lands on the newest row.
    public mutating func pillActivated(hadFocus: Bool, goesToNewest: Bool) {
        focusesNewestRow = hadFocus && goesToNewest
    }

    /// The newest row took the keyboard focus.
    public mutating func newestRowFocused() {
        focusesNewestRow = false
    }

    /// A layout of the list, before the frame is drawn: where the view goes, from `facts`.
    public mutating func layout(_ facts: some PlacementFacts) -> Step {
        goingInAbove = 0
        if let keep = resizeKeep, resizeAllocated {
            resizeKeep = nil
            resizeAllocated = false
            let placeWaits = rowToKeep != nil || focusedRowTop != nil
            switch keep {
            case .top:
                // Back to the top, unless rows that went in meanwhile have a place to keep.
                if !placeWaits { showsFirstRows = true }
            case .offset(let kept):
                // The offset it had, so the rows are where they were in the list's area.
                let target = Self.clamp(kept, facts)
                if !placeWaits, abs(target - facts.offset) >= 0.5 { return .scroll(to: target) }
            }
        }
        guard showsFirstRows else { return restorePlace(facts) }
        showsFirstRows = false
        focusedRowTop = nil
        rowToKeep = nil
        let offset = facts.offset
        let focused = facts.focusedExtent().map { (offset + $0.lowerBound)...(offset + $0.upperBound) }
        let target = RefreshEngine.topOffset(keepingInView: focused, viewportHeight: facts.viewportHeight)
        firstRowsOffset = target
        return abs(target - offset) >= 0.5 ? .scroll(to: target) : .none
    }

    /// The focused row, else the row kept, back where it was drawn; settled when neither moves.
    private mutating func restorePlace(_ facts: some PlacementFacts) -> Step {
        if let wanted = focusedRowTop {
            focusedRowTop = nil
            if let now = facts.focusedRowTop(), abs(now - wanted) >= 0.5 {
                rowToKeep = nil
                return .scroll(to: facts.offset + now - wanted)
            }
        }
        if let place = rowToKeep {
            rowToKeep = nil
            // A list that got shorter (a replacing answer) may end before the row's old place:
            // where the view cannot move, it is left to the toolkit's anchor.
            if let top = facts.rowTop(at: place.position), abs(top - place.top) >= 0.5 {
                let target = Self.clamp(facts.offset + top - place.top, facts)
                if abs(target - facts.offset) >= 0.5 { return .scroll(to: target) }
            }
        }
        return .settled(focusesNewestRow: focusesNewestRow && facts.offset < 0.5)
    }

    private static func clamp(_ offset: Double, _ facts: some PlacementFacts) -> Double {
        min(max(offset, facts.lowestOffset), facts.highestOffset)
    }
}
