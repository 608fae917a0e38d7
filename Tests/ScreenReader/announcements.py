#!/usr/bin/python3
"""What the list says through gtk_accessible_announce (GTK 4.14 and later: Debian 13's 4.18),
heard as an AT-SPI client hears it: a listener for "object:announcement" events, the ones a
screen reader (Orca 46 and later) speaks. Runs inside a private X display and session bus
(Tests/Debian13/run.sh sets them up); GTK 4.8 has no announcements (the list describes the
focused widget instead, which Tests/ScreenReader/orca-test.sh checks with Orca 43).

Two runs of the demo: the first load, F5 (polite: "Refreshing…", then "Refreshed, …"), then
End to the next page ("Loading more…"); with every load failing (--fail-rate 1), the first
load and F5 (assertive: "Refresh failed…"). Each announcement must come from refresh-demo, in order, with its politeness.

Usage: announcements.py REFRESH_DEMO"""
import os, subprocess, sys, tempfile, time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib

DEADLINE = 90  # seconds for anything to happen, on a cold and loaded machine
POLITE, ASSERTIVE = 1, 2  # AtspiLive: GTK's MEDIUM priority is polite, HIGH assertive


def fail(message):
    sys.exit(f"FAILED: {message}")


def wait(what, condition):
    """Runs the main loop (AT-SPI events arrive through it) until `condition()` is true; fails
    naming `what` (a function giving a string) after DEADLINE seconds."""
    end = time.monotonic() + DEADLINE
    context = GLib.MainContext.default()
    # The loop sleeps until an event comes; this wakes it now and then to see the deadline.
    waking = GLib.timeout_add(100, lambda: True)
    try:
        while not condition():
            if time.monotonic() > end:
                fail(f"never happened within {DEADLINE} s: {what()}")
            context.iteration(True)
    finally:
        GLib.source_remove(waking)


def xdotool(*arguments):
    return subprocess.run(["xdotool", *arguments], check=True, capture_output=True, text=True).stdout


class Announcements:
    """Every object:announcement on the bus, as (application, text, politeness)."""

    def __init__(self):
        self.heard = []
        self.listener = Atspi.EventListener.new(self._heard)
        self.listener.register("object:announcement")

    def _heard(self, event):
        application = event.source.get_application() if event.source is not None else None
        self.heard.append((application.get_name() if application else None, event.any_data, event.detail1))

    def texts(self, since=0):
        return [text for _, text, _ in self.heard[since:]]


def run_demo(binary, announcements, arguments, scenario):
    env = dict(os.environ, GTK_A11Y="atspi", XDG_STATE_HOME=tempfile.mkdtemp())
    process = subprocess.Popen([binary, *arguments], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=env)
    try:
        window = []

        def shown():
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Refresh List"],
                                   capture_output=True, text=True).stdout.split()
            window[:] = found[-1:]
            return bool(found)
        wait(lambda: "the demo's window on the display", shown)
        scenario(window[0])
    finally:
        process.terminate()
        process.wait()


def expect(announcements, since, phrase, politeness):
    """Waits for an announcement that starts with `phrase`, said after the `since`th one, and
    checks it came from refresh-demo with `politeness`; returns its index."""
    def matching():
        return [entry for entry in announcements.heard[since:] if entry[1] and entry[1].startswith(phrase)]
    wait(lambda: f"an announcement starting '{phrase}' (heard since: {announcements.texts(since)})", matching)
    found = matching()
    application, text, level = found[0]
    if application != "refresh-demo":
        fail(f"'{text}' came from '{application}', not refresh-demo")
    if level != politeness:
        fail(f"'{text}' was {'assertive' if level == ASSERTIVE else 'polite'}, not "
             f"{'assertive' if politeness == ASSERTIVE else 'polite'}")
    print(f"announced ({'assertive' if level == ASSERTIVE else 'polite'}): '{text}'")
    return announcements.heard.index(found[0])


def main():
    binary = sys.argv[1]
    bus = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
    try:
        Atspi.init()
        announcements = Announcements()

        def working(window):
            # The first load said its outcome (an F5 during it would be ignored); the keyboard
            # to the window (there is no window manager), the focus on a row.
            loaded = expect(announcements, 0, "Refreshed", POLITE)
            xdotool("windowfocus", "--sync", window)
            xdotool("mousemove", "--window", window, "200", "200", "click", "1")
            xdotool("key", "F5")
            started = expect(announcements, loaded + 1, "Refreshing…", POLITE)
            refreshed = expect(announcements, started + 1, "Refreshed", POLITE)
            xdotool("key", "End")
            expect(announcements, refreshed + 1, "Loading more…", POLITE)

        def failing(window):
            failed = expect(announcements, len(announcements.heard), "Refresh failed", ASSERTIVE)
            xdotool("windowfocus", "--sync", window)
            xdotool("mousemove", "--window", window, "200", "200", "click", "1")
            xdotool("key", "F5")
            started = expect(announcements, failed + 1, "Refreshing…", POLITE)
            expect(announcements, started + 1, "Refresh failed", ASSERTIVE)

        run_demo(binary, announcements, ["--latency-ms", "300"], working)
        run_demo(binary, announcements, ["--latency-ms", "300", "--fail-rate", "1"], failing)
    finally:
        bus.terminate()
    print("gtk_accessible_announce: every announcement heard on the AT-SPI bus, in order, with its politeness")


main()
