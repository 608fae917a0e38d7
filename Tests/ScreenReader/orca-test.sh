#!/bin/sh
# What a screen-reader user hears, checked with the real thing: Debian's Orca 43 follows the demo
# (GTK_A11Y=atspi) on a private X display and session bus, with speech going nowhere and its debug
# log recording each utterance; Tests/ScreenReader/orca_scenario.py drives the app and checks it.
# Installs what it needs on Debian 12. Usage: Tests/ScreenReader/orca-test.sh
set -eu
cd "$(dirname "$0")/../.."
if [ -z "${ORCA_TEST_INSIDE:-}" ]; then
    . data/setup-debian.sh
    ensure_debian_packages orca python3-pyatspi at-spi2-core xvfb xauth xdotool dbus-daemon dbus-x11
    use_swift
    swift build --product refresh-demo
    ORCA_TEST_INSIDE=1 exec xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- "$0" "$@"
fi
# Orca 43 kills every other process named orca on start: a private PID namespace keeps it to us,
# where the system allows one (a machine without it runs no other Orca to protect).
demo="$(swift build --show-bin-path)/refresh-demo"
if unshare -pf --mount-proc true 2>/dev/null; then
    exec unshare -pf --mount-proc --kill-child /usr/bin/python3 Tests/ScreenReader/orca_scenario.py "$demo"
fi
exec /usr/bin/python3 Tests/ScreenReader/orca_scenario.py "$demo"
