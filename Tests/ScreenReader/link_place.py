"""Where a timeline row's mention link is, as an AT-SPI client finds it: waits for a shown row's
label whose text starts with a mention ("@name") and says WORDS, and prints the label's extents
in its window (x y width height, px; GTK 4 gives them so) and its text. A label out of view has
no extents (GTK 4.8 marks no label showing). The mention is the
text's first word, so it lies at the label's start. Usage: link_place.py PID WORDS"""
import sys

import pyatspi

from atspi_client import wait
from stream_status import Demo


def main(pid, words):
    tree = Demo(pid)

    def shown_mention():
        for node in tree._all():
            if node.getRole() != pyatspi.ROLE_LABEL:
                continue
            said = node.name or node.queryText().getText(0, -1)
            if not said.startswith("@") or words not in said:
                continue
            box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            if box.width > 0 and box.height > 0:
                return box, said
        return None

    box, said = wait(f"a shown label starting with a mention and saying {words!r}", shown_mention)
    print(box.x, box.y, box.width, box.height, said)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
