// The widget's own words go through gettext (domain `refresh-list`), and its dates through
// Foundation in the user's language as GLib sees it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).

import CGtk
internal import GtkInterop
import Foundation
import RefreshEngine

/// The gettext domain of the widget's strings.
public let refreshListTextDomain = "refresh-list"

/// `text` translated in the `refresh-list` domain.
func localized(_ text: String) -> String {
    translate(text, domain: refreshListTextDomain)
}

/// The user's locale as GLib resolves the language variables.
func userLocale() -> Locale {
    guard let names = g_get_language_names(), let first = names[0] else { return Locale(identifier: "en") }
    let name = String(cString: first)
    let identifier = name.split(separator: ".").first.map(String.init) ?? name
    return Locale(identifier: identifier == "C" || identifier == "POSIX" ? "en" : identifier)
}

/// The "last updated" line for `instant`, seen at `now`.
func lastUpdatedText(
    _ instant: WallClockInstant?, style: LastUpdatedStyle, texts: RefreshListTexts, now: Date = Date()
) -> String {
    guard let instant else { return texts.neverUpdated }
    let date = Date(timeIntervalSince1970: Double(instant.millisecondsSince1970) / 1_000)
    let locale = userLocale()
    let when: String
    switch style {
    case .relative:
        // Within a few seconds "now" reads better than "in 0 seconds" after clock jitter.
        if abs(date.timeIntervalSince(now)) < 5 {
            when = Date.RelativeFormatStyle(presentation: .named, locale: locale).format(now)
        } else {
            when = Date.RelativeFormatStyle(presentation: .named, locale: locale).format(date)
        }
        return String(format: localized("Last updated %@"), when)
    case .absolute:
        when = date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale))
        return String(format: localized("Last updated: %@"), when)
    }
}
