// What a Mastodon-compatible server answers, turned into rows: statuses decoded by Foundation's
// JSONDecoder (from FoundationEssentials, which the demo loads anyway: no internationalization
// data, nothing more at launch), the HTML of a status as markup (and in short, one line of
// text), the Link
// header's rel="next", a 429's Retry-After, and status ids ordered as the server orders them.

import CGtk
import CSoup
import FoundationEssentials
import GtkInterop
import TimelineRows

/// One status of a timeline, as far as a row needs it.
struct MastodonStatus: Codable {
    struct Account: Codable {
        let username: String
        let acct: String
        let displayName: String?
        /// The picture's address (a still one: GTK shows no animation here).
        var avatarStatic: String? = nil
        var avatar: String? = nil
        /// The custom emoji its display name names.
        var emojis: [Emoji]? = nil

        enum CodingKeys: String, CodingKey {
            case username, acct, avatar, emojis
            case displayName = "display_name"
            case avatarStatic = "avatar_static"
        }

        /// The display name, or the user name when there is none.
        var name: String { displayName.flatMap { $0.isEmpty ? nil : $0 } ?? username }

        /// The display name without its custom emoji's shortcodes (the picture's initials), or
        /// the user name when nothing else is left.
        var plainName: String {
            let codes = Set((emojis ?? []).map { ":\($0.shortcode):" })
            let words = name.split(whereSeparator: \.isWhitespace).filter { !codes.contains(String($0)) }
            return words.isEmpty ? username : words.joined(separator: " ")
        }
    }

    /// A file attached to a status; the row shows images (and previews of videos).
    struct Attachment: Codable {
        struct Meta: Codable {
            struct Size: Codable {
                var width: Int? = nil
                var height: Int? = nil
            }
            var small: Size? = nil
            var original: Size? = nil
        }
        let type: String
        var url: String? = nil
        var previewUrl: String? = nil
        var description: String? = nil
        var meta: Meta? = nil

        enum CodingKeys: String, CodingKey {
            case type, url, description, meta
            case previewUrl = "preview_url"
        }
    }

    /// A custom emoji its content names by shortcode (":gtk:"), with its picture.
    struct Emoji: Codable {
        let shortcode: String
        var url: String? = nil
        /// The picture's still version (GTK shows no animation here).
        var staticUrl: String? = nil

        enum CodingKeys: String, CodingKey {
            case shortcode, url
            case staticUrl = "static_url"
        }
    }

    /// A boosted status: its text, content warning, author, media and emoji are what the row shows.
    struct Boosted: Codable {
        let content: String
        let account: Account
        var spoilerText: String? = nil
        var mediaAttachments: [Attachment]? = nil
        var emojis: [Emoji]? = nil

        enum CodingKeys: String, CodingKey {
            case content, account, emojis
            case spoilerText = "spoiler_text"
            case mediaAttachments = "media_attachments"
        }
    }

    let id: String
    let createdAt: String
    let content: String
    let account: Account
    let reblog: Boosted?
    /// The content warning ("" or absent: none): the row shows it, the content behind a button.
    var spoilerText: String? = nil
    var mediaAttachments: [Attachment]? = nil
    var emojis: [Emoji]? = nil

    enum CodingKeys: String, CodingKey {
        case id, content, account, reblog, emojis
        case createdAt = "created_at"
        case spoilerText = "spoiler_text"
        case mediaAttachments = "media_attachments"
    }
}

/// Why a request brought no rows, in words the list shows.
struct NetworkError: Error, CustomStringConvertible, Equatable {
    let message: String
    /// What the list shows and says of the failure.
    var description: String { message }
}

enum MastodonTimeline {
    /// The longest text a row shows; the rest is cut with an ellipsis, so a long status cannot
    /// widen the window (a label's minimum width is its whole line).
    static let longestText = 90

    /// The statuses of a timeline answer, or an error saying the answer is not one.
    static func decode(_ data: Data) throws(NetworkError) -> [MastodonStatus] {
        do {
            return try JSONDecoder().decode([MastodonStatus].self, from: data)
        } catch let error as DecodingError {
            let reason: String
            switch error {
            case .dataCorrupted: reason = localized("invalid JSON")
            case .typeMismatch, .valueNotFound, .keyNotFound: reason = localized("not a list of statuses")
            @unknown default: reason = localized("not a list of statuses")
            }
            throw NetworkError(message: fill(localized("The server's answer is not a timeline (%s)"), reason))
        } catch {
            throw NetworkError(message: fill(localized("The server's answer is not a timeline (%s)"), "\(error)"))
        }
    }

    /// The row of `status`: its text as the title, author and time below.
    static func item(_ status: MastodonStatus) -> FeedItem {
        let shown =
            status.reblog.map { ($0.content, $0.account, $0.spoilerText, $0.mediaAttachments, $0.emojis) }
            ?? (status.content, status.account, status.spoilerText, status.mediaAttachments, status.emojis)
        var text = self.text(fromHTML: shown.0)
        if text.isEmpty { text = localized("(no text)") }
        if text.count > longestText { text = String(text.prefix(longestText - 1)) + "…" }
        var author = "\(shown.1.name) @\(shown.1.acct)"
        if status.reblog != nil {
            author = fill(localized("%s, boosted by %s"), author, status.account.name)
        }
        let postedAt = self.postedAt(status.createdAt)
        let markup = self.markup(fromHTML: shown.0)
        let warning = shown.2.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") } ?? ""
        return FeedItem(
            id: status.id, title: text, detail: author, markup: markup.isEmpty ? nil : markup,
            warning: warning.isEmpty ? nil : warning, postedAt: postedAt,
            avatar: webAddress(shown.1.avatarStatic ?? shown.1.avatar), authorName: shown.1.plainName,
            media: media(shown.3 ?? []), emojis: emojis(shown.4 ?? []),
            authorEmojis: emojis((shown.1.emojis ?? []) + (status.reblog == nil ? [] : status.account.emojis ?? [])))
    }

    /// The custom emoji a row shows as pictures: those with a web address and a shortcode
    /// Mastodon allows (letters, digits and "_"), each once.
    static func emojis(_ listed: [MastodonStatus.Emoji]) -> [FeedEmoji] {
        var seen: Set<String> = []
        return listed.compactMap { emoji in
            guard !emoji.shortcode.isEmpty, emoji.shortcode.utf8.allSatisfy(FeedEmoji.isShortcodeByte),
                let url = webAddress(emoji.staticUrl ?? emoji.url), seen.insert(emoji.shortcode).inserted
            else { return nil }
            return FeedEmoji(shortcode: emoji.shortcode, url: url)
        }
    }

    /// The pictures a row shows for `attachments`: images, and the previews of videos and
    /// animations, at most four (as Mastodon shows them), each sized by its `meta` when the
    /// server gave one.
    static func media(_ attachments: [MastodonStatus.Attachment]) -> [FeedMedia] {
        attachments.prefix(4).compactMap { attachment in
            guard ["image", "gifv", "video"].contains(attachment.type),
                let url = webAddress(attachment.previewUrl ?? attachment.url)
            else { return nil }
            let size = attachment.meta?.small ?? attachment.meta?.original
            let description = attachment.description.flatMap { $0.isEmpty ? nil : $0 }
            return FeedMedia(
                url: url, width: size?.width, height: size?.height, description: description,
                original: webAddress(attachment.url))
        }
    }

    /// `address` when it is a web address (the only kind the demo fetches).
    private static func webAddress(_ address: String?) -> String? {
        guard let address, address.hasPrefix("https://") || address.hasPrefix("http://") else { return nil }
        return address
    }

    /// The visible text of a status's HTML on one line: tags dropped (a paragraph or line break
    /// becomes a space), character references decoded, white space collapsed.
    static func text(fromHTML html: String) -> String {
        var out = ""
        var rest = html[...]
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">") {
                let tag = rest[rest.index(after: rest.startIndex)..<close].lowercased()
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter }
                if ["br", "p", "div", "li"].contains(name) { out.append(" ") }
                rest = rest[rest.index(after: close)...]
            } else if let decoded = takeReference(&rest) {
                out.append(decoded)
            } else {
                out.append(first)
                rest = rest.dropFirst()
            }
        }
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A status's HTML as Pango markup for a label that wraps: paragraphs a blank line apart,
    /// line breaks kept, white space collapsed; links (mentions and hashtags among them, as
    /// Mastodon writes them) as GTK's label markup shows and opens them, showing what Mastodon
    /// shows (the parts it marks `invisible` hidden, an `ellipsis` part followed by "…"); other
    /// tags dropped, text and addresses escaped. Only web and mail addresses become links.
    static func markup(fromHTML html: String) -> String {
        var paragraphs: [String] = []
        var current = ""
        var pendingSpace = false
        var linkOpen = false
        var spans: [Substring] = []  // the class of each open span
        var hidden = 0
        func flush() {
            if linkOpen { current += "</a>" }
            linkOpen = false
            while let last = current.last, last.isWhitespace { current.removeLast() }
            if !current.isEmpty { paragraphs.append(current) }
            current = ""
            pendingSpace = false
        }
        func emitSpace() {
            if pendingSpace, let last = current.last, last != "\n" { current += " " }
            pendingSpace = false
        }
        var rest = html[...]
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">") {
                let tag = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                let closing = tag.first == "/"
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter }.lowercased()
                switch (name, closing) {
                case ("p", _), ("div", _): flush()
                case ("br", _):
                    current += "\n"
                    pendingSpace = false
                case ("a", false):
                    guard !linkOpen, hidden == 0, let href = attribute("href", in: tag),
                        ["https://", "http://", "mailto:"].contains(where: { href.lowercased().hasPrefix($0) })
                    else { break }
                    emitSpace()
                    current += "<a href=\"\(escaped(href, quotes: true))\">"
                    linkOpen = true
                case ("a", true):
                    if linkOpen { current += "</a>" }
                    linkOpen = false
                case ("span", false):
                    let kind = attribute("class", in: tag)?.split(separator: " ").first {
                        $0 == "invisible" || $0 == "ellipsis"
                    }
                    spans.append(kind ?? "")
                    if kind == "invisible" { hidden += 1 }
                case ("span", true):
                    guard let kind = spans.popLast() else { break }
                    if kind == "invisible" { hidden -= 1 }
                    if kind == "ellipsis", hidden == 0 { current += "…" }
                default: break
                }
            } else {
                let character = takeReference(&rest) ?? rest.removeFirst()
                guard hidden == 0 else { continue }
                if character.isWhitespace {
                    pendingSpace = !current.isEmpty
                } else {
                    emitSpace()
                    current += escaped(String(character), quotes: false)
                }
            }
        }
        flush()
        return paragraphs.joined(separator: "\n\n")
    }

    /// The value of attribute `name` in a tag's text, references decoded.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        let key = Array(" \(name)=\"")
        let characters = Array(tag)
        guard characters.count >= key.count else { return nil }
        for start in 0...(characters.count - key.count) where Array(characters[start..<start + key.count]) == key {
            return decoded(Substring(String(characters[(start + key.count)...].prefix { $0 != "\"" })))
        }
        return nil
    }

    /// `text` with its character references decoded.
    private static func decoded(_ text: Substring) -> String {
        var out = ""
        var rest = text
        while !rest.isEmpty { out.append(takeReference(&rest) ?? rest.removeFirst()) }
        return out
    }

    /// `text` safe in Pango markup: `&`, `<` and `>` always, quotes inside an attribute.
    private static func escaped(_ text: String, quotes: Bool) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// The character of the reference `text` starts with ("&amp;", "&#39;"), taken off `text`;
    /// nil, `text` unchanged, when it does not start with one.
    private static func takeReference(_ text: inout Substring) -> Character? {
        guard text.first == "&", let semicolon = text.prefix(12).firstIndex(of: ";"),
            let decoded = MarkupLinks.character(reference: text[text.index(after: text.startIndex)..<semicolon])
        else { return nil }
        text = text[text.index(after: semicolon)...]
        return decoded
    }

    /// The URL of the `rel="next"` link of a Link header, if it has one.
    static func nextLink(_ header: String?) -> String? {
        guard let header else { return nil }
        for part in header.split(separator: "<", omittingEmptySubsequences: false).dropFirst() {
            guard let end = part.firstIndex(of: ">") else { continue }
            let parameters = part[part.index(after: end)...].split(separator: ";")
            let isNext = parameters.contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { trimmed($0, also: "\",") }
                return pair.count == 2 && pair[0].lowercased() == "rel"
                    && pair[1].lowercased().split(separator: " ").contains("next")
            }
            if isNext { return String(part[..<end]) }
        }
        return nil
    }

    /// `text` without white space (and the characters of `also`) at either end.
    private static func trimmed(_ text: Substring, also: String = "") -> String {
        let drop = { (character: Character) in character.isWhitespace || also.contains(character) }
        return String(text.drop(while: drop).reversed().drop(while: drop).reversed())
    }

    /// Whether status id `a` is older than `b` (the stream's order: `LiveStream.isOlder`).
    static func isOlder(_ a: String, than b: String) -> Bool { LiveStream.isOlder(a, than: b) }

    /// The seconds a Retry-After value asks to wait: a number, or an HTTP date.
    static func retryAfterSeconds(_ value: String?) -> Int? {
        guard let value = value.map({ trimmed($0[...]) }), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return max(0, seconds) }
        guard let date = soup_date_time_new_from_http_string(value) else { return nil }
        defer { g_date_time_unref(date) }
        let now = g_date_time_new_now_utc()!
        defer { g_date_time_unref(now) }
        return max(0, Int(g_date_time_difference(date, now) / 1_000_000))
    }

    /// `createdAt` (ISO 8601) in milliseconds since 1970, or nil if it is not a time.
    static func postedAt(_ createdAt: String) -> Int64? {
        guard let instant = g_date_time_new_from_iso8601(createdAt, nil) else { return nil }
        defer { g_date_time_unref(instant) }
        return Int64(g_date_time_to_unix(instant)) * 1_000 + Int64(g_date_time_get_microsecond(instant) / 1_000)
    }
}

extension NetworkError {
    /// libsoup's (or GIO's) error in words; one where TLS refused the server's certificate
    /// (self-signed, expired, another host's) says so first, so it reads as what it is.
    init(_ error: UnsafeMutablePointer<GError>) {
        let words = String(cString: error.pointee.message)
        self.init(
            message: Self.isCertificate(error)
                ? fill(localized("The server's certificate is not trusted (%s)"), words) : words)
    }

    /// Whether `error` is TLS refusing the server's certificate.
    static func isCertificate(_ error: UnsafeMutablePointer<GError>) -> Bool {
        error.pointee.domain == g_tls_error_quark()
    }
}
