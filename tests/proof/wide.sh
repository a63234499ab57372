#!/bin/sh
# wide.sh - positions with many legal moves: a certificate line holds any
# number of moves (a Qawale win in one among 2,932 legal moves is written
# and checked; a line of 2,932 moves is read whole by the checker), and a
# position whose proof lies past the prover's cut move lists is said to be
# beyond them at once, not searched until the time limit.
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh
. tests/proof/lib.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

WIDE='w,.,b,nn/.,b,n,nbnbwwwwb/bn,w,nn,./.,.,.,. w 2 2'
run prove "$ENGINE" prove qawale "$WIDE" hash 16 progress 0 -out "$dir/x.proof"
expect_status "a win in one among 2,932 legal moves is proven and written" 0
expect_line "the first player wins" '^proven: the first player wins'
run check "$CHECK" "$dir/x.proof"
expect_status "its certificate holds" 0
expect_line "the checker confirms the win" 'certificate holds: qawale .*: the first player wins; 1 positions, 1 moves checked$'

# A hand-made line of every legal move of that position (2,932, far past
# the 1,024 a line once held), each claimed to end the game: read whole
# (the header's counts match it) and refused at its first false claim.
moves=$(printf 'uci\nsetoption name Game value qawale\nposition fen %s\nmoves\nquit\n' "$WIDE" | "$ENGINE" 2>&1 |
    sed -n 's/^moves //p')
count=$(printf '%s\n' "$moves" | wc -w)
if [ "$count" -eq 2932 ]; then ok "the engine lists 2,932 legal moves"; else not_ok "the engine lists 2,932 legal moves" "$count"; fi
{
    printf 'tessera-proof 1\ngame qawale\nroot %s\nwinner second\npositions 1\nmoves %s\n0 L' "$WIDE" "$count"
    for m in $moves; do printf ' %s>end' "$m"; done
    printf '\nend\n'
} >"$dir/long.proof"
run check "$CHECK" "$dir/long.proof"
expect_status "a line of 2,932 moves is checked, not refused for its length" 1
expect_line "the first move's claim is refused" '^tessera-proof-check: .*position 0 .*the game does not end after [a-d][1-4]'
expect_no_line "no fault of the header's counts" "counts do not match"

# Every line the prover can follow from this Qawale position reaches
# positions of more than 256 different moves, whose lists it cuts: it
# says so at once (before, it searched to the time limit), exit 1.
BEYOND='nnw,nn,bbw,b/ww,.,.,n/n,nw,w,n/b,.,w,bb b 1 2'
run prove timeout "$(scaled 60)" "$ENGINE" prove qawale "$BEYOND" hash 16 time 0 progress 0 -out "$dir/y.proof"
expect_status "a position past the cut lists: not proven, exit 1 (not the timeout's 124)" 1
expect_line "it says the proof lies beyond the move lists, the limit and the root's moves" \
    "^tessera prove: not proven: beyond the prover's move lists \(a position's list holds at most 256 different moves.*the root has 156 legal moves"
if [ -e "$dir/y.proof" ]; then not_ok "no certificate beyond the lists"; else ok "no certificate beyond the lists"; fi
finish
