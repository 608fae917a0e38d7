// The demo's own words go through gettext's `refresh-demo` domain; the widget's through
// `refresh-list`. Both are bound to the installed locale directory, or to the build's.

import CGtk
import GtkInterop
import GtkRefreshList

let demoTextDomain = "refresh-demo"

/// `text` translated in the demo's domain.
func localized(_ text: String) -> String {
    translate(text, domain: demoTextDomain)
}

/// Sets the locale from the environment and binds both text domains to the locale directory
/// next to the binary (`../share/locale`), or to the build's (`REFRESH_DEMO_LOCALEDIR` first).
func setUpTranslations() {
    setlocale(LC_ALL, "")
    let directory = g_getenv("REFRESH_DEMO_LOCALEDIR").map { String(cString: $0) } ?? TextDomains.bundledLocaleDirectory
    for domain in [demoTextDomain, refreshListTextDomain] {
        TextDomains.bind(domain, to: directory)
    }
    textdomain(demoTextDomain)
}
