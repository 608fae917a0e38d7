/* Baseline for the memory benchmark: N rows in a GListStore (one GtkStringObject each) shown
 * in a GtkListView, no refresh layer. Prints the resident set size (KiB) after a second. */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long resident_kib(void) {
    FILE *status = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (status && fgets(line, sizeof line, status))
        if (strncmp(line, "VmRSS:", 6) == 0) kib = strtol(line + 6, NULL, 10);
    if (status) fclose(status);
    return kib;
}

static void setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    gtk_list_item_set_child(item, gtk_label_new(NULL));
}

static void bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    char text[32];
    g_snprintf(text, sizeof text, "row %u", gtk_list_item_get_position(item));
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), text);
}

static gboolean report(gpointer loop) {
    printf("%ld\n", resident_kib());
    fflush(stdout);
    g_main_loop_quit(loop);
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
    int rows = argc > 1 ? atoi(argv[1]) : 1000000;
    gtk_init();
    GListStore *store = g_list_store_new(GTK_TYPE_STRING_OBJECT);
    GPtrArray *objects = g_ptr_array_new_with_free_func(g_object_unref);
    for (int i = 0; i < rows; i++) g_ptr_array_add(objects, gtk_string_object_new(""));
    g_list_store_splice(store, 0, 0, objects->pdata, objects->len);
    g_ptr_array_unref(objects);
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    GtkWidget *view = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_single_selection_new(G_LIST_MODEL(store))), factory);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
    GtkWidget *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 420, 640);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    gtk_window_present(GTK_WINDOW(window));
    GMainLoop *loop = g_main_loop_new(NULL, FALSE);
    g_timeout_add(1200, report, loop);
    g_main_loop_run(loop);
    return 0;
}
