"""The demo's live-timeline status in its header bar, as an AT-SPI client (pyatspi, as a screen
reader) reads it: waits until a `status bar` named TEXT is in the accessible tree of the demo
whose process id is PID and checks that its description contains WORDS.
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
    return [node for node in tree._all() if role(node) == "status bar"]


def main(pid, text, words):
    tree = Demo(pid)
    node = wait(
        lambda: f"a status named {text!r}; the statuses: {[(n.name, n.description) for n in statuses(tree)]}",
        lambda: next((node for node in statuses(tree) if node.name == text), None))
    if words not in (node.description or ""):
        fail(f"the status {text!r} is described as {node.description!r}, without {words!r}")
    print(f"{role(node)}: {node.name!r}, {node.description!r}")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], sys.argv[3])
