"""An AT-SPI client's view of the demo (pyatspi, as Orca reads it): the roles and names in the
live accessible tree, the header's busy state, the focused widget, the Retry button. Every
read starts from a cleared cache, so it is what the app says now; every wait has a deadline
and names what never came."""
import sys, time

import pyatspi

DEADLINE = 90  # seconds for anything to happen, on a cold and loaded machine


POLL_S = 0.02  # how often a wait asks again: AT-SPI and Orca's log tell no one when they change


def fail(message):
    sys.exit(f"FAILED: {message}")


def wait(what, condition, deadline=DEADLINE):
    """Waits until `condition()` gives something true and returns it; fails naming `what` (a
    string, or a function giving one) after `deadline` seconds. The one wait of these scripts."""
    end = time.monotonic() + deadline
    while not (result := condition()):
        if time.monotonic() > end:
            fail(f"never happened within {deadline} s: {what() if callable(what) else what}")
        time.sleep(POLL_S)
    return result


def role(accessible):
    return accessible.getRoleName()


def states(accessible):
    return accessible.getState()


class Tree:
    def __init__(self, application):
        self.root = wait(f"the application '{application}' on the AT-SPI bus", lambda: next(
            (app for app in pyatspi.Registry.getDesktop(0) if app is not None and app.name == application), None))

    def _fresh(self):
        self.root.clear_cache()
        return self.root

    def _all(self, accessible=None):
        """The accessible tree below `accessible` (the application), depth first."""
        stack = [accessible or self._fresh()]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(child for child in reversed(list(node)) if child is not None)

    def _find(self, predicate, what):
        found = next((node for node in self._all() if predicate(node)), None)
        if found is None:
            fail(f"no {what} in the accessible tree")
        return found

    def _list(self):
        return self._find(lambda n: n.getRole() == pyatspi.ROLE_LIST, "list")

    def _header(self):
        # The header is the status region above the list; the footer's is inside it.
        return self._find(lambda n: n.getRole() == pyatspi.ROLE_STATUS_BAR and not self._in_list(n),
                          "header (a status region outside the list)")

    def _in_list(self, node):
        parent = node.parent
        while parent is not None:
            if parent.getRole() == pyatspi.ROLE_LIST:
                return True
            parent = parent.parent
        return False

    @staticmethod
    def _text(node):
        """A row's words: its labels, as Orca reads them."""
        labels = [n for n in [node, *node] if n.getRole() == pyatspi.ROLE_LABEL]
        for child in node:
            labels += [n for n in child if n.getRole() == pyatspi.ROLE_LABEL]
        return " ".join(label.name for label in labels)

    def check_at_rest(self, header_name):
        """The list and its rows, and the header: a status region named `header_name…`, not busy."""
        rows = [n for n in self._list() if n.getRole() == pyatspi.ROLE_LIST_ITEM]
        if len(rows) < 10 or not all(self._text(row).startswith("#") for row in rows[:10]):
            fail(f"the list's first rows are not list items reading '#…': {[self._text(r) for r in rows[:10]]}")
        header = self._header()
        if not header.name.startswith(header_name) or states(header).contains(pyatspi.STATE_BUSY):
            fail(f"the header reads '{header.name}' (busy: {states(header).contains(pyatspi.STATE_BUSY)}), "
                 f"not '{header_name}…' at rest")
        print(f"AT-SPI: list with {len(rows)} list items ('{self._text(rows[0])}', …); "
              f"header status '{header.name}', not busy")

    def check_footer(self, name):
        footer = self._find(lambda n: n.getRole() == pyatspi.ROLE_STATUS_BAR and self._in_list(n),
                            "footer (a status region in the list)")
        if footer.name != name or states(footer).contains(pyatspi.STATE_BUSY):
            fail(f"the footer reads '{footer.name}', not '{name}' at rest")
        print(f"AT-SPI: footer status '{footer.name}', not busy")

    def header(self):
        """The header's accessible, found once: a walk of the whole tree is slow on a busy
        machine, reading one object's state is not."""
        return self._header()

    def wait_header_busy(self, header):
        """Waits until `header` says busy (a refresh running) and reads 'Refreshing…'."""
        def busy():
            header.clear_cache()
            return states(header).contains(pyatspi.STATE_BUSY) and header.name == "Refreshing…"
        wait(lambda: f"the header reading busy 'Refreshing…' (it reads '{header.name}')", busy)
        print(f"AT-SPI: header status '{header.name}', busy")

    def refresh_button(self):
        """The header bar's Refresh button, found once (see `header`)."""
        return self._find(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "Refresh",
                          "the header bar's push button 'Refresh'")

    def wait_sensitive(self, button, sensitive):
        """Waits until `button` can be pressed (`sensitive`) or not."""
        def right():
            button.clear_cache()
            return states(button).contains(pyatspi.STATE_SENSITIVE) == sensitive
        wait(lambda: f"the push button '{button.name}' {'enabled' if sensitive else 'disabled'}", right)
        print(f"AT-SPI: push button '{button.name}' {'enabled' if sensitive else 'disabled'}")

    def focused(self):
        """(role, name) of the widget with the keyboard focus, or None."""
        node = next((n for n in self._all() if states(n).contains(pyatspi.STATE_FOCUSED)
                     and n.getRole() != pyatspi.ROLE_FRAME), None)
        if node is None:
            return None
        return (role(node), self._text(node) if node.getRole() == pyatspi.ROLE_LIST_ITEM else node.name)

    def focused_row_text(self):
        node = next((n for n in self._all(self._list()) if states(n).contains(pyatspi.STATE_FOCUSED)), None)
        if node is None or node.getRole() != pyatspi.ROLE_LIST_ITEM:
            fail(f"the focus is not on a row but on {self.focused()}")
        return self._text(node)

    def expect_focus_on_row(self, text):
        now = self.focused_row_text()
        if now != text:
            fail(f"the focus moved from the row '{text}' to '{now}'")
        print(f"AT-SPI: the focus is still on the row '{text}'")

    def wait_focus_change(self, previous):
        """Waits until the focus leaves `previous` ((role, name)); returns where it is now."""
        now = [previous]
        def moved():
            now[0] = self.focused()
            return now[0] != previous
        wait(f"the focus leaving {previous}", moved)
        return now[0]

    def set_spin(self, name, value):
        """Sets the demo panel's spin button `name` to `value` (the Value interface)."""
        spin = self._find(lambda n: n.getRole() == pyatspi.ROLE_SPIN_BUTTON and n.name == name,
                          f"spin button '{name}'")
        spin.queryValue().currentValue = float(value)
        if spin.queryValue().currentValue != float(value):
            fail(f"the spin button '{name}' did not take {value}")
