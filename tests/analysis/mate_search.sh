#!/bin/sh
# mate_search.sh - `go mate N`: search until a win in N own turns or fewer
# is found (or another limit ends the search), for both backends.
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh

WIN_IN_2='position fen w.w.w./b...../.bw.w./....../.b.b.b/b....w b -'
for backend in alphabeta mcts; do
    # The mate asked for is there: bestmove comes by itself.
    talk 'setoption name Game value roomandpillar' "setoption name Backend value $backend" \
        "$WIN_IN_2" 'go mate 2' 'pause 1' isready
    expect_order "${backend}_mate_found_answers_by_itself" '^bestmove a5$' '^readyok$'
    expect_line "${backend}_mate_found_is_reported" '^info .*score mate 2 '

    # No mate in 1 at the 8x8 start: the search goes on until stop.
    talk 'setoption name Game value roomandpillar' "setoption name Backend value $backend" \
        'position startpos' 'go mate 1' 'pause 0.5' isready stop
    expect_order "${backend}_no_short_mate_searches_on" '^readyok$' '^bestmove '

    # Another limit still ends it.
    talk 'setoption name Game value roomandpillar' "setoption name Backend value $backend" \
        'position startpos' 'go mate 1 movetime 100' 'pause 1' isready
    expect_order "${backend}_movetime_ends_a_mate_search" '^bestmove ' '^readyok$'
done

# MCTS proofs are final: a longer proven win is kept, and the search runs
# to its other limits looking for nothing better (documented).
talk 'setoption name Game value roomandpillar' 'setoption name Backend value mcts' \
    "$WIN_IN_2" 'go mate 1' 'pause 0.5' isready stop
expect_order "mcts_longer_win_does_not_end_a_mate_search" '^readyok$' '^bestmove a5$'

talk 'go mate 0' 'go mate x' isready
expect_line "mate_0_refused" '^info string error go: mate must be positive'
expect_line "mate_needs_a_number" '^info string error go: mate needs an integer'
expect_no_line "refused_mate_starts_no_search" '^bestmove'

finish
