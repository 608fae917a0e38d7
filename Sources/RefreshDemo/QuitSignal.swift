// SIGTERM (a session ending, `kill`, a test stopping the app), SIGINT and SIGHUP end the demo as
// they always did, but only once what the timeline cache was given is written: the cache writes
// on its own queue, so the page shown a moment before may still be on its way to the disk.

import CGtk
import Glibc

@MainActor
enum QuitSignal {
    /// What runs before the process ends by the signal.
    private static var beforeQuitting: (@MainActor () -> Void)?

    /// From now on, SIGTERM, SIGINT and SIGHUP run `beforeQuitting` on the main loop, then end
    /// the process as the signal's default action does.
    static func install(beforeQuitting: @escaping @MainActor () -> Void) {
        let first = self.beforeQuitting == nil
        self.beforeQuitting = beforeQuitting
        guard first else { return }
        for number in [SIGTERM, SIGINT, SIGHUP] {
            let handler: @convention(c) (gpointer?) -> gboolean = { data in
                let number = Int32(Int(bitPattern: data))
                MainActor.assumeIsolated { QuitSignal.beforeQuitting?() }
                signal(number, SIG_DFL)
                raise(number)
                return 0  // G_SOURCE_REMOVE
            }
            g_unix_signal_add_full(
                G_PRIORITY_HIGH, number, handler, UnsafeMutableRawPointer(bitPattern: Int(number)), nil)
        }
    }
}
