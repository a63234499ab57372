#!/bin/sh
# multipv_wins.sh - MCTS MultiPV on a won root lists its proven wins
# fastest first (protocol.md: proven wins fastest first, open lines, then
# proven losses slowest first); tests/mcts/multipv_losses.sh checks the
# losses.  In these Room and Pillar 4x4 positions every first move of
# white wins, in 1, 2, 3, 3 and 4 turns (the full solve's distances):
# line 1 is the win at once (the move played), and lines 2 to 5 must come
# shortest first.  Only a root with wins of several lengths after the
# chosen one shows the order; the positions of multipv_order.sh had none.
# converse (tests/analysis/lib.sh) waits for the bestmove instead of sleeping.
. "$(dirname "$0")/../analysis/lib.sh"

# mates REPORT: the N of each line's `score mate N` (a win), in line order.
mates() { printf '%s\n' "$1" | sed -n 's/.* score mate \([0-9][0-9]*\) .*/\1/p' | tr '\n' ' '; }

check() { # name position threads
    name=$1 threads=$3
    converse 'setoption name Game value roomandpillar' 'setoption name Backend value mcts' \
        'setoption name Eval value classic' "setoption name Threads value $3" 'setoption name MultiPV value 5' \
        "position fen $2" 'go nodes 20000' await_bestmove
    last=$(multipv_reports | tail -n 1 | tr '\t' '\n')
    played=$(printf '%s\n' "$REPLY" | sed -n 's/^bestmove \([^ ]*\).*/\1/p' | tail -n 1)
    lengths=$(mates "$last")
    # shellcheck disable=SC2086
    set -- $lengths
    if [ $# -eq 5 ]; then ok "${name}_five_proven_wins"; else not_ok "${name}_five_proven_wins" "lengths: $lengths" "$last"; fi
    # shellcheck disable=SC2046,SC2086
    # (One thread: the distances are exact, and the last line's is longer
    # than line 2's, so that the order is seen; two may keep a bound.)
    if [ $# -eq 5 ] && ordered -lt $lengths && [ "$1" = 1 ] && { [ "$threads" -gt 1 ] || [ "$5" -gt "$2" ]; }; then
        ok "${name}_wins_fastest_first"
    else
        not_ok "${name}_wins_fastest_first" "mate N by line: $lengths (expected 1, then the others shortest first)" "$last"
    fi
    first=$(first_move_of "$(printf '%s\n' "$last" | head -n 1)")
    if [ -n "$played" ] && [ "$played" = "$first" ]; then
        ok "${name}_line_1_is_played"
    else
        not_ok "${name}_line_1_is_played" "bestmove $played, line 1 $first"
    fi
    # Every report on the way: its lines 2 to 5 with wins shortest first, and
    # no open line before a win.
    bad=$(multipv_reports | while IFS= read -r report; do
        lines=$(printf '%s\n' "$report" | tr '\t' '\n' | tail -n +2)
        open_first=$(printf '%s\n' "$lines" | awk '/ score cp / { o = 1; next } o && / score mate [0-9]/ { print; exit }')
        # shellcheck disable=SC2046
        if ! ordered -lt $(mates "$lines") || [ -n "$open_first" ]; then printf '%s | ' "$(mates "$lines")"; fi
    done)
    if [ -z "$bad" ]; then ok "${name}_every_report_fastest_win_first"; else not_ok "${name}_every_report_fastest_win_first" "$bad"; fi
}

# White to move wins with d1 at once, b1 in 2 turns, b3 and c4 in 3, a2 in 4.
check corner_threads1 'wbw./bwb./w.../bwbw w -' 1
check corner_threads2 'wbw./bwb./w.../bwbw w -' 2
# a4 at once, c4 in 2, b1 and c2 in 3, d3 in 4.
check side_threads1 'wbwb/...w/.bwb/.wbw w -' 1
finish
