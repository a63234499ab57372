#!/bin/sh
# shortest_mate_threads.sh - with Threads 2 and 3 the shortening of a
# proven result runs on every search thread (search/proof/mate_shortening.c),
# and both backends still report the exact distance (never a shorter one,
# at no point of the search), search after search, and play a move that
# wins fastest: checked through the protocol against the full solve of
# tessera-mates (tools/mates/), which shares no code with them.  Under
# ThreadSanitizer this is the shortening's race check.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/lib_mates.sh"

for backend in alphabeta mcts; do
    for threads in 2 3; do
        # Each position twice, from a cleared table and from the one the
        # search before left: the same exact distance both times.
        converse 'setoption name Game value roomandpillar' "setoption name Backend value $backend" \
            "setoption name Threads value $threads" 'ucinewgame' \
            "position fen $WIN" 'go' await_bestmove "position fen $LOSS" 'go' await_bestmove \
            'ucinewgame' "position fen $LOSS" 'go' await_bestmove "position fen $WIN" 'go' await_bestmove
        name=${backend}_threads_$threads
        check_distances "${name}_win" 1 "$win_mate"
        check_distances "${name}_loss" 2 "$LOSS_MATE"
        check_distances "${name}_loss_again" 3 "$LOSS_MATE"
        check_distances "${name}_win_again" 4 "$win_mate"
        for best in $(printf '%s\n' "$REPLY" | awk '/^bestmove/ { n++; if (n == 1 || n == 4) print $2 }'); do
            if "$MATES" -fen "$WIN" -best "$best" >/dev/null; then
                ok "${name}_plays_the_fastest_win"
            else
                not_ok "${name}_plays_the_fastest_win" "bestmove '$best' wins later than $win_truth"
            fi
        done
    done
done

finish
