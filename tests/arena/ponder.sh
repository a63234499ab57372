#!/bin/sh
# ponder.sh - the arena's `ponder` key: a ponder game played the way
# cutechess plays it (go ponder after each move, ponderhit when the
# expected reply comes, else stop and a normal go), with normal results.
. "$(dirname "$0")/lib.sh"

# The games are at a clock, since pondering is about the clock (ponderhit
# starts it), with a grace for the machine's stalls: the arena's clock
# runs from the isready before each go, and after a ponder miss that
# readyok took 96 ms on a loaded machine, where the engine's own reserve
# (MoveOverhead) is 30 ms: 3 runs in 6 lost a game on time under 4 CPU
# burners without it (tools/arena/RESULTS.md).  An engine that ignores
# the clock after ponderhit still overruns the grace.
arena -engine cmd="$ENGINE" name=Ponderer ponder=on -engine cmd="$ENGINE" name=Plain \
    -each tc=1+0.02 "$GRACE" -game columna -games 2 -pgnout "$WORK/ponder.pgn" -log "$WORK/ponder.log"
expect_status "ponder run completes" 0
check "both ponder games end by the rules" [ "$(grep -c '^\[Termination "normal"\]' "$WORK/ponder.pgn")" -eq 2 ]
log=$(cat "$WORK/ponder.log")
ponders=$(printf '%s\n' "$log" | grep -c ':Ponderer > go ponder ')
hits=$(printf '%s\n' "$log" | grep -c ':Ponderer > ponderhit$')
stops=$(printf '%s\n' "$log" | grep -c ':Ponderer > stop$')
check "the ponder=on engine ponders" [ "$ponders" -gt 0 ]
check "its Ponder option is set" grep -q ':Ponderer > setoption name Ponder value true' "$WORK/ponder.log"
check "every ponder ends by one ponderhit or one stop" [ "$ponders" -eq $((hits + stops)) ]
check "an expected reply gets ponderhit" [ "$hits" -gt 0 ]
check "the other engine never ponders" [ "$(printf '%s\n' "$log" | grep -c ':Plain > go ponder')" -eq 0 ]

arena -engine cmd="$ENGINE" ponder=maybe -engine cmd="$ENGINE" -each tc=1+0.02 -games 1
expect_status "ponder needs on or off" 2
expect_out "ponder value is named" 'ponder=maybe: expected on or off'
arena -engine cmd="$ENGINE" ponder=on option.Ponder=false -engine cmd="$ENGINE" -each tc=1+0.02 -games 1
expect_out "ponder=on with Ponder false is refused" 'ponder=on with option.Ponder=false'

finish
