// The demo's own words go through gettext's `refresh-demo` domain; the widget's through
// `refresh-list`. Both are bound to the installed locale directory, or to the build's.

import CGtk
import Foundation
import GtkRefreshList

let demoTextDomain = "refresh-demo"

/// `text` translated in the demo's domain.
func localized(_ text: String) -> String {
    translate(text, domain: demoTextDomain)
}

/// Sets the locale from the environment and binds both text domains to the first locale
/// directory that exists: next to the binary (`../share/locale`), then the build's `locale`.
func setUpTranslations() {
    setlocale(LC_ALL, "")
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let candidates = [
        ProcessInfo.processInfo.environment["REFRESH_DEMO_LOCALEDIR"],
        filePath(executable.appendingPathComponent("../share/locale").standardized),
        filePath(executable.appendingPathComponent("locale")),
    ].compactMap { $0 }
    let directory = candidates.first { FileManager.default.fileExists(atPath: $0) } ?? "/usr/share/locale"
    for domain in [demoTextDomain, refreshListTextDomain] {
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
    }
    textdomain(demoTextDomain)
}

/// The file-system path of a file URL.
func filePath(_ url: URL) -> String {
    url.withUnsafeFileSystemRepresentation { String(cString: $0!) }
}
