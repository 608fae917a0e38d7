#!/bin/sh
# The suite on current GNOME: Debian 13 (trixie: GTK 4.18, libadwaita 1.7, GLib 2.84), in a
# debootstrap root on this Debian 12 machine, so that one CI machine tests both platforms.
#   - The root is made once (debootstrap --variant=minbase trixie) and kept between runs in
#     /var/cache/refresh-list/trixie (root) or $XDG_CACHE_HOME/refresh-list/trixie (through
#     sudo); REFRESH_TRIXIE_ROOT names another place. A fresh machine makes it anew.
#   - proc, sys and dev are mounted in it, /opt/swift (the toolchain) and this checkout are
#     bound at the same paths as here; every mount is undone on exit, whatever happens.
#   - In the root, data/setup-debian.sh installs what the project needs under trixie's names,
#     and the suites build into .build-trixie (git-ignored), apart from the host's .build.
#   - What runs there, and why the rest does not, is in README.md ("What runs where").
# Arguments go to `swift test` in place of the suites: Tests/Debian13/run.sh --filter KeyboardTests;
# --run COMMAND... runs COMMAND in the root instead (see below).
set -eu
cd "$(dirname "$0")/../.."
project="$(pwd)"

# The part that runs inside the root (this same file, called by chroot below).
if [ "${1:-}" = "--in-root" ]; then
    shift
    . data/setup-debian.sh
    # What the suites below use; the Wayland compositors, meson and the packaging tools,
    # valgrind, Orca and the docs tools stay on the host (README.md, "What runs where").
    ensure_debian_packages $(swift_runtime_packages) \
        libgtk-4-dev libadwaita-1-dev libsoup-3.0-dev libsqlite3-dev gir1.2-soup-3.0 python3 xvfb xauth xdotool \
        imagemagick dbus-daemon dbus-x11 at-spi2-core gettext pkg-config python3-gi python3-pyatspi gcc locales \
        fonts-cantarell adwaita-icon-theme librsvg2-common gsettings-desktop-schemas openssl
    use_swift
    echo "Debian $(cat /etc/debian_version): GTK $(pkg-config --modversion gtk4)," \
        "libadwaita $(pkg-config --modversion libadwaita-1), GLib $(pkg-config --modversion glib-2.0)"
    config=$(mktemp -d)
    trap 'rm -rf "$config"' EXIT
    cp -R Tests/desktop/. "$config"
    export XDG_CONFIG_HOME="$config" GSETTINGS_BACKEND=keyfile
    scratch=.build-trixie
    echo "== Debian 13: every product and test built, no deprecated call (Tests/deprecations.sh)"
    Tests/deprecations.sh "$scratch"
    bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
    # --run COMMAND...: runs COMMAND there (on a virtual X display and session bus) in place of
    # the suites, with the build's directory as $REFRESH_BIN: Tests/Debian13/run.sh --run sh -c
    # '"$REFRESH_BIN/refresh-demo" --screenshots /tmp/shots'
    if [ "${1:-}" = "--run" ]; then
        shift
        export REFRESH_BIN="$bin"
        exec xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- "$@"
    fi
    renders="$bin/renders"
    rm -rf "$renders"
    on_x11() { xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- "$@"; }
    if [ $# -gt 0 ]; then
        REFRESH_RENDER_DIR="$renders/x11" on_x11 nice -n 10 swift test --skip-build --scratch-path "$scratch" "$@"
        exit 0
    fi
    # The engine, widget and demo suites, but for what needs what this root does not have
    # (the Wayland compositors, meson and an installed library: Debian 12's pass runs those;
    # README.md, "What runs where").
    skip="MesonTests|PythonTimelineTests|PlaceWaylandTests|SwayAppTests|WaylandAppTests"
    skip="$skip|ScreenshotTests.testEveryStateRendersOnX11AndOnWayland"
    skip="$skip|ThreadTests.testAStatusOpensItsThreadAndTheTimelineIsWhereItWasOnReturnOnWayland"
    for suite in RefreshEngineTests GtkRefreshListTests RefreshDemoTests; do
        echo "== Debian 13: $suite on X11 (Xvfb)"
        REFRESH_RENDER_DIR="$renders/x11" on_x11 nice -n 10 swift test --skip-build --scratch-path "$scratch" \
            --filter "$suite" --skip "$skip"
    done
    echo "== Debian 13: the list's announcements (gtk_accessible_announce) heard by an AT-SPI client"
    on_x11 python3 Tests/ScreenReader/announcements.py "$bin/refresh-demo"
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    as_root=""
    cache="/var/cache/refresh-list"
else
    as_root="sudo"
    cache="${XDG_CACHE_HOME:-$HOME/.cache}/refresh-list"
fi
root="${REFRESH_TRIXIE_ROOT:-$cache/trixie}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

# A root whose making was cut short is made again from nothing.
if [ ! -e "$root/.made" ]; then
    echo "making the Debian 13 root in $root"
    $as_root rm -rf "$root"
    $as_root mkdir -p "$root"
    $as_root debootstrap --variant=minbase trixie "$root" "$mirror"
    $as_root touch "$root/.made"
fi

mounted=""
# unmount_all: undoes every mount made below, the last first (also when a step failed or was
# interrupted); a mount still busy from a process left in the root is detached lazily.
unmount_all() {
    for target in $mounted; do
        $as_root umount -R "$target" 2>/dev/null || $as_root umount -R -l "$target" || true
    done
    mounted=""
}
trap unmount_all EXIT
trap 'exit 130' INT TERM HUP
# mount_in_root TARGET MOUNT-ARGUMENTS...: mounts in the root; private, so that undoing it never
# reaches the host's own mounts below it (/dev/pts, /sys/fs/cgroup).
mount_in_root() {
    target="$root$1"
    shift
    $as_root mkdir -p "$target"
    $as_root mount "$@" "$target"
    mounted="$target $mounted"
    $as_root mount --make-rprivate "$target"
}
mount_in_root /proc -t proc proc
mount_in_root /sys --rbind /sys
mount_in_root /dev --rbind /dev
mount_in_root /opt/swift --bind /opt/swift
mount_in_root "$project" --bind "$project"
$as_root cp /etc/resolv.conf "$root/etc/resolv.conf"

status=0
$as_root chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    sh -c 'cd "$1" && shift && exec Tests/Debian13/run.sh --in-root "$@"' sh "$project" "$@" || status=$?
exit "$status"
