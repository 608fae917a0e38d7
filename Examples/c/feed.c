/* A small feed on RefreshList, the pull-to-refresh list, from C.
 *
 * Each refresh brings the newest 20 posts (three more each time), each page the next 20,
 * three pages in all; the third page fails once ("the server is busy"), as servers do. The
 * list asks for all of it by itself: when shown, when pulled down at the top (wheel,
 * touchpad, drag, touch) or on F5, and as the view nears the end. Answers come 300 ms later,
 * like a network's. What happens is printed as JSON lines, for the tests that run it.
 *
 *   cc feed.c $(pkg-config --cflags --libs refresh-list-1) -o feed */
#include <refresh-list/refresh-list.h>
#include <stdio.h>

#define PAGE_SIZE 20
#define PAGES 3

typedef struct {
  int newest;
  int refreshes;
  gboolean failed_once;
} Feed;

typedef struct {
  Feed *feed;
  RefreshRequest *request;
} Pending;

static GListModel *
feed_page (Feed *feed, int number)
{
  GListStore *store = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  int top = feed->newest - (number - 1) * PAGE_SIZE;
  int oldest = feed->newest - PAGES * PAGE_SIZE;
  for (int post = top; post > MAX (top - PAGE_SIZE, oldest); post--) {
    g_autofree char *text = g_strdup_printf ("Post %d", post);
    g_autoptr (GtkStringObject) item = gtk_string_object_new (text);
    g_list_store_append (store, item);
  }
  return G_LIST_MODEL (store);
}

static gboolean
answer (gpointer data)
{
  Pending *pending = data;
  int number = refresh_request_get_page (pending->request);
  if (!refresh_request_is_cancelled (pending->request)) {
    if (number == PAGES && !pending->feed->failed_once) {
      pending->feed->failed_once = TRUE;
      refresh_request_fail (pending->request, "the server is busy");
    } else {
      g_autoptr (GListModel) rows = feed_page (pending->feed, number);
      refresh_request_finish (pending->request, rows, number < PAGES);
    }
  }
  g_object_unref (pending->request);
  g_free (pending);
  return G_SOURCE_REMOVE;
}

static void
later (Feed *feed, RefreshRequest *request)
{
  Pending *pending = g_new (Pending, 1);
  pending->feed = feed;
  pending->request = g_object_ref (request);
  g_timeout_add (300, answer, pending);
}

static void
on_refresh (RefreshList *list, RefreshRequest *request, Feed *feed)
{
  if (++feed->refreshes > 1)
    feed->newest += 3;
  printf ("{\"event\": \"refresh\", \"page\": %d}\n", refresh_request_get_page (request));
  fflush (stdout);
  later (feed, request);
}

static void
on_load_more (RefreshList *list, RefreshRequest *request, Feed *feed)
{
  printf ("{\"event\": \"load-more\", \"page\": %d}\n", refresh_request_get_page (request));
  fflush (stdout);
  later (feed, request);
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

static void
on_activate (GtkApplication *app, Feed *feed)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (on_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_bind), NULL);
  GtkWidget *list = refresh_list_new ();
  g_object_set (list, "factory", factory, "item-type", GTK_TYPE_STRING_OBJECT, "key-property", "string", NULL);
  /* What a screen reader calls the rows ("Feed. List with 20 items."). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, "Feed", -1);
  g_object_unref (factory);
  g_signal_connect (list, "refresh", G_CALLBACK (on_refresh), feed);
  g_signal_connect (list, "load-more", G_CALLBACK (on_load_more), feed);
  g_signal_connect (list, "notify::footer-state", G_CALLBACK (on_footer), NULL);
  GListModel *model;
  g_object_get (list, "model", &model, NULL);
  g_signal_connect (model, "items-changed", G_CALLBACK (on_rows_changed), NULL);
  g_object_unref (model);

  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "Refresh example (C)");
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 420);
  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  Feed feed = { .newest = PAGE_SIZE };
  g_autoptr (GtkApplication) app =
      gtk_application_new ("io.github.refreshlist.CExample", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), &feed);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
