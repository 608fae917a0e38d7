#!/bin/sh
# Builds every product and test of the package against this machine's GTK and libadwaita with
# deprecated calls as errors (Swift's DeprecatedDeclaration diagnostic group): a call that this
# GTK or libadwaita deprecates fails the build, and the step lists each one. Run on Debian 12
# and in the Debian 13 root (Tests/Debian13/run.sh), so neither platform compiles a deprecated
# call. An incremental build stays exact: a file built before built without one.
# Usage: Tests/deprecations.sh [SCRATCH-PATH] (default .build/deprecations, apart from .build)
set -eu
cd "$(dirname "$0")/.."
scratch="${1:-.build/deprecations}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
nice -n 10 swift build --build-tests --scratch-path "$scratch" -Xswiftc -Werror -Xswiftc DeprecatedDeclaration \
    >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    cat "$log"
    if grep -q "is deprecated" "$log"; then
        echo "deprecated calls against GTK $(pkg-config --modversion gtk4), libadwaita $(pkg-config --modversion libadwaita-1):"
        grep -E "^[^ ].*: error: .* is deprecated" "$log" | sort -u
    fi
    exit "$status"
fi
tail -n 1 "$log"
echo "no deprecated call against GTK $(pkg-config --modversion gtk4), libadwaita $(pkg-config --modversion libadwaita-1)"
