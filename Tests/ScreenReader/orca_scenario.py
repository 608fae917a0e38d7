#!/usr/bin/python3
"""What Orca 43 says while a keyboard and mouse user works the demo's list, and what an AT-SPI
client reads in the live accessible tree. Runs inside a private X display and session bus
(orca-test.sh sets them up); speech goes nowhere and Orca's debug log records every utterance
as a "SPEECH OUTPUT: '...'" line.

One run of the demo, the keyboard focus on a row throughout: F5; a wheel pull; scrolled down,
F5 until a refresh brings new posts above the rows in view (heard once, with where they went:
"Refreshed, 2 new posts above"), the focus moved by a click to a row in view first; Tab from
the row to the "N new" pill (Orca says its name: "2 new posts above") and Shift+Tab back; the failure
rate set to 1 (through AT-SPI, as the controls pane's spin button's value) and F5 again (the
header bar's Refresh button disabled while it runs, enabled after); the page below failing; Tab to Retry; the failure rate back to 0 and Enter; paging to the end of the
feed. Each step waits, with a generous deadline, for the app's --trace to show the list at
rest and for Orca to have said what it must; then each thing to say must have been said
exactly once, and the focused row must not have been read again (the focus stayed on it).
Then the place kept across a restart: a second pair of runs, left in mid-list and started again
with the focus on the saved row, read on from there.

Usage: orca_scenario.py REFRESH_DEMO"""
import json, os, re, signal, subprocess, sys, tempfile, threading, time

import atspi_client
from atspi_client import DEADLINE, fail, wait

FEED_FAILURE = "The server did not answer (simulated)"


def said_times(utterances, phrase):
    """How many of `utterances` say `phrase`: Orca may follow it with the role of the widget
    it read ("No more items statusbar."), which is still one saying of it."""
    return sum(1 for text in utterances if text.startswith(phrase))


def xdotool(*arguments):
    return subprocess.run(["xdotool", *arguments], check=True, capture_output=True, text=True).stdout


class App:
    """refresh-demo with --trace and GTK's AT-SPI backend, its trace lines read as they come."""

    def __init__(self, binary, *arguments, state=None):
        env = dict(os.environ, GTK_A11Y="atspi", XDG_STATE_HOME=state or tempfile.mkdtemp())
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

    def effects(self, name):
        return [line for line in list(self.lines) if line.get("effect") == name]

    def last(self):
        events = self.events()
        return events[-1] if events else {}

    def at_rest(self):
        """Nothing running and nothing due: nothing more happens without new input."""
        last = self.last()
        return (last.get("header") == "idle" and "inFlight" not in last and last.get("footer") != "loading"
                and last.get("wakeUpMonotonicMs") is None)

    def quiet_for(self, milliseconds):
        """Whether the app's clock (the trace's `ms`, CLOCK_MONOTONIC from its launch line)
        moved `milliseconds` past its last line: the rest a wheel needs before it may pull."""
        launch = next((line for line in list(self.lines) if line.get("milestone") == "launch"), None)
        if launch is None or not self.lines:
            return False
        now = launch["ms"] + (time.monotonic_ns() // 1000 - launch["monotonicUs"]) // 1000
        return now - self.lines[-1]["ms"] >= milliseconds

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=DEADLINE)


class Orca:
    """The at-spi bus and Orca, its debug log made line-buffered (a customization Orca loads
    from its preferences directory), so what it said is in the log as soon as it says it."""

    def __init__(self):
        self.bus = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
        self.log = os.path.join(tempfile.mkdtemp(), "orca.log")
        prefs = tempfile.mkdtemp()
        with open(os.path.join(prefs, "orca-customizations.py"), "w") as customizations:
            customizations.write("import orca.debug\norca.debug.debugFile.reconfigure(line_buffering=True)\n")
        env = dict(os.environ, SPEECHD_CMD="/bin/false")
        self.process = subprocess.Popen(["orca", "-u", prefs, "--debug-file", self.log], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait("Orca starting (its log saying 'Starting registry')", lambda: "ORCA: Starting registry" in self.text())

    def text(self):
        try:
            with open(self.log, encoding="utf-8", errors="replace") as log:
                return log.read()
        except FileNotFoundError:
            return ""

    def spoken(self):
        # The words run to the line's last quote (they may hold one: "Couldn't"), before the
        # voice settings Orca appends.
        return re.findall(r"SPEECH OUTPUT: '(.*)'(?: ?\{.*\})?$", self.text(), re.MULTILINE)

    def stop(self):
        # TERM, not KILL: Orca shuts down cleanly. Should it hang, the log is complete anyway.
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            print("Orca did not stop within 10 s of TERM; killed")
            self.process.kill()
            self.process.wait()
        self.bus.terminate()
        self.bus.wait()


class Scenario:
    def __init__(self, binary):
        self.orca = Orca()
        self.app = App(binary, "--latency-ms", "300", "--total", "50", "--page-size", "20")
        self.tree = None
        self.report = []

    def step(self, name, action, expected, done=None, allowed=()):
        """Runs `action`, waits until `done()` (by default: the list at rest) and until Orca said
        each of `expected`; each must be said exactly once, and nothing else but `allowed` (the
        key pressed, echoed; a row read again would mean the focus moved)."""
        before = len(self.orca.spoken())
        action()
        wait(f"{name}: the list at rest (last event: {self.app.last()})", done or self.app.at_rest)
        said = lambda: self.orca.spoken()[before:]
        wait(lambda: f"{name}: Orca saying {expected} (it said {said()})",
             lambda: all(any(text.startswith(e) for text in said()) for e in expected))
        print(f"{name}: Orca said {said()}")
        self.report.append((name, said()))
        for phrase in expected:
            count = said_times(said(), phrase)
            if count != 1:
                fail(f"{name}: '{phrase}' said {count} times: {said()}")
        # Key echoes come lower case ("return "), the rest as written.
        others = [text for text in said() if not text.startswith(tuple(expected))
                  and not text.lower().startswith(tuple(a.lower() for a in allowed))]
        if others:
            fail(f"{name}: Orca also said {others} (was the focus moved?)")
        return said()

    def wheel_pull(self):
        """Wheel notches up, one at a time, once the list rested for the wheel's idle interval,
        until the pull arms; its idle interval then lets go."""
        wait("the list at rest at the top for the wheel's idle interval",
             lambda: self.app.at_rest() and self.app.quiet_for(250 + 20))
        for _ in range(20):
            pulls = len([e for e in self.app.events() if e["event"] == "pull"])
            xdotool("click", "4")
            wait("the notch reaching the app", lambda: len([e for e in self.app.events() if e["event"] == "pull"]) > pulls)
            if any(e["event"] == "pull" and e["header"] == "armed" for e in self.app.events()[-1:]):
                return
        fail(f"twenty notches never armed the pull: {self.app.events()[-5:]}")

    def offset(self):
        """The list's scroll offset (px) as last traced."""
        geometry = [e for e in self.app.events() if e["event"] == "geometry"]
        return geometry[-1]["offset"] if geometry else 0

    def mid_list_refresh(self, window):
        """Scrolled down, F5 until a refresh brings new posts (the simulated feed brings 0 to 3
        a time) and they go in above the rows in view: Orca must say the refresh and where its
        posts went in one utterance ("Refreshed, 2 new posts above"), and the arrival not again.
        Returns the row that has the keyboard focus and the pill's count."""
        app, orca = self.app, self.orca
        wait("the list at rest before scrolling down", app.at_rest)
        xdotool("click", "--repeat", "3", "--delay", "60", "5")
        wait(lambda: f"the list scrolled down and at rest (offset {self.offset()}, last event: {app.last()})",
             lambda: app.at_rest() and self.offset() > 100)
        # The keyboard focus on a row in view (Orca reads it as the focus lands there).
        before = len(orca.spoken())
        xdotool("mousemove", "--window", window, "200", "300", "click", "1")
        wait(lambda: f"Orca reading the row clicked in mid-list (it said {orca.spoken()[before:]})",
             lambda: any(t.startswith("#") for t in orca.spoken()[before:]))
        row = self.tree.focused_row_text()
        print(f"scrolled down {self.offset()} px, the focus on the row '{row}'")
        for attempt in range(1, 11):
            events = len(app.events())
            said = self.step(f"F5 in mid-list ({attempt})", lambda: xdotool("key", "F5"),
                             ["Refreshing…", "Refreshed, "], allowed=["F5", "Loading more…"])
            self.tree.expect_focus_on_row(row)
            applied = [e for e in app.events()[events:] if e["event"] == "refreshApplied"]
            if not applied or applied[-1].get("insertedAbove", 0) == 0:
                continue  # nothing new this time, or nothing above the view: again
            count = applied[-1]["newAbove"]
            if count == 0 or self.offset() <= 0.5:
                fail(f"the new posts went above the view but no pill counts them: {applied[-1]}")
            words = f"Refreshed, {count} new post{'' if count == 1 else 's'} above"
            if said_times(said, words) != 1 or said_times(said, f"{count} new post") != 0:
                fail(f"a refresh with {count} new posts above the view: Orca said {said}, not '{words}' once")
            print(f"F5 in mid-list: {count} new posts above, said once as '{words}'")
            return row, count
        fail("ten refreshes in mid-list brought no new posts above the view")

    def tab_to_pill(self, row, count):
        """Tab from the focused row reaches the "N new" pill (GTK 4.8's list view alone would
        Tab to the next row) and Orca says its name as the focus lands; Shift+Tab goes back to
        the row, which Orca reads again."""
        words = f"{count} new post{'' if count == 1 else 's'} above"
        self.step("Tab to the pill", lambda: xdotool("key", "Tab"), [words], allowed=["tab"])
        focus = self.tree.focused()
        if focus != ("push button", words):
            fail(f"Tab from the row '{row}' moved the focus to {focus}, not the pill '{words}'")
        print(f"AT-SPI: Tab moved the focus to the pill {focus}")
        before = len(self.orca.spoken())
        xdotool("key", "shift+Tab")
        wait(lambda: f"Orca reading the row again after Shift+Tab (it said {self.orca.spoken()[before:]})",
             lambda: any(t.startswith(row[:12]) for t in self.orca.spoken()[before:]))
        print(f"Shift+Tab from the pill: Orca said {self.orca.spoken()[before:]}")
        # The list is named by the app ("Simulated feed"), not by GTK's type name.
        if not any(t.startswith("Simulated feed") for t in self.orca.spoken()[before:]) or any(
                "GtkListView" in t for t in self.orca.spoken()[before:]):
            fail(f"Orca did not name the list 'Simulated feed' as the focus came back into it: "
                 f"{self.orca.spoken()[before:]}")
        self.tree.expect_focus_on_row(row)

    def page_down(self):
        """Wheel notches down until a page starts loading (or the feed's end shows)."""
        loads = len(self.app.effects("startLoadMore"))
        for _ in range(100):
            xdotool("click", "--repeat", "5", "--delay", "20", "5")
            if len(self.app.effects("startLoadMore")) > loads or self.app.last().get("footer") == "exhausted":
                return
        fail("a hundred notches down loaded no page")

    def run(self):
        app, orca = self.app, self.orca
        wait("the first load", lambda: app.at_rest() and app.last().get("items", 0) >= 20)
        window = xdotool("search", "--sync", "--onlyvisible", "--name", "Refresh List").split()[-1]
        self.tree = atspi_client.Tree("refresh-demo")
        self.tree.check_at_rest(header_name="Refreshed, ")
        # A click on a row puts the keyboard focus in the list, where a screen-reader user is.
        before = len(orca.spoken())
        xdotool("mousemove", "--window", window, "200", "200", "click", "1")
        wait(lambda: f"Orca reading the focused row (it said {orca.spoken()[before:]})",
             lambda: any(t.startswith("#") for t in orca.spoken()[before:]))
        row = self.tree.focused_row_text()
        print(f"the focus is on the row '{row}'")

        self.step("F5", lambda: xdotool("key", "F5"), ["Refreshing…", "Refreshed, "],
                  allowed=["F5", "Loading more…"])
        self.tree.expect_focus_on_row(row)
        said = self.step("wheel pull", self.wheel_pull, ["Release to refresh", "Refreshing…", "Refreshed, "],
                         allowed=["Loading more…"])
        # At the top the new posts show: none went in above the view.
        if any(text.endswith(" above") for text in said):
            fail(f"a pull at the top hid its new posts above the view: Orca said {said}")
        self.tree.expect_focus_on_row(row)
        row, count = self.mid_list_refresh(window)
        self.tab_to_pill(row, count)

        # Every answer fails from now on, and takes long enough to read the header busy (the
        # header found before F5, so only its state is read while the refresh runs).
        self.tree.set_spin("Latency (ms)", 2000)
        self.tree.set_spin("Failure rate", 1)
        header = self.tree.header()
        refresh = self.tree.refresh_button()
        # The header bar's Refresh is off while a refresh runs, and on again after it.
        self.step("failing refresh", lambda: (xdotool("key", "F5"), self.tree.wait_header_busy(header),
                                              self.tree.wait_sensitive(refresh, False)),
                  ["Refreshing…", f"Refresh failed: {FEED_FAILURE}"], allowed=["F5"])
        self.tree.check_at_rest(header_name=f"Refresh failed: {FEED_FAILURE}")
        self.tree.wait_sensitive(refresh, True)
        self.tree.expect_focus_on_row(row)
        self.step("failing page", self.page_down,
                  ["Loading more…", f"Couldn't load more: {FEED_FAILURE}. Press Retry to try again."],
                  done=lambda: app.at_rest() and app.last().get("footer") == "failed")
        self.tree.set_spin("Latency (ms)", 300)
        self.tree.set_spin("Failure rate", 0)

        # End goes to the end of the list, and Tab from there reaches Retry (Orca reads it: the
        # focus moved there). GTK 4.8's Tab walks a list view row by row.
        focus = self.tree.focused()
        xdotool("key", "End")
        focus = self.tree.wait_focus_change(focus)
        print(f"AT-SPI: End moved the focus to {focus}")
        for _ in range(3):
            if focus == ("push button", "Retry"):
                break
            xdotool("key", "Tab")
            focus = self.tree.wait_focus_change(focus)
            print(f"AT-SPI: Tab moved the focus to {focus}")
        else:
            fail(f"End and three Tabs never reached Retry; the focus is on {focus}")
        print("AT-SPI: Tab reached the push button 'Retry'")
        wait(lambda: f"Orca reading Retry (it said {orca.spoken()[-5:]})",
             lambda: any(t.startswith("Retry") for t in orca.spoken()[-5:]))
        # Return on Retry: the button goes while the page loads and the focus moves to the
        # footer, where it stays, so the pages after it load too; down to the end of the feed.
        # Orca reads the footer as the focus lands, in whatever state it is by then (it lags
        # the app by a few hundred ms: a fast page is read as done), and each change of its
        # name after that; so each page is said at most once as it starts, and the end once.
        before = len(orca.spoken())
        loads = len(app.effects("startLoadMore"))
        xdotool("key", "Return")
        wait(f"the page after Retry started (last event: {app.last()})",
             lambda: len(app.effects("startLoadMore")) > loads)
        wait(f"the list at rest after Retry (last event: {app.last()})", app.at_rest)
        while app.last().get("footer") != "exhausted":
            self.page_down()
            wait(f"the page loaded (last event: {app.last()})", app.at_rest)
        wait(lambda: f"Orca saying 'No more items' (it said {orca.spoken()[before:]})",
             lambda: said_times(orca.spoken()[before:], "No more items") > 0)
        said = orca.spoken()[before:]
        pages = len(app.effects("startLoadMore")) - loads
        print(f"Retry and paging to the end ({pages} pages): Orca said {said}")
        others = [text for text in said if not text.startswith(("Loading more…", "No more items", "return"))]
        if said_times(said, "Loading more…") > pages or said_times(said, "No more items") != 1 or others:
            fail(f"Retry and paging: {pages} pages loaded, but Orca said {said}")
        self.tree.check_footer("No more items")

    def restore(self, binary):
        """The place kept across a restart, as a screen-reader user meets it: a run of the demo
        (its own state directory) with the focus on a row, the wheel down to mid-list, quit with
        Ctrl+Q; started again, the keyboard focus is on the row that was first in view (AT-SPI),
        and Down reads the row after it, so reading goes on where it stopped. (Without a window
        manager nothing activates the new window, so Orca reads it first at that key.)"""
        state = tempfile.mkdtemp()
        arguments = ("--latency-ms", "50", "--total", "200", "--page-size", "20")
        first = App(binary, *arguments, state=state)
        try:
            wait("the first run's first page", lambda: first.at_rest() and first.last().get("items", 0) >= 20)
            window = xdotool("search", "--sync", "--onlyvisible", "--name", "Refresh List").split()[-1]
            xdotool("mousemove", "--window", window, "200", "200", "click", "1")
            for _ in range(3):
                xdotool("click", "--repeat", "8", "--delay", "60", "5")
                wait(f"the pages the wheel reached loaded (last event: {first.last()})", first.at_rest)
            wait("the place saved as the view rested", lambda: first.at_rest() and first.effects("persistPlace"))
            saved = first.effects("persistPlace")[-1]["id"]
            xdotool("key", "ctrl+q")
            first.process.wait(timeout=DEADLINE)
        finally:
            if first.process.poll() is None:
                first.stop()
        number = int(saved.split("-")[-1])
        if number >= 200:
            fail(f"the wheel left the first run at the newest post ({saved})")
        second = App(binary, *arguments, state=state)
        try:
            wait(f"the second run at its saved place (last event: {second.last()})",
                 lambda: second.effects("applyRestore") and second.effects("applyNewer") and second.at_rest())
            tree = atspi_client.Tree("refresh-demo")
            wait(lambda: f"the focus on the restored row #{number} (it is on {tree.focused()})",
                 lambda: (tree.focused() or ("", ""))[1].startswith(f"#{number} "))
            print(f"AT-SPI: started again, the focus is on the saved row #{number}")
            window = xdotool("search", "--sync", "--onlyvisible", "--name", "Refresh List").split()[-1]
            xdotool("windowfocus", "--sync", window)
            before = len(self.orca.spoken())
            xdotool("key", "Down")
            wait(lambda: f"Orca reading the row after the saved one, #{number - 1} (it said {self.orca.spoken()[before:]})",
                 lambda: any(t.startswith(f"#{number - 1} ") for t in self.orca.spoken()[before:]))
            print(f"restarted: Down read {self.orca.spoken()[before:]}")
        finally:
            second.stop()

    def stop(self):
        self.app.stop()
        self.orca.stop()


def main():
    scenario = Scenario(sys.argv[1])
    try:
        scenario.run()
        scenario.app.stop()
        scenario.restore(sys.argv[1])
    finally:
        scenario.stop()
    print("Orca said every state once, and the accessible tree reads right")


main()
