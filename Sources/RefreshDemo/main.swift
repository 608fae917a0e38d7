// refresh-demo: parse the command line, then run the GTK application with Swift's main actor
// bridged into the GLib main loop.

import CGtk
import GtkInterop
import Glibc
import GtkRefreshList

setUpTranslations()
let arguments = Array(CommandLine.arguments.dropFirst())
let options: Options
do {
    options = try Options.parse(arguments)
} catch let error where error == .help {
    print(Options.usage)
    exit(0)
} catch {
    printError("refresh-demo: \(error.message)\n\n\(Options.usage)")
    exit(2)
}

let status = MainActor.assumeIsolated {
    // Named here, so that a build carrying libdispatch inside links them in.
    MainLoopBridge.install(handle: _dispatch_get_main_queue_handle_4CF, drain: _dispatch_main_queue_callback_4CF)
    // The app's signal handlers hold it weakly: keep it alive for the whole run.
    let app = DemoApp(options: options)
    return withExtendedLifetime(app) { app.run() }
}
exit(status)
