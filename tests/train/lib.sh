# lib.sh - what the tests of tessera-train share (sourced by
# tests/train/*.sh): tests/protocol/lib.sh, run from the repository root,
# the tools in $TRAIN and $DATAGEN, and $tmp, a scratch folder removed on
# exit.
#
#   check NAME EXPECTED-STATUS COMMAND...   runs COMMAND, its output in
#                                           $tmp/out; ok when it exits
#                                           with EXPECTED-STATUS
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh

TRAIN=$BUILD/tessera-train
DATAGEN=$BUILD/tessera-datagen
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {
    name=$1 expected=$2
    shift 2
    "$@" >"$tmp/out" 2>&1
    status=$?
    if [ "$status" -eq "$expected" ]; then ok "$name"; else not_ok "$name" "status $status" "$(tail -n 3 "$tmp/out")"; fi
}
