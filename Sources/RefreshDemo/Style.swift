// The app's look: the colour scheme and contrast libadwaita follows (the desktop's, or one a
// flag forces), and the app's CSS (data/style.css), found next to the installed binary or in
// the source tree.

import CAdwaita
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

    /// Before libadwaita starts: high contrast is the desktop's setting, which libadwaita reads
    /// once at start-up (from the settings portal or GSettings) unless its documented override,
    /// `ADW_DEBUG_HIGH_CONTRAST`, says otherwise.
    static func prepare(_ choice: StyleChoice) {
        switch choice {
        case .system: break
        case .highContrast: g_setenv("ADW_DEBUG_HIGH_CONTRAST", "1", 1)
        case .light, .dark: g_setenv("ADW_DEBUG_HIGH_CONTRAST", "0", 1)
        }
    }

    /// Once libadwaita has started: the colour scheme `choice` forces, or the desktop's
    /// (light unless the desktop prefers dark).
    @MainActor
    static func apply(_ choice: StyleChoice) {
        let scheme: AdwColorScheme =
            switch choice {
            case .system: ADW_COLOR_SCHEME_DEFAULT
            case .light, .highContrast: ADW_COLOR_SCHEME_FORCE_LIGHT
            case .dark: ADW_COLOR_SCHEME_FORCE_DARK
            }
        adw_style_manager_set_color_scheme(adw_style_manager_get_default(), scheme)
    }

    /// Whether the app shows dark and high-contrast styles now (for the trace).
    @MainActor
    static var current: (dark: Bool, highContrast: Bool) {
        let manager = adw_style_manager_get_default()
        return (adw_style_manager_get_dark(manager) != 0, adw_style_manager_get_high_contrast(manager) != 0)
    }

    /// Loads the CSS, and makes the app's icon findable when it runs from the source tree (an
    /// installed app's icon is in the icon theme already).
    @MainActor
    static func load() {
        guard let path = cssPath(), let display = gdk_display_get_default() else {
            printError("refresh-demo: warning: style.css not found; using GTK's defaults")
            return
        }
        let icons = String(path.dropLast("/style.css".count)) + "/icons"
        if g_file_test(icons, G_FILE_TEST_IS_DIR) != 0 {
            gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), icons)
        }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_path(provider, path)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(gpointer(provider))
    }
}
