#!/usr/bin/python3
"""What Orca 43 says while a keyboard and mouse user works the demo's list: F5, a wheel pull,
a failing refresh, paging to the end of the feed. Runs inside a private X display and session
bus (orca-test.sh sets them up); speech goes nowhere and Orca's debug log records every
utterance as a "SPEECH OUTPUT: '...'" line. Each step waits for the app's --trace to show the
list at rest, and for the log to hold what it must (both with a generous deadline); at the end
every expected utterance must have been spoken, each once per step that caused it.

Usage: orca_scenario.py REFRESH_DEMO"""
import json, os, re, signal, subprocess, sys, tempfile, threading, time

DEADLINE = 60  # seconds for anything to happen


class App:
    """refresh-demo with --trace, its lines read as they come."""

    def __init__(self, binary, *arguments):
        env = dict(os.environ, GTK_A11Y="atspi", XDG_STATE_HOME=tempfile.mkdtemp())
        self.process = subprocess.Popen([binary, "--trace", *arguments], stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=env, text=True)
        self.lines = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            try:
                self.lines.append(json.loads(line))
            except ValueError:
                pass

    def events(self):
        return [line for line in list(self.lines) if "event" in line]

    def at_rest(self):
        events = self.events()
        if not events:
            return False
        last = events[-1]
        return (last["header"] == "idle" and "inFlight" not in last and last["footer"] != "loading"
                and last.get("wakeUpMonotonicMs") is None)

    def quiet_for(self, milliseconds):
        """Whether `milliseconds` of the app's own clock passed since its last trace line (its
        `ms` counts from the launch milestone, whose CLOCK_MONOTONIC time it carries)."""
        lines = list(self.lines)
        launch = next((line for line in lines if line.get("milestone") == "launch"), None)
        if launch is None or not lines:
            return False
        now_ms = launch["ms"] + (time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000 - launch["monotonicUs"]) // 1000
        return now_ms - lines[-1]["ms"] >= milliseconds

    def stop(self):
        self.process.terminate()
        self.process.wait()


def wait(what, condition):
    deadline = time.monotonic() + DEADLINE
    while not condition():
        if time.monotonic() > deadline:
            sys.exit(f"never happened within {DEADLINE} s: {what}")
        time.sleep(0.02)


def xdotool(*arguments):
    return subprocess.run(["xdotool", *arguments], check=True, capture_output=True, text=True).stdout


class Orca:
    def __init__(self):
        self.bus = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
        self.log = tempfile.mktemp(suffix=".orca.log")
        prefs = tempfile.mkdtemp()
        env = dict(os.environ, SPEECHD_CMD="/bin/false")
        self.process = subprocess.Popen(["orca", "-u", prefs, "--debug-file", self.log], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def text(self):
        try:
            with open(self.log, encoding="utf-8", errors="replace") as log:
                return log.read()
        except FileNotFoundError:
            return ""

    def spoken(self):
        return re.findall(r"SPEECH OUTPUT: '(.*?)'", self.text())

    def stop(self):
        # TERM, not KILL: the debug log is block-buffered and flushed on the way out.
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=DEADLINE)
        self.bus.terminate()


def step(orca, name, expected, action, app):
    """Runs `action`, waits until the app is at rest and Orca said each of `expected`."""
    before = len(orca.spoken())
    action()
    wait(f"{name}: the list at rest", app.at_rest)
    wait(f"{name}: Orca saying {expected} (said {orca.spoken()[before:]})",
         lambda: all(any(text.startswith(e) for text in orca.spoken()[before:]) for e in expected))
    said = orca.spoken()[before:]
    print(f"{name}: {said}")
    for phrase in expected:
        count = sum(1 for text in said if text.startswith(phrase))
        if count != 1:
            sys.exit(f"{name}: '{phrase}' said {count} times: {said}")


def main():
    binary = sys.argv[1]
    orca = Orca()
    app = App(binary, "--latency-ms", "300", "--total", "50", "--page-size", "20")
    try:
        wait("the first load", lambda: app.at_rest() and app.events()[-1]["items"] >= 20)
        window = xdotool("search", "--sync", "--onlyvisible", "--name", "Refresh List").split()[-1]
        wait("Orca following the app", lambda: "mapped refresh-demo" in orca.text())
        # A click on a row: the keyboard focus is in the list, where a screen reader user is.
        before = len(orca.spoken())
        xdotool("mousemove", "--window", window, "200", "200", "click", "1")
        wait("Orca reading the focused row", lambda: any(t.startswith("#") for t in orca.spoken()[before:]))
        step(orca, "F5", ["Refreshing", "Refreshed"], lambda: xdotool("key", "F5"), app)
        # Pull with the wheel once the list rested at the top for the wheel's idle interval
        # (250 ms, and a frame's margin), measured on the app's own clock.
        wait("the list at rest at the top", lambda: app.at_rest() and app.quiet_for(270))
        step(orca, "wheel pull", ["Release to refresh", "Refreshing", "Refreshed"],
             lambda: xdotool("click", "--repeat", "4", "--delay", "60", "4"), app)
        # Down to the end of the feed: each page said as it loads, then the end.
        for _ in range(10):
            if app.events()[-1]["footer"] == "exhausted":
                break
            xdotool("click", "--repeat", "10", "--delay", "20", "5")
            wait("the page loaded", app.at_rest)
        wait("the end of the feed", lambda: app.events()[-1]["footer"] == "exhausted")
        wait("Orca saying the end", lambda: any(t.startswith("No more items") for t in orca.spoken()))
        said = orca.spoken()
        print("paging:", [t for t in said if t.startswith(("Loading more", "No more items"))])
        if not any(t.startswith("Loading more") for t in said):
            sys.exit("no page load was said")
    finally:
        app.stop()
    # A refresh that fails, in a second run of the app.
    app = App(binary, "--latency-ms", "300", "--fail-rate", "1")
    try:
        wait("the failed first load", lambda: app.at_rest())
        window = xdotool("search", "--sync", "--onlyvisible", "--name", "Refresh List").split()[-1]
        # No rows to click: the keyboard focus is where the app put it, on the (empty) list.
        xdotool("windowfocus", "--sync", window)
        step(orca, "failing refresh", ["Refreshing", "Refresh failed"], lambda: xdotool("key", "F5"), app)
    finally:
        app.stop()
        orca.stop()
    print("Orca said every state once")


main()
