/* Benchmark 9, the footprint, from C: a window showing 50 rows, in a RefreshList (built with
 * -DWITH_REFRESH: its first refresh answered at once) or in a GtkListView under a turning
 * GtkSpinner (what an app without the widget shows while it loads). Prints
 * {"firstFrameUs": N, "rssKiB": N} (CLOCK_MONOTONIC µs, as g_get_monotonic_time; resident memory
 * then) after the first frame that shows the rows, then quits. */
#ifdef WITH_REFRESH
#include <refresh-list/refresh-list.h>
#else
#include <gtk/gtk.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROWS 50

static GListModel *model;
static gboolean reported;

static long
resident_kib (void)
{
  FILE *status = fopen ("/proc/self/status", "r");
  char line[256];
  long kib = 0;
  while (status && fgets (line, sizeof line, status))
    if (strncmp (line, "VmRSS:", 6) == 0)
      kib = atol (line + 6);
  if (status)
    fclose (status);
  return kib;
}

static GListModel *
rows (void)
{
  GListStore *store = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  for (int number = 0; number < ROWS; number++) {
    char text[32];
    snprintf (text, sizeof text, "Row %d", number);
    GtkStringObject *row = gtk_string_object_new (text);
    g_list_store_append (store, row);
    g_object_unref (row);
  }
  return G_LIST_MODEL (store);
}

static void
on_setup (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
on_bind (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

static void
after_paint (GdkFrameClock *clock, gpointer app)
{
  if (reported || g_list_model_get_n_items (model) < ROWS)
    return;
  reported = TRUE;
  printf ("{\"firstFrameUs\": %" G_GINT64_FORMAT ", \"rssKiB\": %ld}\n", g_get_monotonic_time (), resident_kib ());
  fflush (stdout);
  g_application_quit (G_APPLICATION (app));
}

static void
on_map (GtkWidget *window, gpointer app)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint), app);
}

#ifdef WITH_REFRESH
static void
on_refresh (RefreshList *list, RefreshRequest *request)
{
  GListModel *answer = rows ();
  refresh_request_finish (request, answer, FALSE);
  g_object_unref (answer);
}
#endif

static void
activate (GtkApplication *app)
{
  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "Footprint");
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 600);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (on_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_bind), NULL);
#ifdef WITH_REFRESH
  GtkWidget *list = g_object_new (REFRESH_TYPE_LIST, "item-type", GTK_TYPE_STRING_OBJECT, "key-property", "string",
                                  NULL);
  refresh_list_set_factory (REFRESH_LIST (list), factory);
  g_signal_connect (list, "refresh", G_CALLBACK (on_refresh), NULL);
  model = refresh_list_get_model (REFRESH_LIST (list));
  gtk_window_set_child (GTK_WINDOW (window), list);
#else
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *spinner = gtk_spinner_new ();
  gtk_spinner_start (GTK_SPINNER (spinner));
  gtk_box_append (GTK_BOX (box), spinner);
  model = rows ();
  GtkWidget *view = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (model))), NULL);
  gtk_list_view_set_factory (GTK_LIST_VIEW (view), factory);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_window_set_child (GTK_WINDOW (window), box);
#endif
  g_object_unref (factory);
  g_signal_connect (window, "map", G_CALLBACK (on_map), app);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  GtkApplication *app = gtk_application_new ("io.github.refreshlist.Footprint", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  g_object_unref (app);
  return status;
}
