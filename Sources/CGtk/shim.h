// GTK 4 for Swift, plus the few tiny helpers Swift cannot express: C macros, variadic
// constructors, and libdispatch's main-queue hooks for running Swift's main actor inside
// the GLib main loop.
//
// One source for every GTK from 4.8 (Debian 12) to 4.18 (Debian 13): where GTK replaced or
// deprecated a call, Swift calls one `cgtk_` wrapper below, and GTK_CHECK_VERSION picks, at
// compile time, the call current in the GTK headers being built against. So each platform
// compiles only its own current API (no deprecation warning on either), and Swift has no
// version test of its own. A build is for the GTK it was built with (as Debian's packages
// are, one build per suite); it needs at least that GTK's minor version at run time.
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
static inline GType cgtk_type_uint(void) { return G_TYPE_UINT; }
static inline GType cgtk_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType cgtk_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType cgtk_type_gtype(void) { return G_TYPE_GTYPE; }

// Calls GTK replaced or added after 4.8, chosen at compile time (see the top of this file).

/// The widget's CSS foreground color: gtk_widget_get_color since 4.10 (GtkStyleContext is
/// deprecated there), its style context's color before.
static inline void cgtk_widget_get_color(GtkWidget *widget, GdkRGBA *color) {
#if GTK_CHECK_VERSION(4, 10, 0)
    gtk_widget_get_color(widget, color);
#else
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), color);
#endif
}

/// Whether a list cell takes the keyboard focus itself (GtkListItem:focusable, 4.12). From
/// 4.12 a focusable cell takes the focus before its child; GTK 4.8's cells gave it to a
/// focusable child first and have no such property, so this does nothing there.
static inline void cgtk_list_item_set_focusable(GtkListItem *item, gboolean focusable) {
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_list_item_set_focusable(item, focusable);
#else
    (void)item;
    (void)focusable;
#endif
}

/// Whether this GTK says words to assistive technologies itself (gtk_accessible_announce, 4.14).
static inline gboolean cgtk_can_announce(void) { return GTK_CHECK_VERSION(4, 14, 0); }

/// Says `message` through the screen reader (gtk_accessible_announce, GTK 4.14): assertive
/// interrupts what it is saying (a failure), polite waits its turn. Does nothing before 4.14
/// (cgtk_can_announce says so; the list then describes the focused widget instead).
static inline void cgtk_accessible_announce(GtkWidget *widget, const char *message, gboolean assertive) {
#if GTK_CHECK_VERSION(4, 14, 0)
    gtk_accessible_announce(GTK_ACCESSIBLE(widget), message,
                            assertive ? GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_HIGH
                                      : GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
#else
    (void)widget;
    (void)message;
    (void)assertive;
#endif
}

/// Whether GTK's own Keyboard Shortcuts window (GtkShortcutsWindow, shown by
/// GtkApplicationWindow's help overlay) is current: GTK 4.18 deprecates both.
static inline gboolean cgtk_has_current_shortcuts_window(void) { return !GTK_CHECK_VERSION(4, 18, 0); }

/// Sets `window`'s help overlay (a GtkShortcutsWindow) before GTK 4.18; does nothing from
/// 4.18 (cgtk_has_current_shortcuts_window says so: the app shows its own dialog instead).
static inline void cgtk_application_window_set_help_overlay(GtkApplicationWindow *window, GtkWidget *overlay) {
#if GTK_CHECK_VERSION(4, 18, 0)
    (void)window;
    (void)overlay;
#else
    gtk_application_window_set_help_overlay(window, GTK_SHORTCUTS_WINDOW(overlay));
#endif
}
