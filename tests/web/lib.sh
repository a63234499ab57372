# lib.sh - starting tessera-web for a test (tests/web/web.sh, and
# tools/web/test-browser.sh): sourced, not run.
#
#   start_web WEB LOG ARGS...  -> starts WEB --port 0 ARGS in the background,
#                                 logging to LOG; sets SERVER (pid), PORT and
#                                 URL; false if it did not start in 10 s
#   wait_for_text FILE REGEX   -> waits up to 10 s for a line matching REGEX
#                                 (times LOAD_FACTOR, tests/protocol/lib.sh)
#   web_scratch                -> TMP, a scratch folder removed at exit,
#                                 when the server in SERVER (if set) is
#                                 stopped too

wait_for_text() {
    tries=$((100 * ${LOAD_FACTOR:-1}))
    while ! grep -Eq -- "$2" "$1" 2>/dev/null && [ "$tries" -gt 0 ]; do
        sleep 0.1
        tries=$((tries - 1))
    done
    grep -Eq -- "$2" "$1" 2>/dev/null
}

start_web() {
    web=$1
    log=$2
    shift 2
    : >"$log"
    "$web" --port 0 "$@" >"$log" 2>&1 &
    SERVER=$!
    wait_for_text "$log" 'listening on' || return 1
    URL=$(sed -n 's/.*listening on \(http:[^ ]*\) .*/\1/p' "$log")
    PORT=$(printf '%s' "$URL" | sed -n 's/.*:\([0-9]*\)\/$/\1/p')
    [ -n "$PORT" ]
}

web_scratch() {
    TMP=$(mktemp -d)
    SERVER=
    trap web_cleanup EXIT
}

web_cleanup() {
    [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null
    rm -rf "$TMP"
}
