#!/bin/sh
# evalfile.sh - the Eval and EvalFile options: bad network files are refused
# with one error line and the previous net kept; Eval=nn plays legal moves
# with both backends.  Uses the shipped tools/nets/qawale.nn.
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh

NET=tools/nets/qawale.nn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A well-formed file of 80 bytes for a game the engine does not know:
# magic, version 1, game id "chess", layers 1-1-1, scale 1.0, 6 zero weights.
{
    printf 'TSNN\001\000\000\000chess'
    i=0
    while [ $i -lt 27 ]; do printf '\000'; i=$((i + 1)); done
    printf '\001\000\000\000\001\000\000\000\001\000\000\000\000\000\200\077'
    i=0
    while [ $i -lt 24 ]; do printf '\000'; i=$((i + 1)); done
} >"$tmp/chess.nn"
head -c 1000 "$NET" >"$tmp/truncated.nn"

talk 'uci'
expect_line "Eval is a combo, auto by default" '^option name Eval type combo default auto var auto var classic var nn$'
expect_line "EvalFile is a string" '^option name EvalFile type string default <empty>$'

talk 'setoption name Game value qawale' "setoption name EvalFile value $tmp/missing.nn" \
    "setoption name EvalFile value $tmp/truncated.nn" "setoption name EvalFile value $tmp/chess.nn"
expect_count "each bad file gets one error line" '^info string error' 3
expect_line "a missing file is named" "^info string error .*missing.nn: No such file"
expect_line "a truncated file is refused" '^info string error .*truncated'
expect_line "a net of another game is refused" "^info string error .*game 'chess'"

# The value with the net, then after a refused file: the same.
talk 'setoption name Game value qawale' 'setoption name Eval value nn' "setoption name EvalFile value $NET" \
    'position startpos moves a1a2a3a4' eval "setoption name EvalFile value $tmp/truncated.nn" eval \
    'setoption name Eval value classic' eval
expect_line "a good file is loaded" '^info string EvalFile: .* loaded for qawale$'
evals=$(printf '%s\n' "$REPLY" | sed -n 's/^info string eval \(-*[0-9]*\) .*/\1/p' | tr '\n' ' ')
set -- $evals
if [ $# -eq 3 ] && [ "$1" = "$2" ]; then ok "a refused file keeps the previous net"; else not_ok "a refused file keeps the previous net" "evals: $evals"; fi

for backend in alphabeta mcts; do
    talk 'setoption name Game value qawale' "setoption name Backend value $backend" 'setoption name Eval value nn' \
        "setoption name EvalFile value $NET" 'position startpos moves a1a2a3a4' 'go nodes 3000'
    move=$(printf '%s\n' "$REPLY" | sed -n 's/^bestmove \([^ ]*\).*/\1/p')
    talk 'setoption name Game value qawale' "position startpos moves a1a2a3a4 $move" 'd'
    expect_no_line "Eval=nn with $backend plays a legal move ($move)" '^info string error'
done

# The loop's next generation: datagen searches with a net of its game only.
DATAGEN=$BUILD/tessera-datagen
if "$DATAGEN" -game territoire -out "$tmp/t.txt" -games 1 -eval "$NET" >"$tmp/out" 2>&1; then
    not_ok "datagen refuses a net of another game" "$(cat "$tmp/out")"
elif grep -q "not a network of territoire" "$tmp/out" && [ ! -e "$tmp/t.txt" ]; then
    ok "datagen refuses a net of another game"
else
    not_ok "datagen refuses a net of another game" "$(cat "$tmp/out")"
fi
if "$DATAGEN" -game qawale -out "$tmp/q.txt" -games 1 -nodes 200 -eval "$NET" >"$tmp/out" 2>&1 &&
    head -n 1 "$tmp/q.txt" | grep -q " eval=$NET\$"; then
    ok "datagen plays with the net and records it in the header"
else
    not_ok "datagen plays with the net and records it in the header" "$(cat "$tmp/out")"
fi

finish
