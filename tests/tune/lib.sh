# lib.sh - tests/protocol/lib.sh plus what the tools' command-line tests
# share (sourced by tests/tune/*.sh and tests/datagen/lib.sh):
#
#   run CMD...          runs CMD (120 s at most, times LOAD_FACTOR): $STATUS, and $REPLY
#                       holding its stdout then its stderr
#   check NAME CMD...   ok when CMD succeeds, else the reply's tail
#   has REGEX           a line of $REPLY matches REGEX (grep -E)
#   lacks REGEX         no line of $REPLY matches REGEX
#
# $WORK is a scratch folder removed on exit; $TUNE the tuner.
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh

TUNE=$BUILD/tessera-tune
WORK=$(mktemp -d /tmp/tessera-tune-test.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

run() {
    timeout $((120 * LOAD_FACTOR)) "$@" >"$WORK/out" 2>"$WORK/err"
    STATUS=$?
    REPLY=$(cat "$WORK/out" "$WORK/err")
}

check() {
    name=$1
    shift
    if "$@"; then ok "$name"; else not_ok "$name" "$(printf '%s\n' "$REPLY" | tail -n 15)"; fi
}

has() { printf '%s\n' "$REPLY" | grep -Eq -- "$1"; }

lacks() { ! has "$1"; }
