#!/bin/sh
# Runs every test program and shell test, adds up their "harness: N passed,
# M failed" lines and prints one closing line.  Exit status 1 on any failure.
#
#   unit tests      build/{release,asan,tsan}/tests/test_*   (C programs)
#   shell tests     tests/*/*.sh (not lib*.sh), run against the release and
#                   asan builds, and the engine's own ones (not arena, tune, web)
#                   against tsan (TESSERA_BUILD); a sanitizer report ends the
#                   process, so the conversation fails
#
# Two lanes run side by side, release then asan in one and tsan in the
# other (about 5 and 4 minutes of the 9 they took one after the other on
# 2 cores): each test is a single process of one or two threads, so the
# two lanes keep both cores busy.  Each lane counts into its own file and
# log (build/test-log-LANE.txt); lines name their variant, so interleaved
# output still reads.
cd "$(dirname "$0")/.." || exit 1

tally() { # name, command...
    name=$1
    shift
    started=$(date +%s)
    out=$(timeout 400 "$@" 2>&1)
    status=$?
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
    echo "$name: $p passed, $f failed (${seconds} s)"
    passed=$((passed + p))
    failed=$((failed + f))
}

unit_tests() { # variant
    for t in build/$1/tests/test_*; do
        [ -x "$t" ] || continue
        tally "$1/$(basename "$t")" "$t"
    done
}

shell_tests() { # variant
    for s in tests/*/*.sh; do
        case "$(basename "$s")" in lib*) continue ;; esac
        [ -f "$s" ] || continue
        # Under tsan only the engine's own conversations: its search threads
        # are what tsan is for; the arena's threads are covered by the tsan
        # build of its unit tests.
        # clock.sh checks single-threaded time limits, which tsan's
        # slowdown would only blur.
        case "$1:$s" in tsan:tests/arena/* | tsan:tests/tune/* | tsan:tests/web/* | tsan:tests/alphabeta/clock.sh) continue ;; esac
        tally "$1/$s" env TESSERA_BUILD="build/$1" sh "$s"
    done
}

lane() { # lane name, variants...
    lane_name=$1
    shift
    passed=0
    failed=0
    log=build/test-log-$lane_name.txt
    : >"$log"
    for variant in "$@"; do
        unit_tests "$variant"
        shell_tests "$variant"
    done
    echo "$passed $failed" >"build/test-count-$lane_name.txt"
}

export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
export ASAN_OPTIONS="abort_on_error=0 exitcode=66 ${ASAN_OPTIONS:-}"
rm -f build/test-count-*.txt
lane plain release asan &
plain=$!
lane tsan tsan &
tsan=$!
wait "$plain" "$tsan"

passed=0
failed=0
for name in plain tsan; do
    if read -r p f <"build/test-count-$name.txt"; then
        passed=$((passed + p))
        failed=$((failed + f))
    else
        echo "the $name lane ended without its count"
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
