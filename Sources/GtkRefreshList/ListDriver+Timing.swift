// Time for the engine, which reads no clock: a timer that sends `.tick` at the engine's next
// deadline, and the frame that shows a timed header state (the spinner's minimum time, a
// result's display time) reported back as `.presented`, so those times count on screen. A main
// loop that comes back late then still shows every state for its time. Nothing here decides
// when anything is due; both are read from the engine after every event.

import CGtk
internal import GtkInterop
import RefreshEngine

/// The engine's clock on GTK's side.
@MainActor
struct Timing {
    /// Sends `.tick` at the engine's next deadline.
    var wakeUpTimer = OneShotTimer()
    /// The instant `wakeUpTimer` is set for; `nil` exactly when it is not pending.
    var scheduledWakeUp: MonotonicInstant?
    /// The frame callback that reports a timed header state shown (`.presented`).
    var nextFrame = NextFrameCallback()
    /// Handles the events GTK reported during a layout, once the frame is done.
    var afterLayout = OneShotTimer()
    /// Starts a list made on a widget already on screen, once the app has given its loaders.
    var startOnScreen = OneShotTimer()
}

extension ListDriver {
    /// After the engine's state changed: the wake-up timer at its next deadline, and a frame
    /// callback if the header waits for a frame to show it.
    func syncTime() {
        guard !isDisposed else { return }
        syncWakeUp()
        if engine.awaitsPresentation {
            timing.nextFrame.request(on: widget) { [weak self] in
                guard let self else { return }
                self.timing.nextFrame.ran()
                self.send(.presented)
            }
        }
    }

    /// Keeps one timer at `engine.nextWakeUp`. A tick already set no later than that is kept:
    /// it comes, finds nothing due, and the timer is set again then; so a deadline that moves
    /// later on every input (a pull's idle release) costs no timer per input. The tick comes
    /// after input (GDK's event sources have the default priority): after a stall it comes once
    /// the input that queued up meanwhile was handled (at the instants it happened), so a wheel
    /// still turning is not taken for one that stopped. It still comes before redraws: a frame
    /// clock that is always due again (slow frames while the spinner turns) cannot starve it.
    private func syncWakeUp() {
        guard let due = engine.nextWakeUp else {
            timing.wakeUpTimer.cancel()
            timing.scheduledWakeUp = nil
            return
        }
        if let scheduled = timing.scheduledWakeUp, scheduled <= due { return }
        let delay = max(0, min(due - Self.monotonicNow(), Int64(UInt32.max)))
        timing.scheduledWakeUp = due
        timing.wakeUpTimer.schedule(after: UInt32(delay), priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
            guard let self else { return }
            self.timing.wakeUpTimer.fired()
            self.timing.scheduledWakeUp = nil
            self.send(.tick)
        }
    }
}
