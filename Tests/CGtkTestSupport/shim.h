// GTK helpers only the tests use: GTK's accessibility test checks and signal emission, which are
// variadic or macros in C.
#pragma once
#include <gtk/gtk.h>

/// gtk_test_accessible_check_property for a string property: NULL when it matches, otherwise
/// a message the caller must g_free.
static inline char *cgtk_test_check_string_property(GtkWidget *widget, GtkAccessibleProperty property,
                                                     const char *expected) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), property, expected);
}

/// gtk_test_accessible_check_state for a boolean state.
static inline char *cgtk_test_check_boolean_state(GtkWidget *widget, GtkAccessibleState state,
                                                   gboolean expected) {
    return gtk_test_accessible_check_state(GTK_ACCESSIBLE(widget), state, expected);
}

/// Emits a signal that takes no arguments and returns nothing (g_signal_emit_by_name is variadic).
static inline void cgtk_emit_void(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

/// Emits edge-overshot or edge-reached on a scrolled window.
static inline void cgtk_emit_position(gpointer instance, const char *signal, GtkPositionType position) {
    g_signal_emit_by_name(instance, signal, position);
}

/// Emits a scroll controller's scroll signal with (`dx`, `dy`) and returns its handlers' answer:
/// whether they took the scroll (else it goes on to the scrolled window).
static inline gboolean cgtk_emit_scroll(gpointer controller, double dx, double dy) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(controller, "scroll", dx, dy, &handled);
    return handled;
}
