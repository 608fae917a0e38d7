/* refresh-list: a GTK 4 list with pull-to-refresh at the top and automatic load-more at the
 * bottom, by wheel, touchpad, drag, touch and keyboard.
 *
 * The library is written in Swift; this header is its C face (the names GObject introspection,
 * Python, Vala and C apps use). The Swift package's `RefreshList<Item>` is the same widget for
 * Swift apps. Call everything from the thread that runs GTK. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * RefreshHeaderState:
 * @REFRESH_HEADER_STATE_IDLE: closed
 * @REFRESH_HEADER_STATE_PULLING: pulled, short of the threshold
 * @REFRESH_HEADER_STATE_ARMED: pulled past the threshold: releasing refreshes
 * @REFRESH_HEADER_STATE_REFRESHING: a refresh runs
 * @REFRESH_HEADER_STATE_SUCCEEDED: the refresh succeeded (shown for a moment)
 * @REFRESH_HEADER_STATE_FAILED: the refresh failed (shown for a moment)
 *
 * What the header shows.
 */
typedef enum {
  REFRESH_HEADER_STATE_IDLE,
  REFRESH_HEADER_STATE_PULLING,
  REFRESH_HEADER_STATE_ARMED,
  REFRESH_HEADER_STATE_REFRESHING,
  REFRESH_HEADER_STATE_SUCCEEDED,
  REFRESH_HEADER_STATE_FAILED,
} RefreshHeaderState;

GType refresh_header_state_get_type (void);
#define REFRESH_TYPE_HEADER_STATE (refresh_header_state_get_type ())

/**
 * RefreshFooterState:
 * @REFRESH_FOOTER_STATE_HIDDEN: no footer
 * @REFRESH_FOOTER_STATE_IDLE: more rows exist; they load as the view nears the end
 * @REFRESH_FOOTER_STATE_LOADING: a page loads
 * @REFRESH_FOOTER_STATE_FAILED: a page failed: Retry
 * @REFRESH_FOOTER_STATE_EXHAUSTED: no more items
 *
 * What the footer shows.
 */
typedef enum {
  REFRESH_FOOTER_STATE_HIDDEN,
  REFRESH_FOOTER_STATE_IDLE,
  REFRESH_FOOTER_STATE_LOADING,
  REFRESH_FOOTER_STATE_FAILED,
  REFRESH_FOOTER_STATE_EXHAUSTED,
} RefreshFooterState;

GType refresh_footer_state_get_type (void);
#define REFRESH_TYPE_FOOTER_STATE (refresh_footer_state_get_type ())

/**
 * RefreshMerge:
 * @REFRESH_MERGE_REPLACE: a refresh replaces the rows and paging starts over
 * @REFRESH_MERGE_PREPEND_NEW: a refresh puts its new rows (by key) on top of the rows shown
 *
 * How a refresh's rows go in.
 */
typedef enum {
  REFRESH_MERGE_REPLACE,
  REFRESH_MERGE_PREPEND_NEW,
} RefreshMerge;

GType refresh_merge_get_type (void);
#define REFRESH_TYPE_MERGE (refresh_merge_get_type ())

/**
 * RefreshRequestKind:
 * @REFRESH_REQUEST_KIND_NEWEST: the newest rows: the first load, or a refresh
 * @REFRESH_REQUEST_KIND_OLDER: the rows older than #RefreshRequest:cursor, the last row shown:
 *   the next page at the bottom
 * @REFRESH_REQUEST_KIND_NEWER: the rows newer than #RefreshRequest:cursor, the first row shown,
 *   those nearest to it first in the answer's order (Mastodon's `min_id`): asked for when a
 *   list opened at its saved place nears its top; they go in above the view without moving it
 * @REFRESH_REQUEST_KIND_AT: the row whose key is #RefreshRequest:cursor, then the rows older
 *   than it: how a list opens at its saved place (#RefreshList:place-key). An answer without
 *   that row means it is gone: the list then opens at the newest rows, with no error
 *
 * What a request asks for. A list whose #RefreshList:paging is %REFRESH_PAGING_PAGES asks for
 * %REFRESH_REQUEST_KIND_NEWEST (page 1) and %REFRESH_REQUEST_KIND_OLDER (pages 2 and on) only.
 */
typedef enum {
  REFRESH_REQUEST_KIND_NEWEST,
  REFRESH_REQUEST_KIND_OLDER,
  REFRESH_REQUEST_KIND_NEWER,
  REFRESH_REQUEST_KIND_AT,
} RefreshRequestKind;

GType refresh_request_kind_get_type (void);
#define REFRESH_TYPE_REQUEST_KIND (refresh_request_kind_get_type ())

/**
 * RefreshPaging:
 * @REFRESH_PAGING_PAGES: by page number (#RefreshRequest:page): 1 for a refresh, 2 and on for
 *   the pages after it
 * @REFRESH_PAGING_CURSOR: by the key of a row shown (#RefreshRequest:cursor), as feeds page
 *   (Mastodon's `max_id` and `min_id`); needs #RefreshList:key-property, and lets the list keep
 *   its place across restarts (#RefreshList:place-key)
 *
 * How a list asks for rows.
 */
typedef enum {
  REFRESH_PAGING_PAGES,
  REFRESH_PAGING_CURSOR,
} RefreshPaging;

GType refresh_paging_get_type (void);
#define REFRESH_TYPE_PAGING (refresh_paging_get_type ())

/**
 * RefreshShortcutScope:
 * @REFRESH_SHORTCUT_SCOPE_LIST: while the keyboard focus is in the list: several lists in one
 *   window each refresh on their own
 * @REFRESH_SHORTCUT_SCOPE_WINDOW: anywhere in the list's window, like a browser's F5: for a
 *   window with one list
 *
 * Where the refresh shortcuts (F5, Ctrl+R) work.
 */
typedef enum {
  REFRESH_SHORTCUT_SCOPE_LIST,
  REFRESH_SHORTCUT_SCOPE_WINDOW,
} RefreshShortcutScope;

GType refresh_shortcut_scope_get_type (void);
#define REFRESH_TYPE_SHORTCUT_SCOPE (refresh_shortcut_scope_get_type ())

/**
 * RefreshNewerState:
 * @REFRESH_NEWER_STATE_NONE: the first row shown is the newest
 * @REFRESH_NEWER_STATE_MORE: newer rows may exist (the list opened at its saved place): they
 *   load as the view nears the top
 * @REFRESH_NEWER_STATE_LOADING: newer rows are loading
 * @REFRESH_NEWER_STATE_FAILED: the last load of newer rows failed: the pill offers Retry
 *
 * Whether rows newer than the first one shown exist and load.
 */
typedef enum {
  REFRESH_NEWER_STATE_NONE,
  REFRESH_NEWER_STATE_MORE,
  REFRESH_NEWER_STATE_LOADING,
  REFRESH_NEWER_STATE_FAILED,
} RefreshNewerState;

GType refresh_newer_state_get_type (void);
#define REFRESH_TYPE_NEWER_STATE (refresh_newer_state_get_type ())

/**
 * RefreshCountedText:
 * @REFRESH_COUNTED_TEXT_NEW_ABOVE: the pill's words, "%d new items"
 * @REFRESH_COUNTED_TEXT_NEW_ABOVE_ANNOUNCEMENT: what a screen reader hears of the pill,
 *   "%d new items above"
 * @REFRESH_COUNTED_TEXT_REFRESHED_WITH_NEW: the header after a refresh that brought rows,
 *   "Refreshed, %d new items"
 * @REFRESH_COUNTED_TEXT_REFRESHED_WITH_NEW_ABOVE: the same while the reader is below them,
 *   "Refreshed, %d new items above"
 *
 * The counted words a list shows, each a format with one `%d`, for
 * refresh_list_set_counted_text().
 */
typedef enum {
  REFRESH_COUNTED_TEXT_NEW_ABOVE,
  REFRESH_COUNTED_TEXT_NEW_ABOVE_ANNOUNCEMENT,
  REFRESH_COUNTED_TEXT_REFRESHED_WITH_NEW,
  REFRESH_COUNTED_TEXT_REFRESHED_WITH_NEW_ABOVE,
} RefreshCountedText;

GType refresh_counted_text_get_type (void);
#define REFRESH_TYPE_COUNTED_TEXT (refresh_counted_text_get_type ())

/**
 * RefreshRequest:
 *
 * One load the list asks the app for, handed to the #RefreshList::refresh and
 * #RefreshList::load-more handlers. The app answers it once, now or later, with
 * refresh_request_finish() or refresh_request_fail(). The list holds the request until it is
 * answered or #RefreshRequest::cancelled, so a handler need not keep it.
 */
#define REFRESH_TYPE_REQUEST (refresh_request_get_type ())
G_DECLARE_FINAL_TYPE (RefreshRequest, refresh_request, REFRESH, REQUEST, GObject)

/**
 * refresh_request_finish:
 * @self: a request
 * @items: (nullable): the rows, objects of the list's #RefreshList:item-type, in order
 * @has_more: whether more rows exist in the direction asked: after these rows for a refresh,
 *   %REFRESH_REQUEST_KIND_OLDER and %REFRESH_REQUEST_KIND_AT, before them for
 *   %REFRESH_REQUEST_KIND_NEWER
 *
 * Answers any kind of request with rows, newest first. Rows whose #RefreshList:key-property
 * value is shown already are not shown again. Answering twice, after
 * #RefreshRequest::cancelled, or with objects of another type is refused with a critical and
 * changes nothing.
 */
void refresh_request_finish (RefreshRequest *self, GListModel *items, gboolean has_more);

/**
 * refresh_request_fail:
 * @self: a request
 * @message: what went wrong, in the user's words (shown and read out)
 *
 * Answers with a failure: the rows stay; the header or the footer says so, with Retry.
 */
void refresh_request_fail (RefreshRequest *self, const char *message);

/**
 * refresh_request_get_page: (get-property page)
 * @self: a request
 *
 * Which page the list asks for.
 *
 * Returns: 1 for a refresh, 2 and on for the pages after it
 */
int refresh_request_get_page (RefreshRequest *self);

/**
 * refresh_request_get_page_size: (get-property page-size)
 * @self: a request
 *
 * Gets #RefreshRequest:page-size.
 *
 * Returns: the rows a full page holds: how many to answer with
 */
int refresh_request_get_page_size (RefreshRequest *self);

/**
 * refresh_request_get_kind: (get-property kind)
 * @self: a request
 *
 * What the list asks for.
 *
 * Returns: the request's kind
 */
RefreshRequestKind refresh_request_get_kind (RefreshRequest *self);

/**
 * refresh_request_get_cursor: (get-property cursor)
 * @self: a request
 *
 * The key, as text, of the row the request is relative to: the last row shown for
 * %REFRESH_REQUEST_KIND_OLDER, the first for %REFRESH_REQUEST_KIND_NEWER, the saved row for
 * %REFRESH_REQUEST_KIND_AT; %NULL for %REFRESH_REQUEST_KIND_NEWEST and for a list paging by
 * page number.
 *
 * Returns: (nullable): the cursor
 */
const char *refresh_request_get_cursor (RefreshRequest *self);

/**
 * refresh_request_is_cancelled:
 * @self: a request
 *
 * Whether #RefreshRequest::cancelled was emitted: an answer is refused from then on.
 *
 * Returns: whether the list stopped waiting for the answer
 */
gboolean refresh_request_is_cancelled (RefreshRequest *self);

/**
 * RefreshList:
 *
 * A list with pull-to-refresh at the top and automatic load-more at the bottom.
 *
 * Give it a #GtkSignalListItemFactory (#RefreshList:factory) that makes rows from your
 * objects, connect #RefreshList::refresh and #RefreshList::load-more, and show it: it asks for
 * its first rows by itself, refreshes when pulled down at the top (wheel, touchpad, drag, touch)
 * or on F5 and Ctrl+R, and asks for the next page as the view nears the end.
 */
#define REFRESH_TYPE_LIST (refresh_list_get_type ())
G_DECLARE_FINAL_TYPE (RefreshList, refresh_list, REFRESH, LIST, GtkWidget)

/**
 * RefreshList::refresh:
 * @self: the list
 * @request: the request to answer with the first page of rows
 *
 * The list wants its first page: when first shown, pulled, or asked by F5, Ctrl+R or
 * refresh_list_begin_refresh(). With #RefreshList:refresh-merge `replace` the answer replaces the rows.
 * A list paging by cursor asks here for %REFRESH_REQUEST_KIND_NEWEST and, opening at its
 * saved place, %REFRESH_REQUEST_KIND_AT (refresh_request_get_kind()).
 */

/**
 * RefreshList::load-more:
 * @self: the list
 * @request: the request to answer with the page refresh_request_get_page() names
 *
 * The list wants the next page: the view came near the end, or Retry was pressed. A list
 * paging by cursor asks here for %REFRESH_REQUEST_KIND_OLDER and, opened at its saved place,
 * %REFRESH_REQUEST_KIND_NEWER as the view nears the top. One handler may serve both signals.
 */

/**
 * RefreshList::activate:
 * @self: the list
 * @position: the row's position in #RefreshList:model
 *
 * The reader opened a row: Enter, keypad Enter or Space on the focused row, a double click (a
 * single click with #RefreshList:single-click-activate), or a tap on a touchscreen. A click or
 * tap on a button or a link inside the row is that widget's, not the row's. The footer is not
 * a row and is never reported. As #GtkListView::activate.
 */

/**
 * RefreshList:factory:
 *
 * The #GtkSignalListItemFactory whose handlers make and fill the rows; its list items' items
 * are the app's objects. Set it before the list is shown: without one the list asks for no
 * rows (shown with a #RefreshList::refresh or #RefreshList::load-more handler but no factory,
 * it logs a warning once), and it starts when the factory is set.
 */

/**
 * RefreshList:model:
 *
 * The rows shown, in order: the app's objects, read-only.
 */

/**
 * RefreshList:item-type:
 *
 * The type the app's objects are (default #GObject); an answer with others is refused.
 * Construct-only: give it when the list is made (g_object_new(), a `.ui` file's
 * `<property>`, a Python keyword argument).
 */

/**
 * RefreshList:key-property:
 *
 * The name of the objects' property whose value identifies a row (text or a number): a row
 * whose key is shown already is not shown again. %NULL: each object is its own row.
 * Construct-only: give it when the list is made (g_object_new(), a `.ui` file's
 * `<property>`, a Python keyword argument).
 */

/**
 * RefreshList:refresh-merge:
 *
 * How a refresh's rows go in (default %REFRESH_MERGE_REPLACE). Takes effect at once, on a
 * running list too: the next refresh answer merges as it says.
 */

/**
 * RefreshList:max-rows:
 *
 * The most rows the list keeps; 0 keeps every row (default 1000). Past it, rows far from the
 * view are dropped in whole pages and load again when the reader comes back to them; the first
 * row in view stays where it is drawn. A list driven through GObject asks for pages by number,
 * so it drops rows only below the view, at a page boundary, and asks for those pages again with
 * #RefreshList::load-more (rows above cannot be asked for again by page number once rows went
 * in on top). The view, a view's worth more and a page beyond on each side always stay.
 */

/**
 * RefreshRequest::cancelled:
 * @self: the request
 *
 * The list stopped waiting for the answer: a newer refresh took over, the answer took too
 * long, or the widget went away. Stop the work; an answer given now is refused.
 */

/**
 * RefreshRequest:page:
 *
 * 1 for a refresh, 2 and on for the pages after it; 0 for a list paging by cursor.
 */

/**
 * RefreshRequest:page-size:
 *
 * The rows a full page holds: the list's #RefreshList:page-size when it asked (which may change
 * between requests), how many rows to answer with.
 */

/**
 * RefreshRequest:kind:
 *
 * What the list asks for.
 */

/**
 * RefreshRequest:cursor:
 *
 * The key, as text, of the row the request is relative to (see refresh_request_get_cursor()).
 */

/**
 * RefreshList:header-state:
 *
 * What the header shows now.
 */

/**
 * RefreshList:footer-state:
 *
 * What the footer shows now.
 */

/**
 * RefreshList:refreshing:
 *
 * Whether a refresh runs.
 */

/**
 * RefreshList:header-hidden:
 *
 * Whether the header is hidden: pulls then do nothing; F5 and refresh_list_begin_refresh() still
 * refresh.
 */

/**
 * RefreshList:footer-hidden:
 *
 * Whether the footer is hidden: nothing then loads by itself.
 */

/**
 * RefreshList:prepares-rows:
 *
 * Whether rows bound far from the view wait (default %TRUE). GTK binds rows well beyond the
 * view; a rich row costs milliseconds to make, bind and lay out. With this on, a row far from
 * the view holds its place (at the height it had, or as rows are) without the factory's
 * #GtkSignalListItemFactory::setup and #GtkSignalListItemFactory::bind; the rows in view are
 * made and bound before the frame that shows them, and those within a view's height of it in
 * idle time between frames, where they are also measured. Takes effect at once.
 */

/**
 * RefreshList:single-click-activate:
 *
 * Whether a single click on a row opens it (#RefreshList::activate); otherwise a double click
 * does (default %FALSE). A click that a button or a link inside the row takes stays theirs.
 * Takes effect at once.
 */

/**
 * RefreshList:pull-threshold:
 *
 * How far a pull must go, in pixels, to arm a refresh (default 64). Takes effect at once, on
 * a running list too: a pull in progress arms, or stops being armed, at the new threshold.
 */

/**
 * RefreshList:paging:
 *
 * How the list asks for rows: by page number (the default) or by cursor (which needs
 * #RefreshList:key-property).
 * Construct-only: give it when the list is made (g_object_new(), a `.ui` file's
 * `<property>`, a Python keyword argument).
 */

/**
 * RefreshList:place-key:
 *
 * The name under which the list keeps its place between runs: the first row in view (its key)
 * and its offset, saved when the view rests and when the list closes, in the XDG state folder
 * under the application id; the next start opens there (%REFRESH_REQUEST_KIND_AT, then
 * %REFRESH_REQUEST_KIND_NEWER as the view nears the top). Needs #RefreshList:paging
 * %REFRESH_PAGING_CURSOR. %NULL (the default): every start shows the newest rows.
 * Construct-only: give it when the list is made (g_object_new(), a `.ui` file's
 * `<property>`, a Python keyword argument).
 */

/**
 * RefreshList:last-updated-key:
 *
 * The name under which the header's "Last updated" time is kept between runs; %NULL (the
 * default) keeps it for this run only.
 * Construct-only: give it when the list is made (g_object_new(), a `.ui` file's
 * `<property>`, a Python keyword argument).
 */

/**
 * RefreshList:starts-when-shown:
 *
 * Whether the list starts (its first load) the first time it is shown (default %TRUE). Off, it
 * waits for refresh_list_start(): an app that must sign in first, or that loads before its
 * window shows. It matters until the list started; set later, it is kept and changes nothing.
 */

/**
 * RefreshList:page-size:
 *
 * The rows a full page holds (default 20): an answer with fewer ends paging unless its
 * `has_more` says otherwise. Takes effect at once, on a running list too: the next page is
 * asked for, and judged, with the new size (a page under way keeps the size it was asked with).
 */

/**
 * RefreshList:load-more-distance:
 *
 * How near the end, in pixels, the view comes before the next page loads; -1 (the default):
 * one view's height. Takes effect at once, on a running list too (a longer distance may
 * load the next page at once).
 */

/**
 * RefreshList:shortcut-scope:
 *
 * Where F5 and Ctrl+R refresh this list from (default: while the focus is in it). Takes
 * effect at once, on a running list too.
 */

/**
 * RefreshList:new-above:
 *
 * How many rows went in above the view since the reader was last at the top: the "N new" pill's
 * count (0 when it does not show).
 */

/**
 * RefreshList:newer-state:
 *
 * Whether rows newer than the first one shown exist and load (a list opened at its saved place).
 */

/**
 * RefreshList:started:
 *
 * Whether the list started: shown with #RefreshList:starts-when-shown, or refresh_list_start()
 * called.
 */

/**
 * refresh_list_new:
 *
 * Makes a list. Give it a #RefreshList:factory and connect its signals before it is shown.
 *
 * Returns: (transfer floating): a new list
 */
GtkWidget *refresh_list_new (void);

/**
 * refresh_list_begin_refresh:
 * @self: a list
 *
 * Asks for a refresh, as F5 does; ignored while one runs.
 */
void refresh_list_begin_refresh (RefreshList *self);

/**
 * refresh_list_start:
 * @self: a list
 *
 * Starts the list: its first load, or its saved place (#RefreshList:place-key). A list starts
 * by itself when first shown; with #RefreshList:starts-when-shown off, call this when the app
 * can answer (an account signed in), or before the window shows to load ahead. Needs a
 * #RefreshList:factory. Later calls do nothing.
 */
void refresh_list_start (RefreshList *self);

/**
 * refresh_list_receive:
 * @self: a started list
 * @item: (transfer none): a row newer than every row shown (a stream's new post), of
 *   #RefreshList:item-type
 *
 * Receives a row for the top. At the top of the list it goes in at once; away from it, it
 * waits with the rows received after it and they go in together a moment later, the reader's
 * place held and the "N new" pill counting them (#RefreshList:new-above). A row whose key a
 * refresh brought meanwhile is not shown twice.
 *
 * Returns: %TRUE if the row was taken; %FALSE, with a critical, for a row whose key is shown
 *   or waits already, an object of another type, or a list not started
 */
gboolean refresh_list_receive (RefreshList *self, GObject *item);

/**
 * refresh_list_insert:
 * @self: a started list
 * @item: (transfer none): the row, of #RefreshList:item-type
 * @position: where it goes among the rows shown (past the end: last)
 *
 * Inserts a row (an inbox filing a new message). Above the view the reader's place holds and
 * the pill counts it. At the top of a list that does not show its newest rows, it is not put
 * in (that would leave a gap): it counts in the pill and loads with the rows above.
 *
 * Returns: whether the rows changed; %FALSE, with a critical, for a row whose key is shown
 *   already, an object of another type, or a list not started
 */
gboolean refresh_list_insert (RefreshList *self, GObject *item, guint position);

/**
 * refresh_list_remove:
 * @self: a started list
 * @key: the key (#RefreshList:key-property's value, as text) of the row to remove
 *
 * Removes the row with @key, shown or waiting to go in.
 *
 * Returns: whether a row went: %FALSE for a key no row has (a stream may delete a row the
 *   list let go or never loaded); %FALSE with a critical for a list without
 *   #RefreshList:key-property, or a list not started
 */
gboolean refresh_list_remove (RefreshList *self, const char *key);

/**
 * refresh_list_update:
 * @self: a started list
 * @item: (transfer none): the row's new object, of #RefreshList:item-type, with the key of the
 *   row it replaces
 *
 * Replaces the row with @item's key (its row is bound again).
 *
 * Returns: whether a row was replaced: %FALSE for a key no row has (a stream may edit a row
 *   the list let go or never loaded); %FALSE with a critical for an object of another type, or
 *   a list not started
 */
gboolean refresh_list_update (RefreshList *self, GObject *item);

/**
 * refresh_list_set_counted_text:
 * @self: a list
 * @text: which words
 * @singular: the format for one, with `%d` where the count goes ("%d new post")
 * @plural: the format for more, or none ("%d new posts")
 * @domain: (nullable): the gettext domain @singular and @plural are translated in; %NULL: the
 *   program's default domain (the one textdomain() set, the app's own in a GNOME app)
 *
 * Words a counted text the app's way (posts, messages, files). Takes effect at once, on a
 * running list too (the pill's words change with it).
 */
void refresh_list_set_counted_text (RefreshList *self, RefreshCountedText text, const char *singular,
                                    const char *plural, const char *domain);

/**
 * refresh_list_get_counted_text:
 * @self: a list
 * @text: which words
 * @count: how many
 *
 * The words @text shows for @count, as the list says them.
 *
 * Returns: (transfer full): the words
 */
char *refresh_list_get_counted_text (RefreshList *self, RefreshCountedText text, int count);

/**
 * refresh_list_get_header_state: (get-property header-state)
 * @self: a list
 *
 * Gets #RefreshList:header-state.
 *
 * Returns: what the header shows now
 */
RefreshHeaderState refresh_list_get_header_state (RefreshList *self);

/**
 * refresh_list_get_footer_state: (get-property footer-state)
 * @self: a list
 *
 * Gets #RefreshList:footer-state.
 *
 * Returns: what the footer shows now
 */
RefreshFooterState refresh_list_get_footer_state (RefreshList *self);

/**
 * refresh_list_get_refreshing: (get-property refreshing)
 * @self: a list
 *
 * Gets #RefreshList:refreshing.
 *
 * Returns: whether a refresh runs
 */
gboolean refresh_list_get_refreshing (RefreshList *self);

/**
 * refresh_list_get_header_hidden: (get-property header-hidden)
 * @self: a list
 *
 * Gets #RefreshList:header-hidden.
 *
 * Returns: whether the header is hidden
 */
gboolean refresh_list_get_header_hidden (RefreshList *self);

/**
 * refresh_list_set_header_hidden: (set-property header-hidden)
 * @self: a list
 * @value: whether the header is hidden
 *
 * Sets #RefreshList:header-hidden.
 */
void refresh_list_set_header_hidden (RefreshList *self, gboolean value);

/**
 * refresh_list_get_prepares_rows: (get-property prepares-rows)
 * @self: a list
 *
 * Gets #RefreshList:prepares-rows.
 *
 * Returns: whether rows far from the view wait
 */
gboolean refresh_list_get_prepares_rows (RefreshList *self);

/**
 * refresh_list_set_prepares_rows: (set-property prepares-rows)
 * @self: a list
 * @value: whether rows far from the view wait
 *
 * Sets #RefreshList:prepares-rows.
 */
void refresh_list_set_prepares_rows (RefreshList *self, gboolean value);

/**
 * refresh_list_get_single_click_activate: (get-property single-click-activate)
 * @self: a list
 *
 * Gets #RefreshList:single-click-activate.
 *
 * Returns: whether a single click opens a row
 */
gboolean refresh_list_get_single_click_activate (RefreshList *self);

/**
 * refresh_list_set_single_click_activate: (set-property single-click-activate)
 * @self: a list
 * @value: whether a single click opens a row
 *
 * Sets #RefreshList:single-click-activate.
 */
void refresh_list_set_single_click_activate (RefreshList *self, gboolean value);

/**
 * refresh_list_get_footer_hidden: (get-property footer-hidden)
 * @self: a list
 *
 * Gets #RefreshList:footer-hidden.
 *
 * Returns: whether the footer is hidden
 */
gboolean refresh_list_get_footer_hidden (RefreshList *self);

/**
 * refresh_list_set_footer_hidden: (set-property footer-hidden)
 * @self: a list
 * @value: whether the footer is hidden
 *
 * Sets #RefreshList:footer-hidden.
 */
void refresh_list_set_footer_hidden (RefreshList *self, gboolean value);

/**
 * refresh_list_get_pull_threshold: (get-property pull-threshold)
 * @self: a list
 *
 * Gets #RefreshList:pull-threshold.
 *
 * Returns: how far a pull must go to arm a refresh, in pixels
 */
double refresh_list_get_pull_threshold (RefreshList *self);

/**
 * refresh_list_set_pull_threshold: (set-property pull-threshold)
 * @self: a list
 * @value: how far a pull must go to arm a refresh, in pixels
 *
 * Sets #RefreshList:pull-threshold.
 */
void refresh_list_set_pull_threshold (RefreshList *self, double value);

/**
 * refresh_list_get_model: (get-property model)
 * @self: a list
 *
 * Gets #RefreshList:model.
 *
 * Returns: (transfer none): the rows shown, in order
 */
GListModel *refresh_list_get_model (RefreshList *self);

/**
 * refresh_list_get_factory: (get-property factory)
 * @self: a list
 *
 * Gets #RefreshList:factory.
 *
 * Returns: (nullable) (transfer none): the factory that makes the rows
 */
GtkListItemFactory *refresh_list_get_factory (RefreshList *self);

/**
 * refresh_list_set_factory: (set-property factory)
 * @self: a list
 * @value: (nullable): the factory that makes the rows
 *
 * Sets #RefreshList:factory.
 */
void refresh_list_set_factory (RefreshList *self, GtkListItemFactory *value);

/**
 * refresh_list_get_item_type: (get-property item-type)
 * @self: a list
 *
 * Gets #RefreshList:item-type.
 *
 * Returns: the type the app's objects are
 */
GType refresh_list_get_item_type (RefreshList *self);

/**
 * refresh_list_get_key_property: (get-property key-property)
 * @self: a list
 *
 * Gets #RefreshList:key-property.
 *
 * Returns: (nullable): the name of the objects' property that keys a row
 */
const char *refresh_list_get_key_property (RefreshList *self);

/**
 * refresh_list_get_refresh_merge: (get-property refresh-merge)
 * @self: a list
 *
 * Gets #RefreshList:refresh-merge.
 *
 * Returns: how a refresh's rows go in
 */
RefreshMerge refresh_list_get_refresh_merge (RefreshList *self);

/**
 * refresh_list_set_refresh_merge: (set-property refresh-merge)
 * @self: a list
 * @value: how a refresh's rows go in
 *
 * Sets #RefreshList:refresh-merge.
 */
void refresh_list_set_refresh_merge (RefreshList *self, RefreshMerge value);

/**
 * refresh_list_get_max_rows: (get-property max-rows)
 * @self: a list
 *
 * Gets #RefreshList:max-rows.
 *
 * Returns: the most rows the list keeps (0: every row)
 */
int refresh_list_get_max_rows (RefreshList *self);

/**
 * refresh_list_set_max_rows: (set-property max-rows)
 * @self: a list
 * @value: the most rows the list keeps (0: every row)
 *
 * Sets #RefreshList:max-rows.
 */
void refresh_list_set_max_rows (RefreshList *self, int value);

/**
 * refresh_list_get_paging: (get-property paging)
 * @self: a list
 *
 * Gets #RefreshList:paging.
 *
 * Returns: how the list asks for rows
 */
RefreshPaging refresh_list_get_paging (RefreshList *self);

/**
 * refresh_list_get_place_key: (get-property place-key)
 * @self: a list
 *
 * Gets #RefreshList:place-key.
 *
 * Returns: (nullable): the name under which the list keeps its place
 */
const char *refresh_list_get_place_key (RefreshList *self);

/**
 * refresh_list_get_last_updated_key: (get-property last-updated-key)
 * @self: a list
 *
 * Gets #RefreshList:last-updated-key.
 *
 * Returns: (nullable): the name under which the last-updated time is kept
 */
const char *refresh_list_get_last_updated_key (RefreshList *self);

/**
 * refresh_list_get_starts_when_shown: (get-property starts-when-shown)
 * @self: a list
 *
 * Gets #RefreshList:starts-when-shown.
 *
 * Returns: whether the list starts when first shown
 */
gboolean refresh_list_get_starts_when_shown (RefreshList *self);

/**
 * refresh_list_set_starts_when_shown: (set-property starts-when-shown)
 * @self: a list
 * @value: whether the list starts when first shown
 *
 * Sets #RefreshList:starts-when-shown.
 */
void refresh_list_set_starts_when_shown (RefreshList *self, gboolean value);

/**
 * refresh_list_get_page_size: (get-property page-size)
 * @self: a list
 *
 * Gets #RefreshList:page-size.
 *
 * Returns: the rows a full page holds
 */
int refresh_list_get_page_size (RefreshList *self);

/**
 * refresh_list_set_page_size: (set-property page-size)
 * @self: a list
 * @value: the rows a full page holds
 *
 * Sets #RefreshList:page-size.
 */
void refresh_list_set_page_size (RefreshList *self, int value);

/**
 * refresh_list_get_load_more_distance: (get-property load-more-distance)
 * @self: a list
 *
 * Gets #RefreshList:load-more-distance.
 *
 * Returns: how near the end the view comes before the next page loads, in pixels (-1: one view's height)
 */
double refresh_list_get_load_more_distance (RefreshList *self);

/**
 * refresh_list_set_load_more_distance: (set-property load-more-distance)
 * @self: a list
 * @value: how near the end the view comes before the next page loads, in pixels (-1: one view's height)
 *
 * Sets #RefreshList:load-more-distance.
 */
void refresh_list_set_load_more_distance (RefreshList *self, double value);

/**
 * refresh_list_get_shortcut_scope: (get-property shortcut-scope)
 * @self: a list
 *
 * Gets #RefreshList:shortcut-scope.
 *
 * Returns: where F5 and Ctrl+R refresh the list from
 */
RefreshShortcutScope refresh_list_get_shortcut_scope (RefreshList *self);

/**
 * refresh_list_set_shortcut_scope: (set-property shortcut-scope)
 * @self: a list
 * @value: where F5 and Ctrl+R refresh the list from
 *
 * Sets #RefreshList:shortcut-scope.
 */
void refresh_list_set_shortcut_scope (RefreshList *self, RefreshShortcutScope value);

/**
 * refresh_list_get_new_above: (get-property new-above)
 * @self: a list
 *
 * Gets #RefreshList:new-above.
 *
 * Returns: the pill's count of rows that went in above the view
 */
int refresh_list_get_new_above (RefreshList *self);

/**
 * refresh_list_get_newer_state: (get-property newer-state)
 * @self: a list
 *
 * Gets #RefreshList:newer-state.
 *
 * Returns: whether rows newer than the first one shown exist and load
 */
RefreshNewerState refresh_list_get_newer_state (RefreshList *self);

/**
 * refresh_list_get_started: (get-property started)
 * @self: a list
 *
 * Gets #RefreshList:started.
 *
 * Returns: whether the list started
 */
gboolean refresh_list_get_started (RefreshList *self);

G_END_DECLS
