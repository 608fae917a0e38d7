// GTK 4 for Swift, plus the few tiny helpers Swift cannot express: C macros, variadic
// constructors, and libdispatch's main-queue hooks for running Swift's main actor inside
// the GLib main loop.
#pragma once
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <libintl.h>
#include <locale.h>
#include <sys/eventfd.h>
#include <stdint.h>

// libdispatch (Linux): the main queue as a file descriptor, and the call that drains it.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

/// A widget created with an accessible role (the role is a construct-only property, and
/// g_object_new is variadic).
static inline GtkWidget *cgtk_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}

/// Sets one accessible property that takes a string (gtk_accessible_update_property is variadic).
static inline void cgtk_accessible_set_string(GtkWidget *widget, GtkAccessibleProperty property,
                                              const char *value) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), property, value, -1);
}

/// Names `widget` by `label`'s accessible label (the labelled-by relation; variadic in C).
static inline void cgtk_accessible_set_labelled_by(GtkWidget *widget, GtkWidget *label) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

/// Sets the busy accessible state (variadic in C).
static inline void cgtk_accessible_set_busy(GtkWidget *widget, gboolean busy) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_BUSY, busy, -1);
}

/// Sets the expanded accessible state (variadic in C).
static inline void cgtk_accessible_set_expanded(GtkWidget *widget, gboolean expanded) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
}

/// Hides a widget from assistive technologies, or shows it again (variadic in C).
static inline void cgtk_accessible_set_hidden(GtkWidget *widget, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

/// Turns GTK's animations on or off for the default display (g_object_set is variadic).
static inline void cgtk_set_enable_animations(gboolean enabled) {
    g_object_set(gtk_settings_get_default(), "gtk-enable-animations", enabled, NULL);
}

/// The type macros GTK defines for its classes, as functions.
static inline GType cgtk_type_box(void) { return GTK_TYPE_BOX; }
static inline GType cgtk_type_drawing_area(void) { return GTK_TYPE_DRAWING_AREA; }

/// Logs `message` as a GLib critical in `domain` (g_log is variadic).
static inline void cgtk_log_critical(const char *domain, const char *message) {
    g_log(domain, G_LOG_LEVEL_CRITICAL, "%s", message);
}

/// Logs `message` as a GLib warning in `domain`.
static inline void cgtk_log_warning(const char *domain, const char *message) {
    g_log(domain, G_LOG_LEVEL_WARNING, "%s", message);
}

/// The fundamental type macros GObject defines, as functions.
static inline GType cgtk_type_none(void) { return G_TYPE_NONE; }
static inline GType cgtk_type_object(void) { return G_TYPE_OBJECT; }
static inline GType cgtk_type_string(void) { return G_TYPE_STRING; }
static inline GType cgtk_type_int(void) { return G_TYPE_INT; }
static inline GType cgtk_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType cgtk_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType cgtk_type_gtype(void) { return G_TYPE_GTYPE; }
