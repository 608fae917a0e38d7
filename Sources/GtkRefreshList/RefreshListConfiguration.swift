// What an app developer can set: the engine's numbers, the words, the date style, which parts
// show, how a refresh merges, and where the last-updated time is kept.

import RefreshEngine

/// How the "last updated" line shows the instant.
public enum LastUpdatedStyle: Hashable, Sendable {
    /// "Last updated 5 minutes ago" (a date beyond a week), through gettext plurals.
    case relative
    /// "Last updated: 2 Dec 2026, 16:40", in the translation's date format.
    case absolute
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
    /// The footer button after a failed page.
    public var retry = localized("Retry")
    /// Shown when no refresh ever succeeded.
    public var neverUpdated = localized("Not updated yet")
    /// The placeholder's title while the first rows load.
    public var loading = localized("Loading…")
    /// The placeholder's title when a refresh brought no rows.
    public var nothingHere = localized("Nothing here yet")
    /// The placeholder's hint when a refresh brought no rows.
    public var emptyHint = localized("Pull down or press F5 to refresh")

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
    /// Where persisted instants go; `nil` (the only choice outside the package's tests) uses
    /// the XDG state directory under the application id.
    package var stateDirectory: String?
    /// Whether the list starts its engine the first time it is shown; the package's tests and
    /// demo turn it off to start by hand. Whether starting refreshes is the engine's
    /// `refreshOnStart`.
    package var startsWhenShown = true
    /// Where F5 and Ctrl+R refresh this list from. Default `.list`.
    public var shortcutScope: ShortcutScope = .list

    /// The defaults.
    public init() {}
}
