// What a pointer can act on in a timeline row, and where GTK put it in the window: the content
// warning's button, the status's text (a click on its words opens the row), each link in it (the
// part of the link on the line it starts on, where the label draws that text: the layout's place
// in the label and the link's characters' places in the layout, public Pango and GTK calls that
// read the same on every GTK 4), and each picture. The demo's trace reports them, so that tests
// aim a real pointer where GTK draws, not where an accessibility tree says (GTK 4.18's AT-SPI
// window coordinates leave out the ancestors' CSS padding).

import CGtk
import GtkInterop

/// Something in a row a pointer acts on, and its bounds in a window (px).
package struct PointerTarget: Sendable {
    package enum Kind: String, Sendable {
        /// The status's text (its label): a click on its words away from its links opens the row.
        case text
        /// A link in the status's text: a click opens its address.
        case link
        /// The content warning's button ("Show more", "Show less").
        case button
        /// An attached picture: a click opens it.
        case picture
    }

    package let kind: Kind
    /// What it says: a link's text, the button's label, the picture's description (none for
    /// the status's text).
    package let text: String?
    /// The address it opens (a link's, a picture's).
    package let url: String?
    package let x: Double
    package let y: Double
    package let width: Double
    package let height: Double
}

extension TimelineRows {
    /// What a pointer can act on in `row` (a row `factory` made) as shown now, in `window`'s
    /// coordinates: nothing for a row that shows no status, or a part not drawn.
    package static func pointerTargets(in row: WidgetPointer, window: WidgetPointer) -> [PointerTarget] {
        guard let avatar = gtk_widget_get_first_child(row), let warning = gtk_widget_get_next_sibling(avatar),
            let title = gtk_widget_get_next_sibling(warning), let media = gtk_widget_get_next_sibling(title),
            gtk_label_get_use_markup(title.opaque) != 0
        else { return [] }
        var targets: [PointerTarget] = []
        if gtk_widget_is_drawable(warning) != 0, let button = gtk_widget_get_last_child(warning),
            let label = gtk_button_get_label(button.as(GtkButton.self)), let bounds = bounds(of: button, in: window)
        {
            targets.append(target(.button, String(cString: label), nil, bounds))
        }
        if gtk_widget_is_drawable(title) != 0, let bounds = bounds(of: title, in: window) {
            targets.append(target(.text, nil, nil, bounds))
            targets += links(in: title, window: window)
        }
        var picture = gtk_widget_is_drawable(media) != 0 ? gtk_widget_get_first_child(media) : nil
        while let shown = picture {
            picture = gtk_widget_get_next_sibling(shown)
            guard gtk_widget_is_drawable(shown) != 0, let bounds = bounds(of: shown, in: window) else { continue }
            let description = gtk_widget_get_tooltip_text(shown).map { String(cString: $0) }
            let address = g_object_get_data(cast(shown.raw), TimelinePicture.linkKey).map {
                String(cString: $0.assumingMemoryBound(to: CChar.self))
            }
            targets.append(target(.picture, description, address, bounds))
        }
        return targets
    }

    private static func target(
        _ kind: PointerTarget.Kind, _ text: String?, _ url: String?, _ bounds: graphene_rect_t
    ) -> PointerTarget {
        PointerTarget(
            kind: kind, text: text, url: url, x: Double(bounds.origin.x), y: Double(bounds.origin.y),
            width: Double(bounds.size.width), height: Double(bounds.size.height))
    }

    /// `widget`'s bounds in `window` (GTK's own geometry: its border box through every
    /// ancestor's transform).
    private static func bounds(of widget: WidgetPointer, in window: WidgetPointer) -> graphene_rect_t? {
        var bounds = graphene_rect_t()
        return gtk_widget_compute_bounds(widget, window, &bounds) != 0 ? bounds : nil
    }

    /// The links of `label` (its markup's `<a href>`s) where the label draws them: for each, the
    /// characters on the line the link starts on. None if the layout's text is not the markup's
    /// (then the places would be guesses).
    private static func links(in label: WidgetPointer, window: WidgetPointer) -> [PointerTarget] {
        guard let markup = gtk_label_get_label(label.opaque), let layout = gtk_label_get_layout(label.opaque),
            let laidOut = pango_layout_get_text(layout)
        else { return [] }
        let parsed = MarkupLinks(String(cString: markup))
        let bytes = Array(String(cString: laidOut).utf8)
        guard bytes == Array(parsed.text.utf8) else { return [] }
        var offsetX: Int32 = 0, offsetY: Int32 = 0
        gtk_label_get_layout_offsets(label.opaque, &offsetX, &offsetY)
        var targets: [PointerTarget] = []
        for link in parsed.links where link.start < link.end {
            var first = PangoRectangle()
            pango_layout_index_to_pos(layout, Int32(link.start), &first)
            var left = min(first.x, first.x + first.width), right = max(first.x, first.x + first.width)
            var index = link.start
            while true {
                // The next character's first byte (UTF-8 continuation bytes are 10xxxxxx).
                index += 1
                while index < link.end, bytes[index] & 0xC0 == 0x80 { index += 1 }
                guard index < link.end else { break }
                var place = PangoRectangle()
                pango_layout_index_to_pos(layout, Int32(index), &place)
                guard place.y == first.y else { break }
                left = min(left, place.x, place.x + place.width)
                right = max(right, place.x, place.x + place.width)
            }
            // The corners in the label, then in the window.
            let scale = Double(PANGO_SCALE)
            let top = Double(offsetY) + Double(first.y) / scale
            var corners = [
                graphene_point_t(x: Float(Double(offsetX) + Double(left) / scale), y: Float(top)),
                graphene_point_t(
                    x: Float(Double(offsetX) + Double(right) / scale), y: Float(top + Double(first.height) / scale)),
            ]
            var inWindow = corners
            guard gtk_widget_compute_point(label, window, &corners[0], &inWindow[0]) != 0,
                gtk_widget_compute_point(label, window, &corners[1], &inWindow[1]) != 0
            else { continue }
            let text = String(decoding: bytes[link.start..<link.end], as: UTF8.self)
            targets.append(
                PointerTarget(
                    kind: .link, text: text, url: link.url, x: Double(inWindow[0].x), y: Double(inWindow[0].y),
                    width: Double(inWindow[1].x - inWindow[0].x), height: Double(inWindow[1].y - inWindow[0].y)))
        }
        return targets
    }
}

/// A label's markup read as GTK's label reads its links: the text it shows (tags dropped,
/// character references decoded) and each `<a href>`'s address and place in that text (UTF-8
/// bytes, as Pango counts).
package struct MarkupLinks {
    private(set) var text = ""
    private(set) var links: [(start: Int, end: Int, url: String)] = []

    init(_ markup: String) {
        var rest = markup[...]
        var open: (start: Int, url: String)?
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">") {
                let tag = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                if tag.hasPrefix("a "), let url = Self.attribute("href", in: tag) {
                    open = (text.utf8.count, url)
                } else if tag == "/a", let link = open {
                    links.append((link.start, text.utf8.count, link.url))
                    open = nil
                }
            } else if first == "&", let semicolon = rest.prefix(12).firstIndex(of: ";"),
                let character = Self.character(reference: rest[rest.index(after: rest.startIndex)..<semicolon])
            {
                text.append(character)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                text.append(rest.removeFirst())
            }
        }
    }

    /// The value of attribute `name` in a tag's text (double-quoted), references decoded.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let found = tag.range(of: " \(name)=\"") else { return nil }
        let value = tag[found.upperBound...].prefix { $0 != "\"" }
        return MarkupLinks(String(value)).text
    }

    /// The character a reference (`amp`, `#39`, `#x1F600`) stands for, nil for one it does not
    /// know: in a status's HTML (MastodonTimeline.swift) and in the markup made of it alike.
    package static func character(reference name: Substring) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default:
            guard name.first == "#" else { return nil }
            let digits = name.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
