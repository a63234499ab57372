#!/bin/sh
# train.sh - tessera-train end to end: flags, a short run on fresh
# self-play data, its net loaded by the engine, resume (and the same
# command again, which trains nothing) and its refusal.
# check, $TRAIN, $DATAGEN and $tmp: tests/train/lib.sh.
. "$(dirname "$0")/lib.sh"

check "-help lists the flags" 0 "$TRAIN" -help
grep -q -- "-lambda X" "$tmp/out" || not_ok "-help names -lambda"
check "an unknown flag is refused" 2 "$TRAIN" -game qawale -bogus
check "a bad rate is refused" 2 "$TRAIN" -game qawale -data x -out y -lr 1e-3
check "a game is required" 2 "$TRAIN" -data x -out y

"$DATAGEN" -game qawale -out "$tmp/q.txt" -games 40 -nodes 200 -plies 8 >/dev/null 2>&1
# Every game drawn: no K makes the positions predict their results.
sed 's/| win |/| draw |/; s/| loss |/| draw |/' "$tmp/q.txt" >"$tmp/drawn.txt"
check "a K the data cannot fit is refused" 1 "$TRAIN" -game qawale -data "$tmp/drawn.txt" -out "$tmp/drawn.nn" -epochs 1
grep -q "K went to its bound" "$tmp/out" || not_ok "the refusal names K" "$(cat "$tmp/out")"
check "data of another game is refused" 2 "$TRAIN" -game territoire -data "$tmp/q.txt" -out "$tmp/t.nn"
check "a short run trains" 0 "$TRAIN" -game qawale -data "$tmp/q.txt" -out "$tmp/q.nn" -hidden 8 -k 400 -epochs 2 -threads 2
if grep -q '^epoch 2/2: training loss [0-9.]*, validation loss [0-9.]*' "$tmp/out"; then
    ok "a line per epoch with both losses"
else
    not_ok "a line per epoch with both losses" "$(cat "$tmp/out")"
fi
if grep -q '^before training: training loss [0-9.]*, validation loss [0-9.]* (830-8-16, seed 1)$' "$tmp/out" &&
    ! grep -q '^epoch 0/' "$tmp/out"; then
    ok "the losses before training, on a line of their own"
else
    not_ok "the losses before training, on a line of their own" "$(cat "$tmp/out")"
fi
talk 'setoption name Game value qawale' "setoption name EvalFile value $tmp/q.nn"
expect_line "the engine loads the net" '^info string EvalFile: .* network 830-8-16 loaded for qawale$'

check "a longer run resumes the checkpoint" 0 "$TRAIN" -game qawale -data "$tmp/q.txt" -out "$tmp/q.nn" -hidden 8 -k 400 -epochs 3 -threads 2
if grep -q "resumed .* after epoch 2" "$tmp/out" && ! grep -q "^epoch 1/" "$tmp/out"; then
    ok "it goes on after epoch 2"
else
    not_ok "it goes on after epoch 2" "$(cat "$tmp/out")"
fi
net=$(cksum <"$tmp/q.nn")
check "the same command again trains nothing" 0 "$TRAIN" -game qawale -data "$tmp/q.txt" -out "$tmp/q.nn" -hidden 8 -k 400 -epochs 3 -threads 2
if grep -q "q.nn.ckpt already holds 3 epochs (-epochs 3): nothing to train$" "$tmp/out" && ! grep -q "^epoch " "$tmp/out" &&
    [ "$(cksum <"$tmp/q.nn")" = "$net" ]; then
    ok "it says so and leaves the net as it was"
else
    not_ok "it says so and leaves the net as it was" "$(cat "$tmp/out")"
fi
check "another configuration is refused" 2 "$TRAIN" -game qawale -data "$tmp/q.txt" -out "$tmp/q.nn" -hidden 8 -k 400 -epochs 3 -seed 2
grep -q "another configuration" "$tmp/out" || not_ok "the refusal says why" "$(cat "$tmp/out")"

finish
