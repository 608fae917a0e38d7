#!/usr/bin/python3
"""Real input for a headless mutter, through its org.gnome.Mutter.RemoteDesktop D-Bus API.

mutter ends a remote-desktop session when the D-Bus client that created it goes away, so this
one process creates the session and sends everything. It reads one command per line on stdin
and answers each with one line on stdout ("ok ..." or "error ..."), so a test can wait for its
input to have been delivered:

    home                      pointer to the top-left corner (a large relative move clamps there)
    motion DX DY              relative pointer motion, px
    wheel STEPS               discrete wheel notches, vertical; negative is up
    axis DX DY FLAGS          smooth scroll, px; FLAGS bit 0 finish, 1 wheel, 2 finger, 3 continuous
    button CODE 1|0           press or release an evdev button (272 = left)
    key KEYSYM 1|0            press or release an X keysym (0xffc2 = F5, 0xffe3 = Control_L)
    touch-down SLOT X Y       a finger down at (X, Y) on the monitor, px (needs --touchscreen)
    touch-motion SLOT X Y     that finger moved to (X, Y) on the monitor, px
    touch-up SLOT             that finger lifted
    sleep MS                  pause: the pace between a gesture's steps (the caller's InputPace),
                              never a wait for the app

With --touchscreen it also opens a screen cast of the monitor, linked to the session: mutter 43
places touch points only in a stream's coordinates (NotifyTouchDown and NotifyTouchMotion take a
stream), and a screen cast session starts only with a PipeWire daemon to stream to.
"""
import sys
import time

from gi.repository import Gio, GLib

from line_protocol import serve

BUS_NAME = "org.gnome.Mutter.RemoteDesktop"
SCREEN_CAST = "org.gnome.Mutter.ScreenCast"
SHIFT_L = 0xFFE1
SESSION_POLL_S = 0.1  # how often open_session asks again while mutter's API is not up yet
# After the first key, mutter adds a virtual keyboard and the focused client loads its keymap; a
# key sent meanwhile is lost. Neither mutter's D-Bus API nor the demo's trace (which records no
# keys) says when that is done, so this pause is a settle time, not pacing: it stands for a
# condition nothing exposes. The tests then wait for the key's effect, with their deadline.
KEYBOARD_SETTLE_S = 0.2
keyboard_ready = False


def call(proxy, method, signature=None, *args):
    parameters = GLib.Variant(signature, args) if signature else None
    return proxy.call_sync(method, parameters, Gio.DBusCallFlags.NONE, 5000, None)


def open_session(bus, touchscreen, timeout_s=20.0):
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            remote = Gio.DBusProxy.new_sync(
                bus, Gio.DBusProxyFlags.DO_NOT_AUTO_START, None, BUS_NAME,
                "/org/gnome/Mutter/RemoteDesktop", BUS_NAME, None)
            path = call(remote, "CreateSession").unpack()[0]
            break
        except GLib.Error:
            if time.monotonic() > deadline:
                raise
            time.sleep(SESSION_POLL_S)
    session = Gio.DBusProxy.new_sync(
        bus, Gio.DBusProxyFlags.NONE, None, BUS_NAME, path, BUS_NAME + ".Session", None)
    stream = open_stream(bus, session) if touchscreen else None
    call(session, "Start")
    return session, stream


def open_stream(bus, session):
    """A screen cast of the primary monitor in the remote-desktop session `session`: the
    coordinates touch points are given in. Must be opened before the session starts."""
    session_id = session.get_cached_property("SessionId").unpack()
    screen_cast = Gio.DBusProxy.new_sync(
        bus, Gio.DBusProxyFlags.DO_NOT_AUTO_START, None, SCREEN_CAST, "/org/gnome/Mutter/ScreenCast",
        SCREEN_CAST, None)
    options = {"remote-desktop-session-id": GLib.Variant("s", session_id)}
    path = call(screen_cast, "CreateSession", "(a{sv})", options).unpack()[0]
    cast = Gio.DBusProxy.new_sync(
        bus, Gio.DBusProxyFlags.NONE, None, SCREEN_CAST, path, SCREEN_CAST + ".Session", None)
    return call(cast, "RecordMonitor", "(sa{sv})", "", {}).unpack()[0]


def run(session, stream, words):
    command, args = words[0], words[1:]
    if command == "home":
        call(session, "NotifyPointerMotionRelative", "(dd)", -20000.0, -20000.0)
    elif command == "motion":
        call(session, "NotifyPointerMotionRelative", "(dd)", float(args[0]), float(args[1]))
    elif command == "wheel":
        call(session, "NotifyPointerAxisDiscrete", "(ui)", 0, int(args[0]))
    elif command == "axis":
        call(session, "NotifyPointerAxis", "(ddu)", float(args[0]), float(args[1]), int(args[2], 0))
    elif command == "button":
        call(session, "NotifyPointerButton", "(ib)", int(args[0], 0), args[1] == "1")
    elif command == "key":
        global keyboard_ready
        if not keyboard_ready:
            # mutter creates its virtual keyboard on the first key, and the client misses that
            # key while it receives the new keymap: press a lone Shift first.
            call(session, "NotifyKeyboardKeysym", "(ub)", SHIFT_L, True)
            call(session, "NotifyKeyboardKeysym", "(ub)", SHIFT_L, False)
            time.sleep(KEYBOARD_SETTLE_S)
            keyboard_ready = True
        call(session, "NotifyKeyboardKeysym", "(ub)", int(args[0], 0), args[1] == "1")
    elif command in ("touch-down", "touch-motion"):
        if stream is None:
            raise ValueError("touch needs --touchscreen")
        method = "NotifyTouchDown" if command == "touch-down" else "NotifyTouchMotion"
        call(session, method, "(sudd)", stream, int(args[0]), float(args[1]), float(args[2]))
    elif command == "touch-up":
        call(session, "NotifyTouchUp", "(u)", int(args[0]))
    elif command == "sleep":
        time.sleep(float(args[0]) / 1000)
    else:
        raise ValueError("unknown command " + command)


def main():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    session, stream = open_session(bus, touchscreen="--touchscreen" in sys.argv[1:])
    serve(lambda words: run(session, stream, words), (GLib.Error, ValueError, IndexError))
    call(session, "Stop")


if __name__ == "__main__":
    main()
