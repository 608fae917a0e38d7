#!/bin/sh
# Sets up a Debian 12 machine and runs the whole test suite, on both display servers:
#   1. everything (engine, widget, app) on X11, under a virtual X server when no display is
#      set; the app's Wayland tests start their own headless mutter and sway from there;
#   2. the widget suite again as a Wayland client of a headless mutter (Tests/Wayland/session.sh),
#      with real input through mutter's remote-desktop API (the touch tests run only here: X11
#      has no touchscreen for xdotool to drive);
#   3. the widget's renders from both compared (Tests/compare-renders.sh);
#   4. valgrind's memcheck on the lifetime tests (a list used after its widget is destroyed);
#   5. the Swift libraries' documentation (DocC, offline) and doc/swift-api.md's API list checked
#      (the C, Python and Vala reference is built by meson, in step 1's MesonTests);
#   6. the source format (the toolchain's swift-format, .swift-format's rules, no finding);
#   7. the engine and widget suites under AddressSanitizer and LeakSanitizer;
#   8. what Orca 43 says while a keyboard user works the demo (Tests/ScreenReader);
#   9. the benchmarks in smoke mode;
#  10. every product and test built with deprecated calls as errors (Tests/deprecations.sh);
#  11. current GNOME: the build, the engine, widget and demo suites on X11 and the announcements
#      again on Debian 13 (GTK 4.18, libadwaita 1.7), in a debootstrap root this machine makes
#      and keeps (Tests/Debian13/run.sh; README.md, "What runs where").
# Arguments go to `swift test` in step 1 (and then steps 2-11 are skipped), for a focused run.
# Safe to run again.
set -eu
cd "$(dirname "$0")/.."

. data/setup-debian.sh
ensure_debian_packages libgtk-4-dev libadwaita-1-dev libsoup-3.0-dev libsqlite3-dev gir1.2-soup-3.0 python3 debhelper dpkg-dev lintian xvfb xauth xdotool imagemagick dbus-daemon dbus-x11 at-spi2-core \
    gettext meson ninja-build desktop-file-utils appstream pkg-config mutter python3-gi pipewire sway valgrind \
    gobject-introspection libgirepository1.0-dev gir1.2-gtk-4.0 valac gi-docgen gcc binutils openssl python3-pyatspi debootstrap \
    $(swift_runtime_packages)
use_swift

# The same desktop settings (font, hinting, titlebar buttons) on both display servers, whatever
# this machine's own are: X11 GTK reads settings.ini, Wayland GTK reads GSettings.
config=$(mktemp -d)
trap 'rm -rf "$config"' EXIT
cp -R Tests/desktop/. "$config"
export XDG_CONFIG_HOME="$config" GSETTINGS_BACKEND=keyfile

renders="$(swift build --show-bin-path)/renders"
rm -rf "$renders"

# on_x11 COMMAND...: runs COMMAND on this machine's X display, or on a virtual one.
on_x11() {
    if [ -z "${DISPLAY:-}" ]; then
        xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- "$@"
    else
        dbus-run-session -- "$@"
    fi
}

echo "== X11"
REFRESH_RENDER_DIR="$renders/x11" on_x11 swift test "$@"
[ $# -eq 0 ] || exit 0

# GTK draws with its cairo renderer here. GTK 4.8.3 leaks the EGL surface of every window it
# destroys (gdk/gdksurface.c hands eglDestroySurface the GdkDisplay, not the EGL display), and
# Mesa keeps the leaked surface listed under its wl_egl_window's address; once a new window's
# wl_egl_window is given an address used before, eglCreateWindowSurface fails (EGL_BAD_ALLOC),
# GTK carries on without a surface, asks for a frame callback and swaps in vain: nothing is
# committed, so no compositor answers, and the window waits for that answer and never draws
# again. A suite that makes and destroys a hundred windows in one process meets it several times
# a run (WAYLAND_DEBUG=client shows the frame request with no attach or commit after it,
# EGL_LOG_LEVEL=debug the EGL_BAD_ALLOC; giving eglDestroySurface the EGL display in a debugger
# removed it). With cairo no window stalled in any run. Apps with one window (the demo's
# Wayland tests) and the X11 suite, where a surface is keyed by its X window id, draw with GL.
echo "== Wayland (headless mutter)"
GSK_RENDERER=cairo REFRESH_RENDER_DIR="$renders/wayland" dbus-run-session -- Tests/Wayland/session.sh \
    swift test --skip-build --filter GtkRefreshListTests

echo "== The widget's renders on X11 and Wayland"
Tests/compare-renders.sh "$renders/x11" "$renders/wayland"

echo "== Memory: valgrind on the lifetime tests"
# The lifetime tests, and a GObject-driven list's request answered after its widget went, with
# GTK's cairo renderer: Mesa's software GL reports uninitialised reads of its own.
# A name that selects no test fails the step (XCTest runs nothing for it and exits 0).
memcheck_log=$(mktemp)
for test in LifecycleTests/testAListTakenOutOfItsWindowShowsInAnotherAndOneKeptPastItsWindowIsDisposedSafeAndGoes \
    LifecycleTests/testAnAnswerAfterTheWidgetIsGoneIsIgnored \
    LifecycleTests/testDisposeDisconnectsHandlersOnTheSharedAdjustment \
    LifecycleTests/testAnAppWhoseFunctionsHoldItsListLeavesNothingAliveOnceTheWindowIsDestroyed \
    ObjectListTests/testWrongAnswersGetACriticalAndChangeNothing; do
    status=0
    GSK_RENDERER=cairo on_x11 valgrind --error-exitcode=9 --leak-check=no --quiet \
        --suppressions=/usr/share/glib-2.0/valgrind/glib.supp --suppressions=Tests/valgrind.supp \
        "$(swift build --show-bin-path)/RefreshListPackageTests.xctest" "GtkRefreshListTests.$test" \
        >"$memcheck_log" 2>&1 || status=$?
    cat "$memcheck_log"
    [ "$status" -eq 0 ] || exit "$status"
    grep -q "Executed 1 test, with 0 failures" "$memcheck_log" || { echo "valgrind: $test did not run and pass"; exit 1; }
done
rm -f "$memcheck_log"

echo "== Documentation: built offline, every public symbol documented, doc/swift-api.md current"
Tests/Docs/docs.sh

echo "== Source format: swift format lint --strict"
swift format lint --strict --recursive Package.swift Sources Tests Tools Examples

echo "== AddressSanitizer: the engine and widget suites"
on_x11 Tests/Sanitizers/asan.sh

echo "== Screen reader: Orca 43 and an AT-SPI client on the demo"
Tests/ScreenReader/orca-test.sh

# The benchmarks in smoke mode (tiny sizes): they must build, run and produce every metric.
# Their figures are not judged here; see BENCHMARKS.md for a real run.
Tests/Benchmarks/run.sh --smoke --output "$(swift build --show-bin-path)/benchmark-smoke.jsonl"

echo "== Deprecations: every product and test, against GTK $(pkg-config --modversion gtk4)"
Tests/deprecations.sh

# On a Debian 13 machine, steps 1-10 were that pass already.
if [ "$(cut -d. -f1 /etc/debian_version)" = 12 ]; then
    echo "== Current GNOME: Debian 13 (Tests/Debian13/run.sh)"
    Tests/Debian13/run.sh
fi
