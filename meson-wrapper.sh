#!/bin/sh
# Lets meson (and distribution or Flatpak builds driven by it) build the Swift package:
#   meson-wrapper.sh build --source DIR --scratch DIR --configuration debug|release
#       [--product refresh-demo|refresh-list-1] --output FILE [--link NAME] [--exports MAP]
# runs `swift build` for the product (the demo app by default) with its scratch path inside
# meson's build directory and copies the binary to FILE. The shared library refresh-list-1 is
# linked with the soname FILE's name (librefresh-list-1.so.0); --link NAME also makes NAME, a
# symbolic link to FILE beside it (librefresh-list-1.so, what `-lrefresh-list-1` finds). The
# app and the library are self-contained: each carries the Swift runtime it uses (the app
# --static-swift-stdlib, the library -static-stdlib), so they need only the system's libraries
# (libstdc++ among them) and their run paths name no toolchain. The library also leaves out the
# standard library's implicit string-processing module (it uses no regex); --exports MAP is the
# linker version script that keeps its exports to the C API. Give the library a scratch
# directory of its own: its flags differ from the app's.
set -eu

usage() {
    echo "usage: $0 build --source DIR --scratch DIR --configuration debug|release" \
        "[--product refresh-demo|refresh-list-1] --output FILE [--link NAME] [--exports MAP]" >&2
    exit 2
}

[ "${1:-}" = "build" ] || usage
shift
source="" scratch="" configuration="release" output="" product="refresh-demo" link="" exports=""
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case "$1" in
        --source) source="$2"; shift 2 ;;
        --scratch) scratch="$2"; shift 2 ;;
        --configuration) configuration="$2"; shift 2 ;;
        --product) product="$2"; shift 2 ;;
        --output) output="$2"; shift 2 ;;
        --link) link="$2"; shift 2 ;;
        --exports) exports="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift 2 ;;
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
    swift build --package-path "$source" --scratch-path "$scratch" -c "$configuration" --product refresh-demo \
        --static-swift-stdlib
    cp "$bin/refresh-demo" "$output"
else
    set -- -Xswiftc -static-stdlib -Xswiftc -Xfrontend -Xswiftc -disable-implicit-string-processing-module-import
    [ -z "$exports" ] || set -- "$@" -Xlinker --version-script="$exports"
    swift build --package-path "$source" --scratch-path "$scratch" -c "$configuration" --product refresh-list-1 \
        -Xlinker -soname -Xlinker "$(basename "$output")" "$@"
    cp "$bin/librefresh-list-1.so" "$output"
    [ -z "$link" ] || ln -sf "$(basename "$output")" "$(dirname "$output")/$link"
fi
