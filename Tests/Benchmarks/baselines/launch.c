/* Baselines for the launch benchmark: the smallest GTK 4 application window, or, built with
 * -DWITH_ADWAITA, the smallest libadwaita one (AdwApplication, AdwApplicationWindow, an
 * AdwHeaderBar over the label), the demo's own stack. Prints {"firstFrameUs": N}
 * (CLOCK_MONOTONIC µs, as g_get_monotonic_time) when GTK has painted its first frame, then quits. */
#ifdef WITH_ADWAITA
#include <adwaita.h>
#else
#include <gtk/gtk.h>
#endif
#include <stdio.h>

static void after_paint(GdkFrameClock *clock, gpointer window) {
    static gboolean reported = FALSE;
    if (reported) return;
    reported = TRUE;
    printf("{\"firstFrameUs\": %" G_GINT64_FORMAT "}\n", g_get_monotonic_time());
    fflush(stdout);
    gtk_window_destroy(GTK_WINDOW(window));
}

static void on_map(GtkWidget *window, gpointer data) {
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), window);
}

static void activate(GtkApplication *app, gpointer data) {
#ifdef WITH_ADWAITA
    GtkWidget *window = adw_application_window_new(app);
    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(content), adw_header_bar_new());
    gtk_box_append(GTK_BOX(content), gtk_label_new("Hello"));
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), content);
#else
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_child(GTK_WINDOW(window), gtk_label_new("Hello"));
#endif
    gtk_window_set_title(GTK_WINDOW(window), "Launch baseline");
    gtk_window_set_default_size(GTK_WINDOW(window), 960, 680);
    g_signal_connect(window, "map", G_CALLBACK(on_map), NULL);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    const char *id = "io.github.refreshlist.LaunchBaseline";
#ifdef WITH_ADWAITA
    GApplication *app = G_APPLICATION(adw_application_new(id, G_APPLICATION_NON_UNIQUE));
#else
    GApplication *app = G_APPLICATION(gtk_application_new(id, G_APPLICATION_NON_UNIQUE));
#endif
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(app, argc, argv);
    g_object_unref(app);
    return status;
}
