#!/bin/sh
# faults.sh - engines that crash, hang, lie about moves, print garbage or
# fail the handshake each lose with the right reason, and the run completes.
. "$(dirname "$0")/lib.sh"

# The good fake answers at once: a grace and a handshake allowance scaled
# by the load keep a loaded machine's stall from being its fault too (the
# bad ones still lose, a hang past its clock and the grace).
PLAY="tc=2+0.05 timeout=$LOAD_FACTOR $GRACE"

# fault_case NAME FAKE ARGS TERMINATION
fault_case() {
    pgn=$WORK/$1.pgn
    arena -engine cmd="$FAKES/fake_engine" name=Good -engine cmd="$FAKES/$2" name=Bad args="$3" \
        -each $PLAY -game roomandpillar -games 2 -pgnout "$pgn"
    expect_status "$1: the run completes" 0
    check "$1: both games recorded" [ "$(games_in "$pgn")" -eq 2 ]
    check "$1: both end by $4" [ "$(grep -c "^\[Termination \"$4\"\]" "$pgn")" -eq 2 ]
    expect_out "$1: Bad lost both" "^Games: 2, Wins: 2, Losses: 0, Draws: 0"
    expect_out "$1: the failure is charged to Bad" "^Failures of Bad: 2 $4"
}

fault_case crash_mid_game fake_crash "--after 4" "crash"
check "crash_mid_game: crashed after moves were played" grep -q '^\[PlyCount "[4-9]"\]' "$WORK/crash_mid_game.pgn"
fault_case hang fake_hang "--after 3" "time forfeit"
fault_case illegal_move fake_illegal "" "illegal move"
fault_case garbage fake_garbage "--after 2" "malformed output"
# Engines that never complete the handshake are refused before the first
# game (engines.sh); this one passes that check (its first handshake) and
# fails every later one.
fault_case exit_in_handshake fake_noshake "--after 2 --count-file $WORK/noshake.starts" "no handshake"

# An engine that failed is killed and a fresh process plays its next game,
# whatever the fault: an illegal move (the engine answered in time, so
# nothing else would end it), a time forfeit, nonsense.  Counted in the
# log: one handshake per game, plus the check before the first game.
# restarted NAME FAKE ARGS
restarted() {
    arena -engine cmd="$FAKES/fake_engine" name=Good -engine cmd="$FAKES/$2" name=Bad args="$3" \
        -each $PLAY -game roomandpillar -games 4 -pgnout "$WORK/restart-$1.pgn" \
        -log "$WORK/restart-$1.log"
    expect_status "$1 restarts: the run completes" 0
    handshakes=$(grep -c ':Bad > uci$' "$WORK/restart-$1.log")
    check "$1 restarts: a fresh Bad for each of the 4 games ($handshakes handshakes, 5 expected)" \
        [ "$handshakes" -eq 5 ]
    kills=$(grep -c ' t1:Bad # process killed$' "$WORK/restart-$1.log")
    check "$1 restarts: the failed process is killed after each game ($kills kills)" [ "$kills" -ge 4 ]
}
restarted illegal fake_illegal ""
restarted hang fake_hang ""
restarted garbage fake_garbage ""

# Concurrency: faults in two game threads at once still finish the run.
arena -engine cmd="$FAKES/fake_engine" name=Good -engine cmd="$FAKES/fake_crash" name=Bad args="--after 2" \
    -each tc=2+0.05 -game roomandpillar -games 6 -concurrency 2 -pgnout "$WORK/concurrent.pgn"
expect_status "concurrent crashes: the run completes" 0
check "concurrent crashes: six games recorded" [ "$(games_in "$WORK/concurrent.pgn")" -eq 6 ]
check "concurrent crashes: rounds 1..6 once each" [ "$(rounds_of "$WORK/concurrent.pgn" | tr '\n' ' ')" = "1 2 3 4 5 6 " ]

finish
