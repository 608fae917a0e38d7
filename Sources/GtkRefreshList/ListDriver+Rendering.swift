// Engine state → widget properties. Only what changed since the last render is touched, so a
// pull that sends an event per scroll frame costs an allocation of the widget (the header's new
// height, the list moved) and a redraw of the arrow.

import CGtk
internal import GtkInterop
import RefreshEngine

/// What was last rendered, to skip unchanged properties.
struct RenderedState {
    var headerState: HeaderState?
    var height = -1
    var arrowDegrees = -1.0
    var title = ""
    var lastUpdated: WallClockInstant?
    var lastUpdatedShown = false
    var indicator = ""
    var footer: FooterState?
    var tooltip: String?
    var placeholder: Placeholder?
    /// Whether the header rests open and the list gives up its height (RefreshListWidget.swift).
    var headerTakesRoom = false
}

extension ListDriver {
    func render() {
        guard !isDisposed else { return }
        renderHeader()
        renderFooter()
        syncFooterRow()
        renderPlaceholder()
        renderPill()
    }

    private func renderHeader() {
        let header = engine.header
        let previous = rendered.headerState
        renderHeaderMotion(header)
        // While the header slides closed it keeps showing what it showed (the result), and is
        // reset to its idle look once closed (the revealer's child-revealed notification).
        if header.state == .idle, gtk_revealer_get_child_revealed(parts.revealer.opaque) != 0 {
            rendered.headerState = header.state
            return
        }
        renderIndicator(header)
        let title = configuration.texts.title(header.title)
        if title != rendered.title {
            gtk_label_set_text(parts.titleLabel.opaque, title)
            rendered.title = title
        }
        let tooltip = failureText(engine.headerFailure)
        if tooltip != rendered.tooltip {
            gtk_widget_set_tooltip_text(parts.header, tooltip)
            rendered.tooltip = tooltip
        }
        // Relative times age: recompute whenever the header opens or the instant changes.
        let opening = previous == .idle || previous == nil
        if header.lastUpdated != rendered.lastUpdated || !rendered.lastUpdatedShown
            || (opening && header.state != .idle)
        {
            let text = lastUpdatedText(
                header.lastUpdated, style: configuration.lastUpdatedStyle, texts: configuration.texts)
            gtk_label_set_text(parts.lastUpdatedLabel.opaque, text)
            rendered.lastUpdated = header.lastUpdated
            rendered.lastUpdatedShown = true
        }
        rendered.headerState = header.state
    }

    /// The header's height, and its revealer opening or closing as the engine says.
    private func renderHeaderMotion(_ header: HeaderPresentation) {
        let revealer = parts.revealer.opaque
        if header.isVisible, header.state != .idle {
            let height = Int(header.height.rounded())
            if height != rendered.height {
                parts.setVisibleHeaderHeight(height)
                rendered.height = height
            }
            if gtk_revealer_get_reveal_child(revealer) == 0 {
                parts.headerWillSlide()
                // The engine says whether it follows a pull (0) or slides open (F5, first refresh).
                gtk_revealer_set_transition_duration(revealer, guint(engine.headerSlideMilliseconds))
                gtk_revealer_set_reveal_child(revealer, 1)
            }
        } else if gtk_revealer_get_reveal_child(revealer) != 0 {
            // Collapse from the current height; GTK snaps when animations are disabled.
            parts.headerWillSlide()
            gtk_revealer_set_transition_duration(revealer, guint(engine.headerSlideMilliseconds))
            gtk_revealer_set_reveal_child(revealer, 0)
        }
        // While the header moves, the list moves under it at its own size (a translation, no
        // layout of its rows); once the header rests open, the list gives up its height so its
        // last rows stay reachable, one layout per refresh.
        let resting: Bool
        switch header.state {
        case .refreshing, .succeeded, .failed:
            resting =
                header.isVisible && gtk_revealer_get_reveal_child(revealer) != 0
                && gtk_revealer_get_child_revealed(revealer) != 0
        case .idle, .pulling, .armed: resting = false
        }
        if resting != rendered.headerTakesRoom {
            rendered.headerTakesRoom = resting
            keepViewThroughResize()
            gtk_widget_queue_resize(widget)
        }
    }

    /// Arrow (at its angle), spinner, or the result's icon.
    private func renderIndicator(_ header: HeaderPresentation) {
        let indicator: String
        switch header.state {
        case .idle, .pulling, .armed: indicator = "arrow"
        case .refreshing: indicator = "spinner"
        case .succeeded: indicator = "succeeded"
        case .failed: indicator = "failed"
        }
        if indicator != rendered.indicator {
            gtk_stack_set_visible_child_name(parts.indicator.opaque, indicator)
            if indicator == "spinner" { parts.spinner.start() } else { parts.spinner.stop() }
            cgtk_accessible_set_busy(parts.header, (indicator == "spinner").gboolean)
            rendered.indicator = indicator
        }
        if header.arrowDegrees != rendered.arrowDegrees {
            parts.arrowAngle.degrees = header.arrowDegrees
            gtk_widget_queue_draw(parts.arrow)
            rendered.arrowDegrees = header.arrowDegrees
        }
    }

    private func renderFooter() {
        let state = engine.footer
        guard state != rendered.footer else { return }
        rendered.footer = state
        let texts = configuration.texts
        let label: String
        var button: String?
        let spinning = state == .loading
        switch state {
        case .hidden: label = ""
        case .idle:
            label = ""
            button = localized("Load more")
        case .loading: label = texts.loadingMore
        case .failed:
            label = texts.loadFailed
            button = texts.retry
        case .exhausted: label = texts.noMoreItems
        }
        // Loading is not announced with a message of its own, so its text names the live
        // region; named before the button goes, since the focus may move from it to the footer.
        if state == .loading { cgtk_accessible_set_string(parts.footer, GTK_ACCESSIBLE_PROPERTY_LABEL, label) }
        if state == .idle { gtk_accessible_reset_property(OpaquePointer(parts.footer), GTK_ACCESSIBLE_PROPERTY_LABEL) }
        gtk_widget_set_visible(parts.footerSpinner.widget, spinning.gboolean)
        if spinning { parts.footerSpinner.start() } else { parts.footerSpinner.stop() }
        gtk_label_set_text(parts.footerLabel.opaque, label)
        gtk_widget_set_visible(parts.footerLabel, (!label.isEmpty).gboolean)
        gtk_widget_set_visible(parts.footerButton, (button != nil).gboolean)
        if let button { gtk_button_set_label(parts.footerButton.as(GtkButton.self), button) }
        cgtk_accessible_set_busy(parts.footer, spinning.gboolean)
    }
}
