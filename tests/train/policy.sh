#!/bin/sh
# policy.sh - tessera-train -policy end to end: a short run on fresh
# Columna self-play data trains a policy head beside the value (both
# losses on every epoch line, the policy's falling from the first epoch
# to the last, the head's positions said once), the net (a version-2
# file) loads in the engine and evaluates, and a resumed run ends with the
# same net; a move that does not parse leaves its position to the value
# (with -steps it is refused, as before); -policy-weight alone, and a
# checkpoint without the head resumed with it, are refused.  MCTS's data
# carries the search's visits at each position (entries of the game's
# layout), and -policy learns them as its targets.
# check, $TRAIN, $DATAGEN and $tmp: tests/train/lib.sh.
. "$(dirname "$0")/lib.sh"

said() { # name regex: a line of the last run's output
    if grep -Eq -- "$2" "$tmp/out"; then ok "$1"; else not_ok "$1" "no line matches /$2/ in:" "$(tail -n 5 "$tmp/out")"; fi
}

# column N EPOCH: the Nth number after "loss" on the line of epoch EPOCH
# (1: training value, 2: training policy, 3: validation value, 4:
# validation policy).
column() {
    sed -n "s/^epoch $2\/[0-9]*: training loss \([0-9.]*\) (policy \([0-9.]*\)), validation loss \([0-9.]*\) (policy \([0-9.]*\)).*/\\$1/p" "$tmp/out"
}

"$DATAGEN" -game columna -out "$tmp/c.txt" -games 20 -nodes 200 -plies 4 >/dev/null 2>&1
FLAGS="-game columna -hidden 16 -k 400 -batch 64 -lr 0.005"
DATA="-data $tmp/c.txt"

check "-policy trains" 0 timeout $((120 * LOAD_FACTOR)) "$TRAIN" $FLAGS $DATA -out "$tmp/p.nn" -epochs 4 -policy
said "every epoch line has both losses" \
    '^epoch 4/4: training loss [0-9.]+ \(policy [0-9.]+\), validation loss [0-9.]+ \(policy [0-9.]+\), '
entries=$(grep -c '^train: policy head of 288 entries, weight 0.1: [0-9]* positions' "$tmp/out")
if [ "$entries" = 1 ]; then ok "the head's positions are said once"; else not_ok "the head's positions are said once" "$(cat "$tmp/out")"; fi
for n in 2 4; do
    first=$(column $n 1) last=$(column $n 4)
    if [ -n "$first" ] && [ -n "$last" ] && awk -v a="$first" -v b="$last" 'BEGIN { exit !(b < a) }'; then
        ok "the policy loss falls from epoch 1 to 4 (column $n: $first -> $last)"
    else
        not_ok "the policy loss falls from epoch 1 to 4 (column $n)" "$(cat "$tmp/out")"
    fi
done
version=$(od -An -tu4 -j4 -N4 "$tmp/p.nn" | tr -d ' ')
if [ "$version" = 2 ]; then ok "the net is a version-2 file"; else not_ok "the net is a version-2 file" "version $version"; fi

talk 'setoption name Game value columna' "setoption name EvalFile value $tmp/p.nn" 'setoption name Eval value nn' \
    'position startpos' eval
expect_line "the engine loads the net with its head" '^info string EvalFile: .* network 398-16-16 loaded for columna$'
expect_no_line "no error" '^info string error'
expect_line "eval works" '^info string eval -?[0-9]+ '

# The head is in the checkpoint: a run resumed after epoch 2 ends with the
# uninterrupted run's net, byte for byte.
check "-policy for 2 epochs" 0 timeout $((120 * LOAD_FACTOR)) "$TRAIN" $FLAGS $DATA -out "$tmp/r.nn" -epochs 2 -policy
check "resumed to 4" 0 timeout $((120 * LOAD_FACTOR)) "$TRAIN" $FLAGS $DATA -out "$tmp/r.nn" -epochs 4 -policy
said "it resumed" 'resumed .* after epoch 2'
if cmp "$tmp/p.nn" "$tmp/r.nn" >"$tmp/cmp" 2>&1; then ok "the resumed net is the uninterrupted one"; else not_ok "the resumed net is the uninterrupted one" "$(cat "$tmp/cmp")"; fi

check "-policy with -steps trains" 0 timeout $((120 * LOAD_FACTOR)) "$TRAIN" $FLAGS $DATA -out "$tmp/s.nn" -epochs 1 -steps \
    -policy -policy-weight 0.5
said "the positions inside the turns have targets too" '^train: policy head of 288 entries, weight 0.5: '

# A record whose move does not parse: -policy trains its value only and
# says so; -steps, which needs every turn's steps, still refuses it.
awk -F' [|] ' -v OFS=' | ' '!/^#/ && !done { $3 = "z9z9"; done = 1 } { print }' "$tmp/c.txt" >"$tmp/bad.txt"
check "-policy with an unparsable move trains" 0 timeout $((120 * LOAD_FACTOR)) "$TRAIN" $FLAGS -data "$tmp/bad.txt" \
    -out "$tmp/b.nn" -epochs 1 -policy
said "the position without a target is counted" ', 1 whose move has none \(unparsable or out of the layout'
check "-steps still refuses it" 2 "$TRAIN" $FLAGS -data "$tmp/bad.txt" -out "$tmp/b2.nn" -epochs 1 -steps -policy
said "the refusal names the move" "move 'z9z9' does not parse"

# MCTS's data: a visits field on the records whose root had children, its
# entries inside Columna's 288 (the visits count the tree kept from the
# search before too, so they may sum past the 200 playouts).
"$DATAGEN" -game columna -backend mcts -out "$tmp/m.txt" -games 4 -nodes 200 -plies 4 >/dev/null 2>&1
records=$(grep -vc '^#' "$tmp/m.txt")
visited=$(grep -c ' | visits [0-9]' "$tmp/m.txt")
if [ "$records" -gt 0 ] && [ "$visited" -gt $((records / 2)) ]; then ok "MCTS's records carry visits ($visited of $records)"
else not_ok "MCTS's records carry visits" "$visited of $records"; fi
bad=$(awk -F' [|] ' '$7 != "" { n = split($7, p, " ")
    for (i = 2; i <= n; i++) { split(p[i], ev, ":"); if (ev[1] >= 288 || ev[2] < 1) print } }' "$tmp/m.txt" | head -n 3)
if [ -z "$bad" ]; then ok "the visits are entries of the layout"; else not_ok "the visits are entries of the layout" "$bad"; fi
check "-policy learns the visits" 0 timeout $((120 * LOAD_FACTOR)) "$TRAIN" $FLAGS -data "$tmp/m.txt" -out "$tmp/m.nn" \
    -epochs 2 -policy
said "the visits are the targets" "positions with a target \($visited the search's visits, [0-9]+ the played move's entry\)"

check "-policy-weight needs -policy" 2 "$TRAIN" $FLAGS $DATA -out "$tmp/w.nn" -policy-weight 0.5
said "the refusal says so" 'it needs -policy'
check "a run without the head" 0 timeout $((120 * LOAD_FACTOR)) "$TRAIN" $FLAGS $DATA -out "$tmp/v.nn" -epochs 1
check "is not resumed with it" 2 "$TRAIN" $FLAGS $DATA -out "$tmp/v.nn" -epochs 2 -policy
said "the refusal names the configurations" 'another configuration'

finish
