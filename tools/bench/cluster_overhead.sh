#!/bin/sh
# cluster_overhead.sh - what running past one machine costs: self-play
# positions per second and tuning pairs per second at 1, 2 and 4 slots,
# run directly, as GNU parallel slices (tools/cluster/datagen.sh) or
# through a launcher (tessera-tune -launcher), here and on a simulated
# cluster of 4 hosts (ssh logins that run on this machine:
# tests/fakes/ssh).
#
#   sh tools/bench/cluster_overhead.sh [-games N] [-pairs N] [-slots "1 2 4"]
#
# Each line gives the work done, the wall time, the CPU seconds of every
# process involved (user + system, from `times`: parallel, ssh stand-ins,
# scripts and engines) and the CPU per unit of work.  The overhead of a
# way of running is its CPU per unit over the direct run's at one slot:
# CPU, not wall time, because wall time on a shared machine measures the
# other users too (and 4 slots on 2 cores wait for each other).  Needs
# build/release (make release) and GNU parallel.
set -u
usage() {
    sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-2}"
}
GAMES=64
PAIRS=24
SLOTS="1 2 4"
while [ $# -gt 0 ]; do
    case "$1" in
    -games) GAMES=${2:?}; shift 2 ;;
    -pairs) PAIRS=${2:?}; shift 2 ;;
    -slots) SLOTS=${2:?}; shift 2 ;;
    -h | --help) usage 0 ;;
    *) echo "cluster_overhead.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
for n in $GAMES $PAIRS $SLOTS; do
    case "$n" in '' | *[!0-9]* | 0) echo "cluster_overhead.sh: '$n' is not a positive whole number" >&2; exit 2 ;; esac
done
BIN=build/release
for p in tessera tessera-datagen tessera-tune; do
    [ -x "$BIN/$p" ] || { echo "cluster_overhead.sh: no $BIN/$p (make release)" >&2; exit 2; }
done
command -v parallel >/dev/null 2>&1 || { echo "cluster_overhead.sh: GNU parallel is not installed" >&2; exit 2; }
ROOT=$(pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/bin"
cp tests/fakes/ssh "$WORK/bin/ssh"
chmod +x "$WORK/bin/ssh"
: >"$WORK/hosts.txt"
: >"$WORK/sshlogins.txt"
for h in 1 2 3 4; do
    echo "host$h" >>"$WORK/hosts.txt"
    echo "1/$WORK/bin/ssh host$h" >>"$WORK/sshlogins.txt"
done

# cpu_now: $CPU, the user + system seconds of this shell's children so
# far.  (`times` runs in this shell and writes to a file: in a pipeline or
# a command substitution it would run in a subshell, which has no children.)
cpu_now() {
    times >"$WORK/times"
    CPU=$(awk 'NR == 2 { gsub(/[ms]/, " "); print $1 * 60 + $2 + $3 * 60 + $4 }' "$WORK/times")
}
now() { date +%s.%N; }

# measure WHAT UNITS COMMAND...: runs COMMAND, prints its line; $PER_UNIT.
measure() {
    what=$1
    unit=$2
    shift 2
    cpu_now
    cpu0=$CPU
    t0=$(now)
    "$@" >"$WORK/out" 2>&1 || { echo "$what: failed:"; tail -n 5 "$WORK/out"; exit 1; }
    t1=$(now)
    cpu_now
    cpu1=$CPU
    count=$(units_of "$unit")
    PER_UNIT=$(awk -v c0="$cpu0" -v c1="$cpu1" -v n="$count" 'BEGIN { printf "%.5f", (c1 - c0) / n }')
    awk -v w="$what" -v n="$count" -v u="$unit" -v t0="$t0" -v t1="$t1" -v c0="$cpu0" -v c1="$cpu1" -v b="${BASE:-}" \
        'BEGIN { per = (c1 - c0) / n
                 printf "%-34s %6d %s  %6.1f s wall  %6.1f %s/s  %6.1f s CPU  %.4f CPU s per %s", w, n, u, t1 - t0, n / (t1 - t0), u, c1 - c0, per, u
                 if (b != "") printf "  overhead %+.1f%%", 100 * (per / b - 1)
                 printf "\n" }'
}

units_of() {
    case "$1" in
    positions) cat "$WORK/data.txt" "$WORK/run/data.txt" 2>/dev/null | grep -vc '^#' ;;
    pairs) tail -n +3 "$WORK/tune.csv" | wc -l ;;
    esac
}

DATAGEN_ARGS="-game columna -nodes 2000 -seed 7"
echo "self-play: $DATAGEN_ARGS, $GAMES games; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$WORK/data.txt" "$WORK/run"
BASE=
measure "datagen, direct, 1 thread" positions "$BIN/tessera-datagen" $DATAGEN_ARGS -games "$GAMES" -out "$WORK/data.txt"
BASE=$PER_UNIT
for slots in $SLOTS; do
    rm -rf "$WORK/data.txt" "$WORK/run"
    measure "datagen, parallel, $slots slots" positions sh tools/cluster/datagen.sh --parallel --dir "$WORK/run" \
        --slices "$slots" --jobs "$slots" --datagen "$BIN/tessera-datagen" -- $DATAGEN_ARGS -games "$GAMES"
done
rm -rf "$WORK/data.txt" "$WORK/run"
measure "datagen, 4 ssh hosts, 4 slices" positions env PATH="$WORK/bin:$PATH" sh tools/cluster/datagen.sh --parallel \
    --dir "$WORK/run" --slices 4 --sshloginfile "$WORK/sshlogins.txt" --datagen "$ROOT/$BIN/tessera-datagen" -- \
    $DATAGEN_ARGS -games "$GAMES"

TUNE_ARGS="-engine cmd=$ROOT/$BIN/tessera -each nodes=300 option.Hash=4 -game columna -openings random plies=2 \
-tune ColumnaMobility -iterations $PAIRS -progress 1000 -seed 5"
echo "tuning: $PAIRS pairs (2 games each) at nodes=300; load: $(cut -d' ' -f1-3 /proc/loadavg)"
BASE=
# shellcheck disable=SC2086 # the arguments are words
measure "tune, direct, concurrency 1" pairs "$BIN/tessera-tune" $TUNE_ARGS -concurrency 1 -csv "$WORK/tune.csv" -force
BASE=$PER_UNIT
for slots in $SLOTS; do
    measure "tune, concurrency $slots" pairs "$BIN/tessera-tune" $TUNE_ARGS -concurrency "$slots" \
        -csv "$WORK/tune.csv" -force
    measure "tune, ssh launcher, $slots slots" pairs env PATH="$WORK/bin:$PATH" "$BIN/tessera-tune" $TUNE_ARGS \
        -concurrency "$slots" -launcher 'ssh -o BatchMode=yes {host}' -launcher-hosts "$WORK/hosts.txt" \
        -csv "$WORK/tune.csv" -force
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
