// A row of the demo's lists. A status reads as a GNOME social app shows one: the author's
// picture beside it (its initials, the same size, until the picture comes), the content warning
// with its button, the content's paragraphs with their links and custom emoji, the pictures
// attached to it, then the author and how long ago. Every part that loads late takes its size
// before it comes (the avatar's 40 px, each picture's box from the size the server gave, each
// emoji's square as tall as the text), so a row never changes height when an image arrives and
// the reader's place holds to the pixel. Other sources' rows are a bold title over a dimmed
// detail line, with no picture. (A library of its own, so benchmark 3 scrolls these same rows.)

import CAdwaita
import CGtk
import GtkInterop
import GtkRefreshList

/// The rows of the demo's lists.
@MainActor
public enum TimelineRows {
    /// The key of the id of the item a row shows, on the row (the trace reads it).
    public static let rowIDKey = "refresh-demo-id"

    /// The author's picture's size (px).
    public static let avatarSize: Int32 = 40

    /// The rows' functions, remembering in `opened` which warnings the reader opened (a row's
    /// widgets are reused for other statuses as the list scrolls), keeping the times rows show
    /// up to date through `times`, and showing pictures from `images`.
    public static func factory(opened: OpenedWarnings, times: PostedTimes, images: ImageStore) -> RowFactory<FeedItem> {
        RowFactory<FeedItem>(
            makeRow: {
                // One grid, so a screen reader finds the row's labels right under it, as in a
                // row of labels: the picture in the first column, the rest one under the other.
                let row = gtk_grid_new()!
                gtk_grid_set_column_spacing(row.as(GtkGrid.self), 12)
                gtk_grid_set_row_spacing(row.as(GtkGrid.self), 2)
                gtk_widget_add_css_class(row, "feed-row")
                // The author line below says the name: a screen reader need not hear it twice.
                let avatar = adw_avatar_new(avatarSize, nil, 1)!
                gtk_widget_set_valign(avatar, GTK_ALIGN_START)
                cgtk_accessible_set_hidden(avatar, 1)
                gtk_grid_attach(row.as(GtkGrid.self), avatar, 0, 0, 1, 4)
                gtk_grid_attach(row.as(GtkGrid.self), WarningLine.make(opened: opened), 1, 0, 1, 1)
                // Both lines end in "…" rather than widen the list: a long post must not push the
                // controls pane over the list, nor a phone-width window off the screen. The
                // content's custom emoji show as pictures in its text (EmojiLabel).
                let title = EmojiLabel.make()
                gtk_label_set_xalign(title.opaque, 0)
                gtk_label_set_ellipsize(title.opaque, PANGO_ELLIPSIZE_END)
                gtk_label_set_wrap_mode(title.opaque, PANGO_WRAP_WORD_CHAR)
                gtk_widget_set_hexpand(title, 1)
                gtk_widget_add_css_class(title, "feed-title")
                gtk_grid_attach(row.as(GtkGrid.self), title, 1, 1, 1, 1)
                // The pictures, hidden with the content behind a content warning.
                let media = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
                gtk_widget_add_css_class(media, "feed-media")
                gtk_widget_set_margin_top(media, 4)
                gtk_widget_set_margin_bottom(media, 2)
                gtk_grid_attach(row.as(GtkGrid.self), media, 1, 2, 1, 1)
                // Cut in the middle when narrow, so the end ("· 5 min") always shows. The names'
                // custom emoji show as pictures too.
                let detail = EmojiLabel.make()
                gtk_label_set_xalign(detail.opaque, 0)
                gtk_label_set_ellipsize(detail.opaque, PANGO_ELLIPSIZE_MIDDLE)
                gtk_widget_add_css_class(detail, "dim-label")
                gtk_widget_add_css_class(detail, "caption")
                gtk_grid_attach(row.as(GtkGrid.self), detail, 1, 3, 1, 1)
                return row
            },
            bind: { row, item in
                // The grid's children in the order they were attached.
                guard let avatar = gtk_widget_get_first_child(row), let warning = gtk_widget_get_next_sibling(avatar),
                    let title = gtk_widget_get_next_sibling(warning), let media = gtk_widget_get_next_sibling(title),
                    let detail = gtk_widget_get_next_sibling(media)
                else { return }
                g_object_set_data_full(cast(row.raw), rowIDKey, g_strdup(item.id), g_free)
                // A status's paragraphs wrap (at most ten lines, then "…"), its links open; other
                // rows are one bold line.
                if let markup = item.markup {
                    gtk_label_set_markup(title.opaque, markup)
                    gtk_widget_remove_css_class(title, "feed-title")
                    gtk_label_set_wrap(title.opaque, 1)
                    gtk_label_set_lines(title.opaque, 10)
                } else {
                    gtk_label_set_text(title.opaque, item.title)
                    gtk_widget_add_css_class(title, "feed-title")
                    gtk_label_set_wrap(title.opaque, 0)
                    gtk_label_set_lines(title.opaque, -1)
                }
                EmojiLabel.show(item.markup == nil ? [] : item.emojis, in: title, images: images)
                gtk_widget_set_visible(avatar, (item.authorName != nil).gboolean)
                if let name = item.authorName {
                    adw_avatar_set_text(avatar.opaque, name)
                    images.show(item.avatar, on: avatar, as: .avatar)
                }
                showMedia(item.media, in: media, images: images)
                times.show(detail, author: item.detail, postedAt: item.postedAt)
                // The time said again each minute changes only the line's end: the emoji's places
                // in the names before it hold.
                EmojiLabel.show(item.authorEmojis, in: detail, images: images)
                WarningLine.bind(warning, content: title, id: item.id, warning: item.warning, opened: opened)
            })
    }

    /// Shows `pictures` in `box`, one under the other, each in a box as tall as it will show
    /// (`FeedMedia.shownSize`) and as wide as the row, its preview drawn into it (cropped to
    /// fill it) once it comes: reused widgets first, more made as needed, the rest hidden.
    private static func showMedia(_ pictures: [FeedMedia], in box: WidgetPointer, images: ImageStore) {
        var frame = gtk_widget_get_first_child(box)
        for picture in pictures {
            let shown = frame ?? makeMediaFrame(in: box)
            frame = gtk_widget_get_next_sibling(shown)
            gtk_widget_set_visible(shown, 1)
            // The height is set before the picture comes.
            gtk_widget_set_size_request(shown, -1, Int32(picture.shownSize.height))
            TimelinePicture.describe(shown, picture.description)
            TimelinePicture.link(shown, to: picture.original ?? picture.url)
            images.show(picture.url, on: shown, as: .picture)
        }
        while let extra = frame {
            gtk_widget_set_visible(extra, 0)
            images.show(nil, on: extra, as: .picture)
            frame = gtk_widget_get_next_sibling(extra)
        }
        gtk_widget_set_visible(box, (!pictures.isEmpty).gboolean)
    }

    /// One picture's box: as wide as the row, as tall as its size request (TimelinePicture).
    private static func makeMediaFrame(in box: WidgetPointer) -> WidgetPointer {
        let frame = TimelinePicture.make()
        gtk_box_append(box.box, frame)
        return frame
    }
}
