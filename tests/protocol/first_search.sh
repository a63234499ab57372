#!/bin/sh
# The first `go` of a fresh engine keeps its clock: the engine makes its
# tables (alpha-beta's transposition, proof and mate tables, MCTS's node
# pool) and its search threads when it starts and when Hash, Threads or
# Backend change, not inside the first search.  No isready is sent: the
# GUI below goes straight from its options to `go`.
#
# The position: Black to move, a5 wins (mate 2), a1 loses at once.  A
# first search that paid for its tables out of its 300 ms answered a1
# (the first legal move: no iteration completed) after 457-673 ms on a
# loaded machine.
. "$(dirname "$0")/lib.sh"

RP='position fen w.w.w./b...../.bw.w./....../.b.b.b/b....w b -'

# A bound far above the 300 ms asked (the machine may be loaded, the build
# sanitized, huge pages slow to find): the behaviour checked is the move.
bound=$((10000 * SLOWDOWN))

# first_go SETUP...: a fresh engine is sent SETUP, then at once `go
# movetime 300`; prints "MS BESTMOVE", MS from the moment go was written
# to the bestmove line (999999 and "none" when none came).  The engine
# reads `go` once the commands before it are done, tables included: its
# clock starts then, so MS also holds the making of the tables that go
# found still under way (this GUI gives the engine no time between its
# options and go).
first_go() {
    open_engine $((bound / 1000 + 30))
    printf '%s\n' "$@" >&9
    sent=$(date +%s%N)
    printf 'go movetime 300\n' >&9
    tries=0
    while ! grep -q '^bestmove' "$dir/out" && [ "$tries" -lt $((bound / 10)) ]; do
        sleep 0.01
        tries=$((tries + 1))
    done
    answered=$(date +%s%N)
    printf 'quit\n' >&9
    exec 9>&-
    wait "$engine_timeout_pid"
    expect_clean_exit $? "first go after: $*"
    best=$(sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$dir/out")
    if [ -n "$best" ]; then
        echo "$(((answered - sent) / 1000000)) $best"
    else
        echo "999999 none"
    fi
    rm -rf "$dir"
}

# expect_mate_found NAME SETUP...
expect_mate_found() {
    name=$1
    shift
    set -- $(first_go "$@")
    echo "     $name: bestmove $2 after $1 ms (movetime 300)"
    if [ "$2" = a5 ]; then ok "${name}_plays_the_mate"; else not_ok "${name}_plays_the_mate" "bestmove $2 after $1 ms"; fi
    if [ "$1" -le "$bound" ]; then ok "${name}_answers_in_time"; else not_ok "${name}_answers_in_time" "$1 ms, bound $bound"; fi
}

for backend in alphabeta mcts; do
    expect_mate_found "${backend}_fresh" "setoption name Backend value $backend" 'setoption name MultiPV value 3' "$RP"
    expect_mate_found "${backend}_fresh_one_line" "setoption name Backend value $backend" "$RP"
    expect_mate_found "${backend}_new_hash_and_threads" "setoption name Backend value $backend" \
        'setoption name Hash value 16' 'setoption name Threads value 2' 'setoption name MultiPV value 3' "$RP"
done

# ---- the memory is made before any go: seen from outside (Linux /proc) ----

# A conversation kept open: start_engine, then answered PATTERN CMD...
# (sends them, waits for one more line matching PATTERN, 30 s * SLOWDOWN
# at most), then stop_engine.
start_engine() {
    open_engine $((120 * SLOWDOWN))
    engine_pid=
    tries=0
    while [ -z "$engine_pid" ] && [ "$tries" -lt 200 ]; do
        engine_pid=$(pgrep -P "$engine_timeout_pid" | head -n 1)
        [ -n "$engine_pid" ] || sleep 0.05
        tries=$((tries + 1))
    done
}
say() { printf '%s\n' "$@" >&9; }
answered() { # PATTERN CMD...: sends CMD, waits until one more line matches
    pattern=$1
    wanted=$(($(grep -Ec -- "$pattern" "$dir/out") + 1))
    shift
    say "$@"
    tries=0
    while [ "$(grep -Ec -- "$pattern" "$dir/out")" -lt "$wanted" ] && [ "$tries" -lt $((600 * SLOWDOWN)) ]; do
        sleep 0.05
        tries=$((tries + 1))
    done
}
stop_engine() {
    say quit
    exec 9>&-
    wait "$engine_timeout_pid"
    expect_clean_exit $? "the conversation of first_search.sh"
    rm -rf "$dir"
}
rss_mb() { awk '/^VmRSS:/ { print int($2 / 1024) }' "/proc/$engine_pid/status" 2>/dev/null; }
thread_count() { awk '/^Threads:/ { print $2 }' "/proc/$engine_pid/status" 2>/dev/null; }

# expect_between NAME VALUE LOW HIGH
expect_between() {
    if [ -n "$2" ] && [ "$2" -ge "$3" ] && [ "$2" -le "$4" ]; then ok "$1"; else not_ok "$1" "${2:-nothing} outside $3..$4"; fi
}

if [ -r /proc/self/status ] && command -v pgrep >/dev/null; then
    start_engine
    # `d` waits for the tables being made (only the handshake does not):
    # once it is answered, they are there, every page made.
    answered '^Status:' d
    # Default Hash 64: alpha-beta's three tables, at least three quarters
    # of it resident (the rest of the process is a few MB).
    expect_between "fresh_engine_holds_its_tables" "$(rss_mb)" 48 $((64 + 160))
    threads=$(thread_count)
    answered '^Status:' 'setoption name Threads value 4' d
    expect_between "threads_started_when_threads_change" "$(thread_count)" $((threads + 3)) $((threads + 3))
    answered '^Status:' 'setoption name Hash value 256' d
    before=$(rss_mb)
    expect_between "tables_made_when_hash_changes" "$before" 192 $((256 + 160))
    # The first search at that Hash makes no table (it touches a few
    # entries and its threads' state).
    answered '^bestmove' "$RP" 'go depth 3'
    expect_between "first_search_makes_no_table" $(($(rss_mb) - before)) -16 96
    # The engine left gives its memory back: one Hash, not two.
    answered '^Status:' 'setoption name Backend value mcts' d
    expect_between "backend_change_keeps_memory_within_hash" "$(rss_mb)" 192 $((256 + 160))
    answered '^Status:' 'setoption name Hash value 32' d
    expect_between "smaller_hash_gives_memory_back" "$(rss_mb)" 24 $((32 + 160))
    # A Hash the machine cannot hold is kept as set, but its tables would
    # end in the out-of-memory killer: the default's are made, and said so.
    machine_mb=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
    if [ "$machine_mb" -lt 65536 ]; then
        answered '^Status:' 'setoption name Hash value 65536' d
        if grep -q "^info string Hash 65536 MB is more than this machine's [0-9]* MB of memory: tables of 64 MB are used$" "$dir/out"; then
            ok "hash_beyond_the_machine_said"
        else
            not_ok "hash_beyond_the_machine_said" "$(tail -n 5 "$dir/out")"
        fi
        expect_between "hash_beyond_the_machine_makes_the_default_tables" "$(rss_mb)" 48 $((64 + 160))
    fi
    stop_engine
else
    echo "     (no /proc: memory and thread counts not checked)"
fi

# The handshake is answered while the tables are made; every other
# command waits for them, so nothing sees them half made.
talk uci 'setoption name Hash value 16' isready 'setoption name Backend value mcts' 'setoption name Hash value 8' \
    isready 'setoption name Threads value 2' isready
expect_line "handshake_answered" '^uciok$'
expect_count "isready_answered_after_each_change" '^readyok$' 3
expect_no_line "no_error_while_tables_are_made" '^info string error'

finish
