// Settings changed on a running list: the widget's properties set after the list drove it
// (`pull-threshold`, `page-size`, `load-more-distance`, `refresh-merge`, `shortcut-scope`,
// `starts-when-shown`) and its counted texts. The engine's tunables go to the engine, which
// keeps them (`.configurationChanged`); the rest is kept here. Either way the list reads them
// from one place, `configuration`.

import CGtk
internal import GtkInterop
import RefreshEngine

extension ListDriver {
    /// Takes `changed` as this list's settings from now on. The engine's part is checked as the
    /// engine checks it and sent to it; one it could not work with is refused with a critical
    /// and changes nothing (false). The words shown take the new texts at once.
    func reconfigure(_ changed: RefreshListConfiguration) -> Bool {
        guard !isDisposed else { return false }
        do {
            try changed.engine.validate()
        } catch {
            cgtk_log_critical("RefreshList", "\(error); ignored")
            return false
        }
        let scopeChanged = changed.shortcutScope != settings.shortcutScope
        settings = changed
        if scopeChanged { scopeShortcuts() }
        rewordPill()
        // Rendered once the engine took it (at once, unless an event is being handled: then
        // right after that one).
        if changed.engine != engine.configuration { send(.configurationChanged(changed.engine)) }
        return true
    }

    /// Scopes F5 and Ctrl+R as `shortcutScope` says: inside the list, or anywhere in its window.
    func scopeShortcuts() {
        guard let shortcutController else { return }
        switch settings.shortcutScope {
        case .list: gtk_shortcut_controller_set_scope(shortcutController, GTK_SHORTCUT_SCOPE_LOCAL)
        case .window: gtk_shortcut_controller_set_scope(shortcutController, GTK_SHORTCUT_SCOPE_GLOBAL)
        }
    }

    /// The pill's count in the words the texts say now (they may have just changed).
    private func rewordPill() {
        guard case .newAbove(let count) = pill.shown else { return }
        let texts = settings.texts
        gtk_label_set_text(pill.label.opaque, texts.newAbove(count))
        cgtk_accessible_set_string(pill.button, GTK_ACCESSIBLE_PROPERTY_LABEL, texts.newAboveAnnouncement(count))
    }
}
