#!/bin/sh
# Sets up a Debian 12 machine and launches refresh-demo from this checkout:
# installs the Debian packages it needs, builds it, compiles its translations next to the
# binary, and runs it (under a virtual X server when there is no display). Options are passed
# to the app: data/run-demo.sh --source folder --folder ~/Pictures
set -eu
cd "$(dirname "$0")/.."

packages="libgtk-4-dev gettext pkg-config dbus-daemon"
[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || packages="$packages xvfb xauth"
missing=""
for package in $packages; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing="$missing $package"
done
if [ -n "$missing" ]; then
    echo "installing:$missing"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
fi
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    PATH="/opt/swift/usr/bin:$PATH"
fi

swift build --product refresh-demo
bin="$(swift build --show-bin-path)"
for domain in refresh-list refresh-demo; do
    for po in data/po/$domain/*.po; do
        language="$(basename "$po" .po)"
        mkdir -p "$bin/locale/$language/LC_MESSAGES"
        msgfmt -o "$bin/locale/$language/LC_MESSAGES/$domain.mo" "$po"
    done
done

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec "$bin/refresh-demo" "$@"
else
    echo "no display: running under Xvfb (screenshots with --screenshots DIR)"
    exec xvfb-run -a -s "-screen 0 1280x900x24" dbus-run-session -- "$bin/refresh-demo" "$@"
fi
