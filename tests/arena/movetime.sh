#!/bin/sh
# movetime.sh - st= means thinking that long: at st=0.02 the engine's moves
# take about 20 ms (the PGN's think-time comments), none much more, and
# the default grace of st= (timemargin 500) loses no game on time; an
# engine that ignores st still loses on time.
. "$(dirname "$0")/lib.sh"

# think_times FILE: the think time of every move of a PGN, in ms, sorted.
think_times() {
    grep -o '{[0-9]*\.[0-9]*s}' "$1" | tr -d '{}s' | awk '{ printf "%d\n", $1 * 1000 + 0.5 }' | sort -n
}

# The grace is the default's (none given) on a machine the run found idle;
# on a loaded one (tests/run.sh's LOAD_FACTOR), 500 ms times that load, so
# that a scheduling delay of the load does not flag a move.
margin=
[ "$LOAD_FACTOR" -gt 1 ] && margin=$GRACE

arena -game columna -games 8 -concurrency 2 -openings random plies=2 \
    -engine cmd="$ENGINE" name=alphabeta option.Backend=alphabeta \
    -engine cmd="$ENGINE" name=mcts option.Backend=mcts \
    -each st=0.02 $margin -pgnout "$WORK/st.pgn"
expect_status "st=0.02: the match completes" 0
check "st=0.02: eight games" [ "$(games_in "$WORK/st.pgn")" -eq 8 ]
check "st=0.02: no game lost on time" [ "$(grep -c '^\[Termination "normal"\]' "$WORK/st.pgn")" -eq 8 ]
[ -n "$margin" ] || check "st=0.02: the run records the default grace" grep -q '^% engine.1.timemargin=500$' "$WORK/st.pgn"

think_times "$WORK/st.pgn" >"$WORK/times"
moves=$(wc -l <"$WORK/times")
median=$(awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] + 0 }' "$WORK/times")
p90=$(awk '{ t[NR] = $1 } END { print t[int(NR * 0.9)] + 0 }' "$WORK/times")
max=$(tail -n 1 "$WORK/times")
# A lower bound is safe under load, which only lengthens a move; the last
# moves of a game may take no time (the search sees every line to the end).
check "st=0.02: the moves are counted ($moves, at least 40)" [ "$moves" -ge 40 ]
check "st=0.02: the moves think (median $median ms, at least 10)" [ "${median:-0}" -ge 10 ]
# Upper bounds, scaled by the load: nine moves in ten stop near st (the
# machine's rare stalls of a few hundred ms are the grace's), and none
# passes st and the grace.
check "st=0.02: nine moves in ten within st + 50 ms ($p90 ms)" [ "${p90:-999999}" -le $((20 + 50 * LOAD_FACTOR)) ]
check "st=0.02: no move over st + the grace (max $max ms)" [ "${max:-999999}" -le $((20 + 500 * LOAD_FACTOR)) ]

# An engine that takes a second a move at st=0.02 still loses on time.
arena -engine cmd="$FAKES/fake_engine" name=Good -engine cmd="$FAKES/fake_engine" name=Slow args="--delay 1000" \
    -each st=0.02 -game roomandpillar -games 2 -pgnout "$WORK/slow.pgn"
expect_status "a slow engine: the run completes" 0
expect_out "a slow engine loses both games on time" "^Failures of Slow: 2 time forfeit"
finish
