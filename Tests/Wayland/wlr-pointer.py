#!/usr/bin/python3
"""A virtual pointer for wlroots compositors (sway), speaking the Wayland wire protocol itself.

Unlike mutter 43's remote-desktop pointer, a wlroots virtual pointer can end a finger scroll
with wl_pointer.axis_stop, so a client sees a real touchpad lift. This client binds
zwlr_virtual_pointer_manager_v1 (wlr-virtual-pointer-unstable-v1) on $WAYLAND_DISPLAY and
reads one command per line on stdin, answering each with "ok ..." or "error ...":

    home                 pointer to the top-left corner (a large relative move clamps there)
    motion DX DY         relative motion, px
    wheel STEPS          discrete wheel notches, vertical; negative is up
    finger DY            one frame of a two-finger scroll (axis source finger), px
    lift                 the fingers leave the touchpad: axis_stop
    button CODE 1|0      press or release an evdev button (272 = left)
    sleep MS             pause: the pace between a gesture's steps (the caller's InputPace),
                         never a wait for the app
"""
import os
import socket
import struct
import time

from line_protocol import serve

DISPLAY_ID = 1
VERTICAL = 0
SOURCE_WHEEL, SOURCE_FINGER = 0, 1
# zwlr_virtual_pointer_v1 request opcodes, in protocol order.
MOTION, MOTION_ABSOLUTE, BUTTON, AXIS, FRAME, AXIS_SOURCE, AXIS_STOP, AXIS_DISCRETE = range(8)


def fixed(value):
    return int(round(value * 256))


def string(text):
    data = text.encode() + b"\0"
    return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)


class Connection:
    def __init__(self):
        path = os.path.join(os.environ["XDG_RUNTIME_DIR"], os.environ.get("WAYLAND_DISPLAY", "wayland-0"))
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.next_id = 2
        self.buffer = b""
        self.globals = {}

    def new_id(self):
        self.next_id += 1
        return self.next_id - 1

    def send(self, target, opcode, payload=b""):
        self.sock.sendall(struct.pack("<II", target, ((8 + len(payload)) << 16) | opcode) + payload)

    def events(self):
        """Reads the messages that have arrived, blocking for the first."""
        while True:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("compositor closed the connection")
            self.buffer += chunk
            while len(self.buffer) >= 8:
                sender, word = struct.unpack_from("<II", self.buffer)
                size = word >> 16
                if len(self.buffer) < size:
                    break
                body = self.buffer[8:size]
                self.buffer = self.buffer[size:]
                yield sender, word & 0xFFFF, body

    def roundtrip(self, on_event=lambda sender, opcode, body: None):
        callback = self.new_id()
        self.send(DISPLAY_ID, 0, struct.pack("<I", callback))  # wl_display.sync
        for sender, opcode, body in self.events():
            if sender == callback:
                return
            if sender == DISPLAY_ID and opcode == 0:  # wl_display.error
                raise RuntimeError("protocol error: %r" % body)
            on_event(sender, opcode, body)


def open_pointer():
    connection = Connection()
    registry = connection.new_id()
    connection.send(DISPLAY_ID, 1, struct.pack("<I", registry))  # wl_display.get_registry

    def on_global(sender, opcode, body):
        if sender == registry and opcode == 0:
            name, length = struct.unpack_from("<II", body)
            interface = body[8:8 + length - 1].decode()
            connection.globals[interface] = name

    connection.roundtrip(on_global)
    manager_name = connection.globals.get("zwlr_virtual_pointer_manager_v1")
    if manager_name is None:
        raise RuntimeError("the compositor has no zwlr_virtual_pointer_manager_v1")
    seat, manager, pointer = connection.new_id(), connection.new_id(), connection.new_id()
    connection.send(registry, 0, struct.pack("<I", connection.globals["wl_seat"]) + string("wl_seat")
                    + struct.pack("<II", 1, seat))
    connection.send(registry, 0, struct.pack("<I", manager_name) + string("zwlr_virtual_pointer_manager_v1")
                    + struct.pack("<II", 1, manager))
    connection.send(manager, 0, struct.pack("<II", seat, pointer))  # create_virtual_pointer
    connection.roundtrip()
    return connection, pointer


def now_ms():
    return int(time.monotonic() * 1000) & 0xFFFFFFFF


def run(connection, pointer, words):
    command, args = words[0], words[1:]
    send = lambda opcode, fmt="", *values: connection.send(pointer, opcode, struct.pack("<" + fmt, *values))
    if command == "home":
        send(MOTION, "Iii", now_ms(), fixed(-20000), fixed(-20000))
    elif command == "motion":
        send(MOTION, "Iii", now_ms(), fixed(float(args[0])), fixed(float(args[1])))
    elif command == "wheel":
        steps = int(args[0])
        send(AXIS_SOURCE, "I", SOURCE_WHEEL)
        send(AXIS_DISCRETE, "IIii", now_ms(), VERTICAL, fixed(15 * steps), steps)
    elif command == "finger":
        send(AXIS_SOURCE, "I", SOURCE_FINGER)
        send(AXIS, "IIi", now_ms(), VERTICAL, fixed(float(args[0])))
    elif command == "lift":
        send(AXIS_SOURCE, "I", SOURCE_FINGER)
        send(AXIS_STOP, "II", now_ms(), VERTICAL)
    elif command == "button":
        send(BUTTON, "III", now_ms(), int(args[0], 0), 1 if args[1] == "1" else 0)
    elif command == "sleep":
        time.sleep(float(args[0]) / 1000)
        return
    else:
        raise ValueError("unknown command " + command)
    send(FRAME)
    connection.roundtrip()


def main():
    connection, pointer = open_pointer()
    serve(lambda words: run(connection, pointer, words), (ValueError, IndexError, RuntimeError))


if __name__ == "__main__":
    main()
