// libadwaita for the demo app (Debian 12: 1.2; Debian 13: 1.7). The widget library never
// imports it: it stays GTK-only.
//
// Where libadwaita replaced a widget, Swift calls one `cadw_` wrapper below and
// ADW_CHECK_VERSION (GTK_CHECK_VERSION for GTK's part) picks, at compile time, the widget
// current in the headers being built against, as CGtk's shim does for GTK: each platform
// compiles only its own current API, with no deprecation warning on either.
#pragma once
#include <adwaita.h>

// The side pane of controls beside the list, folded over it when the window is narrow:
// AdwOverlaySplitView with an AdwBreakpoint from 1.4 (AdwFlap is deprecated there), AdwFlap
// before. Both hide the pane when they fold and show it again when they unfold.

/// The side pane's container: `content` with `pane` (`pane_width` px wide) at its end, folded
/// (the pane over the content, hidden until shown) while `window` is narrower than
/// `fold_below` px.
static inline GtkWidget *cadw_side_pane_new(AdwApplicationWindow *window, GtkWidget *content, GtkWidget *pane,
                                            int pane_width, int fold_below) {
#if ADW_CHECK_VERSION(1, 4, 0)
    AdwOverlaySplitView *split = ADW_OVERLAY_SPLIT_VIEW(adw_overlay_split_view_new());
    adw_overlay_split_view_set_content(split, content);
    adw_overlay_split_view_set_sidebar(split, pane);
    adw_overlay_split_view_set_sidebar_position(split, GTK_PACK_END);
    adw_overlay_split_view_set_min_sidebar_width(split, pane_width);
    adw_overlay_split_view_set_max_sidebar_width(split, pane_width);
    AdwBreakpoint *breakpoint = adw_breakpoint_new(
        adw_breakpoint_condition_new_length(ADW_BREAKPOINT_CONDITION_MAX_WIDTH, fold_below - 1, ADW_LENGTH_UNIT_PX));
    GValue folded = G_VALUE_INIT;
    g_value_init(&folded, G_TYPE_BOOLEAN);
    g_value_set_boolean(&folded, TRUE);
    adw_breakpoint_add_setter(breakpoint, G_OBJECT(split), "collapsed", &folded);
    g_value_unset(&folded);
    adw_application_window_add_breakpoint(window, breakpoint);
    // A window with breakpoints needs a minimum size: the list's own width, and room for a
    // few rows under the header bar.
    gtk_widget_set_size_request(GTK_WIDGET(window), 360, 200);
    return GTK_WIDGET(split);
#else
    (void)window;
    (void)pane_width;
    (void)fold_below;
    AdwFlap *flap = ADW_FLAP(adw_flap_new());
    adw_flap_set_content(flap, content);
    adw_flap_set_flap(flap, pane);
    adw_flap_set_separator(flap, gtk_separator_new(GTK_ORIENTATION_VERTICAL));
    adw_flap_set_flap_position(flap, GTK_PACK_END);
    // Folds when the list and the pane no longer fit side by side at their minimum widths.
    adw_flap_set_fold_policy(flap, ADW_FLAP_FOLD_POLICY_AUTO);
    adw_flap_set_fold_threshold_policy(flap, ADW_FOLD_THRESHOLD_POLICY_MINIMUM);
    return GTK_WIDGET(flap);
#endif
}

/// The side pane's boolean property that says (and sets) whether the pane is out.
static inline const char *cadw_side_pane_shown_property(void) {
    return ADW_CHECK_VERSION(1, 4, 0) ? "show-sidebar" : "reveal-flap";
}

/// The side pane's boolean property that says whether the pane is folded over the content.
static inline const char *cadw_side_pane_folded_property(void) {
    return ADW_CHECK_VERSION(1, 4, 0) ? "collapsed" : "folded";
}

/// Whether the side pane is out.
static inline gboolean cadw_side_pane_get_shown(GtkWidget *side_pane) {
#if ADW_CHECK_VERSION(1, 4, 0)
    return adw_overlay_split_view_get_show_sidebar(ADW_OVERLAY_SPLIT_VIEW(side_pane));
#else
    return adw_flap_get_reveal_flap(ADW_FLAP(side_pane));
#endif
}

/// Shows or hides the side pane.
static inline void cadw_side_pane_set_shown(GtkWidget *side_pane, gboolean shown) {
#if ADW_CHECK_VERSION(1, 4, 0)
    adw_overlay_split_view_set_show_sidebar(ADW_OVERLAY_SPLIT_VIEW(side_pane), shown);
#else
    adw_flap_set_reveal_flap(ADW_FLAP(side_pane), shown);
#endif
}

/// Whether the side pane is folded over the content (the window is narrow).
static inline gboolean cadw_side_pane_get_folded(GtkWidget *side_pane) {
#if ADW_CHECK_VERSION(1, 4, 0)
    return adw_overlay_split_view_get_collapsed(ADW_OVERLAY_SPLIT_VIEW(side_pane));
#else
    return adw_flap_get_folded(ADW_FLAP(side_pane));
#endif
}

/// Shows the app's About: AdwAboutDialog from 1.5 (AdwAboutWindow is deprecated in 1.6),
/// AdwAboutWindow, transient for `parent`, before.
static inline void cadw_show_about(GtkWidget *parent, const char *name, const char *icon, const char *version,
                                   const char *developer, const char *comments, GtkLicense license) {
#if ADW_CHECK_VERSION(1, 5, 0)
    AdwAboutDialog *about = ADW_ABOUT_DIALOG(adw_about_dialog_new());
    adw_about_dialog_set_application_name(about, name);
    adw_about_dialog_set_application_icon(about, icon);
    adw_about_dialog_set_version(about, version);
    adw_about_dialog_set_developer_name(about, developer);
    adw_about_dialog_set_comments(about, comments);
    adw_about_dialog_set_license_type(about, license);
    adw_dialog_present(ADW_DIALOG(about), parent);
#else
    AdwAboutWindow *about = ADW_ABOUT_WINDOW(adw_about_window_new());
    adw_about_window_set_application_name(about, name);
    adw_about_window_set_application_icon(about, icon);
    adw_about_window_set_version(about, version);
    adw_about_window_set_developer_name(about, developer);
    adw_about_window_set_comments(about, comments);
    adw_about_window_set_license_type(about, license);
    if (parent != NULL) gtk_window_set_transient_for(GTK_WINDOW(about), GTK_WINDOW(parent));
    gtk_window_present(GTK_WINDOW(about));
#endif
}

// Keyboard Shortcuts where GTK 4.18 deprecates its own window (GtkShortcutsWindow and the
// help overlay; libadwaita 1.8's AdwShortcutsDialog is not in Debian 13): an AdwDialog (1.5)
// of preference groups, one row per shortcut, its keys as GTK's accelerator label. Before
// GTK 4.18 the app keeps GtkShortcutsWindow (cgtk_has_current_shortcuts_window).

/// Whether the app shows its own Keyboard Shortcuts dialog (the functions below do something).
static inline gboolean cadw_has_shortcuts_dialog(void) {
    return GTK_CHECK_VERSION(4, 18, 0) && ADW_CHECK_VERSION(1, 5, 0);
}

/// A new, empty Keyboard Shortcuts dialog titled `title` (a floating reference), or NULL.
static inline GtkWidget *cadw_shortcuts_dialog_new(const char *title) {
#if GTK_CHECK_VERSION(4, 18, 0) && ADW_CHECK_VERSION(1, 5, 0)
    AdwDialog *dialog = adw_dialog_new();
    adw_dialog_set_title(dialog, title);
    adw_dialog_set_content_width(dialog, 420);
    GtkWidget *view = adw_toolbar_view_new();
    adw_toolbar_view_add_top_bar(ADW_TOOLBAR_VIEW(view), adw_header_bar_new());
    adw_toolbar_view_set_content(ADW_TOOLBAR_VIEW(view), adw_preferences_page_new());
    adw_dialog_set_child(dialog, view);
    return GTK_WIDGET(dialog);
#else
    (void)title;
    return NULL;
#endif
}

/// Adds a group titled `title` to the dialog and returns it.
static inline GtkWidget *cadw_shortcuts_dialog_add_group(GtkWidget *dialog, const char *title) {
#if GTK_CHECK_VERSION(4, 18, 0) && ADW_CHECK_VERSION(1, 5, 0)
    GtkWidget *view = adw_dialog_get_child(ADW_DIALOG(dialog));
    GtkWidget *page = adw_toolbar_view_get_content(ADW_TOOLBAR_VIEW(view));
    GtkWidget *group = adw_preferences_group_new();
    adw_preferences_group_set_title(ADW_PREFERENCES_GROUP(group), title);
    adw_preferences_page_add(ADW_PREFERENCES_PAGE(page), ADW_PREFERENCES_GROUP(group));
    return group;
#else
    (void)dialog;
    (void)title;
    return NULL;
#endif
}

/// Adds a row to `group`: what `accelerator` (GTK's syntax, "<Control>q") does, and its keys.
static inline void cadw_shortcuts_group_add(GtkWidget *group, const char *accelerator, const char *title) {
#if GTK_CHECK_VERSION(4, 18, 0) && ADW_CHECK_VERSION(1, 5, 0)
    GtkWidget *row = adw_action_row_new();
    adw_preferences_row_set_title(ADW_PREFERENCES_ROW(row), title);
    guint key = 0;
    GdkModifierType modifiers = 0;
    gtk_accelerator_parse(accelerator, &key, &modifiers);
    char *keys = gtk_accelerator_get_label(key, modifiers);
    GtkWidget *label = gtk_label_new(keys);
    g_free(keys);
    gtk_widget_add_css_class(label, "dim-label");
    adw_action_row_add_suffix(ADW_ACTION_ROW(row), label);
    adw_preferences_group_add(ADW_PREFERENCES_GROUP(group), row);
#else
    (void)group;
    (void)accelerator;
    (void)title;
#endif
}

/// Shows the dialog over `parent`.
static inline void cadw_shortcuts_dialog_present(GtkWidget *dialog, GtkWidget *parent) {
#if GTK_CHECK_VERSION(4, 18, 0) && ADW_CHECK_VERSION(1, 5, 0)
    adw_dialog_present(ADW_DIALOG(dialog), parent);
#else
    (void)dialog;
    (void)parent;
#endif
}

// Pages the reader opens and goes back from (a status's thread): AdwNavigationView from 1.4
// (AdwLeaflet is deprecated there), AdwLeaflet before, always folded. Either goes back by
// Alt+Left, the mouse's back button, the Back key and a swipe on touch; AdwNavigationView also
// by Escape and shows the header bar's back button itself; with AdwLeaflet the app does both
// (`cadw_navigation_has_own_back`).

/// A navigation of pages whose first page, never left, is `root` titled `title`.
static inline GtkWidget *cadw_navigation_new(GtkWidget *root, const char *title) {
#if ADW_CHECK_VERSION(1, 4, 0)
    AdwNavigationView *view = ADW_NAVIGATION_VIEW(adw_navigation_view_new());
    adw_navigation_view_add(view, adw_navigation_page_new(root, title));
    return GTK_WIDGET(view);
#else
    (void)title;
    AdwLeaflet *leaflet = ADW_LEAFLET(adw_leaflet_new());
    // One page at a time, whatever the width, as a navigation view shows them.
    adw_leaflet_set_can_unfold(leaflet, FALSE);
    adw_leaflet_set_can_navigate_back(leaflet, TRUE);
    adw_leaflet_set_transition_type(leaflet, ADW_LEAFLET_TRANSITION_TYPE_OVER);
    adw_leaflet_append(leaflet, root);
    return GTK_WIDGET(leaflet);
#endif
}

/// Whether the app shows the back button and answers Escape itself (AdwLeaflet).
static inline gboolean cadw_navigation_has_own_back(void) {
    return !ADW_CHECK_VERSION(1, 4, 0);
}

/// Shows `page` (titled `title`) over the pages shown, sliding in.
static inline void cadw_navigation_push(GtkWidget *navigation, GtkWidget *page, const char *title) {
#if ADW_CHECK_VERSION(1, 4, 0)
    adw_navigation_view_push(ADW_NAVIGATION_VIEW(navigation), adw_navigation_page_new(page, title));
#else
    (void)title;
    adw_leaflet_append(ADW_LEAFLET(navigation), page);
    adw_leaflet_set_visible_child(ADW_LEAFLET(navigation), page);
#endif
}

/// Goes back to the page before the one shown; whether there was one.
static inline gboolean cadw_navigation_pop(GtkWidget *navigation) {
#if ADW_CHECK_VERSION(1, 4, 0)
    return adw_navigation_view_pop(ADW_NAVIGATION_VIEW(navigation));
#else
    return adw_leaflet_navigate(ADW_LEAFLET(navigation), ADW_NAVIGATION_DIRECTION_BACK);
#endif
}

/// The page shown (the widget given to `cadw_navigation_new` or `cadw_navigation_push`).
static inline GtkWidget *cadw_navigation_visible_page(GtkWidget *navigation) {
#if ADW_CHECK_VERSION(1, 4, 0)
    AdwNavigationPage *page = adw_navigation_view_get_visible_page(ADW_NAVIGATION_VIEW(navigation));
    return page != NULL ? adw_navigation_page_get_child(page) : NULL;
#else
    return adw_leaflet_get_visible_child(ADW_LEAFLET(navigation));
#endif
}

/// The properties whose change says another page is shown, or pages stopped sliding (NULL:
/// none).
static inline const char *cadw_navigation_changed_property(int index) {
    if (index == 0) return ADW_CHECK_VERSION(1, 4, 0) ? "visible-page" : "visible-child";
    if (index == 1) return ADW_CHECK_VERSION(1, 4, 0) ? NULL : "child-transition-running";
    return NULL;
}

/// Whether pages are sliding in or out (AdwNavigationView: its page is shown at once).
static inline gboolean cadw_navigation_transition_running(GtkWidget *navigation) {
#if ADW_CHECK_VERSION(1, 4, 0)
    (void)navigation;
    return FALSE;
#else
    return adw_leaflet_get_child_transition_running(ADW_LEAFLET(navigation));
#endif
}

/// Takes out the pages after the one shown once no transition runs: a page gone back from
/// is not gone forward to again (AdwNavigationView drops them by itself).
static inline void cadw_navigation_drop_left_pages(GtkWidget *navigation) {
#if ADW_CHECK_VERSION(1, 4, 0)
    (void)navigation;
#else
    AdwLeaflet *leaflet = ADW_LEAFLET(navigation);
    GtkWidget *visible = adw_leaflet_get_visible_child(leaflet);
    if (adw_leaflet_get_child_transition_running(leaflet) || visible == NULL) return;
    GtkSelectionModel *pages = adw_leaflet_get_pages(leaflet);
    GPtrArray *left = g_ptr_array_new();
    gboolean after = FALSE;
    for (guint index = 0; index < g_list_model_get_n_items(G_LIST_MODEL(pages)); index++) {
        AdwLeafletPage *page = g_list_model_get_item(G_LIST_MODEL(pages), index);
        GtkWidget *child = adw_leaflet_page_get_child(page);
        if (after) g_ptr_array_add(left, child);
        if (child == visible) after = TRUE;
        g_object_unref(page);
    }
    g_object_unref(pages);
    for (guint index = 0; index < left->len; index++) adw_leaflet_remove(leaflet, g_ptr_array_index(left, index));
    g_ptr_array_unref(left);
#endif
}
