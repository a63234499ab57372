# lib.sh - helpers for the arena's end-to-end tests (sourced; run.sh skips
# lib*.sh).  TESSERA_BUILD names the build to test (build/release or
# build/asan); every run gets a fresh temporary folder $WORK.
#
#   arena ARGS...              runs tessera-arena; $OUT holds stdout+stderr,
#                              $STATUS the exit status (120 s at most, times
#                              the load factor tests/run.sh measured)
#   check NAME COMMAND...      ok when the command succeeds
#   expect_out NAME REGEX      a line of $OUT matches REGEX (grep -E)
#   expect_no_out NAME REGEX   no line of $OUT matches REGEX
#   expect_status NAME CODE
#   games_in FILE              number of finished games in a PGN file
#   play_fakes PGN DELAY ...   a run of two fakes at a speed of the test's
#   wait_for_games FILE N      waits until FILE holds N games
#   $GRACE                     timemargin= for games that must end by the rules
#   finish                     prints the closing harness line

BUILD=${TESSERA_BUILD:-build/release}
ARENA=$BUILD/tessera-arena
ENGINE=$BUILD/tessera
FAKES=$BUILD/fakes
passed=0
failed=0
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tessera-arena-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

ok() { passed=$((passed + 1)); echo "ok   $1"; }
not_ok() {
    failed=$((failed + 1))
    echo "FAIL $1"
    shift
    for line in "$@"; do printf '    %s\n' "$line"; done
}

case "${TESSERA_LOAD_FACTOR:-1}" in
'' | 0 | *[!0-9]*) LOAD_FACTOR=1 ;;
*) LOAD_FACTOR=${TESSERA_LOAD_FACTOR:-1} ;;
esac
# GRACE: an -each key for games at a clock whose results must all be by
# the rules: half a second a move (times the load) forgiven, so that a
# stall of a loaded machine, not the engine, loses no game on time; an
# engine that ignores its clock still overruns it.
GRACE="timemargin=$((500 * LOAD_FACTOR))"

arena() {
    OUT=$(timeout $((120 * LOAD_FACTOR)) "$ARENA" "$@" 2>&1)
    STATUS=$?
}

# check NAME COMMAND...: the whole condition is one command, e.g.
# `check N [ A -a B ]`; in `check N [ A ] && [ B ]` B runs after the verdict.
check() { # name command...
    name=$1
    shift
    if "$@"; then ok "$name"; else not_ok "$name" "failed: $*"; fi
}

expect_out() { # name regex
    if printf '%s\n' "$OUT" | grep -Eq -- "$2"; then ok "$1"; else not_ok "$1" "no line matches /$2/ in:" "$(printf '%s\n' "$OUT" | tail -n 25)"; fi
}

expect_no_out() { # name regex
    if printf '%s\n' "$OUT" | grep -Eq -- "$2"; then not_ok "$1" "a line matches /$2/ in:" "$(printf '%s\n' "$OUT" | tail -n 25)"; else ok "$1"; fi
}

expect_status() { # name code
    if [ "$STATUS" -eq "$2" ]; then ok "$1"; else not_ok "$1" "exit status $STATUS, expected $2; output:" "$(printf '%s\n' "$OUT" | tail -n 25)"; fi
}

games_in() { cat "$1" 2>/dev/null | grep -c '^\[Round '; }

# The Round numbers of a PGN file, sorted, one a line.
rounds_of() { sed -n 's/^\[Round "\([0-9]*\)"\]$/\1/p' "$1" | sort -n; }

# The report block (from the first dashed line on) of a run's or merge's output.
report_block() { printf '%s\n' "$1" | sed -n '/^-----/,$p'; }

# play_fakes PGN DELAY [FLAGS...]: $GAMES games of Room and Pillar between
# two fakes (Alpha, Beta) that answer by position alone, so that every run
# plays the same games, at DELAY ms a move, in place of the calling
# (sub)shell ($WRAP, when set, runs the arena).  The speed comes from the
# environment through $WORK/fake.sh: the engines' command line (part of
# the run's recorded configuration, which -resume checks) stays the same
# while a killed run is slow and its resumption fast.
play_fakes() { # pgn delay flags...
    pgn=$1
    FAKE_DELAY=$2
    export FAKE_DELAY
    shift 2
    # Written once: an arena may be starting an engine through it.
    [ -f "$WORK/fake.sh" ] || cat >"$WORK/fake.sh" <<SCRIPT
exec "$(cd "$FAKES" && pwd)/fake_engine" --seed "\$1" --delay "\${FAKE_DELAY:-0}"
SCRIPT
    exec ${WRAP:-} "$ARENA" -engine cmd=/bin/sh name=Alpha args="$WORK/fake.sh 1" \
        -engine cmd=/bin/sh name=Beta args="$WORK/fake.sh 2" \
        -each tc=10+0.1 -game roomandpillar -openings random plies=2 -games "$GAMES" \
        -concurrency 2 -pgnout "$pgn" "$@"
}

# Waits (at most 30 s, times the load) until FILE holds at least N games.
wait_for_games() { # file n
    i=0
    while [ "$(games_in "$1")" -lt "$2" ] && [ $i -lt $((600 * LOAD_FACTOR)) ]; do
        sleep 0.05
        i=$((i + 1))
    done
}

finish() {
    echo "harness: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
