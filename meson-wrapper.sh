#!/bin/sh
# Lets meson (and distribution or Flatpak builds driven by it) build the Swift package:
#   meson-wrapper.sh build --source DIR --scratch DIR --configuration debug|release --output FILE
# runs `swift build` for the refresh-demo product with its scratch path inside meson's build
# directory and copies the binary to FILE.
set -eu

usage() {
    echo "usage: $0 build --source DIR --scratch DIR --configuration debug|release --output FILE" >&2
    exit 2
}

[ "${1:-}" = "build" ] || usage
shift
source="" scratch="" configuration="release" output=""
while [ $# -gt 0 ]; do
    case "$1" in
        --source) source="$2"; shift 2 ;;
        --scratch) scratch="$2"; shift 2 ;;
        --configuration) configuration="$2"; shift 2 ;;
        --output) output="$2"; shift 2 ;;
        *) usage ;;
    esac
done
[ -n "$source" ] && [ -n "$scratch" ] && [ -n "$output" ] || usage
case "$configuration" in debug|release) ;; *) usage ;; esac

. "$source/data/setup-debian.sh"
use_swift

swift build --package-path "$source" --scratch-path "$scratch" -c "$configuration" --product refresh-demo
bin="$(swift build --package-path "$source" --scratch-path "$scratch" -c "$configuration" --show-bin-path)"
cp "$bin/refresh-demo" "$output"
