"""Where the demo's keyboard focus is, as a screen reader follows it: waits until the focus is on
a row (a list item) inside a widget named LIST (or one of LIST's names, "|" between them:
"Thread", "Mastodon timeline|Refresh List") whose words (its labels, as Orca reads them) contain
WORDS, and prints them. With --back-button it also waits for
a push button named "Back" (the thread page's way back, as a screen reader names it).
Usage: focused_row.py PID LIST WORDS [--back-button]"""
import sys

import pyatspi

from atspi_client import role, states, wait
from stream_status import Demo


def within(node, names):
    """Whether an ancestor of `node` below its window is named one of `names`: the list widget,
    which the app labels, or (GTK 4.18, where that label is not exposed) the navigation page
    holding it, named by its title."""
    parent = node.parent
    while parent is not None and parent.getRole() != pyatspi.ROLE_FRAME:
        if parent.name in names:
            return True
        parent = parent.parent
    return False


def main(pid, list_name, words, back_button):
    tree = Demo(pid)

    def focused_row():
        # Every focused row is looked at: a page just gone back from may linger in what the
        # client read of the tree.
        for node in tree._all():
            if node.getRole() != pyatspi.ROLE_LIST_ITEM or not states(node).contains(pyatspi.STATE_FOCUSED):
                continue
            text = tree._text(node)
            if words in text and within(node, list_name.split("|")):
                return text
        return None

    def where():
        return f"the focus on a row of {list_name!r} saying {words!r}; it is on {tree.focused()}"

    said = wait(where, focused_row)
    print(f"AT-SPI: the focus is on the row '{said}' of {list_name!r}")
    if back_button:
        wait("a push button named 'Back'", lambda: next(
            (n for n in tree._all() if n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "Back"), None))
        print("AT-SPI: a push button named 'Back'")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], sys.argv[3], "--back-button" in sys.argv[4:])
