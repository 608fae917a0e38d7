// Custom emoji as pictures in a status's text and its author line, as Mastodon shows them (the
// author line's dimmed with it): a label whose text keeps each shortcode (":gtk:", what a screen
// reader says and a copy takes), the shortcode's first character shaped as a square as tall as
// the text and the rest shaped to nothing, so the layout keeps the picture's place (it wraps,
// ellipsizes and turns right to left with the text, and is taken before the picture comes:
// nothing moves when it does). GTK 4.8's label draws nothing for a shape, so the label draws each
// picture there itself, after its text: a GtkLabel whose snapshot chains up, then asks the layout
// where each shaped character went. The label is still a label to a screen reader and keeps its
// links; no widget is added for a picture.

import CGtk
import GtkInterop

/// The labels a timeline row shows a status's content and its author line in.
@MainActor
enum EmojiLabel {
    /// The label's GType: a GtkLabel whose snapshot draws its emoji.
    static let type: GType = register()

    /// A new emoji label (a GtkLabel, as `gtk_label_new(nil)` makes one).
    static func make() -> WidgetPointer {
        WidgetPointer(OpaquePointer(g_object_new_with_properties(type, 0, nil, nil)!))
    }

    /// Shows `emojis` in `label`'s text, set just before: each shortcode of the text that names
    /// one (between colons, not inside a word) takes the picture's place, and the picture from
    /// `images` once it comes. With none, the text is as it was set. Call it each time the text
    /// changes: a row's label shows other statuses as the list scrolls.
    static func show(_ emojis: [FeedEmoji], in label: WidgetPointer, images: ImageStore) {
        let shown = state(of: label)
        // What the label waited for before, forgotten.
        for index in shown.spots.indices { images.show(nil, on: label, as: .emoji(index)) }
        shown.spots = []
        let spots = emojis.isEmpty ? [] : places(of: emojis, in: String(cString: gtk_label_get_text(label.opaque)))
        guard !spots.isEmpty else {
            if gtk_label_get_attributes(label.opaque) != nil { gtk_label_set_attributes(label.opaque, nil) }
            return
        }
        // Measured again for this text's attributes.
        if let measured = shown.font { pango_font_description_free(measured) }
        shown.font = nil
        shown.spots = spots.map { Spot(start: Int32($0.start), end: Int32($0.end), url: $0.url) }
        measure(label, shown)
        for (index, spot) in shown.spots.enumerated() { images.show(spot.url, on: label, as: .emoji(index)) }
    }

    /// Sizes `label`'s emoji by its font (when it changed, or `shown` has no size yet): each
    /// square as tall as the text (ascent and descent, whole pixels: Pango rounds a glyph's
    /// width to them), standing on the baseline, and the rest of its shortcode shaped to nothing.
    fileprivate static func measure(_ label: WidgetPointer, _ shown: Shown) {
        let context = gtk_widget_get_pango_context(label)
        let font = pango_context_get_font_description(context)
        if let measured = shown.font, let font, pango_font_description_equal(measured, font) != 0 { return }
        if let measured = shown.font { pango_font_description_free(measured) }
        shown.font = font.map { pango_font_description_copy($0) }
        let metrics = pango_context_get_metrics(context, nil, nil)
        let ascent = (pango_font_metrics_get_ascent(metrics) + PANGO_SCALE / 2) / PANGO_SCALE
        let descent = (pango_font_metrics_get_descent(metrics) + PANGO_SCALE / 2) / PANGO_SCALE
        pango_font_metrics_unref(metrics)
        shown.size = max(1, ascent + descent)
        shown.ascent = ascent
        let attributes = pango_attr_list_new()
        var square = PangoRectangle(
            x: 0, y: -ascent * PANGO_SCALE, width: shown.size * PANGO_SCALE, height: shown.size * PANGO_SCALE)
        var nothing = PangoRectangle(x: 0, y: 0, width: 0, height: 0)
        for spot in shown.spots {
            let first = pango_attr_shape_new(&square, &square)!
            first.pointee.start_index = guint(spot.start)
            first.pointee.end_index = guint(spot.start + 1)
            pango_attr_list_insert(attributes, first)
            let rest = pango_attr_shape_new(&nothing, &nothing)!
            rest.pointee.start_index = guint(spot.start + 1)
            rest.pointee.end_index = guint(spot.end)
            pango_attr_list_insert(attributes, rest)
        }
        gtk_label_set_attributes(label.opaque, attributes)
        pango_attr_list_unref(attributes)
    }

    /// Draws `texture` (none: nothing) as `label`'s `index`th emoji (its image store calls this).
    static func show(_ texture: OpaquePointer?, emoji index: Int, on label: WidgetPointer) {
        let shown = state(of: label)
        guard shown.spots.indices.contains(index) else { return }
        shown.spots[index].texture = texture
        gtk_widget_queue_draw(label)
    }

    /// Where each shortcode of `emojis` is in `text`: its bytes (from the first colon to after the
    /// last), in order. A shortcode counts between colons with no letter, digit or "_" on either side
    /// (not inside a word), next to another one too (":blobcat::heart:").
    static func places(of emojis: [FeedEmoji], in text: String) -> [(start: Int, end: Int, url: String)] {
        let bytes = Array(text.utf8)
        let colon = UInt8(ascii: ":")
        func joins(_ at: Int) -> Bool { bytes.indices.contains(at) && FeedEmoji.isShortcodeByte(bytes[at]) }
        let urls = Dictionary(emojis.map { ($0.shortcode, $0.url) }) { first, _ in first }
        var found: [(start: Int, end: Int, url: String)] = []
        var start = 0
        while start < bytes.count {
            guard bytes[start] == colon, !joins(start - 1),
                let close = bytes[(start + 1)...].prefix(64).firstIndex(of: colon), close > start + 1,
                !joins(close + 1),
                let url = urls[String(decoding: bytes[(start + 1)..<close], as: UTF8.self)]
            else {
                start += 1
                continue
            }
            found.append((start, close + 1, url))
            start = close + 1
        }
        return found
    }

    /// One emoji a label shows: where its shortcode starts in the text (bytes), its picture's
    /// address, and the picture once it came (a reference held).
    fileprivate final class Spot {
        let start: Int32
        let end: Int32
        let url: String
        var texture: OpaquePointer? {
            didSet {
                if let texture { g_object_ref(gpointer(texture)) }
                if let oldValue { g_object_unref(gpointer(oldValue)) }
            }
        }

        init(start: Int32, end: Int32, url: String) {
            self.start = start
            self.end = end
            self.url = url
        }

        deinit {
            if let texture { g_object_unref(gpointer(texture)) }
        }
    }

    /// What a label shows of its emoji: the spots, the square's size and how far it rises above
    /// the baseline (px), and the font they were measured for (a copy owned).
    fileprivate final class Shown {
        var spots: [Spot] = []
        var size: Int32 = 0
        var ascent: Int32 = 0
        var font: OpaquePointer?

        deinit {
            if let font { pango_font_description_free(font) }
        }
    }

    private static let stateKey = "timeline-emoji-label"

    /// The label's emoji, kept on it (released with it).
    fileprivate static func state(of label: WidgetPointer) -> Shown {
        if let data = g_object_get_data(cast(label.raw), stateKey) {
            return Unmanaged<Shown>.fromOpaque(data).takeUnretainedValue()
        }
        let shown = Shown()
        g_object_set_data_full(cast(label.raw), stateKey, Unmanaged.passRetained(shown).toOpaque(), releaseBox)
        return shown
    }

    /// The state of a label that has one (nil before its first emoji).
    fileprivate static func existingState(of label: WidgetPointer) -> Shown? {
        g_object_get_data(cast(label.raw), stateKey).map { Unmanaged<Shown>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func register() -> GType {
        var query = GTypeQuery()
        g_type_query(gtk_label_get_type(), &query)
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.class_init = classInit
        info.instance_size = guint16(query.instance_size)
        return g_type_register_static(gtk_label_get_type(), "TimelineEmojiLabel", &info, GTypeFlags(rawValue: 0))
    }

    /// GtkLabel's class, to chain up to.
    fileprivate static var parentClass: UnsafeMutablePointer<GtkWidgetClass> {
        g_type_class_peek(gtk_label_get_type())!.assumingMemoryBound(to: GtkWidgetClass.self)
    }

    /// GtkLabel's measure, to chain up to (GTK calls it on the main thread).
    nonisolated static var parentMeasure:
        (
            @convention(c) (
                WidgetPointer?, GtkOrientation, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
                UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
            ) -> Void
        )?
    {
        g_type_class_peek(gtk_label_get_type())!.assumingMemoryBound(to: GtkWidgetClass.self).pointee.measure
    }

    /// Draws `label`'s emoji whose pictures came over its text: each where the layout put its
    /// shortcode's first character, on its line's baseline. A shortcode the label cut off with
    /// its "…" is not drawn (its character is not the square's width there).
    fileprivate static func drawEmoji(of label: WidgetPointer, on snapshot: OpaquePointer) {
        guard let shown = existingState(of: label), shown.spots.contains(where: { $0.texture != nil }),
            let layout = gtk_label_get_layout(label.opaque)
        else { return }
        var layoutX: Int32 = 0
        var layoutY: Int32 = 0
        gtk_label_get_layout_offsets(label.opaque, &layoutX, &layoutY)
        let size = shown.size * PANGO_SCALE
        for spot in shown.spots {
            guard let texture = spot.texture else { continue }
            var place = PangoRectangle()
            pango_layout_index_to_pos(layout, spot.start, &place)
            guard abs(abs(place.width) - size) < PANGO_SCALE / 2, let baseline = baseline(of: spot.start, in: layout)
            else { continue }
            let left = min(place.x, place.x + place.width)
            var bounds = graphene_rect_t()
            graphene_rect_init(
                &bounds, Float(layoutX) + Float(left) / Float(PANGO_SCALE),
                Float(layoutY) + Float(baseline) / Float(PANGO_SCALE) - Float(shown.ascent), Float(shown.size),
                Float(shown.size))
            gtk_snapshot_append_texture(snapshot, texture, &bounds)
        }
    }

    /// A wrapping label's least and natural widths (px): one character of its font, and its
    /// longest paragraph on one line.
    static func wrappingWidths(of label: WidgetPointer) -> (Int32, Int32) {
        guard let layout = gtk_label_get_layout(label.opaque), let line = pango_layout_copy(layout) else {
            return (0, 0)
        }
        defer { g_object_unref(gpointer(line)) }
        pango_layout_set_width(line, -1)
        var width: Int32 = 0
        pango_layout_get_size(line, &width, nil)
        let least = characterWidth(in: pango_layout_get_context(line))
        return (least, max(least, (width + PANGO_SCALE - 1) / PANGO_SCALE))
    }

    /// One character's width (px) in each font a label used, by its description: Pango shapes a
    /// sample text to tell it, too dear for every measure. A handful of fonts in a run.
    private static var characterWidths: [String: Int32] = [:]

    private static func characterWidth(in context: OpaquePointer?) -> Int32 {
        let font = pango_context_get_font_description(context)
        let name = font.flatMap { pango_font_description_to_string($0) }
        let key = name.map { String(cString: $0) } ?? ""
        g_free(name)
        if let known = characterWidths[key] { return known }
        let metrics = pango_context_get_metrics(context, nil, nil)
        let character = max(
            pango_font_metrics_get_approximate_char_width(metrics),
            pango_font_metrics_get_approximate_digit_width(metrics))
        pango_font_metrics_unref(metrics)
        let width = (character + PANGO_SCALE - 1) / PANGO_SCALE
        if characterWidths.count >= 64 { characterWidths.removeAll() }
        characterWidths[key] = width
        return width
    }

    /// The baseline (Pango units from the layout's top) of the line holding byte `index`.
    private static func baseline(of index: Int32, in layout: OpaquePointer) -> Int32? {
        guard let lines = pango_layout_get_iter(layout) else { return nil }
        defer { pango_layout_iter_free(lines) }
        repeat {
            if let line = pango_layout_iter_get_line_readonly(lines),
                index >= line.pointee.start_index, index < line.pointee.start_index + line.pointee.length
            {
                return pango_layout_iter_get_baseline(lines)
            }
        } while pango_layout_iter_next_line(lines) != 0
        return nil
    }
}

// GTK calls a widget's class functions on the main thread, the main actor's.

private let classInit: GClassInitFunc = { klass, _ in
    guard let klass else { return }
    let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
    widgetClass.pointee.snapshot = snapshotLabel
    widgetClass.pointee.measure = measureLabel
    widgetClass.pointee.css_changed = cssChanged
    gtk_widget_class_set_css_name(widgetClass, "label")
    gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_LABEL)
}

private let snapshotLabel: @convention(c) (WidgetPointer?, OpaquePointer?) -> Void = { widget, snapshot in
    guard let widget, let snapshot else { return }
    let (label, into) = (UInt(bitPattern: widget), UInt(bitPattern: Int(bitPattern: snapshot)))
    MainActor.assumeIsolated {
        guard let widget = WidgetPointer(bitPattern: label), let snapshot = OpaquePointer(bitPattern: into) else {
            return
        }
        EmojiLabel.parentClass.pointee.snapshot?(widget, snapshot)
        EmojiLabel.drawEmoji(of: widget, on: snapshot)
    }
}

/// The label's style changed: its emoji are sized again if its font did (a larger text, another
/// font), so each square stays as tall as the text.
private let cssChanged: @convention(c) (WidgetPointer?, OpaquePointer?) -> Void = { widget, change in
    guard let widget else { return }
    let (label, style) = (UInt(bitPattern: widget), UInt(bitPattern: Int(bitPattern: change)))
    MainActor.assumeIsolated {
        guard let widget = WidgetPointer(bitPattern: label) else { return }
        EmojiLabel.parentClass.pointee.css_changed?(widget, OpaquePointer(bitPattern: style))
        guard let shown = EmojiLabel.existingState(of: widget), !shown.spots.isEmpty else { return }
        EmojiLabel.measure(widget, shown)
    }
}

/// The label's width, told without GtkLabel's measuring of a wrapping label at no width: Pango
/// lays a text out one character to a line there, shaping what is left of it again at each break,
/// thousands of HarfBuzz calls for a status (most of a timeline row's cost, measured). A wrapping
/// label is as narrow as one character (what that measure comes to, one glyph or its "…"), and
/// as wide as its longest paragraph on one line; its height for a width is GtkLabel's own.
private let measureLabel:
    @convention(c) (
        WidgetPointer?, GtkOrientation, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
        UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
    ) -> Void = { widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
        guard let widget else { return }
        let label = UInt(bitPattern: widget)
        let sizes = MainActor.assumeIsolated { () -> (Int32, Int32)? in
            guard let widget = WidgetPointer(bitPattern: label), orientation == GTK_ORIENTATION_HORIZONTAL,
                gtk_label_get_wrap(widget.opaque) != 0, gtk_label_get_width_chars(widget.opaque) < 0,
                gtk_label_get_max_width_chars(widget.opaque) < 0
            else { return nil }
            return EmojiLabel.wrappingWidths(of: widget)
        }
        guard let (least, most) = sizes else {
            EmojiLabel.parentMeasure?(widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline)
            return
        }
        minimum?.pointee = least
        natural?.pointee = most
        minimumBaseline?.pointee = -1
        naturalBaseline?.pointee = -1
    }
