// libsoup 3 for the demo's network feed (not the widget's: only refresh-demo links it), plus
// the one call Swift cannot make itself (a variadic constructor).
#pragma once
#include <libsoup/soup.h>

/// A session that names the app in its User-Agent (soup_session_new_with_options is variadic).
static inline SoupSession *csoup_session_new(const char *user_agent) {
    return soup_session_new_with_options("user-agent", user_agent, NULL);
}
