// The event pump: every event goes to the engine one at a time. Events are queued while
// effects run, so a loader that answers synchronously (or twice) never re-enters the engine
// mid-effect; the widget renders once the queue is empty.

import CGtk
internal import GtkInterop
import RefreshEngine

extension RefreshList {
    /// Sends one event to the engine, carries out its effects, then renders.
    func send(_ event: Event) {
        guard !isDisposed else { return }
        pendingEvents.append(event)
        guard !isDraining else { return }
        drain {}
    }

    /// Carries out `effects` (the engine's answer to `begin`), then every queued event, then renders.
    func drain(_ effects: Effects) {
        drain { perform(effects) }
    }

    /// Runs `first` (which may perform effects), then every queued event, then renders once and
    /// sets the timers the new state needs.
    private func drain(_ first: () -> Void) {
        isDraining = true
        first()
        while !pendingEvents.isEmpty, !isDisposed {
            let event = pendingEvents.removeFirst()
            let effects = engine.handle(event, at: Self.monotonicNow())
            if case .pull = event { input.lastInputTaken = effects.tookInput }
            eventObserver?(event, engine)
            perform(effects)
        }
        isDraining = false
        // Answers the engine did not take (late, duplicate, crossed) are dropped here, and so
        // are failure texts nothing shows any more.
        loading.answers.removeAll()
        if !loading.failureTexts.isEmpty {
            loading.failureTexts = loading.failureTexts.filter { engine.refersTo($0.key) }
        }
        render()
        syncTime()
        reportState()
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
