# lib.sh - tests/protocol/lib.sh, plus `converse`: a conversation that
# waits for the engine instead of sleeping, so that a test takes as long
# as the engine needs and no longer (sourced by tests/analysis/*.sh).
#
#   converse CMD...   like talk; a CMD `await_bestmove` waits until one
#                     more bestmove line has come (10 s at most, times
#                     SLOWDOWN), `await REGEX` until a line matches REGEX
#                     (as long); `pause N` sleeps
#                     N * SLOWDOWN seconds.  Then quit; $REPLY, $STATUS.
#   converse_win_in_2 BACKEND CMD...
#                     converse about WIN_IN_2 with BACKEND (the game and
#                     backend set, the position given, then CMD...)
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh

# count_in FILE REGEX: lines of FILE matching REGEX.
count_in() {
    n=$(grep -Ec -- "$2" "$1" 2>/dev/null)
    echo "${n:-0}"
}

# An engine that died must not take the test with it: writing to its
# closed input is an error to note, not a signal that ends the script.
trap '' PIPE

# wait_for FILE REGEX COUNT: until COUNT lines match, 10 s at most
# (times SLOWDOWN: a sanitized build searches several times slower; an
# engine that never answers fails the checks after, not the wait).
wait_for() {
    tries=0
    while [ "$(count_in "$1" "$2")" -lt "$3" ] && [ "$tries" -lt $((200 * SLOWDOWN)) ]; do
        sleep 0.05
        tries=$((tries + 1))
    done
}

converse() {
    open_engine $((60 * LOAD_FACTOR))
    bestmoves=0
    for cmd in "$@" quit; do
        case "$cmd" in
        await_bestmove)
            bestmoves=$((bestmoves + 1))
            wait_for "$dir/out" '^bestmove' "$bestmoves"
            ;;
        "await "*) wait_for "$dir/out" "${cmd#await }" 1 ;;
        "pause "*) sleep "$(scaled "${cmd#pause }")" ;;
        *) printf '%s\n' "$cmd" >&9 ;;
        esac
    done
    exec 9>&-
    wait "$engine_timeout_pid"
    STATUS=$?
    REPLY=$(cat "$dir/out")
    rm -rf "$dir"
    expect_clean_exit "$STATUS" "$*"
}

# Room and Pillar, black to move: a5 wins in 2 own turns (mate 2), a1 is
# the only other move (mate_search.sh, searchmoves.sh).
WIN_IN_2='position fen w.w.w./b...../.bw.w./....../.b.b.b/b....w b -'

converse_win_in_2() { # backend cmd...
    win_in_2_backend="setoption name Backend value $1"
    shift
    converse 'setoption name Game value roomandpillar' "$win_in_2_backend" "$WIN_IN_2" "$@"
}

# multipv_reports: every MultiPV report of the search in $REPLY, one per
# line (its lines joined by a tab), the last report last.
multipv_reports() {
    printf '%s\n' "$REPLY" | grep '^info .* multipv [0-9]* ' |
        awk '/ multipv 1 / { if (r != "") print r; r = "" } { r = r (r == "" ? "" : "\t") $0 } END { if (r != "") print r }'
}

# first_move_of LINE: the first move of an info line's pv.
first_move_of() { printf '%s\n' "$1" | sed -n 's/.* pv \([^ ]*\).*/\1/p'; }

# ordered OP N...: no N is OP the one before it (OP -gt: never longer,
# the slowest first; -lt: never shorter, the fastest first).
ordered() {
    op=$1
    shift
    previous=
    for n in "$@"; do
        if [ -n "$previous" ] && [ "$n" "$op" "$previous" ]; then return 1; fi
        previous=$n
    done
}
