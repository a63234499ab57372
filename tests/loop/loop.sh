#!/bin/sh
# loop.sh - tools/loop/loop.sh, the learning loop, on a tiny budget (30
# self-play games, two epochs, a 20-game gate): each generation's data,
# net and gate, a rerun that finishes nothing twice, one step rerun alone,
# a changed option refused, a net the gate keeps played by the next
# generation (a stand-in arena that accepts H1), data slices through a
# launcher (a stand-in srun) merged into the one-machine data, and a
# generation of policy nets from MCTS's data.
. "$(dirname "$0")/../protocol/lib.sh"

LOOP=tools/loop/loop.sh
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# The tiny budget; the gate by nodes, so that its games need no clock.
TINY="--game columna --games 30 --nodes 200 --epochs 2 --hidden 8 --gate-games 20 --gate-tc nodes=300 --slots 2"

# loop ARGS...: runs the loop; $OUT, $STATUS.
loop() {
    OUT=$(timeout $((300 * LOAD_FACTOR)) sh "$LOOP" "$@" 2>&1)
    STATUS=$?
}
check() { # name command...
    name=$1
    shift
    if "$@"; then ok "$name"; else not_ok "$name" "$(printf '%s\n' "$OUT" | tail -n 8)"; fi
}
said() { printf '%s\n' "$OUT" | grep -Eq -- "$1"; }
data_lines() { grep -vc '^#' "$1"; }

# --- two generations on one machine
run=$WORK/run
loop --dir "$run" $TINY --bin "$BUILD"
check "two generations complete" [ "$STATUS" -eq 0 ]
check "generation 2 trains on both generations' data (--history 2)" \
    said 'generation 2: net.nn trained on the data of generations 1 to 2'
for gen in 1 2; do
    check "generation $gen has its data, net, gate and verdict" \
        [ -s "$run/gen-$gen/data.txt" -a -s "$run/gen-$gen/net.nn" -a -s "$run/gen-$gen/gate.pgn" -a -s "$run/gen-$gen/verdict" ]
    check "generation $gen's gate played at most 20 games, in pairs" \
        [ "$(grep -c '^\[Result ' "$run/gen-$gen/gate.pgn")" -le 20 ]
done
check "each generation plays its own seed" \
    [ "$(head -n 1 "$run/gen-1/data.txt" | grep -o 'seed=[0-9]*')" = seed=1001 -a \
        "$(head -n 1 "$run/gen-2/data.txt" | grep -o 'seed=[0-9]*')" = seed=1002 ]
verdicts="$(cat "$run/gen-1/verdict") $(cat "$run/gen-2/verdict")"
if [ "$verdicts" = "rejected rejected" ]; then
    check "no net kept: no current.nn, and said so" [ ! -f "$run/current.nn" ]
    check "no net kept: the second generation's data is the classic evaluation's" \
        grep -q 'eval=classic' "$run/gen-2/data.txt"
else
    ok "a tiny net passed its gate ($verdicts): the kept path is tested below"
fi

# --- a rerun finishes nothing twice; a changed option is refused
stamp=$(ls -l --time-style=+%s.%N "$run"/gen-*/net.nn "$run"/gen-*/data.txt | awk '{print $6}')
loop --dir "$run" $TINY --bin "$BUILD"
check "a rerun of a finished run succeeds" [ "$STATUS" -eq 0 ]
check "a rerun of a finished run plays, trains and gates nothing" \
    [ "$(ls -l --time-style=+%s.%N "$run"/gen-*/net.nn "$run"/gen-*/data.txt | awk '{print $6}')" = "$stamp" ]
check "a rerun says no step" [ -z "$(printf '%s\n' "$OUT" | grep 'generation [0-9]')" ]

loop --dir "$run" $(echo "$TINY" | sed 's/--games 30/--games 40/') --bin "$BUILD"
check "a rerun with other --games is refused (exit 2)" [ "$STATUS" -eq 2 ]
check "the refusal names the option and both values" said 'games=40.*games=30'

# --- one step rerun alone: gen 1's training, then everything after it
before_data1=$(cksum <"$run/gen-1/data.txt")
loop --dir "$run" $TINY --bin "$BUILD" --step train --generation 1
check "--step train --generation 1 succeeds" [ "$STATUS" -eq 0 ]
check "it trains generation 1 again" said 'generation 1: net.nn trained'
check "it gates generation 1 again" said 'generation 1: (kept|rejected)'
check "it does not play generation 1's data again" [ -z "$(printf '%s\n' "$OUT" | grep 'generation 1: [0-9]* positions')" ]
check "it keeps generation 1's data" [ "$(cksum <"$run/gen-1/data.txt")" = "$before_data1" ]
check "it redoes generation 2 (its data, net and gate)" said 'generation 2: [0-9]+ positions'
loop --dir "$run" $TINY --bin "$BUILD" --step gate --generation 3
check "--step of a generation not played yet is refused" [ "$STATUS" -eq 2 ]

# --- the kept path: a stand-in arena that accepts H1 for every new net
bin=$WORK/bin
mkdir -p "$bin"
for p in tessera tessera-datagen tessera-train; do ln -s "$(pwd)/$BUILD/$p" "$bin/$p"; done
cat >"$bin/tessera-arena" <<'EOF'
#!/bin/sh
# accepts H1 after writing one game to -pgnout
while [ $# -gt 0 ]; do
    [ "$1" = -pgnout ] && printf '[Result "1-0"]\n\n1-0\n' >"$2"
    shift
done
echo 'Elo: 50.00 +/- 10.00, nElo: 60.00 +/- 12.00'
echo 'SPRT: LLR 3.10 (-2.94, 2.94) - H1 accepted'
EOF
chmod +x "$bin/tessera-arena"
kept=$WORK/kept
loop --dir "$kept" $TINY --bin "$bin"
check "with every gate passed, the loop completes" [ "$STATUS" -eq 0 ]
check "generation 1's net is kept" [ "$(cat "$kept/gen-1/verdict")" = kept ]
check "generation 2's data is played by generation 1's net" \
    grep -q "eval=$kept/gen-1/net.nn" "$kept/gen-2/data.txt"
check "current.nn is generation 2's net" cmp -s "$kept/current.nn" "$kept/gen-2/net.nn"

# --- data slices through a launcher, merged into the one-machine data
fakes=$WORK/fakes
mkdir -p "$fakes"
cp tests/fakes/srun "$fakes/srun"
chmod +x "$fakes/srun"
export LAUNCHER_RECORD=$WORK/srun.log
sliced=$WORK/sliced
PATH="$fakes:$PATH" loop --dir "$WORK/outside" $TINY --generations 1 --bin "$BUILD" --launcher 'srun --exclusive -n1 -c1'
check "srun outside a Slurm allocation is refused (exit 2)" [ "$STATUS" -eq 2 ]
check "the refusal says why" said "srun outside a Slurm allocation \(SLURM_JOB_ID is not set\)"
check "nothing ran" [ ! -e "$WORK/outside/gen-1" ]
export SLURM_JOB_ID=4242 # as inside an allocation, for the stand-in srun
PATH="$fakes:$PATH" loop --dir "$sliced" $TINY --generations 1 --bin "$BUILD" --launcher 'srun --exclusive -n1 -c1'
check "the loop through srun completes" [ "$STATUS" -eq 0 ]
check "its data are the one-machine run's, byte for byte" cmp -s "$sliced/gen-1/data.txt" "$run/gen-1/data.txt"
check "each data slice went through srun" \
    [ "$(grep -c 'srun --exclusive -n1 -c1 sh .*tools/cluster/slice.sh' "$LAUNCHER_RECORD")" -eq 2 ]
check "the gate's engines went through srun" grep -q "srun --exclusive -n1 -c1 $BUILD/tessera" "$LAUNCHER_RECORD"
check "data.log names each slice's command as the loop ran it" \
    [ "$(grep -c "^loop: srun --exclusive -n1 -c1 sh .*tools/cluster/slice\.sh $sliced/gen-1/slices [12]$" "$sliced/gen-1/data.log")" -eq 2 ]
check "data.log shows no GNU parallel command, which the loop does not run" \
    [ -z "$(grep -e 'parallel --' -e '^# slice' "$sliced/gen-1/data.log")" ]
unset SLURM_JOB_ID

# --- policy nets from MCTS's data: the visits recorded, a head trained,
# the gate's engines reading it (the arena refuses options an engine lacks)
policy_run=$WORK/policy
loop --dir "$policy_run" $TINY --generations 1 --bin "$BUILD" --backend mcts --policy 2
check "a generation of policy nets from MCTS completes" [ "$STATUS" -eq 0 ]
check "its data are MCTS's, with the visits" \
    [ -n "$(head -n 1 "$policy_run/gen-1/data.txt" | grep 'backend=mcts')" -a \
        "$(grep -c ' | visits [0-9]' "$policy_run/gen-1/data.txt")" -gt 0 ]
check "its net has a head, trained on the visits" \
    grep -Eq "^train: policy head of 288 entries, weight 0.1: [0-9]+ positions with a target \([1-9][0-9]* the search's visits" \
    "$policy_run/gen-1/train.log"
check "its gate was played with the head in use" grep -q 'MctsPolicy' "$policy_run/gen-1/gate.pgn"
check "the options are kept: backend and policy in loop.conf" \
    [ "$(grep -c '^backend=mcts$\|^policy=2$' "$policy_run/loop.conf")" -eq 2 ]
loop --dir "$policy_run" $TINY --generations 1 --bin "$BUILD"
check "a rerun without them is refused (exit 2)" [ "$STATUS" -eq 2 ]
check "the refusal names the option left out" said 'now backend at its default, then backend=mcts'
loop --dir "$WORK/x" $TINY --bin "$BUILD" --backend random
check "--backend random is refused (exit 2)" [ "$STATUS" -eq 2 ]
loop --dir "$WORK/x" $TINY --bin "$BUILD" --policy 3
check "--policy 3 is refused (exit 2)" [ "$STATUS" -eq 2 ]

# --- refusals
loop --dir "$WORK/x" $TINY --bin "$BUILD" --gate-games 21
check "an odd --gate-games is refused (exit 2)" [ "$STATUS" -eq 2 ]
loop --dir "$WORK/x" $TINY --bin "$BUILD" --launcher 'ssh {host}'
check "{host} without --launcher-hosts is refused (exit 2)" [ "$STATUS" -eq 2 ]
loop --dir "$WORK/x" --bin "$BUILD"
check "no --game on a new run is refused (exit 2)" [ "$STATUS" -eq 2 ]
loop --help
check "--help exits 0" [ "$STATUS" -eq 0 ]
check "--help names every step" said '^  data +tessera-datagen'
check "--help names the gate" said '^  gate +tessera-arena'

finish
