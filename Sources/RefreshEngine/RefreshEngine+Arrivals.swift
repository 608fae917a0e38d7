// Live arrivals: rows a stream puts on top as they come (a timeline's new posts). Each one put
// in above the view costs a layout and a frame, and the pill's count changes with it, so a burst
// of them (a thousand a second) would keep the frame clock drawing at every tick and an input
// would wait for the next one. While the reader is away from the top the host holds them and
// they go in together, at most `arrivalBatchInterval` after the first of a batch arrived: a few
// layouts a second, the frames in between idle. At the top, where the reader sees them come, or
// before anything is laid out, they go in at once. Once in, they are what an app's insert above
// the view is (RefreshEngine+NewAbove.swift): the place holds and the pill counts them, or,
// while the newest rows are not shown, they count and load with the rows above. Off screen
// (`.listShown(false)`) they wait however long, and go in as the list shows again, above the
// place the reader left (at the top too: they come back to what they left), counted.

extension RefreshEngine {
    /// Rows received for the top (a host's `.arrivalsWaiting`) that wait to go in.
    public var arrivalsWaiting: Int { waitingArrivals }

    /// The host holds `count` rows for the top now (more arrived, or one it held went away).
    mutating func arrivalsChanged(_ count: Int, into effects: inout Effects) {
        // A batch whose time came before this event went in first (`handle` fires deadlines
        // before the event): the host puts in every row it holds then, this one too.
        if effects.contains(.insertArrivals) { return }
        waitingArrivals = count
        guard count > 0 else {
            // Nothing waits: nothing to put in when the batch's time comes.
            arrivalsDue = nil
            return
        }
        // Off screen nobody sees them come: they wait for the list to show again.
        guard onScreen else { return }
        if arrivalsGoInAtOnce { return insertArrivals(into: &effects) }
        // The first of a batch sets its time; those after it go in with it.
        if arrivalsDue == nil { arrivalsDue = now + configuration.arrivalBatchInterval }
    }

    /// Whether rows arriving now go in at once: the reader is at the top (or the view is going
    /// there) and sees them come, or nothing is laid out, so there is no place to keep.
    var arrivalsGoInAtOnce: Bool {
        !geometry.isKnown || geometry.isAtTop || pendingLayout?.awaitsTop == true
    }

    /// Whether the list is on screen (`.listShown`): rows received for the top wait while not.
    public var isListShown: Bool { onScreen }

    /// The list went off screen, or came back: rows that waited meanwhile go in as it comes
    /// back, above the place the reader left, which holds (at the top too) while the pill
    /// counts them.
    mutating func listShown(_ shown: Bool, into effects: inout Effects) {
        guard shown != onScreen else { return }
        onScreen = shown
        guard shown else {
            // A batch's time means nothing while nobody sees the list.
            arrivalsDue = nil
            return
        }
        guard waitingArrivals > 0 else { return }
        arrivalsReturning = true
        insertArrivals(into: &effects)
    }

    /// The rows waiting go in now, in one change.
    mutating func insertArrivals(into effects: inout Effects) {
        effects.append(.insertArrivals)
        waitingArrivals = 0
        arrivalsDue = nil
    }
}
