#!/bin/sh
# Runs every test program and shell test, adds up their "harness: N passed,
# M failed" lines and prints one closing line.  Exit status 1 on any failure.
#
#   unit tests      build/{release,asan,tsan}/tests/test_*   (C programs),
#                   and build/clang/tests/test_* (make test's clang build,
#                   with UBSan) unless TESSERA_CLANG_SKIPPED says why not
#   shell tests     tests/*/*.sh (not lib*.sh), run against the release and
#                   asan builds, and the engine's own ones (not arena, tune, web)
#                   against tsan (TESSERA_BUILD); a sanitizer report ends the
#                   process, so the conversation fails
#
# Three lanes run side by side: release's unit tests and conversations
# (but the tuner's, the loop's and the documentation's), then asan's unit
# tests and engine conversations, in one; tsan's unit tests and engine
# conversations, then release's tuner, loop and documentation
# conversations and asan's tool conversations
# (arena, tuner, web, loop), in the second (about 7 minutes each on 2
# idle cores): each test is a single process of one or two threads, so
# these two lanes keep both cores busy.  The third takes the tests that
# mostly wait (is_waiting_test), which would leave a core idle in the
# others, and then the clang build's unit tests (CPU-bound, but about
# 16 s alone, and this lane is the shortest by minutes).  Each lane
# counts into its own file and log (build/test-log-LANE.txt); lines name
# their variant, so interleaved output still reads.
#
# The load: wall-clock bounds in the tests (a movetime not overrun by much,
# stop answered promptly) hold on an idle machine; on a loaded one they are
# multiplied by a load factor measured here.  A fixed CPU-bound workload
# (an awk loop, about 0.2 s of CPU) is timed: its wall time over its CPU
# time is how many times slower than alone a process runs now.  At the
# start two copies run at once, as the two lanes will; then each lane
# measures again (one copy, beside the other lane's test) when a minute
# has passed since its last measure.  Before each test the largest of
# its last two ratios and of the last minute's load average per core,
# rounded up to a whole number (from 0.2 over one) and at least 1, is
# the factor, exported as TESSERA_LOAD_FACTOR:
# tests/protocol/lib.sh folds it into SLOWDOWN, C tests read it through
# harness_load_factor() (tests/harness.h), and each program's `timeout
# 400` is multiplied by it.  A TESSERA_LOAD_FACTOR set by the caller is
# kept and not measured.
#
#   sh tests/run.sh --burners N    (`make test-loaded`: N = 4) first starts
#   N CPU-bound processes beside the tests, and stops them when the run
#   ends, fails or is interrupted: `make test` must pass on a machine that
#   busy too.
cd "$(dirname "$0")/.." || exit 1

burners=0
case "${1:-}" in
--burners)
    case "${2:-}" in
    '' | *[!0-9]*)
        echo "usage: sh tests/run.sh [--burners N]" >&2
        exit 2
        ;;
    esac
    burners=$2
    ;;
'') ;;
*)
    echo "usage: sh tests/run.sh [--burners N]" >&2
    exit 2
    ;;
esac

# load_ratio: 100 times the wall time over the CPU time of a fixed
# CPU-bound workload (100 alone on an idle core).  `times` gives the CPU
# time of this subshell's children, the awk alone.
load_ratio() (
    times_file=$(mktemp)
    started=$(date +%s%N)
    awk 'BEGIN { for (i = 0; i < 5000000; i++) s += i % 7; print s }' >/dev/null
    ended=$(date +%s%N)
    times >"$times_file"
    awk -v wall_ns=$((ended - started)) 'NR == 2 {
        split($1, u, /[ms]/); split($2, s, /[ms]/)
        cpu = u[1] * 60 + u[2] + s[1] * 60 + s[2]
        if (cpu < 0.05) cpu = 0.05
        printf "%d\n", 100 * wall_ns / 1e9 / cpu }' "$times_file"
    rm -f "$times_file"
)

# load_factor RATIO...: the largest ratio as a whole factor, at least 1,
# rounded up from a fifth over a whole number: rounded to the nearest, a
# ratio of 1.45 (a process at 69% of its speed) left every bound unscaled,
# and the sample, a fraction of a second, may catch a lull in the load.
load_factor() {
    for r in "$@"; do echo "$r"; done |
        awk '$1 > max { max = $1 } END { f = int(max / 100 + 0.8); print (f < 1 ? 1 : f) }'
}

# load_average_ratio: 100 times the load average of the last minute per
# core (0 where /proc/loadavg is not there): the workload is a sample of
# a fraction of a second, and on a shared machine the ratio read 1.6 and
# 5.0 within five seconds; the average covers the minute between samples.
load_average_ratio() {
    cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null) || cores=1
    awk -v c="${cores:-1}" '{ printf "%d\n", 100 * $1 / (c > 0 ? c : 1) }' /proc/loadavg 2>/dev/null || echo 0
}

# update_factor: exports TESSERA_LOAD_FACTOR from the last two samples and
# the load average now.
update_factor() {
    [ "$measure" = yes ] || return 0
    TESSERA_LOAD_FACTOR=$(load_factor "${last_ratio:-0}" "${previous_ratio:-0}" "$(load_average_ratio)")
    export TESSERA_LOAD_FACTOR
}

# measure_load COPIES: runs COPIES workloads at once; sets last_ratio (the
# slowest) and exports TESSERA_LOAD_FACTOR (update_factor).
measure_load() {
    [ "$measure" = yes ] || return 0
    ratio_dir=$(mktemp -d)
    copy=0
    copies=
    while [ "$copy" -lt "$1" ]; do
        load_ratio >"$ratio_dir/$copy" &
        copies="$copies $!"
        copy=$((copy + 1))
    done
    wait $copies
    previous_ratio=${last_ratio:-0}
    last_ratio=$(cat "$ratio_dir"/* | awk '$1 > max { max = $1 } END { print max + 0 }')
    rm -rf "$ratio_dir"
    update_factor
    measured_at=$(date +%s)
}

# The burners: CPU-bound shell loops that end by themselves should this
# script die without its traps (they look for it now and then).
burner_pids=
start_burners() { # count
    n=0
    while [ "$n" -lt "$1" ]; do
        sh -c 'while kill -0 "$1" 2>/dev/null; do
                   i=0; while [ "$i" -lt 20000 ]; do i=$((i + 1)); done
               done' burner $$ &
        burner_pids="$burner_pids $!"
        n=$((n + 1))
    done
}
stop_burners() {
    [ -n "$burner_pids" ] && kill $burner_pids 2>/dev/null
    burner_pids=
}

tally() { # name, command...
    name=$1
    shift
    started=$(date +%s)
    if [ $((started - measured_at)) -lt 60 ]; then update_factor; else measure_load 1; fi
    # In the background, so that a TERM (the run interrupted) can end it.
    timeout $((400 * TESSERA_LOAD_FACTOR)) "$@" >"$out_file" 2>&1 &
    current=$!
    wait "$current"
    status=$?
    current=
    out=$(cat "$out_file")
    seconds=$(($(date +%s) - started))
    printf '%s\n' "$out" >>"$log"
    line=$(printf '%s\n' "$out" | grep '^harness: ' | tail -n 1)
    p=$(printf '%s' "$line" | sed -n 's/^harness: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    f=$(printf '%s' "$line" | sed -n 's/^harness: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    if [ -z "$p" ]; then
        # No closing line: the program crashed, hung or was killed.
        p=0
        f=1
        printf '%s\n' "$out" | tail -n 20
        echo "CRASHED $name (exit status $status)"
    elif [ "$f" -ne 0 ] || [ "$status" -ne 0 ]; then
        printf '%s\n' "$out" | grep -v '^ok\|ok$' | tail -n 40
        if [ "$f" -eq 0 ]; then
            # Every check passed, yet the program failed (killed, crashed
            # at exit, a sanitizer report): that is a failure too.
            echo "FAILED $name: exit status $status"
            f=1
        fi
    fi
    if [ "$TESSERA_LOAD_FACTOR" -gt 1 ]; then
        echo "$name: $p passed, $f failed (${seconds} s, load factor $TESSERA_LOAD_FACTOR)"
    else
        echo "$name: $p passed, $f failed (${seconds} s)"
    fi
    passed=$((passed + p))
    failed=$((failed + f))
}

# The tests that spend most of their time waiting (on timeouts, clocks
# and sleeps: a hung engine given up, a slow client cut off, a session's
# grace, a movetime kept), each under a quarter of its wall time on the
# CPU: they run in a lane of their own beside the two busy ones, where
# their waits cost neither lane any time.
is_waiting_test() { # variant/test
    case "$1" in
    */tests/test_web_security | release/tests/arena/faults.sh | asan/tests/arena/faults.sh) return 0 ;;
    release/tests/tune/tune.sh | asan/tests/protocol/search.sh | tsan/tests/protocol/search.sh) return 0 ;;
    esac
    return 1
}

unit_tests() { # variant
    for t in build/$1/tests/test_*; do
        [ -x "$t" ] || continue
        is_waiting_test "$1/tests/$(basename "$t")" && continue
        tally "$1/$(basename "$t")" "$t"
    done
}

# The tools' conversations (arena, tuner, browser GUI, the learning loop),
# as against the engine's own.
is_tool_test() {
    case "$1" in tests/arena/* | tests/tune/* | tests/web/* | tests/loop/*) return 0 ;; esac
    return 1
}

# The release conversations that run in the tsan lane, to even the
# lanes' times: the tuner's, the loop's and the documentation's.
is_moved_release_test() {
    case "$1" in tests/tune/* | tests/loop/* | tests/docs/docs.sh) return 0 ;; esac
    return 1
}

shell_tests() { # variant, which: all, engine, tools, but-moved or moved
    for s in tests/*/*.sh; do
        case "$(basename "$s")" in lib*) continue ;; esac
        [ -f "$s" ] || continue
        case "$2" in
        engine) is_tool_test "$s" && continue ;;
        tools) is_tool_test "$s" || continue ;;
        but-moved) is_moved_release_test "$s" && continue ;;
        moved) is_moved_release_test "$s" || continue ;;
        esac
        # clock.sh checks single-threaded time limits, which tsan's
        # slowdown would only blur; multipv_order.sh (one thread's line
        # order), searchmoves.sh (the root restricted), hostile.sh (bad
        # input refused), handshake.sh (options and their words: the
        # tables made on their changes are first_search.sh's under tsan),
        # slices.sh (datagen's slices merged), datagen.sh (datagen's
        # files, single-threaded: its threads are in threads.sh) and
        # scores.sh (the values datagen records) check values and words
        # that the release and asan builds (scores.sh: release) check, at
        # a fraction of tsan's (and asan's) time: tsan's own work, the
        # searches' threads, is in the other conversations.
        case "$1:$s" in
        tsan:tests/alphabeta/clock.sh | tsan:tests/analysis/multipv_order.sh) continue ;;
        tsan:tests/analysis/searchmoves.sh | tsan:tests/analysis/hostile.sh) continue ;;
        tsan:tests/datagen/slices.sh | tsan:tests/protocol/handshake.sh) continue ;;
        tsan:tests/datagen/datagen.sh) continue ;;
        tsan:tests/datagen/scores.sh | asan:tests/datagen/scores.sh) continue ;;
        esac
        # Under asan, what checks values and orchestration alone: the
        # programs these conversations drive run under asan in others
        # (the searches in protocol/search.sh and the unit tests, the
        # arena in match, merge, faults and pgn_export, the tuner in
        # launcher, resume_config and texel, datagen in datagen.sh).
        case "$1:$s" in
        asan:tests/analysis/multipv_order.sh | asan:tests/analysis/searchmoves.sh) continue ;;
        asan:tests/alphabeta/search.sh | asan:tests/mcts/search.sh | asan:tests/datagen/slices.sh) continue ;;
        asan:tests/arena/cluster.sh | asan:tests/arena/meaning.sh | asan:tests/tune/tune.sh) continue ;;
        asan:tests/loop/loop.sh) continue ;;
        esac
        is_waiting_test "$1/$s" && continue
        tally "$1/$s" env TESSERA_BUILD="build/$1" sh "$s"
    done
}

waiting_lane() {
    for variant in release asan tsan; do
        for t in build/$variant/tests/test_*; do
            [ -x "$t" ] && is_waiting_test "$variant/tests/$(basename "$t")" && tally "$variant/$(basename "$t")" "$t"
        done
        for s in tests/*/*.sh; do
            is_waiting_test "$variant/$s" && tally "$variant/$s" env TESSERA_BUILD="build/$variant" sh "$s"
        done
    done
    [ -n "${TESSERA_CLANG_SKIPPED:-}" ] || unit_tests clang
}

# Under tsan only the engine's own conversations: its search threads are
# what tsan is for; the arena's threads are covered by the tsan build of
# its unit tests.  The tool conversations run in the tsan lane, which is
# otherwise the shorter.
plain_lane() {
    unit_tests release
    shell_tests release but-moved
    unit_tests asan
    shell_tests asan engine
}

tsan_lane() {
    unit_tests tsan
    shell_tests tsan engine
    shell_tests release moved
    shell_tests asan tools
}

lane() { # lane name, the function that runs its tests
    lane_name=$1
    passed=0
    failed=0
    log=build/test-log-$lane_name.txt
    : >"$log"
    out_file=$(mktemp)
    current=
    trap '[ -z "$current" ] || kill "$current" 2>/dev/null; rm -f "$out_file"; exit 143' TERM
    "$2"
    rm -f "$out_file"
    echo "$passed $failed" >"build/test-count-$lane_name.txt"
}

export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
export ASAN_OPTIONS="abort_on_error=0 exitcode=66 ${ASAN_OPTIONS:-}"
rm -f build/test-count-*.txt
run_started=$(date +%s)

lanes=
trap 'stop_burners' EXIT
trap 'stop_burners; [ -z "$lanes" ] || kill $lanes 2>/dev/null; exit 130' INT
trap 'stop_burners; [ -z "$lanes" ] || kill $lanes 2>/dev/null; exit 143' TERM
if [ "$burners" -gt 0 ]; then
    start_burners "$burners"
    echo "$burners CPU-bound processes run beside the tests"
fi
case "${TESSERA_LOAD_FACTOR:-}" in
'' | 0 | *[!0-9]*)
    measure=yes
    measure_load 2
    echo "load factor $TESSERA_LOAD_FACTOR: a CPU-bound workload took $(awk -v r="$last_ratio" 'BEGIN { printf "%.1f", r / 100 }') times its CPU time, the load average per core is $(awk -v r="$(load_average_ratio)" 'BEGIN { printf "%.1f", r / 100 }') (time bounds and timeouts are multiplied by the factor)"
    ;;
*)
    measure=no
    measured_at=$(date +%s)
    export TESSERA_LOAD_FACTOR
    echo "load factor $TESSERA_LOAD_FACTOR (given)"
    ;;
esac

[ -z "${TESSERA_CLANG_SKIPPED:-}" ] || echo "the clang build of the unit tests is skipped: $TESSERA_CLANG_SKIPPED"

lane plain plain_lane &
plain=$!
lane tsan tsan_lane &
tsan=$!
lane waiting waiting_lane &
waiting=$!
lanes="$plain $tsan $waiting"
wait "$plain" "$tsan" "$waiting"
lanes=

passed=0
failed=0
for name in plain tsan waiting; do
    if read -r p f <"build/test-count-$name.txt"; then
        passed=$((passed + p))
        failed=$((failed + f))
    else
        echo "the $name lane ended without its count"
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed ($(($(date +%s) - run_started)) s)"
[ "$failed" -eq 0 ]
