// The widget's own words go through gettext (domain `refresh-list`), and so do its dates:
// "5 minutes ago" is a gettext plural and the absolute date a translatable GLib date format, so
// the widget needs no Foundation, whose internationalization data would cost every app start.

import CGtk
internal import GtkInterop
import RefreshEngine

/// The gettext domain of the widget's strings.
package let refreshListTextDomain = "refresh-list"

/// `text` translated in the `refresh-list` domain.
func localized(_ text: String) -> String {
    translate(text, domain: refreshListTextDomain)
}

/// `singular` or `plural` for `count`, translated in the `refresh-list` domain, `%d` filled.
func localizedCount(_ singular: String, _ plural: String, _ count: Int64) -> String {
    let clamped = Int(clamping: count)
    return fill(translatePlural(singular, plural, count: clamped, domain: refreshListTextDomain), String(clamped))
}

/// The "last updated" line for `instant`, seen at `now`.
func lastUpdatedText(
    _ instant: WallClockInstant?, style: LastUpdatedStyle, texts: RefreshListTexts,
    now: WallClockInstant = WallClockInstant(millisecondsSince1970: Int64(g_get_real_time() / 1_000))
) -> String {
    guard let instant else { return texts.neverUpdated }
    if style == .relative, let when = relativeTime(of: instant, now: now) {
        // Translators: %@ is how long ago, e.g. "5 minutes ago".
        return fill(localized("Last updated %@"), when)
    }
    // Translators: %@ is a date and time.
    return fill(localized("Last updated: %@"), absoluteTime(of: instant))
}

/// "just now", "5 minutes ago", "3 hours ago", "2 days ago"; `nil` beyond a week or for an
/// instant in the future (the clock was set back), which read better as a date.
func relativeTime(of instant: WallClockInstant, now: WallClockInstant) -> String? {
    let seconds = (now.millisecondsSince1970 - instant.millisecondsSince1970) / 1_000
    switch seconds {
    case ..<(-60): return nil
    case ..<60: return localized("just now")
    case ..<3_600: return localizedCount("%d minute ago", "%d minutes ago", seconds / 60)
    case ..<86_400: return localizedCount("%d hour ago", "%d hours ago", seconds / 3_600)
    case ..<(7 * 86_400): return localizedCount("%d day ago", "%d days ago", seconds / 86_400)
    default: return nil
    }
}

/// The instant as a local date and time, in the user's language (month names come from the
/// C library's locale, which GTK sets from the environment).
func absoluteTime(of instant: WallClockInstant) -> String {
    let (seconds, milliseconds) = instant.millisecondsSince1970.quotientAndRemainder(dividingBy: 1_000)
    guard let utc = g_date_time_new_from_unix_utc(gint64(seconds - (milliseconds < 0 ? 1 : 0))) else { return "" }
    defer { g_date_time_unref(utc) }
    guard let local = g_date_time_to_local(utc) else { return "" }
    defer { g_date_time_unref(local) }
    // Translators: a date and time in GLib's g_date_time_format() notation; "2 Dec 2026, 16:40".
    guard let text = g_date_time_format(local, localized("%-d %b %Y, %H:%M")) else { return "" }
    defer { g_free(text) }
    return String(cString: text)
}
