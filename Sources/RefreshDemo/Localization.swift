// The demo's own words go through gettext's `refresh-demo` domain (TimelineRows' `localized`);
// the widget's through `refresh-list`. Both are bound to the installed locale directory, or to
// the build's.

import CGtk
import GtkInterop
import GtkRefreshList
import TimelineRows

extension SourceKind {
    /// The source's name: in the controls' source list, and the list's accessible name, which a
    /// screen reader says as the focus comes into the rows ("Simulated feed list").
    var displayName: String {
        switch self {
        case .sim: localized("Simulated feed")
        case .folder: localized("Folder")
        case .mastodon: localized("Mastodon timeline")
        }
    }

    /// The list's words for what this source's rows are: the feeds' rows are posts ("5 new
    /// posts"), a folder's are files; the rest are the list's own.
    var texts: RefreshListTexts {
        var texts = RefreshListTexts()
        switch self {
        case .sim, .mastodon:
            // Translators: the pill over the feed that scrolls up to new posts; %d is how many.
            texts.newAbove = demoPlural("%d new post", "%d new posts")
            // Translators: said when new posts arrived above the ones on screen.
            texts.newAboveAnnouncement = demoPlural("%d new post above", "%d new posts above")
            // Translators: said after a refresh; %d is how many posts it brought.
            texts.refreshedWithNew = demoPlural("Refreshed, %d new post", "Refreshed, %d new posts")
            // Translators: said after a refresh whose new posts went in above the ones on screen.
            texts.refreshedWithNewAbove = demoPlural("Refreshed, %d new post above", "Refreshed, %d new posts above")
            // Translators: on the pill over the feed, before "Retry", when newer posts failed to load.
            texts.loadNewerFailed = localized("Couldn't load newer posts")
        case .folder:
            // Translators: the pill over the folder's files that scrolls up to new ones.
            texts.newAbove = demoPlural("%d new file", "%d new files")
            // Translators: said when new files showed up above the ones on screen.
            texts.newAboveAnnouncement = demoPlural("%d new file above", "%d new files above")
            // Translators: said after reading the folder again; %d is how many files are new.
            texts.refreshedWithNew = demoPlural("Refreshed, %d new file", "Refreshed, %d new files")
            // Translators: said after reading the folder again, its new files above the ones on screen.
            texts.refreshedWithNewAbove = demoPlural("Refreshed, %d new file above", "Refreshed, %d new files above")
            // Translators: on the pill over the folder's files, before "Retry", when newer files
            // failed to load.
            texts.loadNewerFailed = localized("Couldn't load newer files")
        }
        return texts
    }
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
