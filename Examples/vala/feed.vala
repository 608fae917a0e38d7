/* A small feed on Refresh.List, the pull-to-refresh list, from Vala, paging by cursor.
 *
 * The server has 60 posts, "Post 60" the newest; each refresh after the first brings three
 * more. The list asks by cursor: the newest 20 when shown, pulled down at the top (wheel,
 * touchpad, drag, touch) or on F5, and the 20 older than its last row as the view nears the
 * end; the rows older than Post 21 fail once ("the server is busy"), as servers do. Pressing N
 * stands in for a stream: a new post arrives and goes on top (Refresh.List.receive). Answers
 * come 300 ms later, like a network's. Opening a row (Enter, Space, a double click, a tap, or a
 * single click with --single-click-activate) prints it. What happens is printed as JSON lines,
 * for the tests.
 *
 *   valac --pkg refresh-list-1 feed.vala */
const int PAGE_SIZE = 20;
const int FAILS_BELOW = 21;

void say (string line) {
    print ("%s\n", line);
    stdout.flush ();
}

class Feed {
    public int newest = 60;
    int refreshes = 0;
    bool failed_once = false;

    /* Up to a page of posts from `top` down, the oldest being Post 1. */
    ListModel page (int top) {
        var store = new ListStore (typeof (Gtk.StringObject));
        for (int number = top; number > int.max (top - PAGE_SIZE, 0); number--) {
            store.append (new Gtk.StringObject ("Post %d".printf (number)));
        }
        return store;
    }

    public void on_refresh (Refresh.Request request) {
        asked (request, "refresh");
    }

    public void on_load_more (Refresh.Request request) {
        asked (request, "load-more");
    }

    void asked (Refresh.Request request, string signal_name) {
        var kind = request.get_kind ();
        if (kind == Refresh.RequestKind.NEWEST && ++refreshes > 1) {
            newest += 3;
        }
        var kinds = (EnumClass) typeof (Refresh.RequestKind).class_ref ();
        var cursor = request.get_cursor ();
        say ("{\"event\": \"%s\", \"kind\": \"%s\", \"cursor\": %s}".printf (
            signal_name, kinds.get_value (kind).value_nick, cursor != null ? "\"%s\"".printf (cursor) : "null"));
        Timeout.add (300, () => {
            if (request.is_cancelled ()) {
                return Source.REMOVE;
            }
            // The newest rows, or those older than the cursor ("Post 41").
            int top = request.get_kind () == Refresh.RequestKind.OLDER
                ? int.parse (request.get_cursor ().substring ("Post ".length)) - 1 : newest;
            if (top < FAILS_BELOW && !failed_once) {
                failed_once = true;
                request.fail ("the server is busy");
            } else {
                request.finish (page (top), top - PAGE_SIZE > 0);
            }
            return Source.REMOVE;
        });
    }
}

int main (string[] args) {
    Intl.setlocale ();
    var feed = new Feed ();
    // --single-click-activate: a single click opens a row (taken out before GApplication parses).
    string[] kept = {};
    var single_click = false;
    foreach (var argument in args) {
        if (argument == "--single-click-activate") {
            single_click = true;
        } else {
            kept += argument;
        }
    }
    var app = new Gtk.Application ("io.github.refreshlist.ValaExample", ApplicationFlags.NON_UNIQUE);
    app.activate.connect (() => {
        var factory = new Gtk.SignalListItemFactory ();
        factory.setup.connect ((item) => {
            var label = new Gtk.Label (null) { xalign = 0, margin_start = 12, margin_top = 8, margin_bottom = 8 };
            ((Gtk.ListItem) item).child = label;
        });
        factory.bind.connect ((item) => {
            var list_item = (Gtk.ListItem) item;
            ((Gtk.Label) list_item.child).label = ((Gtk.StringObject) list_item.item).string;
        });
        // What the list is (its rows' type and key, how it pages) is given when it is made.
        var list = (Refresh.List) Object.new (
            typeof (Refresh.List), "item-type", typeof (Gtk.StringObject), "key-property", "string",
            "paging", Refresh.Paging.CURSOR);
        list.factory = factory;
        list.single_click_activate = single_click;
        list.set_counted_text (Refresh.CountedText.NEW_ABOVE, "%d new post", "%d new posts", null);
        // What a screen reader calls the rows ("Feed. List with 20 items.").
        list.update_property (Gtk.AccessibleProperty.LABEL, "Feed", -1);
        list.refresh.connect (feed.on_refresh);
        list.load_more.connect (feed.on_load_more);
        // (The handlers read the model and the list they are given: a closure holding the list
        // would keep it alive from its own model.)
        list.model.items_changed.connect ((model, position, removed, added) => {
            var count = model.get_n_items ();
            var first = count > 0 ? "\"%s\"".printf (((Gtk.StringObject) model.get_item (0)).string) : "null";
            say ("{\"rows\": %u, \"first\": %s}".printf (count, first));
        });
        list.notify["footer-state"].connect ((shown, spec) => {
            var states = (EnumClass) typeof (Refresh.FooterState).class_ref ();
            say ("{\"footer\": \"%s\"}".printf (states.get_value (((Refresh.List) shown).footer_state).value_nick));
        });
        // A row opened: an app would show the post; this one says which.
        list.activate.connect ((shown, position) => {
            var post = (Gtk.StringObject) shown.model.get_item (position);
            say ("{\"event\": \"activate\", \"position\": %u, \"post\": \"%s\"}".printf (position, post.string));
        });
        var window = new Gtk.ApplicationWindow (app) { title = "Refresh example (Vala)", child = list };
        window.set_default_size (360, 420);
        // N: a new post arrives, as a stream would bring it.
        var keys = new Gtk.EventControllerKey () { propagation_phase = Gtk.PropagationPhase.CAPTURE };
        keys.key_pressed.connect ((keyval) => {
            if (keyval != Gdk.Key.n) {
                return false;
            }
            var arrived = new Gtk.StringObject ("Post %d".printf (++feed.newest));
            var taken = list.receive (arrived);
            say ("{\"event\": \"receive\", \"post\": \"%s\", \"taken\": %s}".printf (
                arrived.string, taken ? "true" : "false"));
            return true;
        });
        ((Gtk.Widget) window).add_controller (keys);
        window.present ();
    });
    return app.run (kept);
}
