/* A small feed on RefreshList, the pull-to-refresh list, from C, paging by cursor.
 *
 * The server has 60 posts, "Post 60" the newest; each refresh after the first brings three
 * more. The list asks by cursor: the newest 20 when shown, pulled down at the top (wheel,
 * touchpad, drag, touch) or on F5, and the 20 older than its last row as the view nears the
 * end; the rows older than Post 21 fail once ("the server is busy"), as servers do. Pressing N
 * stands in for a stream: a new post arrives and goes on top (refresh_list_receive). Answers
 * come 300 ms later, like a network's. Opening a row (Enter, Space, a double click, a tap, or a
 * single click with --single-click-activate) prints it. What happens is printed as JSON lines,
 * for the tests.
 *
 *   cc feed.c $(pkg-config --cflags --libs refresh-list-1) -o feed */
#include <refresh-list/refresh-list.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_SIZE 20
#define FAILS_BELOW 21

typedef struct {
  int newest;
  int refreshes;
  gboolean failed_once;
  gboolean single_click;
  GtkWidget *list;
} Feed;

typedef struct {
  Feed *feed;
  RefreshRequest *request;
} Pending;

/* The number of a post's key, "Post 41" → 41. */
static int
post_number (const char *key)
{
  return atoi (key + strlen ("Post "));
}

static GtkStringObject *
post (int number)
{
  g_autofree char *text = g_strdup_printf ("Post %d", number);
  return gtk_string_object_new (text);
}

/* Up to a page of posts from `top` down, the oldest being Post 1. */
static GListModel *
feed_page (int top)
{
  GListStore *store = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  for (int number = top; number > MAX (top - PAGE_SIZE, 0); number--) {
    g_autoptr (GtkStringObject) item = post (number);
    g_list_store_append (store, item);
  }
  return G_LIST_MODEL (store);
}

static gboolean
answer (gpointer data)
{
  Pending *pending = data;
  Feed *feed = pending->feed;
  RefreshRequest *request = pending->request;
  if (!refresh_request_is_cancelled (request)) {
    /* The newest rows, or those older than the cursor. */
    int top = refresh_request_get_kind (request) == REFRESH_REQUEST_KIND_OLDER
                  ? post_number (refresh_request_get_cursor (request)) - 1
                  : feed->newest;
    if (top < FAILS_BELOW && !feed->failed_once) {
      feed->failed_once = TRUE;
      refresh_request_fail (request, "the server is busy");
    } else {
      g_autoptr (GListModel) rows = feed_page (top);
      refresh_request_finish (request, rows, top - PAGE_SIZE > 0);
    }
  }
  g_object_unref (request);
  g_free (pending);
  return G_SOURCE_REMOVE;
}

static void
asked (RefreshList *list, RefreshRequest *request, Feed *feed, const char *signal)
{
  RefreshRequestKind kind = refresh_request_get_kind (request);
  if (kind == REFRESH_REQUEST_KIND_NEWEST && ++feed->refreshes > 1)
    feed->newest += 3;
  g_autoptr (GEnumClass) kinds = g_type_class_ref (REFRESH_TYPE_REQUEST_KIND);
  const char *cursor = refresh_request_get_cursor (request);
  g_autofree char *quoted = cursor ? g_strdup_printf ("\"%s\"", cursor) : g_strdup ("null");
  printf ("{\"event\": \"%s\", \"kind\": \"%s\", \"cursor\": %s}\n", signal,
          g_enum_get_value (kinds, kind)->value_nick, quoted);
  fflush (stdout);
  Pending *pending = g_new (Pending, 1);
  pending->feed = feed;
  pending->request = g_object_ref (request);
  g_timeout_add (300, answer, pending);
}

static void
on_refresh (RefreshList *list, RefreshRequest *request, Feed *feed)
{
  asked (list, request, feed, "refresh");
}

static void
on_load_more (RefreshList *list, RefreshRequest *request, Feed *feed)
{
  asked (list, request, feed, "load-more");
}

/* N: a new post arrives, as a stream would bring it. */
static gboolean
on_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, Feed *feed)
{
  if (keyval != GDK_KEY_n)
    return FALSE;
  g_autoptr (GtkStringObject) arrived = post (++feed->newest);
  gboolean taken = refresh_list_receive (REFRESH_LIST (feed->list), G_OBJECT (arrived));
  printf ("{\"event\": \"receive\", \"post\": \"%s\", \"taken\": %s}\n", gtk_string_object_get_string (arrived),
          taken ? "true" : "false");
  fflush (stdout);
  return TRUE;
}

static void
on_setup (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_top (label, 8);
  gtk_widget_set_margin_bottom (label, 8);
  gtk_list_item_set_child (item, label);
}

static void
on_bind (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkStringObject *post = gtk_list_item_get_item (item);
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (post));
}

static void
on_rows_changed (GListModel *model, guint position, guint removed, guint added)
{
  guint count = g_list_model_get_n_items (model);
  if (count == 0) {
    printf ("{\"rows\": 0, \"first\": null}\n");
  } else {
    g_autoptr (GtkStringObject) first = g_list_model_get_item (model, 0);
    printf ("{\"rows\": %u, \"first\": \"%s\"}\n", count, gtk_string_object_get_string (first));
  }
  fflush (stdout);
}

static void
on_footer (RefreshList *list, GParamSpec *spec)
{
  RefreshFooterState state;
  g_object_get (list, "footer-state", &state, NULL);
  g_autoptr (GEnumClass) states = g_type_class_ref (REFRESH_TYPE_FOOTER_STATE);
  printf ("{\"footer\": \"%s\"}\n", g_enum_get_value (states, state)->value_nick);
  fflush (stdout);
}

/* A row opened (Enter or Space on it, a double click, a tap; a single click with
 * --single-click-activate): an app would show the post; this one says which. */
static void
on_row_activate (RefreshList *list, guint position)
{
  g_autoptr (GtkStringObject) post = g_list_model_get_item (refresh_list_get_model (list), position);
  printf ("{\"event\": \"activate\", \"position\": %u, \"post\": \"%s\"}\n", position,
          gtk_string_object_get_string (post));
  fflush (stdout);
}

static void
on_activate (GtkApplication *app, Feed *feed)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (on_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_bind), NULL);
  /* What the list is (its rows' type and key, how it pages) is given when it is made. */
  GtkWidget *list = g_object_new (REFRESH_TYPE_LIST, "factory", factory, "item-type", GTK_TYPE_STRING_OBJECT,
                                  "key-property", "string", "paging", REFRESH_PAGING_CURSOR, NULL);
  refresh_list_set_counted_text (REFRESH_LIST (list), REFRESH_COUNTED_TEXT_NEW_ABOVE, "%d new post", "%d new posts",
                                 NULL);
  feed->list = list;
  /* What a screen reader calls the rows ("Feed. List with 20 items."). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, "Feed", -1);
  g_object_unref (factory);
  g_signal_connect (list, "refresh", G_CALLBACK (on_refresh), feed);
  g_signal_connect (list, "load-more", G_CALLBACK (on_load_more), feed);
  g_signal_connect (list, "notify::footer-state", G_CALLBACK (on_footer), NULL);
  g_signal_connect (list, "activate", G_CALLBACK (on_row_activate), NULL);
  refresh_list_set_single_click_activate (REFRESH_LIST (list), feed->single_click);
  GListModel *model;
  g_object_get (list, "model", &model, NULL);
  g_signal_connect (model, "items-changed", G_CALLBACK (on_rows_changed), NULL);
  g_object_unref (model);

  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "Refresh example (C)");
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 420);
  gtk_window_set_child (GTK_WINDOW (window), list);
  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key), feed);
  gtk_widget_add_controller (window, keys);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  Feed feed = { .newest = 60 };
  /* --single-click-activate: a single click opens a row (taken out before GApplication parses). */
  int kept = 1;
  for (int index = 1; index < argc; index++) {
    if (strcmp (argv[index], "--single-click-activate") == 0)
      feed.single_click = TRUE;
    else
      argv[kept++] = argv[index];
  }
  argv[kept] = NULL;
  g_autoptr (GtkApplication) app =
      gtk_application_new ("io.github.refreshlist.CExample", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), &feed);
  return g_application_run (G_APPLICATION (app), kept, argv);
}
