#!/bin/sh
# threads.sh - every figure of the threads issue in one run: how MCTS
# playouts per second and alpha-beta's time to the bench depths grow with
# threads, how long the proof bench takes, and (optionally) an attempt on
# a big Room and Pillar board with its certificate checked.  Made to be run
# once on a lent many-core machine, where each minute counts, and at small
# thread counts anywhere.
#
#   sh tools/bench/threads.sh [-threads "1 2 4 8 16"] [-proof-threads "1 2 16"]
#                             [-big-time S] [-big-board 10x8|10x10] [-hash MB]
#
# -big-time 0 (the default) skips the big board.  Output: one table per
# part, and the ratios against the first thread count.  Every figure is
# wall-clock: run it on an otherwise idle machine, and say where it ran.
set -u
usage() {
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-2}"
}

THREADS="1 2"
PROOF_THREADS=""
BIG_TIME=0
BIG_BOARD=10x8
HASH=1024
while [ $# -gt 0 ]; do
    case "$1" in
    -threads) THREADS=${2:?}; shift 2 ;;
    -proof-threads) PROOF_THREADS=${2:?}; shift 2 ;;
    -big-time) BIG_TIME=${2:?}; shift 2 ;;
    -big-board) BIG_BOARD=${2:?}; shift 2 ;;
    -hash) HASH=${2:?}; shift 2 ;;
    -h | --help) usage 0 ;;
    *) echo "threads.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
[ -n "$PROOF_THREADS" ] || PROOF_THREADS=$THREADS
for n in $THREADS $PROOF_THREADS $BIG_TIME $HASH; do
    case "$n" in
    '' | *[!0-9]*) echo "threads.sh: '$n' is not a whole number" >&2; exit 2 ;;
    esac
done

ENGINE=${TESSERA_ENGINE:-build/release/tessera}
CHECKER=${TESSERA_CHECKER:-$(dirname "$ENGINE")/tessera-proof-check}
[ -x "$ENGINE" ] || { echo "threads.sh: no engine at $ENGINE (make release)" >&2; exit 2; }

case "$BIG_BOARD" in
10x8) BIG_FEN="wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw b -" ;;
10x10) BIG_FEN="wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw b -" ;;
*) echo "threads.sh: -big-board is 10x8 or 10x10, not '$BIG_BOARD'" >&2; exit 2 ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

# field FILE LABEL: the number after "LABEL:" in a bench's summary.
field() { sed -n "s/^$2: *\([0-9.]*\).*/\1/p" "$1" | tail -n 1; }

# ratio A B: A / B to two places, or "-" when B is not a positive number.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 > 0) printf "%.2f", a / b; else printf "-" }'; }

echo "machine: $(nproc 2>/dev/null || echo '?') cores; $(uname -srm); engine $ENGINE"
echo

echo "MCTS (tessera bench mcts threads N): playouts per second, and time to the bench's playouts"
printf '%8s %14s %8s %12s %8s\n' threads playouts/s ratio 'total ms' ratio
base_rate="" base_ms=""
for n in $THREADS; do
    "$ENGINE" bench mcts threads "$n" >"$work/mcts" 2>&1 || { echo "bench mcts threads $n failed" >&2; status=1; continue; }
    rate=$(field "$work/mcts" "Nodes\/second") ms=$(field "$work/mcts" "Total time")
    [ -n "$base_rate" ] || { base_rate=$rate; base_ms=$ms; }
    printf '%8s %14s %8s %12s %8s\n' "$n" "$rate" "$(ratio "$rate" "$base_rate")" "$ms" "$(ratio "$ms" "$base_ms")"
done
echo

echo "alpha-beta (tessera bench alphabeta threads N): time to the bench depths (goal: 0.65x at 2, 0.3x at 16)"
printf '%8s %14s %12s %8s\n' threads nodes/s 'total ms' ratio
base_ms=""
for n in $THREADS; do
    "$ENGINE" bench alphabeta threads "$n" >"$work/ab" 2>&1 || { echo "bench alphabeta threads $n failed" >&2; status=1; continue; }
    rate=$(field "$work/ab" "Nodes\/second") ms=$(field "$work/ab" "Total time")
    [ -n "$base_ms" ] || base_ms=$ms
    printf '%8s %14s %12s %8s\n' "$n" "$rate" "$ms" "$(ratio "$ms" "$base_ms")"
done
echo

echo "proofs (tessera bench proof threads N): the 8x8 start and the whole bench (goal: 8x8 in 0.5 s at 16)"
printf '%8s %14s %14s\n' threads '8x8 start ms' 'bench ms'
for n in $PROOF_THREADS; do
    "$ENGINE" bench proof threads "$n" >"$work/proof" 2>&1 || status=1
    start=$(awk '$1 == "8x8" && $2 == "start" { print $3 }' "$work/proof")
    total=$(field "$work/proof" "Total time to proof")
    printf '%8s %14s %14s\n' "$n" "${start:-unproven}" "${total:-unproven}"
done

if [ "$BIG_TIME" -gt 0 ]; then
    set -- $THREADS
    for n in "$@"; do most=$n; done
    echo
    echo "$BIG_BOARD start with the pie rule: tessera prove threads $most hash $HASH time $BIG_TIME"
    started=$(date +%s)
    if "$ENGINE" prove roomandpillar "$BIG_FEN" threads "$most" hash "$HASH" time "$BIG_TIME" progress 60 \
        -out "$work/big.proof" >"$work/prove" 2>&1; then
        took=$(($(date +%s) - started))
        cat "$work/prove"
        echo "proven in $took s; certificate $(wc -c <"$work/big.proof") bytes, $(wc -l <"$work/big.proof") lines"
        if [ -x "$CHECKER" ]; then
            "$CHECKER" "$work/big.proof" || status=1
        else
            echo "no checker at $CHECKER: the certificate is unchecked" >&2
            status=1
        fi
    else
        cat "$work/prove"
        echo "not proven within $BIG_TIME s"
    fi
fi
exit $status
