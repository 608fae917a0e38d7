#!/bin/sh
# Runs every benchmark of BENCHMARKS.md with its baseline, interleaved in one run: builds in
# release mode, compiles the C baselines with pkg-config, runs under Xvfb when there is no
# display, prints a table and writes one JSON object per metric.
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
use_swift

swift build -c "$configuration" --product refresh-bench
swift build -c "$configuration" --product refresh-demo
bin="$(swift build -c "$configuration" --show-bin-path)"
baselines="$bin/baselines"
mkdir -p "$baselines"
for program in launch rss; do
    cc -O2 -o "$baselines/$program-baseline" "Tests/Benchmarks/baselines/$program.c" $(pkg-config --cflags --libs gtk4)
done

set -- "$bin/refresh-bench" all --output "$output" --demo "$bin/refresh-demo" --baselines "$baselines" $smoke
if [ -z "${DISPLAY:-}" ]; then
    exec xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- "$@"
else
    exec dbus-run-session -- "$@"
fi
