// What an app developer can set: the engine's numbers, the words, the date style, which parts
// show, how a refresh merges, and where the last-updated time is kept.

internal import GtkInterop
import RefreshEngine

/// How the "last updated" line shows the instant.
public enum LastUpdatedStyle: Hashable, Sendable {
    /// "Last updated 5 minutes ago" (a date beyond a week), through gettext plurals.
    case relative
    /// "Last updated: 2 Dec 2026, 16:40", in the translation's date format.
    case absolute
}

/// A text that depends on a count, through gettext plurals (`ngettext`): `singular` and
/// `plural` are the msgids, `%d` in them is the count, and `domain` is the gettext domain they
/// are translated in (the widget's own, `refresh-list`, unless an app gives its own words).
public struct PluralText: Hashable, Sendable {
    /// The msgid for one ("%d new item").
    public var singular: String
    /// The msgid for other counts ("%d new items").
    public var plural: String
    /// The gettext domain the msgids are translated in.
    public var domain: String

    /// A text with these msgids, translated in `domain` (default: the widget's `refresh-list`).
    public init(singular: String, plural: String, domain: String = "refresh-list") {
        self.singular = singular
        self.plural = plural
        self.domain = domain
    }

    /// The text for `count`, translated, `%d` filled in.
    public func callAsFunction(_ count: Int) -> String {
        fill(translatePlural(singular, plural, count: count, domain: domain), String(count))
    }
}

/// A count text in the widget's own domain (a function xgettext extracts from, as
/// `--keyword=widgetPlural:1,2`).
func widgetPlural(_ singular: String, _ plural: String) -> PluralText {
    PluralText(singular: singular, plural: plural, domain: refreshListTextDomain)
}

/// The texts the header and footer show. Defaults are English source strings, translated
/// through gettext's `refresh-list` domain.
public struct RefreshListTexts: Hashable, Sendable {
    /// Header title while pulling.
    public var pullToRefresh = localized("Pull to refresh")
    /// Header title when armed.
    public var releaseToRefresh = localized("Release to refresh")
    /// Header title while refreshing.
    public var refreshing = localized("Refreshing…")
    /// Header title after a success.
    public var refreshed = localized("Refreshed")
    /// Header title after a failure.
    public var refreshFailed = localized("Refresh failed")
    /// Footer text while a page loads.
    public var loadingMore = localized("Loading more…")
    /// Footer text after the last page.
    public var noMoreItems = localized("No more items")
    /// Footer text after a failed page.
    public var loadFailed = localized("Couldn't load more")
    /// The footer button after a failed page, and the pill's after newer rows failed.
    public var retry = localized("Retry")
    /// The pill's words when the rows newer than the first one shown (a restored list's
    /// top-side load) failed to load; Retry follows them.
    // Translators: on the pill over the list, before "Retry", when newer rows failed to load.
    public var loadNewerFailed = localized("Couldn't load newer items")
    /// Shown when no refresh ever succeeded.
    public var neverUpdated = localized("Not updated yet")
    /// The placeholder's title while the first rows load.
    public var loading = localized("Loading…")
    /// The placeholder's title when a refresh brought no rows.
    public var nothingHere = localized("Nothing here yet")
    /// The placeholder's hint when a refresh brought no rows.
    public var emptyHint = localized("Pull down or press F5 to refresh")
    /// What a screen reader hears after a refresh whose new rows did not go in above the view
    /// (at the top the view shows them), and the header's accessible name then: "Refreshed, 3
    /// new items".
    // Translators: said after a refresh; %d is how many rows it brought that were not shown.
    public var refreshedWithNew = widgetPlural("Refreshed, %d new item", "Refreshed, %d new items")
    /// What a screen reader hears after a refresh away from the top that put its new rows
    /// above the view, which kept its place, and the header's accessible name then: "Refreshed,
    /// 5 new items above" (the pill's count). One utterance: the arrival is not said again.
    // Translators: said after a refresh whose new rows went in above the rows on screen; %d
    // is how many new rows are above them.
    public var refreshedWithNewAbove = widgetPlural("Refreshed, %d new item above", "Refreshed, %d new items above")
    /// The "N new" pill over the rows when new rows went in above the view: "5 new items".
    // Translators: the pill over the list that scrolls up to new rows; %d is how many.
    public var newAbove = widgetPlural("%d new item", "%d new items")
    /// What a screen reader hears when new rows went in above the view other than by a
    /// refresh (an app's insert, a live update), once per arrival, and the pill's accessible
    /// name: "5 new items above".
    // Translators: said when new rows arrived above the rows on screen; %d is how many.
    public var newAboveAnnouncement = widgetPlural("%d new item above", "%d new items above")

    /// The default texts.
    public init() {}

    func title(_ title: HeaderTitle) -> String {
        switch title {
        case .pullToRefresh: pullToRefresh
        case .releaseToRefresh: releaseToRefresh
        case .refreshing: refreshing
        case .refreshed: refreshed
        case .refreshFailed: refreshFailed
        }
    }
}

/// Where a list's refresh shortcuts (F5, Ctrl+R) work.
public enum ShortcutScope: Hashable, Sendable {
    /// While the keyboard focus is inside the list: several lists in one window each refresh
    /// on their own.
    case list
    /// Anywhere in the list's window, like a browser's F5. For a window with one list.
    case window
}

/// Everything configurable about a `RefreshList`.
public struct RefreshListConfiguration: Sendable {
    /// Thresholds, durations and paging (the engine's defaults unless set).
    public var engine: RefreshConfiguration = .standard
    /// The words shown.
    public var texts = RefreshListTexts()
    /// Relative ("5 minutes ago", the default) or absolute time.
    public var lastUpdatedStyle: LastUpdatedStyle = .relative
    /// Key under which the last-updated instant is kept between runs (like MJRefresh's
    /// `lastUpdatedTimeKey`); `nil` keeps it in memory only. Default `nil`.
    public var lastUpdatedKey: String?
    /// Key under which the list keeps its place between runs: the first row in view (its id,
    /// as text) and its offset, saved when the view rests and when the list closes, restored
    /// at the next start (the rows there, then the newer ones above as the view nears the
    /// top). Needs the cursor form of loading (`RefreshList.onLoad`); `nil` starts at the
    /// newest rows every time. Default `nil`.
    public var placeKey: String?
    /// Where persisted instants and places go; `nil` (the only choice outside the package's tests) uses
    /// the XDG state directory under the application id.
    package var stateDirectory: String?
    /// Whether the list starts the first time it is shown; off, it waits for `RefreshList.start()`
    /// (an app that must sign in first, or that starts loading before its window shows). Whether
    /// starting refreshes is the engine's `refreshOnStart`. Default `true`.
    public var startsWhenShown = true
    /// Which rows are prepared when: GTK binds rows far beyond the view, and a rich row costs
    /// milliseconds to make, bind and lay out. With a preparation, a row bound far from the view
    /// waits (its place held at its remembered height), the rows in view are prepared before
    /// the frame that shows them, and those within a view's worth of it in idle time between
    /// frames; the app's `makeRow` and `bind` run then. Nil prepares every row GTK binds, at
    /// once, as GtkListView does. Default `RowPreparation()`. The `prepares-rows` property.
    public var rowPreparation: RowPreparation? = RowPreparation()
    /// Where F5 and Ctrl+R refresh this list from. Default `.list`.
    public var shortcutScope: ShortcutScope = .list

    /// The most rows the list keeps (the engine's `maximumRows`); 0 keeps every row. Past it,
    /// rows far from the view are dropped in whole pages and load again when the reader comes
    /// back to them, the first row in view staying where it is drawn: above and below the view
    /// with the cursor form of loading (`RefreshList.onLoad`), only below it with page numbers
    /// (rows above cannot be asked for by page number once rows went in on top). Default 1 000.
    public var maximumRows: Int {
        get { engine.maximumRows }
        set { engine.maximumRows = newValue }
    }

    /// The defaults.
    public init() {}
}
