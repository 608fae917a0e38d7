#!/bin/sh
# Sets up a Debian 12 machine and runs the whole test suite: the engine tests, and the GTK
# tests under a virtual X server when no display is set. Safe to run again.
set -eu
cd "$(dirname "$0")/.."

. data/setup-debian.sh
ensure_debian_packages libgtk-4-dev xvfb xauth xdotool imagemagick dbus-daemon dbus-x11 at-spi2-core \
    gettext meson ninja-build desktop-file-utils appstream pkg-config
use_swift

if [ -z "${DISPLAY:-}" ]; then
    xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- swift test "$@"
else
    dbus-run-session -- swift test "$@"
fi

# The benchmarks in smoke mode (tiny sizes): they must build, run and produce every metric.
# Their figures are not judged here; see BENCHMARKS.md for a real run.
Tests/Benchmarks/run.sh --smoke --output "$(swift build --show-bin-path)/benchmark-smoke.jsonl"

