// gettext from Swift: a message (and its plural forms) translated in a text domain, and the
// text domains bound to the translations installed with the program.

import CGtk
import Glibc

/// `text` translated in `domain`. gettext returns its argument when there is no translation,
/// so the result is read while the argument's C string is still alive.
package func translate(_ text: String, domain: String) -> String {
    text.withCString { source in
        let result = g_dgettext(domain, source)!
        return result == source ? text : String(cString: result)
    }
}

/// The singular or plural form of a message for `count`, translated in `domain`.
package func translatePlural(_ singular: String, _ plural: String, count: Int, domain: String) -> String {
    singular.withCString { one in
        plural.withCString { many in
            let result = g_dngettext(domain, one, many, gulong(max(0, count)))!
            if result == one { return singular }
            if result == many { return plural }
            return String(cString: result)
        }
    }
}

/// Where gettext finds translations: the directory a text domain is bound to.
package enum TextDomains {
    /// The build's or the installation's locale directory for this process: `../share/locale`
    /// next to the executable (an installed app), else `locale` next to it (a `swift build`
    /// tree, where meson-wrapper.sh compiles the catalogues); `nil` when neither exists
    /// (gettext's own default then applies).
    package static let bundledLocaleDirectory: String? = {
        guard let folder = executableDirectory() else { return nil }
        return [folder + "/../share/locale", folder + "/locale"].first { g_file_test($0, G_FILE_TEST_IS_DIR) != 0 }
    }()

    /// Binds `domain` to `directory` (default: `bundledLocaleDirectory`) in UTF-8, unless the
    /// host already bound it somewhere else than gettext's default.
    package static func bind(_ domain: String, to directory: String? = bundledLocaleDirectory) {
        bind_textdomain_codeset(domain, "UTF-8")
        guard let directory else { return }
        let current = bindtextdomain(domain, nil).map { String(cString: $0) }
        guard current == nil || current == "/usr/share/locale" || current == "/usr/local/share/locale" else { return }
        bindtextdomain(domain, directory)
    }
}

/// `template` with its `printf`-style placeholders filled from `values`, in order: `%@`, `%d`,
/// `%s` take the next value, `%N$@` (and `%N$d`, `%N$s`) the N-th, so translators may reorder;
/// `%%` is a percent sign. Anything else is left as written. (What `String(format:)` does for
/// translated messages, without loading Foundation.)
package func fill(_ template: String, _ values: String...) -> String {
    var result = ""
    var next = 0
    var rest = Substring(template)
    while let percent = rest.firstIndex(of: "%") {
        result += rest[..<percent]
        var cursor = rest.index(after: percent)
        guard cursor < rest.endIndex else { result += "%"; rest = rest[cursor...]; break }
        if rest[cursor] == "%" {
            result += "%"
            rest = rest[rest.index(after: cursor)...]
            continue
        }
        // An optional position "N$".
        var position: Int?
        let digits = rest[cursor...].prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, rest[digits.endIndex...].first == "$", let number = Int(digits), number >= 1 {
            position = number - 1
            cursor = rest.index(after: digits.endIndex)
        }
        guard cursor < rest.endIndex, "@ds".contains(rest[cursor]) else {
            result += "%"
            rest = rest[rest.index(after: percent)...]
            continue
        }
        let index = position ?? next
        if position == nil { next += 1 }
        result += index < values.count ? values[index] : ""
        rest = rest[rest.index(after: cursor)...]
    }
    return result + rest
}
