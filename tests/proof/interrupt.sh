#!/bin/sh
# interrupt.sh - an interrupted `tessera prove` leaves no file: Ctrl-C
# (SIGINT), SIGTERM or SIGHUP during a long proof leaves neither -out nor
# its temporary, and the prove dies of the signal (130, 143, 129); an
# older -out is left as it was then, and after a failure, and replaced
# whole by a new proof.
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh
. tests/proof/lib.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The 10x8 start runs for many minutes at hash 16 (time: a bound should
# the signal never come).
B108='wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw b -'
B44='wbwb/bwbw/wbwb/bwbw b -'

# interrupt SIGNAL: starts the long prove into $dir/y.proof, waits for its
# first line (the search has started), sends SIGNAL; its status in
# $STATUS, its output in $REPLY.
interrupt() {
    "$ENGINE" prove roomandpillar "$B108" hash 16 time 600 progress 0 -out "$dir/y.proof" >"$dir/out" 2>&1 &
    pid=$!
    waited=0
    limit=$(scaled 300) # tenths of a second: 30 s on an idle machine
    while ! grep -q '^tables: ' "$dir/out" && [ "$waited" -lt "${limit%.*}" ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
    kill -"$1" "$pid"
    wait "$pid" 2>/dev/null # (no shell notice "Terminated")
    STATUS=$?
    REPLY=$(cat "$dir/out")
}

# expect_left NAME FILES: the files in $dir, but the output, are FILES
# (names, each followed by a space).
expect_left() {
    files=$(ls -A "$dir" | grep -v '^out$' | tr '\n' ' ')
    if [ "$files" = "$2" ]; then ok "$1"; else not_ok "$1" "left: $files"; fi
}
expect_older() {
    if [ "$(cat "$dir/y.proof")" = older ]; then ok "$1"; else not_ok "$1"; fi
}

interrupt INT
expect_status "Ctrl-C: the prove dies of SIGINT (130)" 130
expect_line "the prove had started" '^tables: 16 MB'
expect_left "Ctrl-C: no certificate and no temporary left" ""

interrupt TERM
expect_status "SIGTERM: the prove dies of SIGTERM (143)" 143
expect_left "SIGTERM: no certificate and no temporary left" ""

interrupt HUP
expect_status "SIGHUP (a closed terminal): the prove dies of it (129)" 129
expect_left "SIGHUP: no certificate and no temporary left" ""

# An older certificate is left as it was by an interrupt and by a failure
# (out of time), then replaced by a whole new one.
echo older >"$dir/y.proof"
interrupt INT
expect_older "Ctrl-C: an older -out is left as it was"
expect_left "Ctrl-C: no temporary beside the older -out" "y.proof "
run prove "$ENGINE" prove roomandpillar "$B108" hash 16 time 1 progress 0 -out "$dir/y.proof"
expect_status "out of time: not proven" 1
expect_older "out of time: an older -out is left as it was"
run prove "$ENGINE" prove roomandpillar "$B44" hash 16 -out "$dir/y.proof"
expect_status "a new proof over an older -out" 0
run check "$CHECK" "$dir/y.proof"
expect_status "the older -out is replaced by the whole new certificate" 0
expect_left "no temporary left after a proof" "y.proof "

# A folder that cannot be written: one error line, exit 1.
run prove "$ENGINE" prove roomandpillar "$B44" hash 16 -out "$dir/none/y.proof"
expect_status "an -out in a missing folder: exit 1" 1
expect_line "it names the file and why" "^tessera prove: cannot write $dir/none/y.proof: "
run prove "$ENGINE" prove roomandpillar "$B44" hash 16 -out "$dir"
expect_status "an -out that is a folder: exit 1" 1
expect_line "said before the search" "^tessera prove: cannot write $dir: Is a directory"
expect_no_line "no search" '^tables: '
finish
