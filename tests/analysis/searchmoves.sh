#!/bin/sh
# searchmoves.sh - `go searchmoves m1 m2 ...` restricts the root to those
# whole turns, for both backends, in games searched whole and step by step.
. "$(dirname "$0")/lib.sh"

# WIN_IN_2 (tests/analysis/lib.sh): a5 wins (mate 2); a1 is the only
# other move.  Restricted to a1 the engine must play it and must not claim
# a5's win.
for backend in alphabeta mcts; do
    converse_win_in_2 "$backend" 'go movetime 300 searchmoves a1' await_bestmove
    expect_line "${backend}_plays_the_only_move_allowed" '^bestmove a1$'
    expect_no_line "${backend}_reports_no_win_of_a_move_left_out" 'score mate [0-9]'
    expect_no_line "${backend}_pv_starts_with_an_allowed_move" '^info .* pv a5'

    # The same position, next search, unrestricted: nothing left behind.
    converse_win_in_2 "$backend" 'go movetime 300 searchmoves a1' await_bestmove 'go movetime 300' await_bestmove
    expect_line "${backend}_unrestricted_search_after_finds_the_win" '^bestmove a5$'

    # Columna turns are searched step by step: a named turn is still whole.
    converse 'setoption name Game value columna' "setoption name Backend value $backend" 'position startpos' \
        'go movetime 200 searchmoves b2b3,f1e1 b2b3,a3a4' await_bestmove
    expect_line "${backend}_columna_plays_a_named_turn" '^bestmove b2b3,(f1e1|a3a4)$'
    expect_no_line "${backend}_columna_pv_starts_with_a_named_turn" '^info .* pv (b2b3,[^fa]|b2b3,f1[^e]|b2b3,a3[^a])'

    # searchmoves then other parameters, in any order.
    converse 'setoption name Game value qawale' "setoption name Backend value $backend" 'position startpos' \
        'go searchmoves d4d3d2d1 depth 2' await_bestmove
    expect_line "${backend}_searchmoves_before_depth" '^bestmove d4d3d2d1$'
done

converse 'setoption name Game value roomandpillar' "$WIN_IN_2" 'go searchmoves zz9' 'go searchmoves' \
    'go searchmoves a1 a1 depth 2' await_bestmove
expect_line "illegal_searchmove_refused" "^info string error go: searchmoves: 'zz9'"
expect_line "empty_searchmoves_refused" '^info string error go: searchmoves needs at least one move'
expect_count "a_move_named_twice_is_accepted" '^bestmove a1$' 1

finish
