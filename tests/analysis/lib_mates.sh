# lib_mates.sh - positions with known exact mate distances, and the checks
# that a search reported them exactly (shortest_mate.sh and
# shortest_mate_threads.sh): sourced after lib.sh, not run.

MATES=$BUILD/tessera-mates
# White wins in 7 plies (mate 4) with e2 alone; its four other winning
# moves win later.  Before the shortening, alpha-beta said mate 8 and MCTS
# mate 5, both playing b3.
WIN='wbwb../.wb..w/....wb/bwb.bw/wbw.wb/bwbwbw w -'
# Black loses in 16 plies (mate -8: `tessera-mates -fen` takes seconds
# under the sanitizers, so the value is written here).  Before, alpha-beta
# said mate -11 and MCTS mate -9.
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

