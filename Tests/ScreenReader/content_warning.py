"""A status's content warning in the demo's timeline, as an AT-SPI client (a screen reader) reads
and uses it: waits for a row whose button says "Show more" (expandable, not expanded) beside the
warning's words, the status's content not shown; presses the button through its action, as Orca
does; then the button says "Show less", is expanded, and the content shows in the row. Prints
what it read, and which status it opened. With --opened N, presses nothing: waits for status #N's
warning open (its button saying "Show less", expanded, its content shown), as an app started again
shows what the reader opened before. Usage: content_warning.py PID [--opened N]"""
import sys

import pyatspi

from atspi_client import fail, role, wait
from stream_status import Demo


def fresh(node):
    """`node` with what AT-SPI cached of it and below it forgotten: what the app says now."""
    node.clear_cache()
    return node


def buttons(tree, name):
    return [node for node in tree._all() if node.getRole() == pyatspi.ROLE_PUSH_BUTTON and node.name == name]


def row_of(button):
    """The row a warning's button is in: the box above the warning's line."""
    return button.parent.parent


def shown_labels(node):
    """The words of the labels below `node` that are shown (GTK 4.8 leaves hidden widgets out of the
    tree and marks the rest visible, never showing)."""
    found, stack = [], [node]
    while stack:
        current = stack.pop()
        if current.getRole() == pyatspi.ROLE_LABEL and current.getState().contains(pyatspi.STATE_VISIBLE):
            found.append(current.name or current.queryText().getText(0, -1))
        stack.extend(child for child in current if child is not None)
    return found


def main(pid):
    tree = Demo(pid)
    button = wait(lambda: f"a 'Show more' button; the buttons: {[n.name for n in tree._all() if n.getRole() == pyatspi.ROLE_PUSH_BUTTON]}",
                  lambda: next(iter(buttons(tree, "Show more")), None))
    states = button.getState()
    if states.contains(pyatspi.STATE_EXPANDED):
        fail("the 'Show more' button says it is expanded")
    words = shown_labels(button.parent)
    if not any(word.startswith("Spoilers for #") for word in words):
        fail(f"the warning's words are not beside the button: {words}")
    number = next(word for word in words if word.startswith("Spoilers for #")).split("#")[1].split("'")[0]
    row = row_of(button)
    if any(word.startswith(f"#{number}:") for word in shown_labels(row)):
        fail(f"status #{number}'s content shows before the reader opened it: {shown_labels(row)}")
    print(f"closed: {role(button)} {button.name!r} beside {words}; the row shows {shown_labels(row)}")
    action = button.queryAction()
    press = next((index for index in range(action.nActions) if action.getName(index) in ("click", "activate")), 0)
    action.doAction(press)
    wait(lambda: f"status #{number}'s content shown and the button saying 'Show less' (the row shows {shown_labels(row)}, the button {button.name!r})",
         lambda: fresh(row) and button.name == "Show less" and button.getState().contains(pyatspi.STATE_EXPANDED)
         and any(word.startswith(f"#{number}:") for word in shown_labels(row)))
    print(f"opened status #{number}: {role(button)} {button.name!r}, expanded; the row shows {shown_labels(row)}")


def opened(pid, number):
    tree = Demo(pid)

    def found():
        for button in buttons(tree, "Show less"):
            fresh(button.parent)
            if any(word.startswith(f"Spoilers for #{number}'") for word in shown_labels(button.parent)):
                return button
        return None

    button = wait(lambda: f"status #{number}'s warning open; the buttons: {[(n.name, shown_labels(n.parent)) for n in tree._all() if n.getRole() == pyatspi.ROLE_PUSH_BUTTON]}",
                  found)
    row = row_of(button)
    wait(lambda: f"status #{number}'s content shown and its button expanded (the row shows {shown_labels(row)})",
         lambda: fresh(row) and button.getState().contains(pyatspi.STATE_EXPANDED)
         and any(word.startswith(f"#{number}:") for word in shown_labels(row)))
    print(f"still open: status #{number}, {role(button)} {button.name!r}, expanded; the row shows {shown_labels(row)}")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[2] == "--opened":
        opened(int(sys.argv[1]), sys.argv[3])
    else:
        main(int(sys.argv[1]))
