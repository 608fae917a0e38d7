#!/bin/sh
# Lets meson (and distribution or Flatpak builds driven by it) build the Swift package:
#   meson-wrapper.sh build --source DIR --scratch DIR --configuration debug|release
#       [--product refresh-demo|refresh-list-1] --output FILE [--link NAME]
# runs `swift build` for the product (the demo app by default) with its scratch path inside
# meson's build directory and copies the binary to FILE. The shared library refresh-list-1 is
# linked with the soname FILE's name (librefresh-list-1.so.0); --link NAME also makes NAME, a
# symbolic link to FILE beside it (librefresh-list-1.so, what `-lrefresh-list-1` finds). The
# library's run path names the toolchain's Swift runtime, where swiftc puts it.
set -eu

usage() {
    echo "usage: $0 build --source DIR --scratch DIR --configuration debug|release" \
        "[--product refresh-demo|refresh-list-1] --output FILE [--link NAME]" >&2
    exit 2
}

[ "${1:-}" = "build" ] || usage
shift
source="" scratch="" configuration="release" output="" product="refresh-demo" link=""
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case "$1" in
        --source) source="$2"; shift 2 ;;
        --scratch) scratch="$2"; shift 2 ;;
        --configuration) configuration="$2"; shift 2 ;;
        --product) product="$2"; shift 2 ;;
        --output) output="$2"; shift 2 ;;
        --link) link="$2"; shift 2 ;;
        *) usage ;;
    esac
done
[ -n "$source" ] && [ -n "$scratch" ] && [ -n "$output" ] || usage
case "$configuration" in debug|release) ;; *) usage ;; esac
case "$product" in refresh-demo|refresh-list-1) ;; *) usage ;; esac

. "$source/data/setup-debian.sh"
use_swift

bin="$(swift build --package-path "$source" --scratch-path "$scratch" -c "$configuration" --show-bin-path)"
if [ "$product" = refresh-demo ]; then
    swift build --package-path "$source" --scratch-path "$scratch" -c "$configuration" --product refresh-demo
    cp "$bin/refresh-demo" "$output"
else
    swift build --package-path "$source" --scratch-path "$scratch" -c "$configuration" --product refresh-list-1 \
        -Xlinker -soname -Xlinker "$(basename "$output")"
    cp "$bin/librefresh-list-1.so" "$output"
    [ -z "$link" ] || ln -sf "$(basename "$output")" "$(dirname "$output")/$link"
fi
