#!/bin/sh
# mates.sh - how often each backend reports the exact mate distance of a
# proven Room and Pillar position at `go movetime MS`, through the protocol.
#
#   sh tools/bench/mates.sh SET [MS] [BACKENDS] [THREADS]
#
# SET is a file of `<position>\t<plies>\tmate N` lines from tessera-mates
# (the full solve's exact distances).  tools/bench/mates_rp.txt holds 60,
# 12 from random games on each of 4x4, 5x4, 6x6, 8x6 and 8x8, made by
#   for b in 4x4 5x4 6x6 8x6 8x8; do
#       build/tessera-mates -board $b -games 12 -per-game 1 -seed 7 -budget 3000000
#   done >tools/bench/mates_rp.txt
# Each position gets a fresh engine (Threads THREADS, 1 by default; Hash
# 64); the last `score mate` before its bestmove is compared with the
# exact one: exact, overstated (longer than the truth), understated
# (shorter: a wrong claim), unproven (no mate reported).  A position the
# engine does not answer within MS + 10 s makes the run fail: a count
# without it would not be honest.
. "$(dirname "$0")/lib.sh"
set -u
SET=${1:?usage: mates.sh SET [MS] [BACKENDS] [THREADS]}
MS=${2:-1000}
BACKENDS=${3:-alphabeta mcts}
THREADS=${4:-1}
case "$THREADS" in
'' | *[!0-9]* | 0) echo "mates.sh: THREADS '$THREADS' is not a count of threads" >&2; exit 2 ;;
esac
ENGINE=${TESSERA_ENGINE:-build/release/tessera}
[ -x "$ENGINE" ] || { echo "mates.sh: no engine at $ENGINE (make release)" >&2; exit 2; }
[ -r "$SET" ] || { echo "mates.sh: cannot read $SET" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ask BACKEND FEN: the engine's last `mate N` for FEN (or "none").
ask() {
    out="$work/out"
    : >"$out"
    {
        printf 'setoption name Game value roomandpillar\nsetoption name Backend value %s\n' "$1"
        printf 'setoption name Threads value %s\n' "$THREADS"
        printf 'setoption name Hash value 64\nposition fen %s\ngo movetime %s\n' "$2" "$MS"
        wait_for_line "$out" '^bestmove' $((MS / 50 + 200))
        echo quit
    } | "$ENGINE" >"$out" 2>&1
    grep -q '^bestmove' "$out" || return 1
    mate=$(grep -o 'score mate -\{0,1\}[0-9]*' "$out" | tail -1 | awk '{print $3}')
    echo "${mate:-none}"
}

status=0
for backend in $BACKENDS; do
    exact=0 over=0 under=0 unproven=0
    tab=$(printf '\t')
    while IFS="$tab" read -r fen plies truth; do
        want=${truth#mate }
        case "$want" in
        '' | *[!0-9-]* | ?*-* | - | 0)
            echo "mates.sh: $SET: not a '<position>	<plies>	mate N' line: $fen" >&2
            exit 2
            ;;
        esac
        got=$(ask "$backend" "$fen") || { echo "mates.sh: $backend gave no bestmove for $fen" >&2; exit 1; }
        if [ "$got" = none ]; then
            unproven=$((unproven + 1))
        elif [ "$got" -eq "$want" ]; then
            exact=$((exact + 1))
        elif [ "${got#-}" -gt "${want#-}" ] && [ $((got * want)) -gt 0 ]; then
            over=$((over + 1))
            echo "overstated: $backend $fen: mate $got, exact mate $want ($plies plies)"
        else
            under=$((under + 1))
            status=1
            echo "UNDERSTATED or wrong sign: $backend $fen: mate $got, exact mate $want ($plies plies)"
        fi
    done <"$SET"
    proven=$((exact + over + under))
    echo "$backend movetime $MS threads $THREADS: $proven proven of $((proven + unproven)): exact $exact, overstated $over, understated $under, unproven $unproven"
done
exit $status
