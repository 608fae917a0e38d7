/* A small feed on Refresh.List, the pull-to-refresh list, from Vala.
 *
 * Each refresh brings the newest 20 posts (three more each time), each page the next 20,
 * three pages in all; the third page fails once ("the server is busy"), as servers do. The
 * list asks for all of it by itself: when shown, when pulled down at the top (wheel,
 * touchpad, drag, touch) or on F5, and as the view nears the end. Answers come 300 ms later,
 * like a network's. What happens is printed as JSON lines, for the tests that run it.
 *
 *   valac --pkg refresh-list-1 feed.vala */
const int PAGE_SIZE = 20;
const int PAGES = 3;

void say (string line) {
    print ("%s\n", line);
    stdout.flush ();
}

class Feed {
    int newest = PAGE_SIZE;
    int refreshes = 0;
    bool failed_once = false;

    ListModel page (int number) {
        var store = new ListStore (typeof (Gtk.StringObject));
        int top = newest - (number - 1) * PAGE_SIZE;
        for (int post = top; post > int.max (top - PAGE_SIZE, newest - PAGES * PAGE_SIZE); post--) {
            store.append (new Gtk.StringObject ("Post %d".printf (post)));
        }
        return store;
    }

    public void on_refresh (Refresh.Request request) {
        if (++refreshes > 1) {
            newest += 3;
        }
        say ("{\"event\": \"refresh\", \"page\": %d}".printf (request.get_page ()));
        later (request);
    }

    public void on_load_more (Refresh.Request request) {
        say ("{\"event\": \"load-more\", \"page\": %d}".printf (request.get_page ()));
        later (request);
    }

    void later (Refresh.Request request) {
        Timeout.add (300, () => {
            int number = request.get_page ();
            if (request.is_cancelled ()) {
                return Source.REMOVE;
            }
            if (number == PAGES && !failed_once) {
                failed_once = true;
                request.fail ("the server is busy");
            } else {
                request.finish (page (number), number < PAGES);
            }
            return Source.REMOVE;
        });
    }
}

int main (string[] args) {
    Intl.setlocale ();
    var feed = new Feed ();
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
        var list = new Refresh.List () {
            factory = factory, item_type = typeof (Gtk.StringObject), key_property = "string"
        };
        // What a screen reader calls the rows ("Feed. List with 20 items.").
        list.update_property (Gtk.AccessibleProperty.LABEL, "Feed", -1);
        list.refresh.connect (feed.on_refresh);
        list.load_more.connect (feed.on_load_more);
        list.model.items_changed.connect (() => {
            var count = list.model.get_n_items ();
            var first = count > 0 ? "\"%s\"".printf (((Gtk.StringObject) list.model.get_item (0)).string) : "null";
            say ("{\"rows\": %u, \"first\": %s}".printf (count, first));
        });
        list.notify["footer-state"].connect (() => {
            var states = (EnumClass) typeof (Refresh.FooterState).class_ref ();
            say ("{\"footer\": \"%s\"}".printf (states.get_value (list.footer_state).value_nick));
        });
        var window = new Gtk.ApplicationWindow (app) { title = "Refresh example (Vala)", child = list };
        window.set_default_size (360, 420);
        window.present ();
    });
    return app.run (args);
}
