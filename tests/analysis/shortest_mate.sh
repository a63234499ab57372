#!/bin/sh
# shortest_mate.sh - once a result is proven, both backends report its exact
# distance (never a shorter one, at no point of the search) and play a
# move that wins fastest, checked through the protocol against the full
# solve of tessera-mates (tools/mates/), which shares no code with them.
# A `go` with no limit answers once the distance is exact.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/lib_mates.sh"

for backend in alphabeta mcts; do
    converse 'setoption name Game value roomandpillar' "setoption name Backend value $backend" \
        "position fen $WIN" 'go' await_bestmove "position fen $LOSS" 'go' await_bestmove
    check_distances "${backend}_win" 1 "$win_mate"
    check_distances "${backend}_loss" 2 "$LOSS_MATE"
    best=$(printf '%s\n' "$REPLY" | awk '/^bestmove/ { print $2; exit }')
    if "$MATES" -fen "$WIN" -best "$best" >/dev/null; then
        ok "${backend}_plays_the_fastest_win"
    else
        not_ok "${backend}_plays_the_fastest_win" "bestmove '$best' wins later than $win_truth"
    fi
done

finish
