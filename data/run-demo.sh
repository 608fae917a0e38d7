#!/bin/sh
# Sets up a Debian 12 machine and launches refresh-demo from this checkout:
# installs the Debian packages it needs, builds it, compiles its translations next to the
# binary, and runs it (under a virtual X server when there is no display). Options are passed
# to the app: data/run-demo.sh --source folder --folder ~/Pictures
# --source mastodon without --server starts the bundled timeline server (Tests/Network) on a
# free loopback port, with new posts every few seconds, and stops it when the app exits.
set -eu
cd "$(dirname "$0")/.."

. data/setup-debian.sh
packages="libgtk-4-dev libadwaita-1-dev libsoup-3.0-dev libsqlite3-dev gettext pkg-config dbus-daemon"
[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || packages="$packages xvfb xauth"
ensure_debian_packages $packages
use_swift

swift build --product refresh-demo
bin="$(swift build --show-bin-path)"
for domain in refresh-list refresh-demo; do
    for po in data/po/$domain/*.po; do
        language="$(basename "$po" .po)"
        mkdir -p "$bin/locale/$language/LC_MESSAGES"
        msgfmt -o "$bin/locale/$language/LC_MESSAGES/$domain.mo" "$po"
    done
done

. data/local-timeline.sh
start_local_timeline "$@"
if [ -n "$timeline_server" ]; then
    # Not exec: the server stops when the app exits (local-timeline.sh's EXIT trap).
    set -- "$@" --server "http://127.0.0.1:$timeline_port"
    status=0
    if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
        "$bin/refresh-demo" "$@" || status=$?
    else
        xvfb-run -a -s "-screen 0 1280x900x24" dbus-run-session -- "$bin/refresh-demo" "$@" || status=$?
    fi
    exit "$status"
fi

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec "$bin/refresh-demo" "$@"
else
    echo "no display: running under Xvfb (screenshots with --screenshots DIR)"
    exec xvfb-run -a -s "-screen 0 1280x900x24" dbus-run-session -- "$bin/refresh-demo" "$@"
fi
