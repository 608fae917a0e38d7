// What screen readers hear: GTK 4.8 has no announce call (gtk_accessible_announce came in
// 4.14), so the header and footer are status regions whose label is set to each announcement.

import CGtk
internal import GtkInterop
import RefreshEngine

extension RefreshList {
    func announce(_ announcement: Announcement) {
        let text: String
        let region: WidgetPointer
        switch announcement {
        case .refreshStarted:
            text = configuration.texts.refreshing
            region = parts.header
        case .refreshed(let count):
            text = localizedCount("Refreshed, %d new item", "Refreshed, %d new items", Int64(count))
            region = parts.header
        case .refreshFailed:
            text = Self.withReason(configuration.texts.refreshFailed, failureText(engine.headerFailure))
            region = parts.header
        case .loadFailed:
            text = Self.withReason(configuration.texts.loadFailed, failureText(engine.footerFailure))
            region = parts.footer
        case .noMoreItems:
            text = configuration.texts.noMoreItems
            region = parts.footer
        }
        lastAnnouncement = text
        cgtk_accessible_set_string(region, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
    }

    /// "What happened: why", in the user's language (the separator, and the order, are the
    /// translator's).
    static func withReason(_ title: String, _ reason: String?) -> String {
        guard let reason else { return title }
        // Translators: an announcement: what failed, then why ("Refresh failed: offline").
        return fill(localized("%1$@: %2$@"), title, reason)
    }
}
