#!/bin/sh
# multipv_losses.sh - MCTS MultiPV on a lost root lists its proven losses
# slowest first (protocol.md: proven wins fastest first, open lines, then
# proven losses slowest first).  Room and Pillar's 4x4 start is lost for
# the side to move (black): every one of its 8 first moves loses, in 6
# turns (12 plies: tessera-mates gives `mate -6`) or, where the reply is
# `swap`, in 4.  `MultiPV 8` must list them `6 6 6 6 4 4 4 4`: line 1 the
# slowest loss (the move played), then the other 6-turn losses, then the
# 4-turn ones.  A sort that put the fastest loss first showed `6 4 4 4 4
# 6 6 6` (line 1 is chosen apart) and no other test saw it: the lines of
# tests/analysis/multipv_order.sh hold one length of loss each.
# converse (tests/analysis/lib.sh) waits for the bestmove instead of sleeping.
. "$(dirname "$0")/../analysis/lib.sh"

START44='wbwb/bwbw/wbwb/bwbw b -'

# mates REPORT: the N of each line's `score mate -N`, in line order.
mates() { printf '%s\n' "$1" | sed -n 's/.* score mate -\([0-9]*\) .*/\1/p' | tr '\n' ' '; }

# One thread, and two (whose lines are proven and shortened by both).
for threads in 1 2; do
    name=threads$threads
    converse 'setoption name Game value roomandpillar' 'setoption name Backend value mcts' \
        'setoption name Eval value classic' "setoption name Threads value $threads" 'setoption name MultiPV value 8' \
        "position fen $START44" 'go nodes 200000' await_bestmove
    last=$(multipv_reports | tail -n 1 | tr '\t' '\n')
    played=$(printf '%s\n' "$REPLY" | sed -n 's/^bestmove \([^ ]*\).*/\1/p' | tail -n 1)
    lengths=$(mates "$last")
    # shellcheck disable=SC2086
    set -- $lengths
    if [ $# -eq 8 ] && [ "$(printf '%s\n' "$last" | grep -c ' score mate -[0-9]* ')" -eq 8 ]; then
        ok "${name}_eight_proven_losses"
    else
        not_ok "${name}_eight_proven_losses" "lengths: $lengths" "$last"
    fi
    # One thread: the lines exactly.  Two: a line below line 1 may keep its
    # proof's bound, never shorter than the truth (once `mate -5` for a
    # swap line lost in 4), but lines 2 to 8 stay in order, slowest first,
    # and the fastest loss (4) comes last.
    in_order=no
    if [ "$threads" -eq 1 ]; then
        expected="6 6 6 6 4 4 4 4 "
        [ "$lengths" = "$expected" ] && in_order=yes
    else
        expected="lines 2 to 8 slowest first, a 4 last"
        # shellcheck disable=SC2046,SC2086
        [ $# -eq 8 ] && ordered -gt $(echo $lengths | cut -d' ' -f2-) && [ "$8" = 4 ] && [ "$2" -ge 6 ] &&
            in_order=yes
    fi
    if [ "$in_order" = yes ]; then
        ok "${name}_losses_slowest_first"
    else
        not_ok "${name}_losses_slowest_first" "mate -N by line: $lengths (expected $expected)" "$last"
    fi
    first=$(first_move_of "$(printf '%s\n' "$last" | head -n 1)")
    if [ -n "$played" ] && [ "$played" = "$first" ] && [ "$1" = 6 ]; then
        ok "${name}_line_1_is_the_slowest_loss_and_played"
    else
        not_ok "${name}_line_1_is_the_slowest_loss_and_played" "bestmove $played, line 1 $first, mate -$1"
    fi
    # Every report on the way, not only the last: its lines 2 to 8 (line 1
    # is the move played, chosen apart) with mates slowest first (an open
    # line may stand before them, never after).
    bad=$(multipv_reports | while IFS= read -r report; do
        lines=$(printf '%s\n' "$report" | tr '\t' '\n' | tail -n +2)
        after_mate=$(printf '%s\n' "$lines" | awk '/ score mate -/ { m = 1; next } m && / score cp / { print; exit }')
        # shellcheck disable=SC2046
        if ! ordered -gt $(mates "$lines") || [ -n "$after_mate" ]; then printf '%s | ' "$(mates "$lines")"; fi
    done)
    if [ -z "$bad" ]; then ok "${name}_every_report_slowest_loss_first"; else not_ok "${name}_every_report_slowest_loss_first" "$bad"; fi
done

# The lengths themselves: line 1's loss is the exact one of the full solve.
MATES=$BUILD/tessera-mates
exact=$("$MATES" -fen "$START44" | cut -f3)
if [ "$exact" = "mate -6" ]; then ok "tessera_mates_gives_the_start_mate_-6"; else not_ok "tessera_mates_gives_the_start_mate_-6" "$exact"; fi

finish
