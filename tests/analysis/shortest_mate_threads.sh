#!/bin/sh
# shortest_mate_threads.sh - with Threads 2 and 3 the shortening of a
# proven result runs on every search thread (search/mate_shortening.c),
# and both backends still report the exact distance (never a shorter one,
# at no point of the search), search after search, and play a move that
# wins fastest: checked through the protocol against the full solve of
# tessera-mates (tools/mates/), which shares no code with them.  Under
# ThreadSanitizer this is the shortening's race check.
. "$(dirname "$0")/lib.sh"

MATES=$BUILD/tessera-mates
# White wins in 7 plies (mate 4) with e2 alone; its four other winning
# moves win later.
WIN='wbwb../.wb..w/....wb/bwb.bw/wbw.wb/bwbwbw w -'
# Black loses in 16 plies (mate -8: the full solve takes seconds under
# the sanitizers, so the value is written here).
LOSS='...bwb/.wbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw b -'
LOSS_MATE=-8

win_truth=$("$MATES" -fen "$WIN" | cut -f3)
win_mate=${win_truth#mate }

# mates_of_search K: every `score mate` of the K-th search of $REPLY.
mates_of_search() {
    printf '%s\n' "$REPLY" | awk -v k="$1" '
        /^bestmove/ { n++; next }
        n == k - 1 { for (i = 1; i < NF; i++) if ($i == "mate") print $(i + 1) }'
}

# check_distances NAME K TRUTH: the K-th search's last mate is TRUTH and
# none was ever shorter.
check_distances() {
    all=$(mates_of_search "$2")
    last=$(printf '%s\n' "$all" | tail -1)
    if [ "$last" = "$3" ]; then ok "$1_is_exact"; else not_ok "$1_is_exact" "last mate '$last', exact $3"; fi
    shorter=$(printf '%s\n' "$all" | awk -v t="$3" 'NF { v = $1 < 0 ? -$1 : $1; w = t < 0 ? -t : t; if (v < w) print }')
    if [ -z "$shorter" ]; then ok "$1_never_shorter"; else not_ok "$1_never_shorter" "reported $shorter, exact $3"; fi
}

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
