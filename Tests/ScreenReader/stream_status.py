"""The demo's live-timeline status in its header bar, as an AT-SPI client (pyatspi, as a screen
reader) reads it: waits until a `status bar` in the accessible tree of the demo whose process id
is PID holds a label named TEXT, and checks that the label's description contains WORDS. (The
status bar holds the label: GTK 4.18 gives a status itself neither name nor description.)
Usage: stream_status.py PID TEXT WORDS"""
import sys

import pyatspi

import atspi_client
from atspi_client import fail, role, wait


class Demo(atspi_client.Tree):
    """The accessible tree of the demo with process id `pid` (another may still be going)."""

    def __init__(self, pid):
        self.root = wait(f"the demo (pid {pid}) on the AT-SPI bus", lambda: next(
            (app for app in pyatspi.Registry.getDesktop(0)
             if app is not None and app.name == "refresh-demo" and app.get_process_id() == pid), None))


def statuses(tree):
    """Each status bar, with the labels in it (name and description)."""
    return [(node, [label for label in tree._all(node) if role(label) == "label"])
            for node in tree._all() if role(node) == "status bar"]


def main(pid, text, words):
    tree = Demo(pid)

    def read():
        return [(status.name, [(label.name, label.description) for label in labels])
                for status, labels in statuses(tree)]

    label = wait(
        lambda: f"a status holding a label named {text!r}; the statuses and their labels: {read()}",
        lambda: next((label for _, labels in statuses(tree) for label in labels if label.name == text), None))
    if words not in (label.description or ""):
        fail(f"the status's label {text!r} is described as {label.description!r}, without {words!r}")
    print(f"status bar: label {label.name!r}, {label.description!r}")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], sys.argv[3])
