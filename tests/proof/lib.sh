# lib.sh - what the proof tests share, sourced after tests/protocol/lib.sh
# (or tests/analysis/lib.sh): the checker and a way to run a command.
CHECK=$BUILD/tessera-proof-check

# run NAME CMD...: runs CMD, keeps its output in $REPLY and status in $STATUS.
run() {
    shift
    REPLY=$("$@" 2>&1)
    STATUS=$?
}
