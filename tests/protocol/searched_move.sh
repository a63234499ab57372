#!/bin/sh
# searched_move.sh - a bestmove is always a searched move, and a pipe gets
# the search it asked for: `stop` at once and `quit` answer after depth 1
# (MCTS: after playouts from an expanded root); at the end of input a
# bounded search runs to its end and an unbounded one is stopped; `go
# movetime` is thought in full at the default MoveOverhead.
. "$(dirname "$0")/lib.sh"

# last_info FIELD: FIELD's value on the last info line before bestmove in
# $REPLY ("none" without a bestmove, "-" without an info line before it).
last_info() {
    printf '%s\n' "$REPLY" | awk -v field="$1" '
        /^info depth / { value = "-"; for (i = 2; i < NF; i++) if ($i == field) value = $(i + 1) }
        /^bestmove / { print (value == "" ? "-" : value); found = 1; exit }
        END { if (!found) print "none" }'
}

# expect_searched NAME: a bestmove comes after an info line of depth >= 1
# and nodes >= 1.
expect_searched() {
    depth=$(last_info depth) nodes=$(last_info nodes)
    case "$depth$nodes" in
    *[!0-9]* | '') not_ok "$1" "last info before bestmove: depth $depth nodes $nodes" ;;
    *) if [ "$depth" -ge 1 ] && [ "$nodes" -ge 1 ]; then ok "$1"; else not_ok "$1" "depth $depth nodes $nodes"; fi ;;
    esac
}

# piped COMMAND...: the engine's output for these commands and then the end
# of input, no quit; STATUS its exit status.
piped() {
    REPLY=$(printf '%s\n' "$@" | timeout $((30 * LOAD_FACTOR)) "$ENGINE" 2>&1)
    STATUS=$?
}

for backend in alphabeta mcts; do
    for game in columna qawale territoire roomandpillar; do
        setup="setoption name Game value $game
setoption name Backend value $backend
position startpos"
        talk "$setup" 'go infinite' stop
        expect_searched "${backend}_${game}_stop_at_once_answers_a_searched_move"
        talk "$setup" 'go depth 4'
        expect_searched "${backend}_${game}_quit_answers_a_searched_move"
    done

    # The end of input lets a depth search finish: depth 4 is reported
    # (MCTS: its 4 x MctsDepthPlayouts playouts), then bestmove.
    piped 'setoption name Game value columna' "setoption name Backend value $backend" 'position startpos' 'go depth 4'
    expect_status "${backend}_end_of_input_exits_cleanly" 0
    if [ "$backend" = alphabeta ]; then
        depth=$(last_info depth)
        if [ "$depth" = 4 ]; then ok "${backend}_end_of_input_finishes_depth_4"; else not_ok "${backend}_end_of_input_finishes_depth_4" "last info depth before bestmove: $depth"; fi
    else
        piped 'setoption name Game value columna' 'setoption name Backend value mcts' 'position startpos' 'go nodes 3000'
        nodes=$(last_info nodes)
        if [ "$nodes" = 3000 ]; then ok "${backend}_end_of_input_finishes_3000_playouts"; else not_ok "${backend}_end_of_input_finishes_3000_playouts" "last info nodes before bestmove: $nodes"; fi
    fi

    # An unbounded search is stopped by the end of input, as by quit.
    piped 'setoption name Game value columna' "setoption name Backend value $backend" 'position startpos' 'go infinite'
    expect_status "${backend}_end_of_input_stops_go_infinite" 0
    expect_searched "${backend}_end_of_input_stopped_search_answers"

    # go movetime 50 at the default MoveOverhead (30) thinks about 50 ms:
    # the last info line's time is at least 50 less the clock's granularity
    # (a lower bound: load only lengthens a search).
    piped 'setoption name Game value columna' "setoption name Backend value $backend" 'position startpos' 'go movetime 50'
    time=$(last_info time)
    case "$time" in
    *[!0-9]* | '') not_ok "${backend}_movetime_50_thinks_50_ms" "last info time: $time" ;;
    *) if [ "$time" -ge 45 ]; then ok "${backend}_movetime_50_thinks_50_ms"; else not_ok "${backend}_movetime_50_thinks_50_ms" "last info time $time ms"; fi ;;
    esac
done

finish
