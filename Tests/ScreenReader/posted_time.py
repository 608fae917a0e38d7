"""How long ago the newest status was posted, in the demo's timeline, as an AT-SPI client (a
screen reader) reads it: waits for a row's author line saying "· now", then, without anything
done to the app, for the same line saying "· 1 min" (the app says the times again each minute).
Prints what it read. Usage: posted_time.py PID"""
import sys

import pyatspi

from atspi_client import wait
from stream_status import Demo

SAID_AGAIN_WITHIN = 150  # seconds: the minute, and a cold, loaded machine's delay on top


def lines(tree):
    return [node.name for node in tree._all() if node.getRole() == pyatspi.ROLE_LABEL and " · " in (node.name or "")]


def main(pid):
    tree = Demo(pid)
    now = wait(lambda: f"a row's author line saying '· now'; the lines: {lines(tree)[:6]}",
               lambda: next((line for line in lines(tree) if line.endswith(" · now")), None))
    author = now[: -len(" · now")]
    print(f"first: {now!r}")
    later = wait(lambda: f"{author!r} saying '· 1 min'; the lines: {lines(tree)[:6]}",
                 lambda: next((line for line in lines(tree) if line == f"{author} · 1 min"), None),
                 deadline=SAID_AGAIN_WITHIN)
    print(f"a minute later: {later!r}")


if __name__ == "__main__":
    main(int(sys.argv[1]))
