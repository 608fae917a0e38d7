#!/usr/bin/env python3
"""A Mastodon-compatible public timeline on loopback, with faults on demand.

Serves GET /api/v1/timelines/public (limit, max_id, since_id, min_id; Link headers with
rel="next" and rel="prev") over a generated timeline, newest first, and its stream,
GET /api/v1/streaming/public, as server-sent events (chunked): `update` for each new status,
`delete` and `status.update`, and a `:thump` heartbeat every --heartbeat seconds. The refresh-demo network
tests and data/run-demo.sh start it; it prints one JSON object per line on stdout: first
{"event": "listening", "port": N}, then one line per request, answer, fault and closed
connection, so a test can see what the app really sent and what it gave up on. With --https
it serves TLS with a certificate it signs itself, which no client trusts. With --token T its
stream asks for a sign-in, as most Mastodon servers' streams do: a request without
"Authorization: Bearer T" is answered 401 (the timeline stays public); each stream line of the
log says whether the request was signed in ("authorized"). With --warnings N every Nth status
carries a content warning (spoiler_text), as Mastodon sends one.

A status's thread: GET /api/v1/statuses/ID (the status) and GET /api/v1/statuses/ID/context
({"ancestors": [...], "descendants": [...]}, as Mastodon answers). The timeline's statuses
come in threads of three, each replying to the one before (#1 ← #2 ← #3, #4 ← #5 ← #6, …),
and each status has two replies of its own outside the timeline, ids (status id × 100) + 1 and
+ 2, whose context is the thread above them. Each request is a {"event": "request"} line of kind
"context" or "status".

Every account has an avatar, GET /avatars/USER.png (a 96 px PNG the server draws: the author's
colour and initial block). With --media N every Nth status has pictures (media_attachments of
type image, their preview GET /media/NAME-WxH.png, drawn at that size, with meta.small giving
it; every fourth such status's picture comes without a size, as some servers send them), and
statuses read as Mastodon writes them: some start with a mention (<span class="h-card">), some
carry a custom emoji (:gtk:, listed in "emojis", GET /emoji/gtk.png), and so does Grace Hopper's
display name (listed in her account's "emojis"). Images are logged as
{"event": "image"} lines, never as timeline requests; --image-delay-ms (or image_delay_ms=N at
/control) makes each wait, and --hold-images (or images=hold) holds every image until
images=release, so a client shows its placeholders first and a test says when they come.

Faults are switched on at run time through GET /control?...:
  delay_ms=N                every timeline answer waits N ms (0 turns it off)
  fault=KIND[&times=N][&on=page|refresh|newer|any][&retry_after=S]
                            the next N (default 1) timeline requests of that kind (a page is a
                            request with max_id; a refresh is any other; newer is a refresh with
                            min_id, as the statuses above a restored place are asked for;
                            context is a thread's request, either of its two, which only
                            on=context reaches) get KIND:
                            500, 429 (with Retry-After: S), hang (no answer until the client
                            gives up), cut (half the body, then the connection closes), invalid
                            (a body that is not JSON), empty ([]), short (7 statuses, more
                            exist), duplicates (the page starts 5 statuses early), redirect
                            (307 to the same request under /moved)
  post=N                    N new statuses appear at the top now (streamed as they come)
  delete=ID, edit=ID        deletes or edits a status (streamed as delete or status.update)
  stream=KIND               every open stream, now: drop (the connection closes; a post=N in
                            the same request comes after it, so no stream carries it), stall
                            (nothing more is sent, the connection stays open), malformed (an
                            update whose data is not JSON), unknown (a delete and an edit of
                            ids the timeline never had)
  stream_fault=401|503[&times=N][&retry_after=S]
                            the next N (default 1) stream requests are answered so; a 503
                            with retry_after says Retry-After: S (seconds, or an HTTP date)
  image_delay_ms=N          every image waits N ms before its answer
  images=hold|release       images wait from now until released (those waiting go at once)
  clear=1                   forgets every fault and the delay
Every other path answers 404. Waits (delay, hang) watch the connection: when the client closes
it, a {"event": "closed"} line says so and the answer is never sent.
"""

import argparse
import json
import os
import struct
import zlib
import select
import queue
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit

PATH = "/api/v1/timelines/public"
STREAM_PATH = "/api/v1/streaming/public"
STATUSES_PATH = "/api/v1/statuses/"
# A reply outside the timeline has the id (its status's id × REPLY_SCALE) + 1 or + 2.
REPLY_SCALE = 100
FIRST_ID = 109_000_000
AUTHORS = [
    ("ada", "Ada Lovelace"), ("grace", "Grace Hopper"), ("alan", "Alan Turing"),
    ("edsger", "Edsger Dijkstra"), ("barbara", "Barbara Liskov"), ("ken", ""),
    ("margaret", "Margaret Hamilton"), ("dennis", "Dennis Ritchie"),
]
TOPICS = [
    "GTK 4 list views scroll a million rows", "pull to refresh with a mouse wheel",
    "Swift on Linux &amp; GLib main loops", "why a watchdog ends every request",
    "paging with max_id &lt;3", "de-duplicating rows by id", "libsoup 3 and GCancellable",
    "a touchpad has no release", "screen readers and live regions", "Retry-After, politely",
]

lock = threading.Lock()
state = {"newest": 0, "initial": 0, "warnings": 0, "media": 0, "image_delay_ms": 0, "base": "", "delay_ms": 0, "faults": [], "requests": 0, "stream_faults": [],
         "streams": 0, "heartbeat": 15.0, "token": None}
epoch = datetime.now(timezone.utc)
posted_at = {}  # the time of each status posted after the start
deleted = set()  # sequence numbers of deleted statuses
edited = set()  # sequence numbers of edited statuses
streams = []  # the open streams' queues of what to send


def log(event, **fields):
    line = json.dumps({"event": event, "t": round(time.monotonic(), 3), **fields})
    with lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def status(number):
    """The status with sequence number `number` (1 is the oldest)."""
    user, name = AUTHORS[number % len(AUTHORS)]
    topic = TOPICS[number % len(TOPICS)]
    # The statuses at start came every 3 minutes up to now; later ones when they were posted.
    created = posted_at.get(number) or epoch - timedelta(minutes=3 * max(0, state["initial"] - number))
    rich = state["media"] > 0
    if number in edited:
        content = f"<p>#{number}: edited</p>"
    else:
        first = f"#{number}: {topic}"
        if rich and number % 4 == 1:
            # A reply starts with a mention, as Mastodon marks one up.
            other = AUTHORS[(number + 1) % len(AUTHORS)][0]
            first = (f'<span class="h-card" translate="no"><a href="https://example.org/@{other}" '
                     f'class="u-url mention">@<span>{other}</span></a></span> {first}')
        if rich and number % 5 == 0:
            first += " :gtk:"
        content = (f"<p>{first}</p><p>Posted to the <a href=\"https://example.org/tags/demo\" "
                   f"class=\"mention hashtag\">#<span>demo</span></a> timeline.</p>")
    avatar = f"{state['base']}/avatars/{user}.png"
    gtk = {"shortcode": "gtk", "url": f"{state['base']}/emoji/gtk.png",
           "static_url": f"{state['base']}/emoji/gtk.png", "visible_in_picker": True}
    # One author's display name carries the emoji too, listed in the account's own "emojis".
    named = rich and user == "grace"
    return {
        "id": str(FIRST_ID + number),
        "created_at": created.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
        "content": content,
        "account": {"id": str(number % len(AUTHORS)), "username": user, "acct": f"{user}@example.org",
                    "display_name": f"{name} :gtk:" if named else name, "avatar": avatar, "avatar_static": avatar,
                    "emojis": [gtk] if named else []},
        "reblog": None,
        "spoiler_text": f"Spoilers for #{number}'s topic" if state["warnings"] and number % state["warnings"] == 0 else "",
        "media_attachments": media_of(number),
        "emojis": [gtk] if rich and number % 5 == 0 else [],
    }


# The pictures' shapes, in turn: landscape, portrait, square, wide.
SHAPES = [(640, 360), (360, 480), (400, 400), (800, 300)]


def media_of(number):
    """The pictures of status `number`: one, or two for every third such status."""
    every = state["media"]
    if not every or number % every:
        return []
    count = 2 if (number // every) % 3 == 2 else 1
    pictures = []
    for index in range(count):
        width, height = SHAPES[(number // every + index) % len(SHAPES)]
        small = (width // 2, height // 2)
        name = f"{number}-{index}"
        attachment = {
            "id": f"{FIRST_ID + number}{index}", "type": "image",
            "url": f"{state['base']}/media/{name}-{width}x{height}.png",
            "preview_url": f"{state['base']}/media/{name}-{small[0]}x{small[1]}.png",
            "description": f"A chart for #{number}, part {index + 1}",
            "meta": {"original": {"width": width, "height": height, "aspect": width / height},
                     "small": {"width": small[0], "height": small[1], "aspect": width / height}},
        }
        if (number // every) % 4 == 3:
            # Some servers send no size: the client shows a fixed box.
            attachment["meta"] = None
        pictures.append(attachment)
    return pictures


def png(width, height, pixel, alpha=False):
    """A PNG of `width` × `height` whose colour at (x, y) is `pixel(x, y)` (an RGB tuple, or RGBA
    with `alpha`)."""
    rows = b"".join(b"\x00" + bytes(channel for x in range(width) for channel in pixel(x, y)) for y in range(height))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


def colour(seed):
    """A mid-tone colour picked by `seed`."""
    hue = (seed * 47) % 360
    # Six hue sectors, saturation about 0.55, value about 0.8.
    sector, rest = divmod(hue, 60)
    high, low, mid_up, mid_down = 204, 92, 92 + (112 * rest) // 60, 204 - (112 * rest) // 60
    return [(high, mid_up, low), (mid_down, high, low), (low, high, mid_up),
            (low, mid_down, high), (mid_up, low, high), (high, low, mid_down)][sector]


images = {}  # drawn images by path
images_open = threading.Event()  # cleared while images are held
images_open.set()


def image(path):
    """The PNG at `path` (/avatars/USER.png, /media/NAME-WxH.png, /emoji/gtk.png), or None."""
    if path in images:
        return images[path]
    name = path.rsplit("/", 1)[-1].removesuffix(".png")
    body = None
    if path.startswith("/avatars/") and any(user == name for user, _ in AUTHORS):
        seed = sum(map(ord, name))
        back, fore = colour(seed), (250, 250, 250)
        # The author's colour, a light block in the middle (an initial's stand-in).
        body = png(96, 96, lambda x, y: fore if 32 <= x < 64 and 24 <= y < 72 and (x < 44 or y < 36 or y >= 60) else back)
    elif path.startswith("/media/"):
        try:
            size = name.rsplit("-", 1)[1]
            width, height = (int(part) for part in size.split("x"))
        except (IndexError, ValueError):
            return None
        if not (0 < width <= 2000 and 0 < height <= 2000):
            return None
        seed = sum(map(ord, name.rsplit("-", 1)[0]))
        top, bottom = colour(seed), colour(seed + 3)
        # A vertical blend between two colours, with a bar chart's bars.
        def pixel(x, y):
            if y > height // 3 and (x * 8 // width) % 2 and y > height - (height * (1 + (x * 8 // width) % 3)) // 4:
                return (245, 245, 245)
            return tuple((a * (height - y) + b * y) // height for a, b in zip(top, bottom))
        body = png(width, height, pixel)
    elif path == "/emoji/gtk.png":
        # A blue disc, transparent around it, as custom emoji are drawn.
        body = png(32, 32, lambda x, y: (74, 144, 217, 255) if (x - 16) ** 2 + (y - 16) ** 2 < 196 else (0, 0, 0, 0),
                   alpha=True)
    if body is not None:
        images[path] = body
    return body


def number_of(status_id):
    try:
        return int(status_id) - FIRST_ID
    except (TypeError, ValueError):
        return None


def is_reply(status_id):
    """Whether `status_id` is one of the replies outside the timeline."""
    number = number_of(status_id)
    return number is not None and number >= FIRST_ID * (REPLY_SCALE - 1)


def thread_exists(status_id, newest):
    """Whether `status_id` is a status of the timeline or one of their replies."""
    number = number_of(status_id)
    if number is None:
        return False
    if is_reply(status_id):
        parent, index = divmod(int(status_id), REPLY_SCALE)
        return index in (1, 2) and 1 <= parent - FIRST_ID <= newest and parent - FIRST_ID not in deleted
    return 1 <= number <= newest and number not in deleted


def reply(status_id):
    """The reply outside the timeline with `status_id`: (its status's id × 100) + its index."""
    parent, index = divmod(int(status_id), REPLY_SCALE)
    number = parent - FIRST_ID
    user, name = AUTHORS[(number + index + 3) % len(AUTHORS)]
    base = status(number)
    avatar = f"{state['base']}/avatars/{user}.png"
    return {**base, "id": status_id,
            "created_at": (datetime.strptime(base["created_at"], "%Y-%m-%dT%H:%M:%S.000Z")
                           + timedelta(seconds=30 * index)).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
            "content": f"<p>Reply {index} to #{number}: {TOPICS[(number + index) % len(TOPICS)]}</p>",
            "account": {"id": str(number % len(AUTHORS)), "username": user, "acct": f"{user}@example.org",
                        "display_name": name, "avatar": avatar, "avatar_static": avatar, "emojis": []},
            "spoiler_text": "", "media_attachments": [], "emojis": [], "in_reply_to_id": str(parent)}


def thread_of(status_id, newest):
    """The ancestors (oldest first) and descendants of `status_id`, as Mastodon's context has
    them: the timeline's threads of three statuses, and the two replies of each status."""
    def replies(number):
        return [reply(str((FIRST_ID + number) * REPLY_SCALE + index)) for index in (1, 2)]
    if is_reply(status_id):
        number = int(status_id) // REPLY_SCALE - FIRST_ID
        ancestors, _ = thread_of(str(FIRST_ID + number), newest)
        return ancestors + [status(number)], []
    number = number_of(status_id)
    root = (number - 1) // 3 * 3 + 1
    alive = [n for n in range(root, min(root + 3, newest + 1)) if n not in deleted]
    ancestors = [status(n) for n in alive if n < number]
    later = [n for n in alive if n > number]
    # Depth first, as Mastodon orders them: this status's replies, then the next in the chain.
    descendants = replies(number) + [entry for n in later for entry in [status(n)] + replies(n)]
    return ancestors, descendants


def add_posts(count):
    with lock:
        now = datetime.now(timezone.utc)
        first = state["newest"] + 1
        for number in range(first, first + count):
            posted_at[number] = now
        state["newest"] += count
        newest = state["newest"]
    log("posted", count=count, newest=str(FIRST_ID + newest))
    broadcast([("update", json.dumps(status(number))) for number in range(first, newest + 1)])


def broadcast(items):
    """Queues `items` (event name and data, or a command: "drop", "stall") on every open stream."""
    with lock:
        for stream in streams:
            for item in items:
                stream.put(item)


def take_fault(kind, query):
    """The first queued fault that applies to a request of `kind` ('page', 'refresh' or
    'context') asking `query`; a fault on 'newer' applies to the refreshes that ask with min_id."""
    with lock:
        for fault in state["faults"]:
            # "any" is any timeline request: a thread's requests are reached by on=context only.
            if (fault["on"] == kind or (fault["on"] == "any" and kind != "context")
                    or (fault["on"] == "newer" and kind == "refresh" and "min_id" in query)):
                fault["times"] -= 1
                if fault["times"] <= 0:
                    state["faults"].remove(fault)
                return dict(fault)
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "timeline-server/1"

    def log_message(self, format, *args):  # quiet: the JSON lines say what happened
        pass

    def send_body(self, code, body, headers=()):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def client_closed_within(self, seconds):
        """Waits `seconds` (forever when None) or until the client closes the connection."""
        # POLLRDHUP reports the peer's close itself, not data waiting to be read, so a pipelined
        # request cannot be taken for a close nor make the wait spin.
        poller = select.poll()
        poller.register(self.connection, select.POLLRDHUP | select.POLLHUP | select.POLLERR)
        deadline = None if seconds is None else time.monotonic() + seconds
        while True:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                return False
            if poller.poll(1000 if remaining is None else min(remaining, 1.0) * 1000):
                return True

    def do_GET(self):
        url = urlsplit(self.path)
        query = {key: values[-1] for key, values in parse_qs(url.query).items()}
        if url.path == "/control":
            self.control(query)
        elif url.path == STREAM_PATH:
            self.stream()
        elif url.path in (PATH, "/moved" + PATH):
            self.timeline(url.path, query)
        elif url.path.removeprefix("/moved").startswith(STATUSES_PATH):
            self.thread(url.path.removeprefix("/moved"), query)
        elif url.path.startswith(("/avatars/", "/media/", "/emoji/")):
            self.image(url.path)
        else:
            self.send_body(404, {"error": "Not found"})

    def image(self, path):
        body = image(path)
        with lock:
            delay = state["image_delay_ms"]
        log("image", path=path, status=200 if body else 404)
        if delay and self.client_closed_within(delay / 1000):
            return
        while not images_open.is_set():
            if self.client_closed_within(0.05):
                return
        if body is None:
            self.send_body(404, {"error": "Not found"})
            return
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=86400")
        self.end_headers()
        self.wfile.write(body)

    def control(self, query):
        with lock:
            if "clear" in query:
                state["faults"].clear()
                state["delay_ms"] = 0
                state["image_delay_ms"] = 0
            if "delay_ms" in query:
                state["delay_ms"] = int(query["delay_ms"])
            if "image_delay_ms" in query:
                state["image_delay_ms"] = max(0, int(query["image_delay_ms"]))
            if query.get("images") == "hold":
                images_open.clear()
            elif query.get("images") == "release" or "clear" in query:
                images_open.set()
            if "fault" in query:
                state["faults"].append({
                    "kind": query["fault"], "times": int(query.get("times", 1)), "on": query.get("on", "any"),
                    "retry_after": query.get("retry_after", "5"),
                })
        kind = query.get("stream")
        if kind in ("drop", "stall"):
            # Taken off the list at once, so that a post in this same request reaches no stream.
            with lock:
                dropped = list(streams)
                streams.clear()
            for stream in dropped:
                stream.put((kind, None))
        elif kind == "malformed":
            broadcast([("update", '{"id": "1", "content": <p>oops')])
        elif kind == "unknown":
            broadcast([("delete", "1"), ("status.update", json.dumps({**status(1), "id": "108999999"}))])
        if "stream_fault" in query:
            with lock:
                state["stream_faults"].append({"kind": query["stream_fault"], "times": int(query.get("times", 1)),
                                               "retry_after": query.get("retry_after")})
        if "delete" in query and number_of(query["delete"]) is not None:
            with lock:
                deleted.add(number_of(query["delete"]))
            broadcast([("delete", query["delete"])])
        if "edit" in query and number_of(query["edit"]) is not None:
            with lock:
                edited.add(number_of(query["edit"]))
            broadcast([("status.update", json.dumps(status(number_of(query["edit"]))))])
        if "post" in query:
            add_posts(int(query["post"]))
        with lock:
            answer = {"newest": str(FIRST_ID + state["newest"]), "delay_ms": state["delay_ms"],
                      "faults": state["faults"]}
        log("control", query=query)
        self.send_body(200, answer)

    def stream(self):
        """The stream: events as they come, a heartbeat when none came for a while, until the
        client closes it or a fault ends it."""
        with lock:
            state["streams"] += 1
            number = state["streams"]
            fault = None
            if state["stream_faults"]:
                fault = state["stream_faults"][0]
                fault["times"] -= 1
                if fault["times"] <= 0:
                    state["stream_faults"].pop(0)
        token = state["token"]
        authorized = self.headers.get("Authorization") == f"Bearer {token}" if token else None
        log("stream", id=number, fault=fault and fault["kind"], authorized=authorized)
        if authorized is False and not fault:
            fault = {"kind": "401"}
        if fault:
            code = int(fault["kind"])
            retry_after = fault.get("retry_after")
            self.send_body(code, {"error": "This method requires an authenticated user" if code == 401
                                  else "Service unavailable"},
                           [("Retry-After", retry_after)] if code == 503 and retry_after else [])
            log("answered", id=number, status=code, stream=True)
            return
        events = queue.Queue()
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()
        with lock:
            streams.append(events)
        poller = select.poll()
        poller.register(self.connection, select.POLLRDHUP | select.POLLHUP | select.POLLERR)
        quiet_since = time.monotonic()
        ending = "closed"
        try:
            while True:
                if poller.poll(0):
                    break
                try:
                    item = events.get(timeout=0.05)
                except queue.Empty:
                    if time.monotonic() - quiet_since >= state["heartbeat"]:
                        self.chunk(":thump\n")
                        quiet_since = time.monotonic()
                    continue
                name, data = item
                if name == "drop":
                    ending = "dropped"
                    self.connection.shutdown(socket.SHUT_RDWR)
                    break
                if name == "stall":
                    log("stalled", id=number)
                    self.client_closed_within(None)
                    break
                # A burst goes out as it was queued: every event waiting, in one write.
                batch = [(name, data)]
                while len(batch) < 2000:
                    try:
                        batch.append(events.get_nowait())
                    except queue.Empty:
                        break
                commands = [entry for entry in batch if entry[0] in ("drop", "stall")]
                batch = [entry for entry in batch if entry[0] not in ("drop", "stall")]
                self.chunk("".join(f"event: {n}\ndata: {d}\n\n" for n, d in batch))
                quiet_since = time.monotonic()
                log("streamed", id=number, count=len(batch), events=[n for n, _ in batch][:5])
                for command in commands:
                    events.put(command)
        except (BrokenPipeError, ConnectionResetError, OSError):
            pass
        finally:
            with lock:
                if events in streams:
                    streams.remove(events)
            self.close_connection = True
            log("stream-closed", id=number, ending=ending)

    def chunk(self, text):
        data = text.encode()
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

    def timeline(self, path, query):
        with lock:
            state["requests"] += 1
            request = state["requests"]
            newest = state["newest"]
            delay = state["delay_ms"] / 1000
        kind = "page" if "max_id" in query else "refresh"
        log("request", id=request, path=path, kind=kind, query=query)
        fault = take_fault(kind, query)
        name = fault["kind"] if fault else None
        if self.answered_by_fault(request, kind, PATH, query, fault, delay):
            return

        limit = max(1, min(40, int(query.get("limit", 20))))
        numbers = [number for number in self.select(query, newest, limit) if number not in deleted]
        if name == "empty":
            numbers = []
        elif name == "short":
            numbers = numbers[:7]
        elif name == "duplicates" and numbers:
            first = min(newest, numbers[0] + 5)
            numbers = list(range(first, max(0, first - limit), -1))
        body = json.dumps([status(number) for number in numbers]).encode()
        links = []
        if numbers:
            base = path
            if numbers[-1] > 1:
                links.append(f'<{base}?{urlencode({"limit": limit, "max_id": FIRST_ID + numbers[-1]})}>; rel="next"')
            links.append(f'<{base}?{urlencode({"limit": limit, "min_id": FIRST_ID + numbers[0]})}>; rel="prev"')
        headers = [("Link", ", ".join(links))] if links else []
        if name == "cut":
            self.send_cut(body)
            log("answered", id=request, status=200, fault=name, count=len(numbers), cut=True)
            return
        self.send_body(200, body, headers)
        log("answered", id=request, status=200, fault=name, count=len(numbers),
            ids=[str(FIRST_ID + number) for number in numbers], next="next" in headers[0][1] if headers else False)

    def answered_by_fault(self, request, kind, path, query, fault, delay):
        """Answers as `fault` (or the delay) says, before any status is looked at; whether it
        did (the request is over then). `cut` and the faults on what is in the answer are the
        caller's."""
        name = fault["kind"] if fault else None
        if name == "redirect":
            self.send_response(307)
            self.send_header("Location", "/moved" + path + ("?" + urlencode(query) if query else ""))
            self.send_header("Content-Length", "0")
            self.end_headers()
            log("answered", id=request, status=307, fault=name)
            return True
        if delay and self.client_closed_within(delay):
            log("closed", id=request, kind=kind, during="delay")
            self.close_connection = True
            return True
        if name == "hang":
            log("hanging", id=request, kind=kind)
            self.client_closed_within(None)
            log("closed", id=request, kind=kind, during="hang")
            self.close_connection = True
            return True
        if name in ("500", "429"):
            code = int(name)
            headers = [("Retry-After", fault["retry_after"])] if code == 429 else []
            self.send_body(code, {"error": "Too many requests" if code == 429 else "Internal server error"}, headers)
            log("answered", id=request, status=code, fault=name)
            return True
        if name == "invalid":
            self.send_body(200, b'[{"id": "1" "content": <p>oops</p>}')
            log("answered", id=request, status=200, fault=name)
            return True
        return False

    def send_cut(self, body):
        """Half of `body`, then the connection closes."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body[: len(body) // 2])
        self.wfile.flush()
        self.connection.shutdown(socket.SHUT_RDWR)
        self.close_connection = True

    def thread(self, path, query):
        """GET /api/v1/statuses/ID (kind "status") and /api/v1/statuses/ID/context (kind
        "context"), with the faults queued on=context (an empty one answers no ancestors and no
        descendants)."""
        with lock:
            state["requests"] += 1
            request = state["requests"]
            newest = state["newest"]
            delay = state["delay_ms"] / 1000
        rest = path[len(STATUSES_PATH):]
        status_id, _, tail = rest.partition("/")
        kind = "context" if tail == "context" else "status"
        log("request", id=request, path=path, kind=kind, query=query, status=status_id)
        fault = take_fault("context", query)
        name = fault["kind"] if fault else None
        if tail not in ("", "context") or not thread_exists(status_id, newest):
            self.send_body(404, {"error": "Record not found"})
            log("answered", id=request, status=404)
            return
        if self.answered_by_fault(request, kind, path, query, fault, delay):
            return
        if kind == "status":
            answer = reply(status_id) if is_reply(status_id) else status(number_of(status_id))
            ids = [status_id]
        else:
            ancestors, descendants = ([], []) if name == "empty" else thread_of(status_id, newest)
            answer = {"ancestors": ancestors, "descendants": descendants}
            ids = [entry["id"] for entry in ancestors + descendants]
        body = json.dumps(answer).encode()
        if name == "cut":
            self.send_cut(body)
            log("answered", id=request, status=200, fault=name, kind=kind, cut=True)
            return
        self.send_body(200, body)
        log("answered", id=request, status=200, fault=name, kind=kind, ids=ids)

    @staticmethod
    def select(query, newest, limit):
        """Sequence numbers of the statuses a query asks for, newest first."""
        top, bottom = newest, 1
        if "max_id" in query and number_of(query["max_id"]) is not None:
            top = min(top, number_of(query["max_id"]) - 1)
        if "since_id" in query and number_of(query["since_id"]) is not None:
            bottom = max(bottom, number_of(query["since_id"]) + 1)
        if "min_id" in query and number_of(query["min_id"]) is not None:
            # The statuses just newer than min_id, still newest first.
            bottom = max(bottom, number_of(query["min_id"]) + 1)
            top = min(top, bottom + limit - 1)
        return list(range(top, max(bottom, top - limit + 1) - 1, -1)) if top >= bottom else []


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that drops a kept-alive connection (or one it gave up on) resets it: that is
        # the client's right, and worth a line, not a traceback.
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionResetError, BrokenPipeError)):
            log("reset", error=type(error).__name__)
        else:
            super().handle_error(request, client_address)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: a free one)")
    parser.add_argument("--posts", type=int, default=500, help="statuses at start")
    parser.add_argument("--lively", type=float, default=0, help="a new status every this many seconds")
    parser.add_argument("--port-file", help="also write the port to this file once listening")
    parser.add_argument("--heartbeat", type=float, default=15, help="seconds between heartbeats on a quiet stream")
    parser.add_argument("--https", action="store_true", help="serve TLS with a self-signed certificate")
    parser.add_argument("--warnings", type=int, default=0, help="every Nth status has a content warning (0: none)")
    parser.add_argument("--token", help="the stream answers 401 unless signed in with this access token")
    parser.add_argument("--media", type=int, default=0,
                        help="every Nth status has pictures, and statuses carry mentions and custom emoji (0: none)")
    parser.add_argument("--image-delay-ms", type=int, default=0, help="every image waits this long before its answer")
    parser.add_argument("--hold-images", action="store_true", help="images wait until /control?images=release")
    arguments = parser.parse_args()
    state["token"] = arguments.token
    state["newest"] = state["initial"] = arguments.posts
    state["warnings"] = max(0, arguments.warnings)
    state["heartbeat"] = arguments.heartbeat
    state["media"] = max(0, arguments.media)
    state["image_delay_ms"] = max(0, arguments.image_delay_ms)
    if arguments.hold_images:
        images_open.clear()
    server = Server(("127.0.0.1", arguments.port), Handler)
    if arguments.https:
        directory = tempfile.mkdtemp(prefix="timeline-server-")
        key, certificate = os.path.join(directory, "key.pem"), os.path.join(directory, "cert.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                        "/CN=127.0.0.1", "-keyout", key, "-out", certificate], check=True, capture_output=True)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certificate, key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    port = server.server_address[1]
    state["base"] = f"{'https' if arguments.https else 'http'}://127.0.0.1:{port}"
    if arguments.port_file:
        with open(arguments.port_file + ".part", "w") as file:
            file.write(f"{port}\n")
        os.replace(arguments.port_file + ".part", arguments.port_file)
    log("listening", port=port)
    stopping = threading.Event()
    if arguments.lively > 0:
        def arrive():
            # The timeline's own pace: a post every `lively` seconds until the server stops.
            while not stopping.wait(arguments.lively):
                add_posts(1 + int(time.monotonic()) % 2)
        threading.Thread(target=arrive, daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stopping.set()


if __name__ == "__main__":
    main()
