// What screen readers hear. The engine decides what to say and when (`Effect.announce`); this
// file says it the way the running GTK and screen reader can hear it:
// - GTK 4.14 and later have gtk_accessible_announce; it is looked up when the process starts,
//   so one binary runs on 4.8 too. Progress is polite, failures assertive.
// - On GTK 4.8 there is no announce call, and Orca 43 speaks only changes on the focused
//   object; what it does speak is a change of the focused widget's description. So while the
//   keyboard focus is inside the list, the focused widget (a row, the list, Retry) gets the
//   words as its description, reset first (GTK 4.8 emits nothing for a second update
//   otherwise), and its own description back a moment later, so the next time focus lands
//   there it reads as before. Focus elsewhere in the window hears nothing: the list never
//   speaks over what the user is doing, and never moves the focus.
// The header and footer also stay status regions whose labels carry the same words.

import CGtk
internal import GtkInterop
import Glibc
import RefreshEngine

extension RefreshList {
    func announce(_ announcement: Announcement) {
        let texts = configuration.texts
        let text: String
        var assertive = false
        switch announcement {
        case .releaseToRefresh:
            text = texts.releaseToRefresh
        case .refreshStarted:
            text = texts.refreshing
            cgtk_accessible_set_string(parts.header, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
        case .refreshed(let count):
            text = count == 0
                ? localized("Refreshed, nothing new")
                : localizedCount("Refreshed, %d new item", "Refreshed, %d new items", Int64(count))
            cgtk_accessible_set_string(parts.header, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
        case .refreshFailed:
            text = Self.withReason(texts.refreshFailed, failureText(engine.headerFailure))
            cgtk_accessible_set_string(parts.header, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
            assertive = true
        case .loadingMore:
            text = texts.loadingMore
        case .loadFailed:
            let reason = Self.withReason(texts.loadFailed, failureText(engine.footerFailure))
            cgtk_accessible_set_string(parts.footer, GTK_ACCESSIBLE_PROPERTY_LABEL, reason)
            // Translators: said after a page failed; "Retry" is the footer button's label.
            text = fill(localized("%1$@. Press %2$@ to try again."), reason, texts.retry)
            assertive = true
        case .noMoreItems:
            text = texts.noMoreItems
            cgtk_accessible_set_string(parts.footer, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
        }
        lastAnnouncement = text
        speak(text, assertive: assertive)
    }

    /// Says `text` through GTK's announce call where it exists, else as the description of the
    /// focused widget, if the focus is inside the list.
    private func speak(_ text: String, assertive: Bool) {
        if let announce = gtkAccessibleAnnounce {
            announce(OpaquePointer(widget), text, assertive ? 2 : 1)  // HIGH : MEDIUM
            return
        }
        guard let focus = focusInsideList() else { return }
        spokenDescription.restoreNow()
        gtk_accessible_reset_property(OpaquePointer(focus), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
        cgtk_accessible_set_string(focus, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text)
        spokenDescription.hold(focus)
    }

    /// The widget with the keyboard focus, when it is the list or inside it and its window is
    /// the active one.
    private func focusInsideList() -> WidgetPointer? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return nil }
        let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self)
        guard gtk_window_is_active(window) != 0 else { return nil }
        guard focus == widget || gtk_widget_is_ancestor(focus, widget) != 0 else { return nil }
        return focus
    }

    /// "What happened: why", in the user's language (the separator, and the order, are the
    /// translator's).
    static func withReason(_ title: String, _ reason: String?) -> String {
        guard let reason else { return title }
        // Translators: an announcement: what failed, then why ("Refresh failed: offline").
        return fill(localized("%1$@: %2$@"), title, reason)
    }
}

/// The description a spoken announcement put on a widget, taken back off a moment later (or
/// before the next one). The widget is referenced until then.
@MainActor
final class SpokenDescription {
    private var widget: WidgetPointer?
    private var timer = OneShotTimer()

    /// How long the words stay on the widget (ms): Orca has read the change long before.
    static let holdMilliseconds: UInt32 = 1_500

    func hold(_ widget: WidgetPointer) {
        g_object_ref(widget.raw)
        self.widget = widget
        timer.schedule(after: Self.holdMilliseconds) { [weak self] in
            self?.timer.fired()
            self?.restoreNow()
        }
    }

    /// Gives the widget its own description back.
    func restoreNow() {
        timer.cancel()
        guard let widget else { return }
        self.widget = nil
        gtk_accessible_reset_property(OpaquePointer(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
        g_object_unref(widget.raw)
    }
}

/// `gtk_accessible_announce(GtkAccessible *, const char *, GtkAccessibleAnnouncementPriority)`
/// when the running GTK has it (4.14 and later), else `nil`.
let gtkAccessibleAnnounce: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UInt32) -> Void)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gtk_accessible_announce") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UInt32) -> Void).self)
}()
