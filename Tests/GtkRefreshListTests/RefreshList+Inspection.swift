// What the widget shows, read back by the tests: its labels, its parts, its model. Kept here,
// beside the tests, so the product carries no accessors it does not use.

import CGtk
import GtkInterop
@testable import GtkRefreshList

extension RefreshList {
    /// The header's title as shown.
    var shownTitle: String { String(cString: gtk_label_get_text(parts.titleLabel.opaque)) }
    /// The header's last-updated line as shown.
    var shownLastUpdated: String { String(cString: gtk_label_get_text(parts.lastUpdatedLabel.opaque)) }
    /// The footer's text as shown.
    var shownFooterText: String { String(cString: gtk_label_get_text(parts.footerLabel.opaque)) }
    /// Whether the footer's button (Load more / Retry) shows.
    var footerButtonShown: Bool { gtk_widget_get_visible(parts.footerButton) != 0 }
    /// The header's visible height as laid out now (px).
    var headerAllocatedHeight: Int { Int(gtk_widget_get_height(parts.revealer)) }
    /// Whether events GTK reported during a layout still wait to be handled (`sendAfterLayout`).
    var hasQueuedEvents: Bool { !queue.isEmpty }
    /// The header's status box (accessible role `status`).
    var headerWidget: WidgetPointer { parts.header }
    /// The footer sentinel's status box (accessible role `status`).
    var footerWidget: WidgetPointer { parts.footer }
    /// The drawn arrow (accessible role `presentation`).
    var arrowWidget: WidgetPointer { parts.arrow }
    /// The revealer that opens and closes the header.
    var revealerWidget: WidgetPointer { parts.revealer }
    /// The footer's Load more / Retry button.
    var retryButton: WidgetPointer { parts.footerButton }
    /// Rows in the model: the items plus the sentinel when shown.
    var modelRowCount: Int { Int(g_list_model_get_n_items(parts.store)) }
}
