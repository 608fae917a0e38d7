#!/usr/bin/env python3
"""Benchmark 9, the footprint, from Python: a window showing 50 rows, either in a Refresh.List
(`list`: its first refresh answered at once) or in a GtkListView under a turning GtkSpinner
(`bare`: what an app without the widget shows while it loads). Prints
{"firstFrameUs": N, "rssKiB": N} (CLOCK_MONOTONIC µs, as g_get_monotonic_time; resident memory
then) after the first frame that shows the rows, then quits.

    footprint.py list|bare
"""
import json
import sys

import gi

gi.require_version("Gtk", "4.0")
MODE = sys.argv[1] if len(sys.argv) > 1 else "list"
if MODE not in ("list", "bare"):
    sys.exit("usage: footprint.py list|bare")
if MODE == "list":
    gi.require_version("Refresh", "1")
    from gi.repository import Refresh  # noqa: E402
from gi.repository import GLib, Gio, Gtk  # noqa: E402

ROWS = 50


def resident_kib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def rows():
    store = Gio.ListStore(item_type=Gtk.StringObject)
    for number in range(ROWS):
        store.append(Gtk.StringObject.new(f"Row {number}"))
    return store


def factory():
    made = Gtk.SignalListItemFactory()
    made.connect("setup", lambda _f, item: item.set_child(Gtk.Label(xalign=0)))
    made.connect("bind", lambda _f, item: item.get_child().set_text(item.get_item().get_string()))
    return made


def on_activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Footprint")
    window.set_default_size(400, 600)
    if MODE == "list":
        shown = Refresh.List(factory=factory(), item_type=Gtk.StringObject, key_property="string")
        shown.connect("refresh", lambda _list, request: request.finish(rows(), False))
        model = shown.props.model
        window.set_child(shown)
    else:
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        box.append(Gtk.Spinner(spinning=True))
        model = rows()
        view = Gtk.ListView(model=Gtk.NoSelection(model=model), factory=factory(), vexpand=True)
        box.append(Gtk.ScrolledWindow(child=view, vexpand=True))
        window.set_child(box)

    def painted(_clock):
        if model.get_n_items() >= ROWS and not app.reported:
            app.reported = True
            print(json.dumps({"firstFrameUs": GLib.get_monotonic_time(), "rssKiB": resident_kib()}), flush=True)
            app.quit()

    window.connect("map", lambda _w: window.get_frame_clock().connect("after-paint", painted))
    window.present()


application = Gtk.Application(application_id="io.github.refreshlist.Footprint",
                              flags=Gio.ApplicationFlags.NON_UNIQUE)
application.reported = False
application.connect("activate", on_activate)
sys.exit(application.run([sys.argv[0]]))
