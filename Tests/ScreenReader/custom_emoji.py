"""A custom emoji in the demo's timeline, as an AT-SPI client (a screen reader) reads it: waits for
a row's label whose text says the shortcode (":gtk:", between colons, once) and WORDS, as Mastodon
gives the shortcode as the picture's alternative text: the picture is drawn in the label's text,
so the reader hears the text once with the shortcode in it, and nothing else in the row (a picture
of its own) says it again. Prints the label's text. Usage: custom_emoji.py PID SHORTCODE [WORDS]"""
import sys

import pyatspi

from atspi_client import fail, wait
from stream_status import Demo


def labels(tree):
    return [node for node in tree._all() if node.getRole() == pyatspi.ROLE_LABEL]


def text(node):
    """A label's words: its name (GTK 4.8 names a label by its text)."""
    return node.name or node.queryText().getText(0, -1)


def main(pid, shortcode, words=""):
    tree = Demo(pid)
    code = f":{shortcode}:"
    label = wait(lambda: f"a label saying {code!r} and {words!r}; the labels: {[text(n) for n in labels(tree)][:12]}",
                 lambda: next((node for node in labels(tree) if code in text(node) and words in text(node)), None))
    said = text(label)
    if said.count(code) != 1:
        fail(f"the label says {code!r} {said.count(code)} times: {said!r}")
    others = [node for node in label.parent if node is not None and node.getRole() != pyatspi.ROLE_LABEL
              and code in (node.name or "") + (node.description or "")]
    if others:
        fail(f"the row says {code!r} again: {[(node.getRoleName(), node.name) for node in others]}")
    print(f"label: {said!r}")


if __name__ == "__main__":
    main(int(sys.argv[1]), *sys.argv[2:])
