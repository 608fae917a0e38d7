// What screen readers hear. The engine decides what to say and when (`Effect.announce`); this
// file says it the way the running GTK and screen reader can hear it:
// - GTK 4.14 and later have gtk_accessible_announce (CGtk's shim picks it at compile time:
//   `cgtk_can_announce`). Progress is polite, failures assertive.
// - On GTK 4.8 there is no announce call, and Orca 43 speaks only changes on the focused
//   object; what it does speak is a change of the focused widget's description. So while the
//   keyboard focus is inside the list, the focused widget (a row, the list, Retry) gets the
//   words as its description, reset first (GTK 4.8 emits nothing for a second update
//   otherwise), and its own description back a moment later, so the next time focus lands
//   there it reads as before. A refresh's result waits until the new rows are in and the
//   focus has settled, or Orca presents the focused row as gone. Focus elsewhere in the
//   window hears nothing: the list never speaks over what the user is doing, and never moves
//   the focus.
// The header and footer also stay status regions whose labels carry the same words.

import CGtk
internal import GtkInterop
import Glibc
import RefreshEngine

extension ListDriver {
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
            text = count == 0 ? localized("Refreshed, nothing new") : texts.refreshedWithNew(count)
            cgtk_accessible_set_string(parts.header, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
        case .refreshedNewAbove(let count):
            // The refresh and where its rows went, in one utterance; the pill's name says the
            // count too (ListDriver+Pill.swift).
            text = texts.refreshedWithNewAbove(count)
            cgtk_accessible_set_string(parts.header, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
        case .refreshFailed:
            text = Self.withReason(texts.refreshFailed, failureText(engine.headerFailure))
            cgtk_accessible_set_string(parts.header, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
            assertive = true
        case .loadingMore:
            text = texts.loadingMore
            cgtk_accessible_set_string(parts.footer, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
        case .loadFailed:
            let reason = Self.withReason(texts.loadFailed, failureText(engine.footerFailure))
            cgtk_accessible_set_string(parts.footer, GTK_ACCESSIBLE_PROPERTY_LABEL, reason)
            // Translators: said after a page failed; "Retry" is the footer button's label.
            text = fill(localized("%1$@. Press %2$@ to try again."), reason, texts.retry)
            assertive = true
        case .loadNewerFailed:
            // The pill's name says the failure and its Retry (ListDriver+Pill.swift).
            let reason = Self.withReason(texts.loadNewerFailed, failureText(engine.newerFailure))
            text = fill(localized("%1$@. Press %2$@ to try again."), reason, texts.retry)
            assertive = true
        case .noMoreItems:
            text = texts.noMoreItems
            cgtk_accessible_set_string(parts.footer, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
        case .newItemsAbove(let count):
            // The pill's name says the same (ListDriver+Pill.swift).
            text = texts.newAboveAnnouncement(count)
        }
        if cgtk_can_announce() != 0 {
            cgtk_accessible_announce(widget, text, assertive.gboolean)
            return
        }
        // A refresh's result and an arrival follow new rows: said once they are in and the
        // focus has settled.
        let rowsChanged =
            switch announcement {
            case .refreshed, .refreshedNewAbove, .newItemsAbove: true
            default: false
            }
        let aboutFooter =
            switch announcement {
            case .loadingMore, .loadFailed, .noMoreItems: true
            default: false
            }
        spokenDescription.say(text, after: rowsChanged ? SpokenDescription.settleMilliseconds : 0) { [weak self] text in
            self?.describeFocus(text, aboutFooter: aboutFooter)
        }
    }

    /// Gives the focused widget `text` as its description, if the focus is inside the list.
    /// Words about the footer are not given to the footer or its button: a screen reader says
    /// the footer's new name as the focused widget's (the focus is on the footer, or moves
    /// there from Retry or Load more as the button goes).
    private func describeFocus(_ text: String, aboutFooter: Bool) {
        guard let focus = focusInsideList() else { return }
        if aboutFooter, focus == parts.footer || gtk_widget_is_ancestor(focus, parts.footer) != 0 { return }
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
/// before the next one). The widget is referenced until then. Words that must wait (for rows
/// to settle) wait here, and what comes after them waits behind them, so the order holds.
@MainActor
final class SpokenDescription {
    private var widget: WidgetPointer?
    private var timer = OneShotTimer()
    private var waiting: [String] = []
    private var waitTimer = OneShotTimer()
    private var sayWaiting: (@MainActor (String) -> Void)?

    /// How long the words stay on the widget (ms): Orca has read the change long before.
    static let holdMilliseconds: UInt32 = 1_500

    /// How long words about changed rows wait (ms). When rows around the focused one change,
    /// Orca 43 takes a moment to see the focus again; a description change before that is
    /// presented as the focused row gone (measured: 500–600 ms with Orca 43.1, GTK 4.8.3).
    static let settleMilliseconds: UInt32 = 600

    /// How many words wait at most: when more come during one wait (refreshes faster than the
    /// settle time), only the newest still say what the list is doing.
    static let maximumWaiting = 2

    /// Says `text` through `say` after `milliseconds` (at once for 0), after anything still
    /// waiting. A wait already running is not started over, so words never wait longer than
    /// `milliseconds`, however often new ones come.
    func say(_ text: String, after milliseconds: UInt32, _ say: @escaping @MainActor (String) -> Void) {
        guard milliseconds > 0 || !waiting.isEmpty else { return say(text) }
        waiting.append(text)
        if waiting.count > Self.maximumWaiting { waiting.removeFirst(waiting.count - Self.maximumWaiting) }
        sayWaiting = say
        guard milliseconds > 0, waitTimer.sourceID == 0 else { return }
        waitTimer.schedule(after: milliseconds) { [weak self] in
            guard let self else { return }
            self.waitTimer.fired()
            let texts = self.waiting
            self.waiting = []
            for text in texts { self.sayWaiting?(text) }
            self.sayWaiting = nil
        }
    }

    func hold(_ widget: WidgetPointer) {
        g_object_ref(widget.raw)
        self.widget = widget
        timer.schedule(after: Self.holdMilliseconds) { [weak self] in
            self?.timer.fired()
            self?.restoreNow()
        }
    }

    /// Forgets the words still waiting and gives the widget its own description back (the
    /// list goes).
    func cancel() {
        waitTimer.cancel()
        waiting = []
        sayWaiting = nil
        restoreNow()
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
