# lib.sh - helpers for end-to-end protocol tests: spawn the engine, feed it a
# conversation, check what it answered.  Sourced by tests/*/*.sh.
#
#   talk 'uci' 'isready'            -> $REPLY holds the engine's whole output
#   expect_line  NAME REGEX         -> a line of $REPLY matches REGEX (grep -E)
#   expect_no_line NAME REGEX
#   finish                          -> prints the closing harness line
# Lines given to talk may be `sleep N` to wait N seconds between commands,
# or `pause N` to wait N * SLOWDOWN seconds (for waits that the engine's own
# speed decides, such as a search's start-up); "sleep $(loaded N)" waits N
# * LOAD_FACTOR seconds (where N already suits the sanitized builds).

BUILD=${TESSERA_BUILD:-build/release}
ENGINE=$BUILD/tessera
# Sanitized builds run several times slower (BUILD_SLOWDOWN), and a loaded
# machine slower again: tests/run.sh measures how much at the start of the
# run and now and then in each lane, and exports it as TESSERA_LOAD_FACTOR
# (a whole number, 1 on an idle machine or when the test runs alone).
# Pauses in conversations (and any time allowance a test grants) are
# multiplied by SLOWDOWN, the two together.
case "$BUILD" in
*tsan*) BUILD_SLOWDOWN=6 ;;
*asan*) BUILD_SLOWDOWN=3 ;;
*) BUILD_SLOWDOWN=1 ;;
esac
case "${TESSERA_LOAD_FACTOR:-1}" in
'' | 0 | *[!0-9]*) LOAD_FACTOR=1 ;;
*) LOAD_FACTOR=${TESSERA_LOAD_FACTOR:-1} ;;
esac
SLOWDOWN=$((BUILD_SLOWDOWN * LOAD_FACTOR))

# scaled SECONDS: prints SECONDS * SLOWDOWN.
scaled() { awk -v s="$1" -v f="$SLOWDOWN" 'BEGIN { print s * f }'; }
# loaded AMOUNT: prints AMOUNT (seconds or ms) * LOAD_FACTOR only: for
# allowances that are already wide enough for the sanitized builds on an
# idle machine.
loaded() { awk -v s="$1" -v f="$LOAD_FACTOR" 'BEGIN { print s * f }'; }
passed=0
failed=0
REPLY=

ok() { passed=$((passed + 1)); echo "ok   $1"; }
not_ok() {
    failed=$((failed + 1))
    echo "FAIL $1"
    shift
    for line in "$@"; do echo "    $line"; done
}

# talk CMD... : runs one engine on these commands, then quit, 30 s at most
# (times LOAD_FACTOR).
# An engine that hangs (killed by timeout: status 124) or does not exit 0
# after quit is a failure of its own, whatever the replies were.
talk() {
    REPLY=$(
        for cmd in "$@" quit; do
            case "$cmd" in
            "sleep "*) sleep "${cmd#sleep }" ;;
            "pause "*) sleep "$(scaled "${cmd#pause }")" ;;
            *) printf '%s\n' "$cmd" ;;
            esac
        done | timeout $((30 * LOAD_FACTOR)) "$ENGINE" 2>&1
    )
    STATUS=$?
    expect_clean_exit "$STATUS" "$*"
}

# expect_clean_exit STATUS WHAT: a failure unless STATUS is 0.  Recorded
# in a file, since it is also called in the subshells of $(...).
EXIT_FAILURES=$(mktemp)
expect_clean_exit() {
    case "$1" in
    0) return ;;
    124 | 137) why="the engine hung and was killed by timeout (status $1) after: $2" ;;
    *) why="the engine exited with status $1 after: $2" ;;
    esac
    echo "FAIL engine_exits_after_quit" >&2
    echo "    $why" >&2
    echo "$why" >>"$EXIT_FAILURES"
}

expect_line() { # name regex
    if printf '%s\n' "$REPLY" | grep -Eq -- "$2"; then ok "$1"; else not_ok "$1" "no line matches /$2/ in:" "$(printf '%s\n' "$REPLY" | head -n 30)"; fi
}

expect_no_line() { # name regex
    if printf '%s\n' "$REPLY" | grep -Eq -- "$2"; then not_ok "$1" "unexpected line /$2/ in:" "$(printf '%s\n' "$REPLY" | head -n 30)"; else ok "$1"; fi
}

expect_count() { # name regex count
    n=$(printf '%s\n' "$REPLY" | grep -Ec -- "$2")
    if [ "$n" -eq "$3" ]; then ok "$1"; else not_ok "$1" "$n lines match /$2/, expected $3 in:" "$(printf '%s\n' "$REPLY" | head -n 30)"; fi
}

# Line number of the first line matching regex (0 if none).
line_of() { printf '%s\n' "$REPLY" | grep -En -- "$1" | head -n 1 | cut -d: -f1 | sed 's/^$/0/'; }

expect_order() { # name regex-first regex-second
    a=$(line_of "$2")
    b=$(line_of "$3")
    if [ -n "$a" ] && [ -n "$b" ] && [ "$a" -gt 0 ] && [ "$b" -gt "$a" ]; then ok "$1"; else not_ok "$1" "/$2/ (line ${a:-none}) should come before /$3/ (line ${b:-none}) in:" "$(printf '%s\n' "$REPLY" | head -n 30)"; fi
}

expect_status() { # name expected-status
    if [ "$STATUS" -eq "$2" ]; then ok "$1"; else not_ok "$1" "exit status $STATUS, expected $2"; fi
}

# ms_until_bestmove SETUP WAIT TIMED AFTER: writes the lines of SETUP (one
# string, newline-separated), waits WAIT seconds, takes a timestamp just
# before writing the TIMED command, waits for the bestmove (AFTER seconds
# at most), sends quit, and prints the ms from the timestamp to the
# bestmove line (999999 when none came).  An engine that then hangs or
# exits non-zero is a failure.
ms_until_bestmove() {
    stamp_dir=$(mktemp -d)
    (
        printf '%s\n' "$1"
        sleep "$2"
        date +%s%N >"$stamp_dir/sent"
        printf '%s\n' "$3"
        ticks=$(awk -v s="$4" 'BEGIN { printf "%d", s * 20 }')
        while [ "$ticks" -gt 0 ] && [ ! -f "$stamp_dir/best" ]; do
            sleep 0.05
            ticks=$((ticks - 1))
        done
        printf 'quit\n'
    ) | {
        timeout $((30 * LOAD_FACTOR)) "$ENGINE" 2>&1
        echo $? >"$stamp_dir/status"
    } | while IFS= read -r line; do
        case "$line" in bestmove*) date +%s%N >"$stamp_dir/best" ;; esac
    done
    expect_clean_exit "$(cat "$stamp_dir/status")" "$3"
    if [ -f "$stamp_dir/best" ]; then
        echo $((($(cat "$stamp_dir/best") - $(cat "$stamp_dir/sent")) / 1000000))
    else
        echo 999999
    fi
    rm -rf "$stamp_dir"
}

# open_engine SECONDS: the engine started in the background with its input
# a fifo held open on descriptor 9 (a conversation paced by the test) and
# its output in $dir/out, killed after SECONDS; $dir is the conversation's
# folder (removed by the caller), $engine_timeout_pid the timeout's pid.
open_engine() {
    dir=$(mktemp -d)
    mkfifo "$dir/in"
    timeout "$1" "$ENGINE" <"$dir/in" >"$dir/out" 2>&1 &
    engine_timeout_pid=$!
    exec 9>"$dir/in"
}

finish() {
    failed=$((failed + $(wc -l <"$EXIT_FAILURES")))
    rm -f "$EXIT_FAILURES"
    echo "harness: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
