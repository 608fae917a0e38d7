// The event pump: every event goes to the engine one at a time. Events are queued while
// effects run, so a loader that answers synchronously (or twice) never re-enters the engine
// mid-effect; the widget renders once the queue is empty. Each event carries the instant it
// happened: input its display server's timestamp (`InputClock`), anything else the moment it is
// sent.

import CGtk
internal import GtkInterop
import RefreshEngine

/// Events waiting for the engine, and whether they are being handed to it now.
struct EventQueue {
    private var events: [(event: Event, instant: MonotonicInstant)] = []
    /// Set while `drain` runs: an event sent meanwhile waits its turn.
    var isDraining = false

    mutating func enqueue(_ event: Event, at instant: MonotonicInstant) { events.append((event, instant)) }

    /// Whether no event waits.
    var isEmpty: Bool { events.isEmpty }

    /// The oldest waiting event and when it happened, taken off the queue.
    mutating func next() -> (event: Event, instant: MonotonicInstant)? {
        events.isEmpty ? nil : events.removeFirst()
    }
}

extension ListDriver {
    /// Sends one event that happened at `instant` (now when not given) to the engine, carries out
    /// its effects, then renders.
    func send(_ event: Event, at instant: MonotonicInstant? = nil) {
        guard !isDisposed else { return }
        queue.enqueue(event, at: instant ?? Self.monotonicNow())
        guard !queue.isDraining else { return }
        drain {}
    }

    /// Sends an event GTK reported from inside its layout: the adjustment's geometry and the
    /// edge signals come while the list view is being allocated. The event is queued with the
    /// instant it happened and handled right after the frame (or sooner, by the next event sent,
    /// which handles the queue in order first): rendering inside an allocation would lose its
    /// changes, since GTK drops a resize queued while an ancestor is being allocated, and the
    /// header would keep its old height and draw none of its new content.
    func sendAfterLayout(_ event: Event) {
        guard !isDisposed else { return }
        queue.enqueue(event, at: Self.monotonicNow())
        guard !queue.isDraining, !timing.afterLayout.isPending else { return }
        timing.afterLayout.schedule(after: 0, priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
            guard let self else { return }
            self.timing.afterLayout.fired()
            guard !self.queue.isDraining else { return }
            self.drain {}
        }
    }

    /// Hands a placement event to the engine at once and carries out its answer (a scroll, the
    /// view settled): the host measures these from inside its effects and its layout, where
    /// the queue cannot wait, and the engine fires no deadline for them (Event.swift).
    func place(_ event: Event) {
        guard !isDisposed else { return }
        let effects = engine.handle(event, at: Self.monotonicNow())
        eventObserver?(event, engine)
        perform(effects)
    }

    /// Carries out `effects` (the engine's answer to `begin`), then every queued event, then renders.
    func drain(_ effects: Effects) {
        drain { perform(effects) }
    }

    /// Sends input GTK wants an answer to, handled at once (after the events queued before it):
    /// returns whether the pull took it, so GTK keeps it from also scrolling the list or claims
    /// the drag. GTK never delivers input from inside an effect; if it ever did, the input waits
    /// its turn and is not taken.
    func sendInput(_ event: Event, at instant: MonotonicInstant) -> Bool {
        guard !isDisposed else { return false }
        guard !queue.isDraining else {
            queue.enqueue(event, at: instant)
            return false
        }
        var taken = false
        drain {
            handleQueuedEvents()
            guard !isDisposed else { return }
            taken = handle(event, at: instant).tookInput
        }
        return taken
    }

    /// Runs `first` (which may perform effects), then every queued event, then renders once and
    /// sets the timers the new state needs.
    private func drain(_ first: () -> Void) {
        queue.isDraining = true
        first()
        handleQueuedEvents()
        queue.isDraining = false
        // Answers the engine did not take (late, duplicate, crossed) are dropped here, and so
        // are failure texts nothing shows any more.
        loading.answers.removeAll()
        if !loading.failureTexts.isEmpty {
            loading.failureTexts = loading.failureTexts.filter { engine.refersTo($0.key) }
        }
        render()
        syncTime()
        notifyProperties()
        reportState()
    }

    /// Hands every queued event to the engine, in order, carrying out each one's effects.
    private func handleQueuedEvents() {
        while !isDisposed, let (event, instant) = queue.next() { handle(event, at: instant) }
    }

    /// Hands one event to the engine and carries out its effects; returns them.
    @discardableResult
    private func handle(_ event: Event, at instant: MonotonicInstant) -> Effects {
        let effects = engine.handle(event, at: instant)
        eventObserver?(event, engine)
        perform(effects)
        return effects
    }

    /// Tells the state observer when the state differs from what it was last told.
    private func reportState() {
        guard let stateObserver, !isDisposed else { return }
        let state = engine.snapshot
        guard state != reportedState else { return }
        reportedState = state
        stateObserver(state)
    }
}
