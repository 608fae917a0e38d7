#!/usr/bin/env python3
"""A live Mastodon public timeline on Refresh.List, from Python (PyGObject) alone.

The list asks for statuses by cursor (the ids of its rows): the newest page first and on a
pull, F5 or Refresh; older ones (max_id) near the end; reopened at the place it keeps under
$XDG_STATE_HOME, the saved status (max_id one past its id), then those above it (min_id) near
the top. The public stream's new statuses go on top through Refresh.List.receive(): scrolled
down, the place holds and the "N new posts" pill counts them. A dropped stream reconnects after
a jittered, doubling wait and loads what it missed by min_id, oldest first. A click on a status
(or Enter on it) opens it on a page of its own, the list's `activate`; Back, Escape or Alt+Left
return to the timeline where it was. HTTP is libsoup 3. --trace prints JSON lines named as refresh-demo's trace names the same things.
"""
import argparse
import html
import json
import random
import re
import sys
from urllib.parse import urlencode, urlsplit

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Graphene", "1.0")
gi.require_version("Soup", "3.0")
gi.require_version("Refresh", "1")
from gi.repository import GLib, GObject, Gio, Graphene, Gtk, Refresh, Soup  # noqa: E402

APP_ID = "io.github.refreshlist.PythonTimeline"
TITLE = "Public timeline"
Kind = Refresh.RequestKind


def parse_options(argv):
    """The command line, as refresh-demo's: bad input exits 2 with the usage on stderr."""
    def checked(convert, valid, words):
        def parse(text):
            try:
                value = convert(text)
            except ValueError:
                value = None
            if value is None or not valid(value):
                raise argparse.ArgumentTypeError(f"must be {words}, not '{text}'")
            return value
        return parse

    server = checked(lambda text: text.rstrip("/"), lambda url: url.lower().startswith(("http://", "https://"))
                     and bool(urlsplit(url).hostname), "an http:// or https:// address with a host")
    size = checked(lambda text: tuple(int(side) for side in text.split("x")),
                   lambda size: len(size) == 2 and 360 <= size[0] <= 4096 and 300 <= size[1] <= 4096,
                   "WIDTHxHEIGHT within 360…4096 × 300…4096")
    parser = argparse.ArgumentParser(description="A live Mastodon public timeline on Refresh.List.")
    parser.add_argument("--source", choices=["mastodon"], default="mastodon", help="where rows come from")
    parser.add_argument("--server", type=server, required=True, metavar="URL",
                        help="the http or https address of a Mastodon-compatible server")
    parser.add_argument("--page-size", type=checked(int, lambda n: 1 <= n <= 40, "a whole number in 1…40"),
                        default=20, metavar="N", help="statuses a page (default: 20)")
    parser.add_argument("--size", type=size, default=(600, 680), metavar="WxH", help="the window's size in px")
    parser.add_argument("--prepare-rows", choices=["near-view", "all"], default="near-view",
                        help="bind only the rows near the view, the others when they come near, in idle time "
                             "(the default), or every row GTK holds at once")
    parser.add_argument("--trace", action="store_true", help="print one JSON line per event on stdout")
    return parser.parse_args(argv)


class Trace:
    """--trace: one JSON object a line, `ms` since launch first."""

    def __init__(self, enabled):
        self.enabled, self.start = enabled, GLib.get_monotonic_time()

    def __call__(self, **fields):
        if self.enabled:
            print(json.dumps({"ms": (GLib.get_monotonic_time() - self.start) // 1000, **fields}), flush=True)


def plain_text(content):
    """A status's HTML as one line of text: paragraphs and line breaks a space, other tags
    dropped, character references decoded."""
    text = re.sub(r"<[^>]*>", "", re.sub(r"<(br|/p)\b[^>]*>", " ", content, flags=re.I))
    return " ".join(html.unescape(text).split())


class Status(GObject.Object):
    """One row: a status, keyed by its id (the list's key-property)."""
    __gtype_name__ = "TimelineStatus"
    id = GObject.Property(type=str, default="")
    author = GObject.Property(type=str, default="")
    text = GObject.Property(type=str, default="")

    @classmethod
    def from_json(cls, status):
        shown = status.get("reblog") or status

        def name(account):
            return account.get("display_name") or account["username"]
        author = f"{name(shown['account'])} @{shown['account']['acct']}"
        if status.get("reblog"):
            author += f", boosted by {name(status['account'])}"
        return cls(id=status["id"], author=author, text=plain_text(shown.get("content") or ""))


def is_newer(a, b):
    """Whether status id `a` is newer than `b` (decimal numbers of any length; None is oldest)."""
    return b is None or (a is not None and (len(a), a) > (len(b), b))


def successor(status_id):
    """The id one past `status_id` ("109" → "110"): max_id excludes the id it names."""
    return str(int(status_id) + 1) if status_id.isdigit() else status_id


class Api:
    """The server's timeline over libsoup 3; answers come on the main loop."""

    def __init__(self, base, page_size, trace):
        self.base, self.page_size, self.trace = base, page_size, trace
        self.session = Soup.Session(user_agent="timeline.py (Refresh.List example)")

    def timeline(self, parameters, cancellable, done):
        """GETs the statuses `parameters` select, then `done(statuses, link)` or, on a failure,
        `done(None, why)`; a cancelled request calls nothing."""
        url = f"{self.base}/api/v1/timelines/public?{urlencode({'limit': self.page_size, **parameters})}"
        self.trace(milestone="request", url=url)
        message = Soup.Message.new("GET", url)

        def finished(session, result):
            try:
                body = session.send_and_read_finish(result)
            except GLib.Error as error:
                if not error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED):
                    done(None, error.message)
                return
            if message.get_status() != Soup.Status.OK:
                return done(None, f"The server answered {int(message.get_status())} {message.get_reason_phrase()}")
            try:
                statuses = [Status.from_json(status) for status in json.loads(body.get_data())]
            except (ValueError, KeyError, TypeError, AttributeError):
                return done(None, "The server's answer is not a timeline")
            done(statuses, message.get_response_headers().get_one("Link"))

        self.session.send_and_read_async(message, GLib.PRIORITY_DEFAULT, cancellable, finished)


class LiveStream:
    """The public stream (server-sent events), opened again after a drop: `timeline.catch_up`
    runs each time it opens, events streamed meanwhile waiting; it is live once that is over."""
    FIRST_RETRY_S, LONGEST_RETRY_S, STABLE_S, SILENCE_S = 1, 60, 30, 40

    def __init__(self, api, timeline):
        self.api, self.timeline = api, timeline
        self.state, self.attempt, self.live_since = "off", 0, None
        self.cancellable, self.held, self.timer, self.deadline = None, None, 0, 0
        self.event, self.data = None, []

    def set_state(self, state, reason=None):
        self.state = state
        self.timeline.stream_changed(state, reason)

    def start(self):
        if self.state == "off" and self.cancellable is None:
            self.set_state("connecting")
            self.connect()

    def connect(self):
        self.timer = 0
        self.cancellable, self.held, self.event, self.data = Gio.Cancellable(), [], None, []
        message = Soup.Message.new("GET", self.api.base + "/api/v1/streaming/public")
        message.get_request_headers().append("Accept", "text/event-stream")
        self.api.session.send_async(message, GLib.PRIORITY_DEFAULT, self.cancellable, self.opened, message)
        return GLib.SOURCE_REMOVE

    def opened(self, session, result, message):
        try:
            stream = session.send_finish(result)
        except GLib.Error as error:
            return self.failed(error)
        status = int(message.get_status())
        if status != 200:
            words = f"The server answered {status} {message.get_reason_phrase()}"
            if status in (401, 403):  # a sign-in is needed: waiting mends nothing
                self.close()
                return self.set_state("off", words)
            retry_after = message.get_response_headers().get_one("Retry-After") or ""
            return self.dropped(words, int(retry_after) if retry_after.isdigit() else 0)
        self.reader = Gio.DataInputStream(base_stream=stream)
        self.heard()
        self.reader.read_line_async(GLib.PRIORITY_DEFAULT, self.cancellable, self.line)
        self.timeline.catch_up(self.cancellable, self.caught_up)

    def caught_up(self):
        """Everything missed is shown: the events held meanwhile follow, and it is live."""
        held, self.held = self.held, None
        for name, data in held:
            self.timeline.streamed(name, data)
        self.live_since = GLib.get_monotonic_time()
        self.set_state("live")

    def line(self, reader, result):
        try:
            text, _ = reader.read_line_finish_utf8(result)
            text = text.rstrip("\r") if text is not None else None
        except GLib.Error as error:
            return self.failed(error)
        if text is None:
            return self.dropped("The server closed the stream")
        self.heard()
        if text == "":  # a blank line ends an event
            if self.event and self.data:
                if self.held is not None:  # catching up: it follows the statuses missed
                    self.held.append((self.event, "\n".join(self.data)))
                else:
                    self.timeline.streamed(self.event, "\n".join(self.data))
            self.event, self.data = None, []
        elif text.startswith("event:"):
            self.event = text[6:].strip()
        elif text.startswith("data:"):
            self.data.append(text[5:].lstrip())
        reader.read_line_async(GLib.PRIORITY_DEFAULT, self.cancellable, self.line)

    def heard(self):
        """Anything read, heartbeats too: a stream silent for SILENCE_S has stalled."""
        if self.deadline:
            GLib.source_remove(self.deadline)
        self.deadline = GLib.timeout_add_seconds(self.SILENCE_S, lambda: self.dropped("The stream went quiet"))

    def failed(self, error):
        if not error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED):
            self.dropped(error.message)

    def dropped(self, reason, retry_after=0):
        """Closes the stream and opens it again after 1 s doubled per failed attempt up to
        60 s, times a jitter of 0.5–1 (and at least a 503's Retry-After); a stream that was
        live for 30 s starts the waits over."""
        stable = self.live_since and GLib.get_monotonic_time() - self.live_since >= self.STABLE_S * 1e6
        self.close()
        self.attempt = 1 if stable else self.attempt + 1
        wait = min(self.LONGEST_RETRY_S, self.FIRST_RETRY_S * 2 ** (self.attempt - 1)) * random.uniform(0.5, 1)
        wait = max(wait, min(retry_after, self.LONGEST_RETRY_S))
        self.set_state("reconnecting", reason)
        self.timer = GLib.timeout_add(int(wait * 1000), self.connect)
        return GLib.SOURCE_REMOVE

    def close(self):
        """Closes the stream (its catch-up too) and forgets its timers."""
        if self.cancellable:
            self.cancellable.cancel()
        for source in (self.timer, self.deadline):
            if source and GLib.main_context_default().find_source_by_id(source):
                GLib.source_remove(source)
        self.cancellable, self.live_since, self.timer, self.deadline = None, None, 0, 0


class Timeline:
    """The list, its requests and its stream."""

    def __init__(self, options, trace, on_stream_state):
        self.trace, self.page_size, self.on_stream_state = trace, options.page_size, on_stream_state
        self.api = Api(options.server, options.page_size, trace)
        self.stream = LiveStream(self.api, self)
        self.ids = []  # the ids the list shows, in order (its model's items-changed, mirrored)
        self.shown = set()
        self.received = set()  # every id given to receive(): none is given twice
        self.newest = None  # the newest id shown or received
        self.in_flight = {}  # request → "kind cursor"
        self.last_view = None

        # With prepares_rows (the default), "setup" and "bind" run for the rows near the view only:
        # a row GTK holds far from it waits, and those about to come into view are made, bound and
        # measured while no frame is drawn, so scrolling a timeline of rich rows keeps its frames.
        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", lambda _factory, item: item.set_child(StatusRow()))
        factory.connect("bind", lambda _factory, item: item.get_child().show_status(item.get_item()))
        self.list = Refresh.List(
            paging=Refresh.Paging.CURSOR, key_property="id", item_type=Status, factory=factory,
            prepares_rows=options.prepare_rows == "near-view",
            place_key="timeline", last_updated_key="timeline", page_size=options.page_size,
            shortcut_scope=Refresh.ShortcutScope.WINDOW, single_click_activate=True, hexpand=True, vexpand=True)
        self.list.update_property([Gtk.AccessibleProperty.LABEL], ["Mastodon timeline"])
        self.list.set_counted_text(Refresh.CountedText.NEW_ABOVE, "%d new post", "%d new posts", None)
        self.list.set_counted_text(
            Refresh.CountedText.NEW_ABOVE_ANNOUNCEMENT, "%d new post above", "%d new posts above", None)
        self.list.connect("refresh", self.asked, "refresh")
        self.list.connect("load-more", self.asked, "load-more")
        self.list.props.model.connect("items-changed", self.rows_changed)
        for name in ("header-state", "footer-state", "new-above", "newer-state", "refreshing"):
            self.list.connect(f"notify::{name}", lambda _list, spec: self.event("notify", property=spec.name))
        if trace.enabled:
            self.list.connect("realize", lambda widget: widget.get_frame_clock().connect("after-paint", self.painted))

    def event(self, name, **fields):
        """Traces an event with the list's state after it."""
        state = {"header": self.list.props.header_state.value_nick, "footer": self.list.props.footer_state.value_nick,
                 "items": len(self.ids), "newAbove": self.list.props.new_above,
                 "newerRows": self.list.props.newer_state.value_nick}
        if self.in_flight:
            state["inFlight"] = ", ".join(self.in_flight.values())
        self.trace(event=name, **fields, **state)

    def asked(self, _list, request, signal):
        """A `refresh` or `load-more`: the statuses its kind and cursor name."""
        kind, cursor = request.get_kind(), request.get_cursor()
        self.in_flight[request] = f"{kind.value_nick} {cursor or ''}".strip()
        self.event(signal, kind=kind.value_nick, cursor=cursor)
        parameters = {Kind.NEWEST: {}, Kind.OLDER: {"max_id": cursor}, Kind.NEWER: {"min_id": cursor},
                      Kind.AT: {"max_id": successor(cursor or "")}}[kind]
        # As many as the list asks for: its page-size, which may change while it runs.
        size = request.get_page_size()
        parameters["limit"] = size
        cancellable = Gio.Cancellable()

        def cancelled(_request):
            self.in_flight.pop(request, None)
            cancellable.cancel()

        request.connect("cancelled", cancelled)
        completed = "refreshCompleted" if signal == "refresh" else "loadMoreCompleted"

        def answer(statuses, detail):
            if request.is_cancelled():
                return
            del self.in_flight[request]
            if statuses is None:
                request.fail(detail)
                self.event(completed, kind=kind.value_nick, cursor=cursor, outcome="failure", message=detail)
            else:
                # Newer: more exist when a full page came. Older: the Link header's rel="next" says.
                full = len(statuses) >= size
                has_more = full if kind == Kind.NEWER or not detail else bool(statuses) and 'rel="next"' in detail
                store = Gio.ListStore(item_type=Status)
                store.splice(0, 0, statuses)
                request.finish(store, has_more)
                self.event(completed, kind=kind.value_nick, cursor=cursor, outcome="success",
                           received=len(statuses), hasMore=has_more, count=len(self.ids),
                           first=self.ids[0] if self.ids else None, last=self.ids[-1] if self.ids else None)
            if kind in (Kind.NEWEST, Kind.AT):
                self.stream.start()  # the first load is over: follow the timeline live

        self.api.timeline(parameters, cancellable, answer)

    def rows_changed(self, model, position, removed, added):
        new = [model.get_item(index).props.id for index in range(position, position + added)]
        self.ids[position:position + removed] = new
        self.shown = set(self.ids)
        for status_id in new:
            if is_newer(status_id, self.newest):
                self.newest = status_id
        ordered = all(is_newer(a, b) for a, b in zip(self.ids, self.ids[1:]))
        self.trace(milestone="rows", count=len(self.ids), first=self.ids[0] if self.ids else None,
                   last=self.ids[-1] if self.ids else None, added=",".join(new), removed=removed,
                   repeated=len(self.ids) - len(self.shown), ordered=ordered)

    def painted(self, _clock):
        """After each frame: the first row in view and its top, traced when they change."""
        row = StatusRow.at(self.list.pick(8, 1, Gtk.PickFlags.DEFAULT))
        view = None
        if row is not None and row.status_id:
            _, point = row.compute_point(self.list, Graphene.Point().init(0, 0))
            view = (row.status_id, round(point.y, 1))
        if view != self.last_view:
            self.last_view = view
            self.trace(milestone="view", first=view and view[0], top=view and view[1])

    def take(self, status):
        """Gives a status newer than every row shown or received to the list, once."""
        if status.id in self.received or status.id in self.shown or not is_newer(status.id, self.newest):
            return  # shown, waiting, or older: a refresh or a page brings it
        self.received.add(status.id)
        self.newest = status.id
        self.list.receive(status)

    def catch_up(self, cancellable, done):
        """Receives, oldest first, every status newer than the newest known, page after page
        until an empty one, then calls `done`. A list opened at its saved place loads the
        statuses above it itself (newer-state), so it needs none."""
        if self.newest is None or self.list.props.newer_state != Refresh.NewerState.NONE:
            return done()

        def page(statuses, detail):
            if statuses is None:
                return self.stream.dropped(detail)
            for status in reversed(statuses):
                self.take(status)
            if statuses:
                self.catch_up(cancellable, done)
            else:
                done()

        self.api.timeline({"min_id": self.newest}, cancellable, page)

    def streamed(self, name, data):
        """One event of the stream: a new status, a deletion or an edit."""
        try:
            if name == "update":
                self.take(Status.from_json(json.loads(data)))
            elif name == "delete":
                self.list.remove(data.strip('" '))  # FALSE for a row the list does not have
            elif name == "status.update":
                self.list.update(Status.from_json(json.loads(data)))
        except (ValueError, KeyError, TypeError, AttributeError):
            self.trace(milestone="stream", state=self.stream.state, malformed=name)

    def stream_changed(self, state, reason):
        """The stream's state, traced and shown in the header bar."""
        self.trace(milestone="stream", state=state, reason=reason)
        self.on_stream_state(state, reason)


class StatusRow(Gtk.Box):
    """A row: the status's text, then its author."""

    def __init__(self):
        super().__init__(orientation=Gtk.Orientation.VERTICAL, spacing=2, margin_start=12, margin_end=12,
                         margin_top=8, margin_bottom=8)
        self.status_id = None
        self.text = Gtk.Label(xalign=0, wrap=True, max_width_chars=80)
        self.author = Gtk.Label(xalign=0, css_classes=["dim-label", "caption"])
        self.append(self.text)
        self.append(self.author)

    def show_status(self, status):
        self.status_id = status.id
        self.text.set_text(status.text)
        self.author.set_text(status.author)

    @staticmethod
    def at(widget):
        """The row `widget` (what gtk_widget_pick found) is in, or None."""
        while widget is not None and not isinstance(widget, StatusRow):
            if widget.get_css_name() == "row" and isinstance(widget.get_first_child(), StatusRow):
                return widget.get_first_child()
            widget = widget.get_parent()
        return widget


class PostPage(Gtk.Box):
    """One status on a page of its own: its whole text and its author, selectable."""

    def __init__(self):
        super().__init__(orientation=Gtk.Orientation.VERTICAL, spacing=12, margin_start=18, margin_end=18,
                         margin_top=18, margin_bottom=18)
        self.status_id = None
        self.text = Gtk.Label(xalign=0, wrap=True, selectable=True, css_classes=["title-4"])
        self.author = Gtk.Label(xalign=0, selectable=True, css_classes=["dim-label"])
        self.append(self.text)
        self.append(self.author)

    def show_status(self, status):
        self.status_id = status.id
        self.text.set_text(status.text)
        self.author.set_text(status.author)


class Application(Gtk.Application):
    STREAM_WORDS = {"connecting": ("Connecting…", None), "live": ("Live", "success"),
                    "reconnecting": ("Reconnecting…", "warning"), "off": ("Offline", "error")}

    def __init__(self, options, trace):
        super().__init__(application_id=APP_ID, flags=Gio.ApplicationFlags.NON_UNIQUE)
        self.options, self.trace, self.timeline = options, trace, None
        quit_action = Gio.SimpleAction(name="quit")
        quit_action.connect("activate", lambda *_: [window.close() for window in self.get_windows()])
        self.add_action(quit_action)
        self.set_accels_for_action("app.quit", ["<Control>q"])

    def do_activate(self):
        self.timeline = Timeline(self.options, self.trace, self.show_stream)
        window = Gtk.ApplicationWindow(application=self, title=TITLE)
        window.set_default_size(*self.options.size)
        header = Gtk.HeaderBar()
        refresh = Gtk.Button(icon_name="view-refresh-symbolic", tooltip_text="Refresh (F5)")
        refresh.update_property([Gtk.AccessibleProperty.LABEL], ["Refresh"])
        refresh.connect("clicked", lambda _button: self.timeline.list.begin_refresh())
        header.pack_start(refresh)
        # Back from a post: the header bar's button, Escape or Alt+Left.
        self.back = Gtk.Button(icon_name="go-previous-symbolic", tooltip_text="Back (Escape)", visible=False)
        self.back.update_property([Gtk.AccessibleProperty.LABEL], ["Back to the timeline"])
        self.back.connect("clicked", lambda _button: self.show_timeline())
        header.pack_start(self.back)
        self.refresh_button = refresh
        self.stream_label = Gtk.Label(accessible_role=Gtk.AccessibleRole.STATUS, visible=False)
        header.pack_end(self.stream_label)
        window.set_titlebar(header)
        # The timeline and a post's page; the timeline stays as it was while a post shows.
        self.post = PostPage()
        self.pages = Gtk.Stack(transition_type=Gtk.StackTransitionType.SLIDE_LEFT_RIGHT)
        self.pages.add_named(self.timeline.list, "timeline")
        self.pages.add_named(self.post, "post")
        self.pages.connect("notify::transition-running", self.page_shown)
        window.set_child(self.pages)
        self.timeline.list.connect("activate", self.open_post)
        keys = Gtk.ShortcutController(scope=Gtk.ShortcutScope.GLOBAL)
        for trigger in ("Escape", "<Alt>Left"):
            keys.add_shortcut(Gtk.Shortcut(trigger=Gtk.ShortcutTrigger.parse_string(trigger),
                                           action=Gtk.CallbackAction.new(self.back_if_open)))
        window.add_controller(keys)
        window.present()

    def open_post(self, timeline_list, position):
        """The list's `activate`: the status at `position` on its own page."""
        self.post.show_status(timeline_list.props.model.get_item(position))
        self.opened_at = position
        self.back.set_visible(True)
        self.refresh_button.set_visible(False)
        self.pages.set_visible_child_name("post")

    def back_if_open(self, *_):
        if self.pages.get_visible_child_name() != "post":
            return False
        self.show_timeline()
        return True

    def show_timeline(self):
        self.back.set_visible(False)
        self.refresh_button.set_visible(True)
        self.pages.set_visible_child_name("timeline")
        self.timeline.list.grab_focus()

    def page_shown(self, pages, _spec):
        """Traced once a page has slid in."""
        if pages.props.transition_running:
            return
        if pages.get_visible_child_name() == "post":
            self.trace(milestone="post", id=self.post.status_id)
        else:
            self.trace(milestone="timeline")

    def show_stream(self, state, reason):
        """The stream's state in the header bar; why, as its tooltip and description."""
        text, style = self.STREAM_WORDS[state]
        self.stream_label.set_text(text)
        self.stream_label.set_css_classes([style] if style else [])
        self.stream_label.set_tooltip_text(reason)
        self.stream_label.update_property([Gtk.AccessibleProperty.DESCRIPTION], [reason or text])
        self.stream_label.set_visible(True)

    def do_shutdown(self):
        if self.timeline:
            self.timeline.stream.close()
            self.timeline.api.session.abort()
        Gtk.Application.do_shutdown(self)


def main():
    options = parse_options(sys.argv[1:])
    trace = Trace(options.trace)
    trace(milestone="launch", monotonicUs=GLib.get_monotonic_time(), title=TITLE)
    return Application(options, trace).run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
