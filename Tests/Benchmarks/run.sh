#!/bin/sh
# Runs every benchmark of BENCHMARKS.md with its baseline, interleaved in one run: builds in
# release mode, compiles the C baselines with pkg-config, runs under Xvfb when there is no
# display, prints a table and writes one JSON object per metric. Benchmark 6's touchpad runs
# are Wayland clients of a headless mutter each (Tests/Wayland/session.sh on a private bus):
# Xvfb has no smooth-scrolling device.
#   Tests/Benchmarks/run.sh [--smoke] [--output FILE]
# --smoke runs tiny sizes (CI uses it to keep the benchmarks building and running).
set -eu
cd "$(dirname "$0")/../.."

smoke="" output="benchmark-results.jsonl" configuration="release"
while [ $# -gt 0 ]; do
    case "$1" in
        --smoke) smoke="--smoke"; configuration="debug"; shift ;;
        --output) output="$2"; shift 2 ;;
        *) echo "usage: $0 [--smoke] [--output FILE]" >&2; exit 2 ;;
    esac
done

. data/setup-debian.sh
ensure_debian_packages mutter python3-gi dbus-daemon meson ninja-build gobject-introspection \
    libgirepository1.0-dev valac gi-docgen
use_swift

swift build -c "$configuration" --product refresh-bench
bin="$(swift build -c "$configuration" --show-bin-path)"
baselines="$bin/baselines"
mkdir -p "$baselines"
for program in launch rss; do
    cc -O2 -o "$baselines/$program-baseline" "Tests/Benchmarks/baselines/$program.c" $(pkg-config --cflags --libs gtk4)
done
cc -O2 -DWITH_ADWAITA -o "$baselines/launch-adwaita-baseline" Tests/Benchmarks/baselines/launch.c \
    $(pkg-config --cflags --libs libadwaita-1)

# Benchmark 9 uses the library as meson installs it (optimized, its runtime inside), from Python
# through the typelib and from C.
installed="$bin/footprint-install"
meson_log="$bin/footprint-meson.log"
{
    if [ -f "$bin/footprint-meson/build.ninja" ]; then
        meson setup --reconfigure "$bin/footprint-meson" --prefix=/usr --libdir=lib
    else
        meson setup --wipe "$bin/footprint-meson" --prefix=/usr --libdir=lib 2>/dev/null \
            || meson setup "$bin/footprint-meson" --prefix=/usr --libdir=lib
    fi
    meson compile -C "$bin/footprint-meson"
    DESTDIR="$installed" meson install -C "$bin/footprint-meson"
} >"$meson_log" 2>&1 || { cat "$meson_log"; exit 1; }
cc -O2 -o "$baselines/footprint-bare" Tests/Benchmarks/baselines/footprint.c $(pkg-config --cflags --libs gtk4)
cc -O2 -DWITH_REFRESH -I "$installed/usr/include/refresh-list-1" -o "$baselines/footprint-list" \
    Tests/Benchmarks/baselines/footprint.c $(pkg-config --cflags --libs gtk4) -L "$installed/usr/lib" -lrefresh-list-1

# The app is measured as a user runs it: the one meson installs (optimized, its Swift runtime
# linked in, as the Debian package ships it).
set -- "$bin/refresh-bench" all --output "$output" --demo "$installed/usr/bin/refresh-demo" --baselines "$baselines" \
    --installed "$installed/usr" --source "$PWD" --wayland-session "$PWD/Tests/Wayland/session.sh" $smoke
if [ -z "${DISPLAY:-}" ]; then
    xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- "$@"
else
    dbus-run-session -- "$@"
fi

# The engine's cost in instructions per event, which does not move with the machine's load:
# callgrind's inclusive count for RefreshEngine.handle over 201 000 events of each mix. Reported,
# not judged: the engine favours a next wake-up recomputed from its state after every event
# over a cached one; its goals are no allocation per event and the ns per event above.
if ! command -v valgrind >/dev/null || ! command -v callgrind_annotate >/dev/null; then
    echo "valgrind not installed: engine instruction counts skipped" >&2
    exit 0
fi
events=201000
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
[ -n "$smoke" ] && echo "(smoke: a debug build, so these counts only show the step works)"
echo "| # | metric | instructions per event |"
echo "|---|---|---|"
for mix in geometry wheel drag completions; do
    valgrind --tool=callgrind --callgrind-out-file="$profile/$mix.out" \
        "$bin/refresh-bench" engine --events "$events" --repeats 1 --mix "$mix" >/dev/null 2>&1
    total="$(callgrind_annotate --inclusive=yes "$profile/$mix.out" 2>/dev/null \
        | awk '/RefreshEngineAAV6handle_2at/ { gsub(",", "", $1); print $1; exit }')"
    if [ -z "$total" ]; then
        echo "no callgrind figure for RefreshEngine.handle ($mix)" >&2
        exit 1
    fi
    per_event="$(awk -v t="$total" -v n="$events" 'BEGIN { printf "%.1f", t / n }')"
    echo "| 1 | engine.$mix.instructions_per_event | $per_event |"
    printf '{"benchmark":1,"name":"engine.%s.instructions_per_event","value":%s,"unit":"instructions","detail":"callgrind, inclusive cost of RefreshEngine.handle over %s events"}\n' \
        "$mix" "$per_event" "$events" >> "$output"
done
