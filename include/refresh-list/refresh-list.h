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
 * @has_more: whether more pages exist after these rows
 *
 * Answers with rows. Rows whose #RefreshList:key-property value is shown already are not shown
 * again. Answering twice, after #RefreshRequest::cancelled, or with objects of another type is
 * refused with a critical and changes nothing.
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
 * refresh_request_get_page:
 * @self: a request
 *
 * Which page the list asks for.
 *
 * Returns: 1 for a refresh, 2 and on for the pages after it
 */
int refresh_request_get_page (RefreshRequest *self);

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
 */

/**
 * RefreshList::load-more:
 * @self: the list
 * @request: the request to answer with the page refresh_request_get_page() names
 *
 * The list wants the next page: the view came near the end, or Retry was pressed.
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
 */

/**
 * RefreshList:key-property:
 *
 * The name of the objects' property whose value identifies a row (text or a number): a row
 * whose key is shown already is not shown again. %NULL: each object is its own row.
 */

/**
 * RefreshList:refresh-merge:
 *
 * How a refresh's rows go in; set before the list is shown.
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
 * 1 for a refresh, 2 and on for the pages after it.
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
 * RefreshList:pull-threshold:
 *
 * How far a pull must go, in pixels, to arm a refresh.
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

G_END_DECLS
