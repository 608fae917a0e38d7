#!/bin/sh
# Compares the widget's renders from two display servers (RenderingTests writes them to
# $REFRESH_RENDER_DIR): every state must exist in both, at the same size, and look the same.
# Text is rasterized by different GSK renderers on each (its glyph edges differ by a shade),
# so the images are compared at a quarter of their size, where a glyph edge averages away but
# a moved row, a missing icon or another title does not: at most 1 % of those pixels may differ
# by more than 10 %. (Two different states of the list differ in about 25 %.)
# Usage: Tests/compare-renders.sh X11_DIR WAYLAND_DIR
set -eu
[ $# -eq 2 ] || { echo "usage: $0 X11_DIR WAYLAND_DIR" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
count=0
for first in "$1"/*.png; do
    [ -f "$first" ] || break
    name=$(basename "$first")
    second="$2/$name"
    count=$((count + 1))
    if [ ! -f "$second" ]; then
        echo "$name: missing from $2"; status=1; continue
    fi
    size1=$(identify -format '%wx%h' "$first")
    size2=$(identify -format '%wx%h' "$second")
    if [ "$size1" != "$size2" ]; then
        echo "$name: $size1 on one, $size2 on the other"; status=1; continue
    fi
    convert "$first" -scale 25% "$work/a.png"
    convert "$second" -scale 25% "$work/b.png"
    # compare prints the count of differing pixels on stderr and exits 1 when any differ.
    differing=$(compare -metric AE -fuzz 10% "$work/a.png" "$work/b.png" null: 2>&1 || true)
    small=$(identify -format '%w %h' "$work/a.png")
    area=$(( ${small% *} * ${small#* } ))
    limit=$((area / 100))
    verdict=same
    if [ "${differing%.*}" -gt "$limit" ]; then verdict=DIFFERENT; status=1; fi
    echo "$name: $size1, at quarter size $differing of $area pixels differ (limit $limit): $verdict"
done
[ $count -gt 0 ] || { echo "no renders in $1"; exit 1; }
exit $status
