// The widget tree: header (revealer → clip → status box with arrow/spinner, title and
// last-updated line), the scrolled list view over a string list, and the footer sentinel.
// Built once; rendering only changes properties.
//
//   RefreshList (refreshlist; RefreshListWidget.swift: lays out the two, moves the list by a
//   │            translation while the header opens)
//   ├── GtkRevealer (slide down; animates the collapse)
//   │   └── clip (custom layout: as tall as the widget holds its header, content on its bottom)
//   │       └── GtkBox.refresh-header [role: status]
//   │           ├── GtkStack: arrow (drawn, presentational) | spinner | done | failed
//   │           └── title / last-updated labels
//   └── GtkScrolledWindow
//       └── GtkListView over a flattened pair of lists: the rows (one empty GtkStringList entry
//           per Swift row, or the app's own objects in a GListStore for a list driven through
//           GObject), then the footer's (one sentinel entry while a footer shows)
//   footer: GtkBox.refresh-footer [role: status] — spinner, label, Load more/Retry button,
//           shown by the sentinel row's cell in place of a row widget when it is bound.

import CGtk
internal import GtkInterop

/// The arrow's rotation, read by its draw function.
final class ArrowAngle {
    var degrees = 0.0
}

/// Pointers to the widgets a `RefreshList` renders into.
@MainActor
final class Parts {
    let root: WidgetPointer
    let revealer: WidgetPointer
    let clip: WidgetPointer
    let header: WidgetPointer
    let indicator: WidgetPointer
    let arrow: WidgetPointer
    let spinner: TurningIcon
    let titleLabel: WidgetPointer
    let lastUpdatedLabel: WidgetPointer
    let scrolled: WidgetPointer
    let listView: WidgetPointer
    /// The rows' list: a GtkStringList of empty entries, or a GListStore of the app's objects.
    let rowStore: OpaquePointer
    /// The footer's list: one sentinel entry while a footer shows, else none.
    let footerStore: OpaquePointer
    let footer: WidgetPointer
    let footerSpinner: TurningIcon
    let footerLabel: WidgetPointer
    let footerButton: WidgetPointer
    let arrowAngle = ArrowAngle()
    let factory: OpaquePointer

    private init(
        root: WidgetPointer, revealer: WidgetPointer, clip: WidgetPointer, header: WidgetPointer,
        indicator: WidgetPointer, arrow: WidgetPointer, spinner: TurningIcon, titleLabel: WidgetPointer,
        lastUpdatedLabel: WidgetPointer, scrolled: WidgetPointer, listView: WidgetPointer, rowStore: OpaquePointer,
        footerStore: OpaquePointer, factory: OpaquePointer, footer: WidgetPointer, footerSpinner: TurningIcon,
        footerLabel: WidgetPointer,
        footerButton: WidgetPointer
    ) {
        self.root = root
        self.revealer = revealer
        self.clip = clip
        self.header = header
        self.indicator = indicator
        self.arrow = arrow
        self.spinner = spinner
        self.titleLabel = titleLabel
        self.lastUpdatedLabel = lastUpdatedLabel
        self.scrolled = scrolled
        self.listView = listView
        self.rowStore = rowStore
        self.footerStore = footerStore
        self.factory = factory
        self.footer = footer
        self.footerSpinner = footerSpinner
        self.footerLabel = footerLabel
        self.footerButton = footerButton
    }

    /// The widget tree, on `existing` when it is a `RefreshList` no list drives yet; the rows'
    /// list holds objects of `objectType` when given, else empty string entries.
    static func build(texts: RefreshListTexts, on existing: WidgetPointer?, objectType: GType? = nil) -> Parts {
        let root = RefreshListType.adoptable(existing) ?? RefreshListType.make()
        gtk_widget_add_css_class(root, "refresh-list")
        let (revealer, clip, header) = buildHeader(texts: texts)
        let (indicator, arrow, spinner) = buildIndicator()
        let (labels, titleLabel, lastUpdatedLabel) = buildHeaderLabels(texts: texts)
        gtk_box_append(header.box, indicator)
        gtk_box_append(header.box, labels)
        let (scrolled, listView, rowStore, footerStore, factory) = buildRows(objectType: objectType)
        // The rows' list is named by the widget's accessible label, which the app sets ("Posts"):
        // a screen reader says it as the focus comes into the rows, where GTK 4.8 would name an
        // unnamed list view by its type ("GtkListView"). The relation holds no reference.
        cgtk_accessible_set_labelled_by(listView, root)
        RefreshListType.core(of: root.raw)?.adopt(header: revealer, content: scrolled, in: root)
        let (footer, footerSpinner, footerLabel, footerButton) = buildFooter(texts: texts)
        let parts = Parts(
            root: root, revealer: revealer, clip: clip, header: header, indicator: indicator, arrow: arrow,
            spinner: spinner, titleLabel: titleLabel, lastUpdatedLabel: lastUpdatedLabel, scrolled: scrolled,
            listView: listView, rowStore: rowStore, footerStore: footerStore, factory: factory, footer: footer,
            footerSpinner: footerSpinner, footerLabel: footerLabel, footerButton: footerButton)
        parts.installArrowDrawing()
        return parts
    }

    /// Revealer → clip → the header's status box.
    private static func buildHeader(texts: RefreshListTexts) -> (WidgetPointer, WidgetPointer, WidgetPointer) {
        let revealer = gtk_revealer_new()!
        gtk_revealer_set_transition_type(revealer.opaque, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        // The transition's duration is set on each reveal from the engine (headerSlideMilliseconds).
        let clip = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_overflow(clip, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_layout_manager(clip, gtk_custom_layout_new(nil, clipMeasure, clipAllocate))
        let header = cgtk_widget_new_with_role(cgtk_type_box(), GTK_ACCESSIBLE_ROLE_STATUS)!
        gtk_orientable_set_orientation(OpaquePointer(header), GTK_ORIENTATION_HORIZONTAL)
        gtk_box_set_spacing(header.box, 12)
        gtk_widget_set_halign(header, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(header, "refresh-header")
        cgtk_accessible_set_string(header, GTK_ACCESSIBLE_PROPERTY_LABEL, texts.pullToRefresh)
        gtk_box_append(clip.box, header)
        gtk_revealer_set_child(revealer.opaque, clip)
        return (revealer, clip, header)
    }

    /// The stack of arrow (drawn, presentational), spinner and result icons.
    private static func buildIndicator() -> (WidgetPointer, WidgetPointer, TurningIcon) {
        let indicator = gtk_stack_new()!
        gtk_widget_set_size_request(indicator, 24, 24)
        gtk_widget_set_valign(indicator, GTK_ALIGN_CENTER)
        let arrow = cgtk_widget_new_with_role(cgtk_type_drawing_area(), GTK_ACCESSIBLE_ROLE_PRESENTATION)!
        gtk_widget_set_size_request(arrow, 24, 24)
        gtk_widget_add_css_class(arrow, "refresh-arrow")
        let spinner = TurningIcon()
        let done = gtk_image_new_from_icon_name("object-select-symbolic")!
        let failed = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        gtk_widget_add_css_class(failed, "warning")
        for (child, name) in [(arrow, "arrow"), (spinner.widget, "spinner"), (done, "succeeded"), (failed, "failed")] {
            gtk_stack_add_named(indicator.opaque, child, name)
        }
        return (indicator, arrow, spinner)
    }

    /// The title and the last-updated line.
    private static func buildHeaderLabels(texts: RefreshListTexts) -> (WidgetPointer, WidgetPointer, WidgetPointer) {
        let labels = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_valign(labels, GTK_ALIGN_CENTER)
        let titleLabel = gtk_label_new(texts.pullToRefresh)!
        gtk_widget_add_css_class(titleLabel, "refresh-title")
        let lastUpdatedLabel = gtk_label_new(texts.neverUpdated)!
        gtk_widget_add_css_class(lastUpdatedLabel, "refresh-last-updated")
        gtk_widget_add_css_class(lastUpdatedLabel, "dim-label")
        gtk_box_append(labels.box, titleLabel)
        gtk_box_append(labels.box, lastUpdatedLabel)
        return (labels, titleLabel, lastUpdatedLabel)
    }

    /// The scrolled list view over the rows then the footer's sentinel, with its item factory.
    private static func buildRows(objectType: GType?) -> (
        WidgetPointer, WidgetPointer, OpaquePointer, OpaquePointer, OpaquePointer
    ) {
        let rowStore = objectType.map { g_list_store_new($0)! } ?? gtk_string_list_new(nil)!
        let footerStore = gtk_string_list_new(nil)!
        let lists = g_list_store_new(g_list_model_get_type())!
        g_list_store_append(lists, gpointer(rowStore))
        g_list_store_append(lists, gpointer(footerStore))
        // Each list keeps its own reference to the two; the flattened list takes `lists`.
        let flattened = gtk_flatten_list_model_new(lists)!
        let selection = gtk_single_selection_new(flattened)!
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        let factory = gtk_signal_list_item_factory_new()!
        // The view takes both the selection model and the factory.
        let listView = gtk_list_view_new(selection, factory)!
        gtk_widget_add_css_class(listView, "refresh-rows")
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scrolled.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_scrolled_window_set_child(scrolled.opaque, listView)
        return (scrolled, listView, rowStore, footerStore, factory)
    }

    /// The footer: owned here (it moves between list cells as rows are recycled).
    private static func buildFooter(texts: RefreshListTexts) -> (
        WidgetPointer, TurningIcon, WidgetPointer, WidgetPointer
    ) {
        let footer = cgtk_widget_new_with_role(cgtk_type_box(), GTK_ACCESSIBLE_ROLE_STATUS)!
        g_object_ref_sink(footer.raw)
        gtk_orientable_set_orientation(OpaquePointer(footer), GTK_ORIENTATION_HORIZONTAL)
        gtk_box_set_spacing(footer.box, 8)
        gtk_widget_set_halign(footer, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(footer, "refresh-footer")
        // Focusable, so the keyboard reaches the end of the list: GTK 4.8's End (and Down past
        // the last row) moves the focus to the last cell, which holds the footer and takes the
        // focus only through it. From there Tab reaches Load more or Retry.
        gtk_widget_set_focusable(footer, 1)
        let footerSpinner = TurningIcon()
        let footerLabel = gtk_label_new(nil)!
        gtk_widget_add_css_class(footerLabel, "dim-label")
        let footerButton = gtk_button_new_with_label(texts.retry)!
        // Not an actionable "list.load-more": inside a GtkListView that name resolves to the
        // view's own built-in "list." actions, so the button is wired with "clicked" instead.
        for child in [footerSpinner.widget, footerLabel, footerButton] { gtk_box_append(footer.box, child) }
        return (footer, footerSpinner, footerLabel, footerButton)
    }

    /// Draws the arrow: a shaft and head pointing down at 0°, turned by `arrowAngle`.
    private func installArrowDrawing() {
        typealias Closure = @MainActor (OpaquePointer, Int32, Int32) -> Void
        let angle = arrowAngle
        let arrowWidget = arrow
        let draw: Closure = { cairo, width, height in
            var color = GdkRGBA()
            cgtk_widget_get_color(arrowWidget, &color)
            gdk_cairo_set_source_rgba(cairo, &color)
            let size = Double(min(width, height))
            cairo_translate(cairo, Double(width) / 2, Double(height) / 2)
            cairo_rotate(cairo, angle.degrees * Double.pi / 180)
            cairo_set_line_width(cairo, max(1.5, size / 12))
            cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
            let half = size * 0.36
            cairo_move_to(cairo, 0, -half)
            cairo_line_to(cairo, 0, half)
            cairo_move_to(cairo, -half * 0.6, half * 0.4)
            cairo_line_to(cairo, 0, half)
            cairo_line_to(cairo, half * 0.6, half * 0.4)
            cairo_stroke(cairo)
        }
        let thunk:
            @convention(c) (UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?) -> Void = {
                _, cairo, width, height, data in
                guard let cairo else { return }
                let closure = ClosureBox<Closure>.closure(from: data)
                MainActor.assumeIsolated { closure(cairo, width, height) }
            }
        gtk_drawing_area_set_draw_func(
            arrow.as(GtkDrawingArea.self), thunk, ClosureBox<Closure>.retained(draw), releaseBox)
    }

    /// Takes the footer out of the row it was placed in (on dispose).
    func detachFooter() {
        if let parent = gtk_widget_get_parent(footer) { gtk_box_remove(parent.box, footer) }
    }

    /// Drops what the list owns outside the widget tree (when the list goes, at the widget's
    /// finalize): the footer, placed in a row only while one shows it, and the two row lists,
    /// held since they were made. The tree's parts went with the widget's dispose; nothing
    /// reaches them after it (every member checks `isDisposed`). The arrow's draw function is
    /// released by the drawing area itself when it is finalized.
    func release() {
        detachFooter()
        g_object_unref(footer.raw)
        g_object_unref(gpointer(rowStore))
        g_object_unref(gpointer(footerStore))
    }

    /// Sets the header's visible height (px), which the widget holds (RefreshListWidget.swift).
    /// While the header rests revealed (a pull follows the pointer with no slide), a step queues
    /// only the widget's allocation: its size_allocate gives the revealer the new height, the
    /// clip puts its content on the new bottom edge, and nothing is measured again. Otherwise
    /// the revealer scales the clip's measurement as it slides, so that is queued again.
    func setVisibleHeaderHeight(_ height: Int) {
        guard RefreshListType.setVisibleHeaderHeight(Int32(clamping: max(0, height)), of: root) else { return }
        if headerRestsRevealed {
            gtk_widget_queue_allocate(root)
        } else {
            gtk_widget_queue_resize(clip)
        }
    }

    /// Called before the revealer slides open or closed: it measures the clip as it slides, and
    /// the clip's measurement may predate the pull steps that changed the height by allocation.
    func headerWillSlide() {
        gtk_widget_queue_resize(clip)
    }

    /// Whether the revealer shows the header fully, not sliding.
    private var headerRestsRevealed: Bool {
        gtk_revealer_get_reveal_child(revealer.opaque) != 0 && gtk_revealer_get_child_revealed(revealer.opaque) != 0
    }
}

/// The clip is as tall as the header's visible height, which the `RefreshList` it is in holds,
/// whatever its content needs; it has no minimum, since it cuts its content at any height.
private let clipMeasure: GtkCustomMeasureFunc = {
    widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
    guard let widget else { return }
    var low: Int32 = 0
    var high: Int32 = 0
    if orientation == GTK_ORIENTATION_VERTICAL {
        let list = gtk_widget_get_ancestor(widget, RefreshListType.type)
        high = RefreshListType.visibleHeaderHeight(of: UnsafeMutableRawPointer(list))
    } else if let child = gtk_widget_get_first_child(widget) {
        gtk_widget_measure(child, orientation, -1, &low, &high, nil, nil)
    }
    minimum?.pointee = low
    natural?.pointee = high
    minimumBaseline?.pointee = -1
    naturalBaseline?.pointee = -1
}

/// The content keeps its natural height and sits on the clip's bottom edge, so a pull reveals
/// it from the bottom up, the way the list uncovers it.
private let clipAllocate: GtkCustomAllocateFunc = { widget, width, height, _ in
    guard let widget, let child = gtk_widget_get_first_child(widget) else { return }
    var low: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, width, &low, &natural, nil, nil)
    let childHeight = max(low, natural)
    var allocation = GtkAllocation(x: 0, y: height - childHeight, width: width, height: childHeight)
    gtk_widget_size_allocate(child, &allocation, -1)
}
