#!/bin/sh
# ponder.sh - pondering in the engine: option Ponder, `bestmove M ponder
# P`, `go ponder` on the opponent's time, `ponderhit` with the clock of
# that go starting at ponderhit, `stop` during ponder.
. "$(dirname "$0")/lib.sh"

RP='position fen w.w.w./b...../.bw.w./....../.b.b.b/b....w b -'

# With Ponder on, bestmove names the reply the search expects; off, not.
# (isready, as a GUI sends it, makes the tables before the clock runs: a
# first search that made them failed under ThreadSanitizer on a loaded
# machine, out of time before depth 1.)
converse 'setoption name Game value roomandpillar' 'setoption name Ponder value true' isready 'await readyok' "$RP" \
    'go movetime 200' await_bestmove 'setoption name Ponder value false' 'go movetime 200' await_bestmove
expect_line "bestmove_names_the_expected_reply" '^bestmove a5 ponder f1$'
expect_line "no_ponder_move_unless_asked" '^bestmove a5$'

for backend in alphabeta mcts; do
    setup="setoption name Game value columna
setoption name Backend value $backend
position startpos"
    # Pondering ignores the clock: no bestmove until stop.
    converse "$setup" 'go ponder movetime 50' 'pause 0.1' isready 'await ^readyok' stop await_bestmove
    expect_order "${backend}_ponder_waits_past_its_movetime" '^readyok$' '^bestmove '
    expect_count "${backend}_stop_during_ponder_answers_once" '^bestmove ' 1

    # A search that ends while pondering (a proof) holds its bestmove
    # until ponderhit, then answers at once.
    converse 'setoption name Game value roomandpillar' "setoption name Backend value $backend" "$RP" \
        'go ponder movetime 100' 'pause 0.1' isready 'await ^readyok' ponderhit await_bestmove
    expect_order "${backend}_proof_while_pondering_waits_for_ponderhit" '^readyok$' '^bestmove a5$'
done

# ponderhit: the clock of that go (movetime 1000) starts at ponderhit,
# not at go.  Ponderhit comes 1.5 s after go: a clock started at go has
# run out by then and answers at once, the right one about 1 s later.
# Only the lower bound (0.5 s) decides, and load can only lengthen what it
# measures; the upper bound catches a ponderhit that never ends the
# ponder.  The time manager is the backends' shared one: alpha-beta
# stands for both.
late=$((5000 * LOAD_FACTOR))
ms=$(ms_until_bestmove "setoption name Game value columna
position startpos
go ponder movetime 1000" 1.5 ponderhit "$(awk -v ms="$late" 'BEGIN { print ms / 1000 + 1 }')")
if [ "$ms" -ge 500 ] && [ "$ms" -le "$late" ]; then ok "ponderhit_starts_the_clock"; else not_ok "ponderhit_starts_the_clock" "bestmove ${ms} ms after ponderhit, expected about 950"; fi

talk ponderhit
expect_line "ponderhit_without_ponder_is_an_error" '^info string error ponderhit: no search is pondering'

finish
