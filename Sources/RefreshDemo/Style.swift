// The app's CSS (data/style.css), found next to the installed binary or in the source tree.

import CGtk
import GtkInterop

enum Style {
    /// Where the CSS may be: $REFRESH_DEMO_DATADIR, the install prefix, the source tree.
    static func cssPath() -> String? {
        var candidates: [String] = []
        if let directory = g_getenv("REFRESH_DEMO_DATADIR") {
            candidates.append(String(cString: directory) + "/style.css")
        }
        if let folder = executableDirectory() {
            candidates += ["/../share/refresh-demo/style.css", "/../../../data/style.css", "/../../data/style.css"].map
            { folder + $0 }
        }
        return candidates.first { g_file_test($0, G_FILE_TEST_IS_REGULAR) != 0 }
    }

    @MainActor
    static func load() {
        guard let path = cssPath(), let display = gdk_display_get_default() else {
            printError("refresh-demo: warning: style.css not found; using GTK's defaults")
            return
        }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_path(provider, path)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(gpointer(provider))
    }
}
