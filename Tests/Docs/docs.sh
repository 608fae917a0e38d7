#!/bin/sh
# The libraries' documentation, built offline from the code: symbol graphs of the public
# surface, a DocC archive per library (docc convert, failing on any warning), every public
# symbol documented, and doc/swift-api.md's API list equal to the compiled public surface.
# `--write` rewrites that list from the code instead of checking it.
set -eu
cd "$(dirname "$0")/../.."
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs="$(swift build --show-bin-path)/../symbolgraph"
out="$(swift build --show-bin-path)/docs"
mkdir -p "$out"
for module in GtkRefreshList RefreshEngine; do
    single=$(mktemp -d)
    cp "$graphs/$module.symbols.json" "$single/"
    log=$(mktemp)
    docc convert --additional-symbol-graph-dir "$single" --fallback-display-name "$module" \
        --fallback-bundle-identifier "io.github.refreshlist.$module" --output-path "$out/$module.doccarchive" \
        --analyze --warnings-as-errors >"$log" 2>&1 || { cat "$log"; exit 1; }
    if grep -q "warning" "$log"; then cat "$log"; exit 1; fi
    rm -rf "$single" "$log"
done
python3 Tests/Docs/api.py "$graphs" doc/swift-api.md "$@"
echo "documentation: $out"
