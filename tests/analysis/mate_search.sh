#!/bin/sh
# mate_search.sh - `go mate N`: search until a win in N own turns or fewer
# is found (or another limit ends the search), for both backends.
. "$(dirname "$0")/lib.sh"

# WIN_IN_2: a5 wins in 2 (tests/analysis/lib.sh).
for backend in alphabeta mcts; do
    # The mate asked for is there: bestmove comes by itself (no stop).
    converse_win_in_2 "$backend" 'go mate 2' await_bestmove
    expect_line "${backend}_mate_found_answers_by_itself" '^bestmove a5$'
    expect_line "${backend}_mate_found_is_reported" '^info .*score mate 2 '

    # No mate in 1 at the 8x8 start: the search goes on until stop; another
    # limit still ends it.
    converse 'setoption name Game value roomandpillar' "setoption name Backend value $backend" \
        'position startpos' 'go mate 1' 'pause 0.1' isready 'await ^readyok' stop await_bestmove \
        'go mate 1 movetime 100' await_bestmove
    expect_order "${backend}_no_short_mate_searches_on" '^readyok$' '^bestmove '
    expect_count "${backend}_movetime_ends_a_mate_search" '^bestmove ' 2
done

# MCTS proofs are final: a longer proven win is kept, and the search runs
# to its other limits looking for nothing better (documented).
converse_win_in_2 mcts 'go mate 1' 'pause 0.1' isready 'await ^readyok' stop await_bestmove
expect_order "mcts_longer_win_does_not_end_a_mate_search" '^readyok$' '^bestmove a5$'

converse 'go mate 0' 'go mate x' isready 'await ^readyok'
expect_line "mate_0_refused" '^info string error go: mate must be positive'
expect_line "mate_needs_a_number" '^info string error go: mate needs an integer'
expect_no_line "refused_mate_starts_no_search" '^bestmove'

finish
