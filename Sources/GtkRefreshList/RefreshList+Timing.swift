// Time for the engine, which reads no clock: a timer that sends `.tick` at the engine's next
// deadline, and the frame that shows a timed header state (the spinner's minimum time, a
// result's display time) reported back as `.presented`, so those times count on screen. A main
// loop that comes back late then still shows every state for its time. Nothing here decides
// when anything is due; both are read from the engine after every event.

import CGtk
internal import GtkInterop
import RefreshEngine

extension RefreshList {
    /// After the engine's state changed: the wake-up timer at its next deadline, and a frame
    /// callback if the header waits for a frame to show it.
    func syncTime() {
        guard !isDisposed else { return }
        syncWakeUp()
        if engine.awaitsPresentation {
            nextFrame.request(on: widget) { [weak self] in
                guard let self else { return }
                self.nextFrame.ran()
                self.send(.presented)
            }
        }
    }

    /// Keeps one timer at `engine.nextWakeUp`. A tick already set no later than that is kept:
    /// it comes, finds nothing due, and the timer is set again then; so a deadline that moves
    /// later on every input (a pull's idle release) costs no timer per input.
    private func syncWakeUp() {
        guard let due = engine.nextWakeUp else {
            wakeUpTimer.cancel()
            scheduledWakeUp = nil
            return
        }
        if let scheduled = scheduledWakeUp, scheduled <= due { return }
        let delay = max(0, min(due - Self.monotonicNow(), Int64(UInt32.max)))
        scheduledWakeUp = due
        wakeUpTimer.schedule(after: UInt32(delay)) { [weak self] in
            guard let self else { return }
            self.wakeUpTimer.fired()
            self.scheduledWakeUp = nil
            self.send(.tick)
        }
    }
}
