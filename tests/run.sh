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
# Two lanes run side by side, release then asan's unit tests and engine
# conversations in one, tsan then asan's tool conversations in the other
# (about 5.5 minutes each of the 11 they take one after the other on 2
# cores): each test is a single process of one or two threads, so the
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

# The tools' conversations (arena, tuner, browser GUI), as against the
# engine's own.
is_tool_test() {
    case "$1" in tests/arena/* | tests/tune/* | tests/web/*) return 0 ;; esac
    return 1
}

shell_tests() { # variant, which: all, engine or tools
    for s in tests/*/*.sh; do
        case "$(basename "$s")" in lib*) continue ;; esac
        [ -f "$s" ] || continue
        case "$2" in
        engine) is_tool_test "$s" && continue ;;
        tools) is_tool_test "$s" || continue ;;
        esac
        # clock.sh checks single-threaded time limits, which tsan's
        # slowdown would only blur.
        case "$1:$s" in tsan:tests/alphabeta/clock.sh) continue ;; esac
        tally "$1/$s" env TESSERA_BUILD="build/$1" sh "$s"
    done
}

# Under tsan only the engine's own conversations: its search threads are
# what tsan is for; the arena's threads are covered by the tsan build of
# its unit tests.  The asan build's tool conversations run in the tsan
# lane, which is otherwise the shorter (4 minutes against 7 on 2 cores).
plain_lane() {
    unit_tests release
    shell_tests release all
    unit_tests asan
    shell_tests asan engine
}

tsan_lane() {
    unit_tests tsan
    shell_tests tsan engine
    shell_tests asan tools
}

lane() { # lane name, the function that runs its tests
    lane_name=$1
    passed=0
    failed=0
    log=build/test-log-$lane_name.txt
    : >"$log"
    "$2"
    echo "$passed $failed" >"build/test-count-$lane_name.txt"
}

export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
export ASAN_OPTIONS="abort_on_error=0 exitcode=66 ${ASAN_OPTIONS:-}"
rm -f build/test-count-*.txt
lane plain plain_lane &
plain=$!
lane tsan tsan_lane &
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
