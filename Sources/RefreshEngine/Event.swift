// What happens to the engine: the events a host toolkit translates its input, its loaders'
// answers and its layout into, and nothing else. What the host must do about them is in
// Effect.swift.

/// The kind of input device behind a pull.
public enum PullKind: Hashable, Sendable, CaseIterable {
    /// A mouse wheel: discrete notches, no release.
    case wheel
    /// A touchpad: pixel deltas between scroll-begin and scroll-end.
    case touchpad
    /// A pointer or touch drag: pixel deltas between press and release.
    case drag
}

/// One step of a pull. Positive values open the header (toward the top of the list); negative
/// values push it back.
public enum PullInput: Hashable, Sendable {
    /// Wheel notches; `+1` is one notch up (GDK reports `dy = -1`).
    case wheel(notches: Double)
    /// Touchpad movement in px.
    case touchpad(distance: Double)
    /// Drag movement in px since the previous drag event: `distance` down (negative up), and
    /// `sideways` across in either direction, which tells a swipe from a pull.
    case drag(distance: Double, sideways: Double = 0)

    /// The device behind this input.
    public var kind: PullKind {
        switch self {
        case .wheel: .wheel
        case .touchpad: .touchpad
        case .drag: .drag
        }
    }
}

/// A scroll edge of the list.
public enum Edge: Hashable, Sendable {
    /// The start of the list, where pulls happen.
    case top
    /// The end of the list, where pages load.
    case bottom
}

/// Why a refresh was asked for; carried into the trace and the announcement.
public enum RefreshOrigin: Hashable, Sendable {
    /// The engine's own first refresh.
    case initial
    /// A released or threshold-crossing pull.
    case pull
    /// F5, Ctrl+R or an action.
    case request
    /// The start of a list with a saved place: the rows at that place, not the newest
    /// (`begin(at:place:)`); its answer comes as `.restoreCompleted`.
    case restore
}

/// Everything the engine reacts to.
public enum Event: Hashable, Sendable {
    /// The scroll offset, content height and viewport height (px), sent whenever any changes.
    case geometry(offset: Double, contentHeight: Double, viewportHeight: Double)
    /// A touchpad scroll or a drag began (touchpad scroll-begin, button or touch press).
    case gestureBegan(PullKind)
    /// One step of movement toward or away from the top while at the top edge, of a known kind
    /// (a drag's movement; a host's own pull source).
    case pull(PullInput)
    /// One scroll event as the toolkit reported it: the engine decides which kind of pull it is
    /// (`pullInput(for:)`, the table in ScrollSample.swift). The answer's `tookInput` says
    /// whether the pull took it, so the host keeps it from also scrolling the list.
    case scroll(ScrollSample)
    /// A gesture ended: released (button up, scroll-end) or `cancelled` (grab lost, Escape).
    case gestureEnded(PullKind, cancelled: Bool)
    /// The list reached or overshot an edge (GTK's edge-reached and edge-overshot): a hint only,
    /// as pulls are measured from scroll input.
    case edgeHint(Edge)
    /// Time passed; sent when `nextWakeUp` comes (a late, early or extra tick is harmless).
    case tick
    /// A frame showing the header as it is now reached the screen at the event's instant. The
    /// minimum spinner time and the result display time count from the first frame that showed
    /// their state, never from when the state began: a main loop that comes back late (a
    /// stall, a suspended process, a cold first frame) must not spend them while nothing is
    /// drawn. Send it after rendering while `awaitsPresentation` holds (extra ones are harmless).
    case presented
    /// A refresh was asked for (keyboard, action, menu).
    case refreshRequested
    /// A load-more was asked for (Retry button, keyboard, action).
    case loadMoreRequested
    /// The host hides or shows the header; a hidden header ignores pulls.
    case headerHidden(Bool)
    /// The host hides or shows the footer; a hidden footer loads nothing by itself.
    case footerHidden(Bool)
    /// The answer to the refresh started with `token`. `wallClock` is now on the wall clock, used
    /// as the last-updated instant on success.
    case refreshCompleted(OperationToken, Outcome, wallClock: WallClockInstant)
    /// The answer to the load-more started with `token`.
    case loadMoreCompleted(OperationToken, Outcome)
    /// The number of rows the list shows after the host applied an answer (after
    /// de-duplication, or after prepending). The footer hides while there are none, and an
    /// ended list's footer while they are fewer than a page.
    case itemsShown(Int)
    /// The host applied a refresh answer (`applyRefresh`): it shows `shown` rows, `new` of them
    /// not shown before. `insertedAbove`: how many of the rows went in before the first row in
    /// view, measured before they went in (0 when no row was in view); the engine decides
    /// whether the view shows them or keeps its place and counts them, as for
    /// `rowsInsertedAbove`, and says the refresh and where its rows went in one announcement.
    /// `viewKept`: whether a row that was in view before the answer is still shown (false
    /// when a replacing answer took every row in view away, as one from far down the list
    /// does). Sent instead of `itemsShown` after a refresh.
    case refreshApplied(shown: Int, new: Int, insertedAbove: Int = 0, viewKept: Bool = true)
    /// The host put `count` rows in before the first row in view by a change of its own (an
    /// app's insert, a live update), measured before they went in; 0 when no row was in view.
    /// Sent after the `itemsShown` of the same change (a refresh reports its rows above in
    /// `refreshApplied`). The engine decides whether the view shows them (at the top) or keeps
    /// its place and counts them as new above (`newAbove`; RefreshEngine+NewAbove.swift).
    case rowsInsertedAbove(Int)
    /// How many rows lie wholly above the view's top edge now, measured after layout: new rows
    /// scrolled into view (even in part) are seen, and `newAbove` counts down to it. Sent
    /// while `newAbove` is more than 0.
    case rowsAboveView(Int)
    /// The pill was activated (click, touch, Enter or Space): go to the newest rows, or, when
    /// it offers Retry after newer rows failed (`pill`), load them again. `hadFocus`: the pill
    /// had the keyboard focus, which then goes to the newest row once the view is there.
    case pillActivated(hadFocus: Bool)
    /// The answer to the restore started with `token` (`startRefresh(token, origin: .restore)`):
    /// `found` tells whether the rows hold the saved row. Without it the list starts at the
    /// newest rows instead.
    case restoreCompleted(OperationToken, Outcome, found: Bool)
    /// The answer to the load of newer rows started with `token` (`startLoadNewer`); `hasMore`
    /// says whether rows newer still exist.
    case loadNewerCompleted(OperationToken, Outcome)
    /// The host put `added` newer rows in at the top (`applyNewer`, after de-duplication) and
    /// shows `shown` rows. Sent instead of `itemsShown` after newer rows.
    case newerApplied(shown: Int, added: Int)
    /// After layout, the rows at positions `first...last` are in view (in part). Sent when
    /// they change: a bounded list (`maximumRows`) drops rows far from them (`dropRows`).
    case rowsInView(first: Int, last: Int)
    /// `count` rows arrived above the first row shown while it is not the newest
    /// (`showsNewestRows` false): the host did not put them in; they count in the pill now
    /// and load with the rows above (`startLoadNewer`).
    case rowsArrivedAboveShown(Int)
    /// The most rows the list keeps changed (0: unbounded); see `maximumRows`.
    case maximumRowsChanged(Int)
    /// The host holds `count` rows received for the top (a stream's new posts), not put in yet:
    /// sent when one more arrives or one it held went away. The engine says when they go in
    /// (`insertArrivals`): at once at the top, otherwise together, at most
    /// `arrivalBatchInterval` after the first of them (RefreshEngine+Arrivals.swift).
    case arrivalsWaiting(Int)

    /// The list went off screen (`false`: its window hidden, another page shown over it) or
    /// came back (`true`). Rows received for the top wait while it is away, and go in when it
    /// shows again above the place the reader left, counted (RefreshEngine+Arrivals.swift). A
    /// list is taken as shown until told otherwise.
    case listShown(Bool)
    /// The host changed the tunables the engine decides with (an app set a property of a
    /// running list): validated as `init` validates them, and taken at once; an invalid one is
    /// rejected (`counters.rejectedInputs`) and changes nothing. A pull in progress is judged
    /// against the new threshold, the next page is asked for with the new page size, the
    /// bottom is measured with the new load-more distance, and the next refresh merges as the
    /// new `refreshMerge` says (RefreshEngine+Configuration.swift).
    case configurationChanged(RefreshConfiguration)

    // Placement: what the host measures and does to the rows, for where the view goes at the
    // next layout (ViewPlacement.swift). The host sends these from inside its effects and its
    // layout, where it can carry out only the placement's own effects (`scrollView`,
    // `viewSettled`), so they never fire a deadline: what is due fires at the next other event.

    /// `count` rows are about to go in at `index`, the first row in view being `firstInView`
    /// (nil: none is): the placement notes where that row will be and is drawn, for
    /// `keepPlace`; `placement.goingInAbove` then says how many of the rows go in before it.
    case rowsGoingIn(at: Int, count: Int, firstInView: RowPlace?)
    /// Rows are about to go in above the rest, the focused row's top at `focusedRowTop` (px
    /// from the top of the view; nil: the focus is not on a row): it is kept where it is on
    /// screen, unless the first rows win.
    case rowsGoingInAbove(focusedRowTop: Double?)
    /// A restored list's rows went in (`applyRestore`), the saved row among them at this
    /// position, saved at this top: it goes where it was saved at the next layout.
    case savedRowShown(RowPlace)
    /// `count` rows went from the top (`dropRows`), the first row in view being `firstInView`
    /// before: it goes back where it is drawn, at its new position.
    case rowsDroppedAbove(Int, firstInView: RowPlace?)
    /// The list is about to give up the header's height, or take it back, the view at
    /// `offset`: a view at the top stays there, a view in mid-list keeps its offset.
    case listResizing(offset: Double)
    /// The host allocated the list; `heightChanged`: at a new height.
    case listAllocated(heightChanged: Bool)
    /// The newest row took the keyboard focus (`viewSettled(focusesNewestRow: true)`).
    case newestRowFocused
    /// A layout of the list, before the frame is drawn, while the placement awaits one
    /// (`placement.awaitsLayout`): what the host measured. The answer is `scrollView` or
    /// `viewSettled`, or nothing when the view stays where the first rows were shown.
    case layout(LayoutFacts)
}
