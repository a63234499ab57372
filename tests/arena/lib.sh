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

finish() {
    echo "harness: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
