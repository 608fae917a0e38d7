#!/bin/sh
# Runs a command as a client of a headless Wayland compositor (mutter 43): a private XDG runtime
# directory, mutter's virtual 1280x800 monitor, GDK_BACKEND=wayland and no X display. Run it
# inside dbus-run-session: mutter's remote-desktop API (the tests' input) lives on that bus.
# A PipeWire daemon runs beside it when installed: mutter 43 takes touch points only in the
# coordinates of a screen cast stream, and a screen cast starts only with PipeWire to stream to
# (the touch tests need it; wheel, touchpad, pointer and keys do not).
set -eu

runtime=$(mktemp -d "${TMPDIR:-/tmp}/refresh-wayland.XXXXXX")
chmod 700 "$runtime"
export XDG_RUNTIME_DIR="$runtime"
unset DISPLAY

mutter --headless --wayland --no-x11 --virtual-monitor 1280x800 >"$runtime/mutter.log" 2>&1 &
mutter_pid=$!
pipewire_pid=""
if command -v pipewire >/dev/null; then
    pipewire >"$runtime/pipewire.log" 2>&1 &
    pipewire_pid=$!
fi
trap 'kill $mutter_pid $pipewire_pid 2>/dev/null; wait $mutter_pid $pipewire_pid 2>/dev/null; rm -rf "$runtime"' EXIT INT TERM

tries=0
while [ ! -S "$runtime/wayland-0" ] || { [ -n "$pipewire_pid" ] && [ ! -S "$runtime/pipewire-0" ]; }; do
    if ! kill -0 $mutter_pid 2>/dev/null || [ $tries -gt 600 ]; then  # 60 s
        echo "mutter did not start (or PipeWire within 60 s):" >&2
        cat "$runtime/mutter.log" >&2
        exit 1
    fi
    if [ -n "$pipewire_pid" ] && ! kill -0 $pipewire_pid 2>/dev/null; then
        echo "pipewire did not start:" >&2
        cat "$runtime/pipewire.log" >&2
        exit 1
    fi
    tries=$((tries + 1))
    sleep 0.1
done

export WAYLAND_DISPLAY=wayland-0 GDK_BACKEND=wayland
status=0
"$@" || status=$?
exit $status
