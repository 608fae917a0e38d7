// What a row of the demo's lists shows: a status of the timeline (its content, author,
// pictures), a simulated post or a folder's file.

/// One row of the demo.
public struct FeedItem: Identifiable, Sendable, Equatable {
    public let id: String
    /// One line of plain text: the row's title, or, with `markup`, what it says in short.
    public let title: String
    public let detail: String
    /// Paragraphs with links in Pango markup (a status's content), shown wrapped in place of
    /// the title.
    public var markup: String? = nil
    /// A content warning: shown in place of the content until the reader opens it.
    public var warning: String? = nil
    /// When it was posted (milliseconds since 1970): the row says how long ago after `detail`,
    /// and says it again each minute.
    public var postedAt: Int64? = nil
    /// The author's picture (an address), shown beside the row; with none, no picture.
    public var avatar: String? = nil
    /// The author's name, for the picture's initials until it comes (without shortcodes).
    public var authorName: String? = nil
    /// Pictures attached to a status, shown under its content.
    public var media: [FeedMedia] = []
    /// The custom emoji `markup` names by shortcode (":gtk:"), each shown as its picture there.
    public var emojis: [FeedEmoji] = []
    /// The custom emoji the names in `detail` name (the author's, a booster's), shown the same way.
    public var authorEmojis: [FeedEmoji] = []

    public init(
        id: String, title: String, detail: String, markup: String? = nil, warning: String? = nil,
        postedAt: Int64? = nil, avatar: String? = nil, authorName: String? = nil, media: [FeedMedia] = [],
        emojis: [FeedEmoji] = [], authorEmojis: [FeedEmoji] = []
    ) {
        self.id = id
        self.title = title
        self.detail = detail
        self.markup = markup
        self.warning = warning
        self.postedAt = postedAt
        self.avatar = avatar
        self.authorName = authorName
        self.media = media
        self.emojis = emojis
        self.authorEmojis = authorEmojis
    }
}

/// A custom emoji a status's text names: its shortcode (without the colons) and its picture's
/// address (a still one).
public struct FeedEmoji: Sendable, Equatable {
    public let shortcode: String
    public let url: String

    public init(shortcode: String, url: String) {
        self.shortcode = shortcode
        self.url = url
    }

    /// Whether `byte` may be in a shortcode, as Mastodon allows: a letter, a digit or "_".
    public static func isShortcodeByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
    }
}

/// A picture attached to a status: where its preview is, its size when the server said it
/// (the box it shows in is that size before it comes, so nothing moves when it does), and
/// what it shows, in words.
public struct FeedMedia: Sendable, Equatable {
    public let url: String
    public var width: Int? = nil
    public var height: Int? = nil
    public var description: String? = nil
    /// The whole picture's address, which a click on the picture opens (nil: the preview's).
    public var original: String? = nil

    public init(
        url: String, width: Int? = nil, height: Int? = nil, description: String? = nil, original: String? = nil
    ) {
        self.url = url
        self.width = width
        self.height = height
        self.description = description
        self.original = original
    }

    /// The widest and tallest a picture shows (px); a picture with no size shows 16:9 at the
    /// widest.
    public static let widest = 400.0
    public static let tallest = 300.0

    /// The size it shows at, at most `widest` × `tallest`, the server's aspect kept.
    public var shownSize: (width: Int, height: Int) {
        guard let width, let height, width > 0, height > 0 else {
            return (Int(Self.widest), Int((Self.widest * 9 / 16).rounded()))
        }
        let scale = min(1, Self.widest / Double(width), Self.tallest / Double(height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
