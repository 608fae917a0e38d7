// The widget's own words go through gettext (domain `refresh-list`), and its dates through
// Foundation in the user's language as GLib sees it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).

import CGtk
import Foundation
import RefreshEngine

/// The gettext domain of the widget's strings.
public let refreshListTextDomain = "refresh-list"

/// Where gettext finds translations: the directory a text domain is bound to.
public enum TextDomains {
    /// The build's or the installation's locale directory for this process: the first that
    /// exists of `$REFRESH_LIST_LOCALEDIR`, `../share/locale` next to the executable (an
    /// installed app) and `locale` next to it (a `swift build` tree, where meson-wrapper.sh
    /// compiles the catalogues); `nil` when none does (gettext's own default then applies).
    public static let bundledLocaleDirectory: String? = {
        var candidates: [String] = []
        if let variable = g_getenv("REFRESH_LIST_LOCALEDIR") { candidates.append(String(cString: variable)) }
        if let executable = g_file_read_link("/proc/self/exe", nil) {
            defer { g_free(executable) }
            let directory = String(cString: executable).split(separator: "/", omittingEmptySubsequences: false)
                .dropLast().joined(separator: "/")
            candidates += [directory + "/../share/locale", directory + "/locale"]
        }
        return candidates.first { g_file_test($0, G_FILE_TEST_IS_DIR) != 0 }
    }()

    /// Binds `domain` to `directory` (default: `bundledLocaleDirectory`) in UTF-8, unless the
    /// host already bound it somewhere else than gettext's default.
    public static func bind(_ domain: String, to directory: String? = bundledLocaleDirectory) {
        bind_textdomain_codeset(domain, "UTF-8")
        guard let directory else { return }
        let current = bindtextdomain(domain, nil).map { String(cString: $0) }
        guard current == nil || current == "/usr/share/locale" || current == "/usr/local/share/locale" else { return }
        bindtextdomain(domain, directory)
    }
}

/// `text` translated in the `refresh-list` domain.
func localized(_ text: String) -> String {
    translate(text, domain: refreshListTextDomain)
}

/// `text` translated in `domain`. gettext returns its argument when there is no translation,
/// so the result is read while the argument's C string is still alive.
public func translate(_ text: String, domain: String) -> String {
    text.withCString { source in
        let result = g_dgettext(domain, source)!
        return result == source ? text : String(cString: result)
    }
}

/// The singular or plural form of a message for `count`, translated in `domain`.
public func translatePlural(_ singular: String, _ plural: String, count: Int, domain: String) -> String {
    singular.withCString { one in
        plural.withCString { many in
            let result = g_dngettext(domain, one, many, gulong(max(0, count)))!
            if result == one { return singular }
            if result == many { return plural }
            return String(cString: result)
        }
    }
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
