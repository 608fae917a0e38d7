"""Where a shown widget of the demo is, as an AT-SPI client finds it: waits for a node whose
role is ROLE ("push button", "image", "label") and whose name (or text) starts with NAME, with
extents in its window (a widget out of view has none), and prints them: x y width height (px,
in the window; GTK 4 gives them so) and the name. Usage: widget_place.py PID ROLE NAME"""
import sys

import pyatspi

from atspi_client import wait
from stream_status import Demo


def main(pid, wanted_role, name):
    tree = Demo(pid)
    # The role by its constant: the names AT-SPI gives roles change (at-spi2-core 2.46 says
    # "push button", 2.56 "button").
    wanted = getattr(pyatspi, "ROLE_" + wanted_role.upper().replace(" ", "_"))

    def shown():
        for node in tree._all():
            if node.getRole() != wanted:
                continue
            said = node.name or (node.queryText().getText(0, -1) if wanted_role == "label" else "")
            if not said.startswith(name):
                continue
            box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            if box.width > 0 and box.height > 0:
                return box, said
        return None

    box, said = wait(f"a shown {wanted_role} named {name!r}", shown)
    print(box.x, box.y, box.width, box.height, said)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], sys.argv[3])
