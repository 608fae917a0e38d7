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

    /// Asks GTK for `choice`'s look before the first window: Adwaita light or dark (the
    /// `gtk-application-prefer-dark-theme` setting), or the HighContrast theme.
    @MainActor
    static func apply(_ choice: StyleChoice) {
        guard choice != .system, let settings = gtk_settings_get_default() else { return }
        set(settings, "gtk-application-prefer-dark-theme", dark: choice == .dark)
        set(settings, "gtk-theme-name", theme: choice == .highContrast ? "HighContrast" : "Adwaita")
    }

    private static func set(_ settings: OpaquePointer, _ name: String, dark: Bool) {
        var value = GValue()
        g_value_init(&value, g_type_from_name("gboolean"))
        g_value_set_boolean(&value, dark.gboolean)
        g_object_set_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), name, &value)
        g_value_unset(&value)
    }

    private static func set(_ settings: OpaquePointer, _ name: String, theme: String) {
        var value = GValue()
        g_value_init(&value, g_type_from_name("gchararray"))
        g_value_set_string(&value, theme)
        g_object_set_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), name, &value)
        g_value_unset(&value)
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
