# Sourced by data/run-demo.sh: the offline network feed. start_local_timeline ARGS... starts the
# bundled Mastodon-compatible timeline server (Tests/Network/timeline_server.py) on a free
# loopback port when ARGS ask for --source mastodon without --server, with a new post every few
# seconds, and stops it when the calling script exits. Sets timeline_server (its pid, or empty)
# and timeline_port.
timeline_server="" timeline_port=""

start_local_timeline() {
    source="" server=""
    previous=""
    for argument in "$@"; do
        case "$previous" in
            --source) source="$argument" ;;
            --server) server="$argument" ;;
        esac
        case "$argument" in
            --source=*) source="${argument#--source=}" ;;
            --server=*) server="${argument#--server=}" ;;
        esac
        previous="$argument"
    done
    [ "$source" = mastodon ] && [ -z "$server" ] || return 0
    timeline_dir="$(mktemp -d)"
    python3 Tests/Network/timeline_server.py --posts 400 --lively 4 --warnings 7 --media 3 --port-file "$timeline_dir/port" \
        >"$timeline_dir/log" 2>&1 &
    timeline_server=$!
    trap 'kill "$timeline_server" 2>/dev/null; wait "$timeline_server" 2>/dev/null; rm -rf "$timeline_dir"' EXIT
    trap 'exit 130' INT TERM
    tries=0
    while [ ! -s "$timeline_dir/port" ]; do
        tries=$((tries + 1))
        if [ "$tries" -gt 200 ] || ! kill -0 "$timeline_server" 2>/dev/null; then
            echo "the local timeline server did not start:" >&2
            cat "$timeline_dir/log" >&2
            exit 1
        fi
        sleep 0.05
    done
    timeline_port="$(cat "$timeline_dir/port")"
    echo "local timeline server on http://127.0.0.1:$timeline_port (a new post every 4 s)"
}
