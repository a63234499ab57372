#!/bin/sh
# ponder.sh - pondering in the engine: option Ponder, `bestmove M ponder
# P`, `go ponder` on the opponent's time, `ponderhit` with the clock of
# that go starting at ponderhit, `stop` during ponder.
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh

RP='position fen w.w.w./b...../.bw.w./....../.b.b.b/b....w b -'

# With Ponder on, bestmove names the reply the search expects.
talk 'setoption name Game value roomandpillar' 'setoption name Ponder value true' "$RP" 'go movetime 200' 'pause 1'
expect_line "bestmove_names_the_expected_reply" '^bestmove a5 ponder f1$'
talk 'setoption name Game value roomandpillar' "$RP" 'go movetime 200' 'pause 1'
expect_line "no_ponder_move_unless_asked" '^bestmove a5$'

for backend in alphabeta mcts; do
    setup="setoption name Game value columna
setoption name Backend value $backend
position startpos"
    # Pondering ignores the clock: no bestmove until stop.
    talk "$setup" 'go ponder movetime 200' 'pause 1' isready stop
    expect_order "${backend}_ponder_waits_past_its_movetime" '^readyok$' '^bestmove '
    expect_count "${backend}_stop_during_ponder_answers_once" '^bestmove ' 1

    # ponderhit: the clock of that go (movetime 600) starts at ponderhit,
    # not at go, 1 s earlier.
    ms=$(ms_until_bestmove "$setup
go ponder movetime 600" "$(scaled 1)" ponderhit "$(scaled 3)")
    if [ "$ms" -ge 400 ] && [ "$ms" -le "$(scaled 2000)" ]; then ok "${backend}_ponderhit_starts_the_clock"; else not_ok "${backend}_ponderhit_starts_the_clock" "bestmove ${ms} ms after ponderhit, expected about 570"; fi

    # A search that ends while pondering (a proof) holds its bestmove
    # until ponderhit, then answers at once.
    talk 'setoption name Game value roomandpillar' "setoption name Backend value $backend" "$RP" \
        'go ponder movetime 100' 'pause 1' isready ponderhit 'pause 1'
    expect_order "${backend}_proof_while_pondering_waits_for_ponderhit" '^readyok$' '^bestmove a5$'
done

ms=$(ms_until_bestmove "setoption name Game value roomandpillar
$RP
go ponder movetime 100" "$(scaled 1)" ponderhit "$(scaled 1)")
if [ "$ms" -ge 0 ] && [ "$ms" -le "$(scaled 500)" ]; then ok "held_bestmove_comes_at_ponderhit"; else not_ok "held_bestmove_comes_at_ponderhit" "bestmove ${ms} ms after ponderhit"; fi

talk ponderhit isready
expect_line "ponderhit_without_ponder_is_an_error" '^info string error ponderhit: no search is pondering'

finish
