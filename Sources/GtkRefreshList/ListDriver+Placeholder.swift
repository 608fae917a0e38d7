// What shows in place of the rows while there are none (the engine's `placeholder`): the
// first load running, an empty answer, or the failure of the last refresh with a Retry. It
// takes the rows' place inside the scrolled window, so a wheel, touchpad or drag pull and F5
// work on it as on rows. The app may give its own widget for each case (a libadwaita
// AdwStatusPage, say); otherwise the list shows its own.

import CGtk
internal import GtkInterop
import RefreshEngine

/// What a list with no rows shows, with the words it needs.
public enum PlaceholderContent: Hashable, Sendable {
    /// The first rows are being loaded.
    case loading
    /// The last refresh brought no rows.
    case empty
    /// The last refresh failed, for `reason` (the loader's message, if any); a Retry should
    /// call `refresh()`.
    case failed(reason: String?)
}

/// The placeholder's viewport in the scrolled window (with the rows' background), its centred
/// box, and the list's own content for it: a spinner, a title, a description and a Retry button.
@MainActor
final class PlaceholderView {
    /// What takes the list view's place in the scrolled window.
    let viewport: WidgetPointer
    /// Centred in the viewport; holds the list's own content or the app's widget.
    let box: WidgetPointer
    let spinner: WidgetPointer
    let title: WidgetPointer
    let details: WidgetPointer
    let retry: WidgetPointer
    /// The app's widget in the box, if it gave one for what is shown now.
    var custom: WidgetPointer?

    init(texts: RefreshListTexts) {
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_add_css_class(box, "refresh-placeholder")
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(box, 1)
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(box, 24) }
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(box, 12) }
        spinner = gtk_spinner_new()!
        gtk_widget_set_size_request(spinner, 32, 32)
        title = gtk_label_new(nil)!
        gtk_widget_add_css_class(title, "title-2")
        gtk_label_set_wrap(title.opaque, 1)
        gtk_label_set_justify(title.opaque, GTK_JUSTIFY_CENTER)
        details = gtk_label_new(nil)!
        gtk_widget_add_css_class(details, "dim-label")
        gtk_label_set_wrap(details.opaque, 1)
        gtk_label_set_justify(details.opaque, GTK_JUSTIFY_CENTER)
        retry = gtk_button_new_with_label(texts.retry)!
        gtk_widget_set_halign(retry, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(retry, "suggested-action")
        for child in [spinner, title, details, retry] { gtk_box_append(box.box, child) }
        viewport = gtk_viewport_new(nil, nil)!
        gtk_widget_add_css_class(viewport, "view")
        // The keyboard focus can rest on it, as on the rows it stands for (see `renderPlaceholder`).
        gtk_widget_set_focusable(viewport, 1)
        gtk_viewport_set_child(viewport.opaque, box)
        g_object_ref_sink(viewport.raw)
    }

    /// Drops the list's reference (when the list goes).
    func release() {
        g_object_unref(viewport.raw)
    }
}

extension ListDriver {
    /// `RefreshList.onPlaceholder` (RefreshList.swift says what it does).
    func onPlaceholder(_ make: @escaping @MainActor (PlaceholderContent) -> UnsafeMutablePointer<GtkWidget>?) {
        placeholderFactory = make
        rendered.placeholder = nil
        render()
    }

    func connectPlaceholder() {
        connections.onVoid(placeholderView.retry.raw, "clicked") { [weak self] in self?.refresh() }
    }

    /// Puts the placeholder or the rows in the scrolled window, as the engine says. The keyboard
    /// focus goes with them: on the placeholder when it takes the place of the focused rows, on
    /// the rows when they take the place of the focused placeholder, so a keyboard user stays in
    /// the list (End, arrows) whatever it shows.
    func renderPlaceholder() {
        let placeholder = engine.placeholder
        guard placeholder != rendered.placeholder else { return }
        rendered.placeholder = placeholder
        let content: PlaceholderContent
        switch placeholder {
        case .none:
            swapContent(to: parts.listView, from: placeholderView.viewport)
            return
        case .loading: content = .loading
        case .empty: content = .empty
        case .failed(let failure): content = .failed(reason: failureText(failure))
        }
        fill(placeholderView, with: content)
        swapContent(to: placeholderView.viewport, from: parts.listView)
    }

    /// Makes `content` the scrolled window's child in place of `old`, taking the focus along.
    private func swapContent(to content: WidgetPointer, from old: WidgetPointer) {
        guard gtk_scrolled_window_get_child(parts.scrolled.opaque) != content else { return }
        let focus = gtk_widget_get_root(old).flatMap { gtk_root_get_focus($0) }
        // In `old`, or on a row that the answer just took out of it (no longer in any window).
        let hadFocus =
            focus.map { $0 == old || gtk_widget_is_ancestor($0, old) != 0 || gtk_widget_get_root($0) == nil } ?? false
        gtk_scrolled_window_set_child(parts.scrolled.opaque, content)
        if hadFocus { gtk_widget_grab_focus(content) }
    }

    private func fill(_ view: PlaceholderView, with content: PlaceholderContent) {
        let texts = configuration.texts
        let (title, details): (String, String?) =
            switch content {
            case .loading: (texts.loading, nil)
            case .empty: (texts.nothingHere, texts.emptyHint)
            case .failed(let reason): (texts.refreshFailed, reason)
            }
        // What a screen reader says when the focus rests on it, whatever widget fills it.
        cgtk_accessible_set_string(
            view.viewport, GTK_ACCESSIBLE_PROPERTY_LABEL, details.map { "\(title). \($0)" } ?? title)
        if let custom = view.custom {
            gtk_box_remove(view.box.box, custom)
            view.custom = nil
        }
        // The app's widget fills the rows' area (a status page centres itself); the list's own
        // content sits centred.
        let made = placeholderFactory?(content)
        let alignment = made == nil ? GTK_ALIGN_CENTER : GTK_ALIGN_FILL
        gtk_widget_set_halign(view.box, alignment)
        gtk_widget_set_valign(view.box, alignment)
        if let made {
            for part in [view.spinner, view.title, view.details, view.retry] { gtk_widget_set_visible(part, 0) }
            gtk_box_append(view.box.box, made)
            view.custom = made
            return
        }
        let spinning = content == .loading
        gtk_widget_set_visible(view.spinner, spinning.gboolean)
        if spinning { gtk_spinner_start(view.spinner.opaque) } else { gtk_spinner_stop(view.spinner.opaque) }
        gtk_label_set_text(view.title.opaque, title)
        gtk_widget_set_visible(view.title, 1)
        gtk_label_set_text(view.details.opaque, details ?? "")
        gtk_widget_set_visible(view.details, (details != nil).gboolean)
        if case .failed = content {
            gtk_button_set_label(view.retry.as(GtkButton.self), texts.retry)
            gtk_widget_set_visible(view.retry, 1)
        } else {
            gtk_widget_set_visible(view.retry, 0)
        }
    }
}
