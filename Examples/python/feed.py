#!/usr/bin/env python3
"""A small feed on Refresh.List, the pull-to-refresh list, from Python (PyGObject).

Each refresh brings the newest 20 posts (three more each time), each page the next 20, three
pages in all; the third page fails once ("the server is busy"), as servers do. The list asks
for all of it by itself: when shown, when pulled down at the top (wheel, touchpad, drag,
touch) or on F5, and as the view nears the end. Answers come 300 ms later, like a network's.

Opening a row (Enter, Space, a double click, a tap, or a single click with
--single-click-activate) prints it. What happens is printed as JSON lines, for the tests that
run it.
"""
import json
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Refresh", "1")
from gi.repository import GLib, Gio, Gtk, Refresh  # noqa: E402

PAGE_SIZE = 20
PAGES = 3


def say(**fields):
    print(json.dumps(fields), flush=True)


class Feed:
    """The posts a server would have: the newest first."""

    def __init__(self):
        self.newest = PAGE_SIZE
        self.refreshes = 0
        self.failed_once = False

    def page(self, number):
        top = self.newest - (number - 1) * PAGE_SIZE
        store = Gio.ListStore(item_type=Gtk.StringObject)
        for post in range(top, max(top - PAGE_SIZE, self.newest - PAGES * PAGE_SIZE), -1):
            store.append(Gtk.StringObject.new(f"Post {post}"))
        return store


def on_refresh(_list, request, feed):
    feed.refreshes += 1
    if feed.refreshes > 1:
        feed.newest += 3
    say(event="refresh", page=request.get_page())
    GLib.timeout_add(300, answer, request, feed, 1)


def on_load_more(_list, request, feed):
    say(event="load-more", page=request.get_page())
    GLib.timeout_add(300, answer, request, feed, request.get_page())


def answer(request, feed, number):
    if request.is_cancelled():
        return GLib.SOURCE_REMOVE
    if number == PAGES and not feed.failed_once:
        feed.failed_once = True
        request.fail("the server is busy")
    else:
        request.finish(feed.page(number), number < PAGES)
    return GLib.SOURCE_REMOVE


def on_setup(_factory, item):
    label = Gtk.Label(xalign=0)
    label.set_margin_start(12)
    label.set_margin_top(8)
    label.set_margin_bottom(8)
    item.set_child(label)


def on_bind(_factory, item):
    item.get_child().set_text(item.get_item().get_string())


def on_row_activate(feed_list, position):
    """A row opened: an app would show the post; this one says which."""
    say(event="activate", position=position, post=feed_list.props.model.get_item(position).get_string())


def on_rows_changed(model, _position, _removed, _added):
    first = model.get_item(0).get_string() if model.get_n_items() else None
    say(rows=model.get_n_items(), first=first)


WINDOW = """
<interface>
  <object class="GtkApplicationWindow" id="window">
    <property name="title">Refresh example (Python)</property>
    <property name="default-width">360</property>
    <property name="default-height">420</property>
    <child>
      <object class="RefreshList" id="feed">
        <property name="item-type">GtkStringObject</property>
        <property name="key-property">string</property>
        <property name="factory">
          <object class="GtkSignalListItemFactory" id="rows"/>
        </property>
        <accessibility>
          <property name="label">Feed</property>
        </accessibility>
      </object>
    </child>
  </object>
</interface>
"""


def on_activate(app, single_click):
    feed = Feed()
    Refresh.List.__gtype__  # registers RefreshList for the builder
    builder = Gtk.Builder.new_from_string(WINDOW, -1)
    rows = builder.get_object("rows")
    rows.connect("setup", on_setup)
    rows.connect("bind", on_bind)
    feed_list = builder.get_object("feed")
    feed_list.connect("refresh", on_refresh, feed)
    feed_list.connect("load-more", on_load_more, feed)
    feed_list.props.model.connect("items-changed", on_rows_changed)
    feed_list.connect("notify::footer-state", lambda widget, _: say(footer=widget.props.footer_state.value_nick))
    feed_list.connect("activate", on_row_activate)
    feed_list.props.single_click_activate = single_click
    window = builder.get_object("window")
    window.set_application(app)
    window.present()


app = Gtk.Application(application_id="io.github.refreshlist.PythonExample", flags=Gio.ApplicationFlags.NON_UNIQUE)
# --single-click-activate: a single click opens a row (taken out before GApplication parses).
SINGLE_CLICK = "--single-click-activate" in sys.argv[1:]
app.connect("activate", on_activate, SINGLE_CLICK)
sys.exit(app.run([argument for argument in sys.argv if argument != "--single-click-activate"]))
