#!/bin/sh
# multipv.sh - option MultiPV: the N best root moves each as its own
# `info ... multipv k ...` line with its own score and pv, both backends.
. "$(dirname "$0")/lib.sh"

# Two moves: a5 wins with the 2nd own turn, a1 loses after one.  At Room
# and Pillar's own prior temperature (13) MCTS proves a5 before it ever
# tries a1; with MultiPV it goes on until a1 is proven too.
RP='position fen w.w.w./b...../.bw.w./....../.b.b.b/b....w b -'
for backend in alphabeta mcts; do
    converse 'setoption name Game value roomandpillar' "setoption name Backend value $backend" \
        'setoption name MultiPV value 3' "$RP" 'go movetime 300' await_bestmove
    expect_line "${backend}_first_line_is_the_win" '^info depth [0-9]+ seldepth [0-9]+ multipv 1 score mate 2 .* pv a5'
    expect_line "${backend}_second_line_is_the_other_move" '^info depth [0-9]+ seldepth [0-9]+ multipv 2 score mate -1 .* pv a1'
    expect_no_line "${backend}_no_third_line_without_a_third_move" 'multipv 3'
    expect_line "${backend}_bestmove_is_line_one" '^bestmove a5$'

    # Columna: three lines with three different first turns.
    converse 'setoption name Game value columna' "setoption name Backend value $backend" \
        'setoption name MultiPV value 3' 'position startpos' 'go movetime 300' await_bestmove
    # The last full report: a search stopped inside an iteration may have
    # printed its lines 1 and 2 only.
    last=$(printf '%s\n' "$REPLY" | grep '^info .* multipv [123] ' |
        awk '{ line[NR] = $0 } / multipv 3 / { end = NR } END { for (i = end - 2; i <= end && end > 2; i++) print line[i] }')
    firsts=$(printf '%s\n' "$last" | sed 's/.* pv \([^ ]*\).*/\1/' | sort -u | wc -l)
    if [ "$firsts" -eq 3 ]; then ok "${backend}_three_lines_three_first_moves"; else not_ok "${backend}_three_lines_three_first_moves" "$last"; fi
done

# Alpha-beta's lines come best first.
converse 'setoption name Game value columna' 'setoption name MultiPV value 3' 'position startpos' 'go depth 2' await_bestmove
scores=$(printf '%s\n' "$REPLY" | grep '^info depth 2 .* multipv' | sed -n 's/.* score cp \(-*[0-9]*\) .*/\1/p' | tr '\n' ' ')
sorted=$(printf '%s\n' $scores | sort -rn | tr '\n' ' ')
if [ -n "$scores" ] && [ "$scores" = "$sorted" ]; then ok "alphabeta_lines_come_best_first"; else not_ok "alphabeta_lines_come_best_first" "scores: $scores"; fi

# One line (the default) keeps the plain info line, as Stockfish does.
converse 'setoption name Game value roomandpillar' "$RP" 'go movetime 200' await_bestmove \
    'setoption name MultiPV value 0' 'setoption name MultiPV value 65'
expect_no_line "multipv_1_prints_no_multipv_field" '^info .*multipv'
expect_line "multipv_1_still_reports" '^info depth .* score mate 2 '
expect_count "multipv_out_of_range_refused" '^info string error setoption: .*MultiPV' 2

finish
