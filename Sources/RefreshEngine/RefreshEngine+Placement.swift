// Where the view goes after a refresh put its rows in. A toolkit's list keeps its anchor: rows
// that go in above the first row shown stay out of view, and rows taken away from under the
// view leave it wherever the shorter list ends. Both are right for a reader in mid-list, whose
// rows must not move; at the top, the reader asked for what is new and must see it; and where
// the rows in view are gone, the place is gone too, and the first rows are what to show.

extension RefreshEngine {
    /// Whether the view goes to the first rows after a refresh applied `shown` rows, `new` of
    /// them not shown before: when the rows in view are gone (`viewKept` false), or when the
    /// view was at the top of a list laid out and new rows went in beside rows already shown
    /// (the first rows of an empty list go above nothing). Away from the top, with rows in
    /// view kept, the place holds.
    func showsTop(shown: Int, new: Int, viewKept: Bool) -> Bool {
        !viewKept || (geometry.isKnown && geometry.isAtTop && new > 0 && shown > new)
    }

    /// The view goes to the first rows at the next layout (`.scrollToTop`).
    mutating func showFirstRows(into effects: inout Effects) {
        placement.showFirstRows()
        effects.append(.scrollToTop)
    }

    /// The first row in view before rows went in above it goes back where it was at the next
    /// layout (`.keepPlace`).
    mutating func keepPlace(into effects: inout Effects) {
        placement.keepPlace()
        effects.append(.keepPlace)
    }

    /// The offset (px from the top of the content) at which the view shows the first rows
    /// after `.scrollToTop`: 0, or as near it as keeps `focusedRow` (the extent in px of the
    /// row with the keyboard focus, after the new rows were laid out) whole in view, its top
    /// shown when it is taller than the view.
    ///
    /// At the top, a keyboard user who refreshes asked for what is new, as anyone does: the
    /// view shows it and the focused row keeps the focus, moved down by the rows above it. But
    /// the focus is never left out of view (WCAG 2.4.11, focus not obscured): a sighted
    /// keyboard user would lose their place, and the next arrow key would jump the view. So
    /// with more new rows than fit above it, the view stops where the focused row is the last
    /// one in view, the rows just above it on screen and the newest a scroll away.
    public static func topOffset(keepingInView focusedRow: ClosedRange<Double>?, viewportHeight: Double) -> Double {
        guard let focusedRow, viewportHeight > 0 else { return 0 }
        return max(0, min(focusedRow.lowerBound, focusedRow.upperBound - viewportHeight))
    }
}

// The host's placement events (Event.swift, "Placement"): each goes to the view's placement.
extension Event {
    /// Whether this is a placement event (Event.swift, "Placement"), handled without firing
    /// deadlines. A host sends these from inside its own changes to the rows: an observer of
    /// every event that reads the rows skips them, as the rows may be half changed.
    public var isPlacement: Bool {
        switch self {
        case .rowsGoingIn, .rowsGoingInAbove, .savedRowShown, .rowsDroppedAbove, .listResizing, .listAllocated,
            .newestRowFocused, .layout:
            true
        default:
            false
        }
    }
}

extension RefreshEngine {
    /// Hands a placement event to the placement; a fact no layout could have measured (a
    /// negative count or position, a number that is not finite) is rejected and counted.
    mutating func place(_ event: Event, into effects: inout Effects) {
        switch event {
        case .rowsGoingIn(let index, let count, let first):
            guard index >= 0, count >= 0, first.map(Self.isValid) != false else { return reject() }
            placement.rowsGoingIn(at: index, count: count, firstInView: first)
        case .rowsGoingInAbove(let top):
            guard top?.isFinite != false else { return reject() }
            placement.rowsGoingInAbove(focusedRowTop: top)
        case .savedRowShown(let place):
            guard Self.isValid(place) else { return reject() }
            placement.restore(place)
        case .rowsDroppedAbove(let count, let first):
            guard count >= 0, first.map(Self.isValid) != false else { return reject() }
            placement.rowsDropped(above: count, firstInView: first)
        case .listResizing(let offset):
            guard offset.isFinite else { return reject() }
            placement.resizeStarting(offset: offset)
        case .listAllocated(let heightChanged):
            placement.listAllocated(heightChanged: heightChanged)
        case .newestRowFocused:
            placement.newestRowFocused()
        case .layout(let facts):
            guard facts.isValid else { return reject() }
            switch placement.layout(facts) {
            case .scroll(let target): effects.append(.scrollView(to: target))
            case .none: break
            case .settled(let focusesNewestRow): effects.append(.viewSettled(focusesNewestRow: focusesNewestRow))
            }
        default:
            break
        }
    }

    private mutating func reject() { counters.rejectedInputs += 1 }

    private static func isValid(_ place: RowPlace) -> Bool { place.position >= 0 && place.top.isFinite }
}
