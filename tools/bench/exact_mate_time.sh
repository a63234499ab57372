#!/bin/sh
# exact_mate_time.sh - how long a proven Room and Pillar position takes to
# reach its exact mate distance through the protocol, at each thread count:
# the time of the first `score mate` line (the proof's bound) and of the
# first line with the exact distance, as the engine's own `time` field.
#
#   sh tools/bench/exact_mate_time.sh [-threads "1 2"] [-runs N] [-ms MS]
#                                     [-hash MB] [-fen POSITION] [-mate M]
#
# Defaults: the 8x8 start (`position startpos`), whose exact result is
# `mate -14` (28 plies, tessera-mates' full solve), 3 runs per thread
# count, `go movetime 60000`, Hash 64.  Each run is a fresh engine
# process.  A run that never reports mate M is printed as "never" with
# the last mate it reported.  The load average (uptime) is printed before
# and after: every time is wall-clock, so say where it ran; each run's
# CPU seconds (user + system, from `times`) show how much of the machine
# the engine got.
. "$(dirname "$0")/lib.sh"
set -u
usage() {
    sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-2}"
}

THREADS="1 2"
RUNS=3
MS=60000
HASH=64
FEN=""
MATE=-14
while [ $# -gt 0 ]; do
    case "$1" in
    -threads) THREADS=${2:?}; shift 2 ;;
    -runs) RUNS=${2:?}; shift 2 ;;
    -ms) MS=${2:?}; shift 2 ;;
    -hash) HASH=${2:?}; shift 2 ;;
    -fen) FEN=${2:?}; shift 2 ;;
    -mate) MATE=${2:?}; shift 2 ;;
    -h | --help) usage 0 ;;
    *) echo "exact_mate_time.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
for n in $THREADS $RUNS $MS $HASH; do
    case "$n" in
    '' | *[!0-9]*) echo "exact_mate_time.sh: '$n' is not a whole number" >&2; exit 2 ;;
    esac
done
case "$MATE" in
'' | *[!0-9-]* | ?*-* | - | 0 | -0) echo "exact_mate_time.sh: '$MATE' is not a mate distance" >&2; exit 2 ;;
esac

ENGINE=${TESSERA_ENGINE:-build/release/tessera}
[ -x "$ENGINE" ] || { echo "exact_mate_time.sh: no engine at $ENGINE (make release)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "$FEN" ]; then position="position fen $FEN"; else position="position startpos"; fi

# run THREADS: one search's output in $work/out.
run() {
    out="$work/out"
    : >"$out"
    {
        printf 'setoption name Game value roomandpillar\nsetoption name Threads value %s\n' "$1"
        printf 'setoption name Hash value %s\nucinewgame\nisready\n' "$HASH"
        wait_for_line "$out" '^readyok' 600
        printf '%s\ngo movetime %s\n' "$position" "$MS"
        wait_for_line "$out" '^bestmove' $((MS / 50 + 400))
        echo quit
    } | "$ENGINE" >"$out" 2>&1
}

# children_cpu: the CPU seconds (user + system) of this shell's children
# so far (`times` in this shell: in a command substitution it would count
# the subshell's children).
children_cpu() {
    times >"$work/times"
    awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } print t }' "$work/times"
}

# field NAME LINE: the word after NAME in LINE.
field() { printf '%s\n' "$2" | awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }'; }

echo "engine $ENGINE, ${FEN:-startpos}, exact mate $MATE, go movetime $MS, Hash $HASH"
echo "before: $(uptime)"
status=0
for threads in $THREADS; do
    times=""
    r=1
    while [ "$r" -le "$RUNS" ]; do
        children_cpu >"$work/cpu_before"
        run "$threads"
        children_cpu >"$work/cpu_after"
        cpu=$(cat "$work/cpu_before" "$work/cpu_after" | awk 'NR == 1 { a = $1 } NR == 2 { printf "%.1f", $1 - a }')
        first=$(grep 'score mate' "$work/out" | head -1)
        exact=$(grep "score mate $MATE " "$work/out" | head -1)
        last=$(grep 'score mate' "$work/out" | tail -1)
        if ! grep -q '^bestmove' "$work/out"; then
            echo "exact_mate_time.sh: no bestmove at Threads $threads" >&2
            status=1
        fi
        if [ -n "$exact" ]; then
            t=$(field time "$exact")
            times="$times $t"
            printf 'threads %s run %s: mate %s after %s ms (first mate %s at %s ms), nodes %s, cpu %s s\n' \
                "$threads" "$r" "$MATE" "$t" "$(field mate "$first")" "$(field time "$first")" \
                "$(field nodes "$exact")" "$cpu"
        else
            times="$times never"
            printf 'threads %s run %s: never mate %s (last mate %s at %s ms), cpu %s s\n' "$threads" "$r" "$MATE" \
                "$(field mate "$last")" "$(field time "$last")" "$cpu"
        fi
        r=$((r + 1))
    done
    echo "threads $threads: ms to mate $MATE:$times"
done
echo "after: $(uptime)"
exit $status
