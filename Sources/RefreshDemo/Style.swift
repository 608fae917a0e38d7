// The app's CSS (data/style.css), found next to the installed binary or in the source tree.

import CGtk
import GtkInterop
import Foundation

enum Style {
    /// Where the CSS may be: $REFRESH_DEMO_DATADIR, the install prefix, the source tree.
    static func cssPath() -> String? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            ProcessInfo.processInfo.environment["REFRESH_DEMO_DATADIR"].map { $0 + "/style.css" },
            filePath(executable.appendingPathComponent("../share/refresh-demo/style.css").standardized),
            filePath(executable.appendingPathComponent("../../../data/style.css").standardized),
            filePath(executable.appendingPathComponent("../../data/style.css").standardized),
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    @MainActor
    static func load() {
        guard let path = cssPath(), let display = gdk_display_get_default() else {
            FileHandle.standardError.write(Data("refresh-demo: warning: style.css not found; using GTK's defaults\n".utf8))
            return
        }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_path(provider, path)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(gpointer(provider))
    }
}

/// The file-system path of a file URL.
func filePath(_ url: URL) -> String {
    url.withUnsafeFileSystemRepresentation { String(cString: $0!) }
}
