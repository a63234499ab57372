#!/bin/sh
# help.sh - `tessera prove --help` lists each of its words (threads, hash,
# time, progress) and -out on a line of its own, and exits 0.
. "$(dirname "$0")/../protocol/lib.sh"

for flag in --help -h; do
    REPLY=$("$ENGINE" prove $flag 2>&1)
    STATUS=$?
    if [ "$STATUS" -eq 0 ]; then ok "prove_${flag}_exits_zero"; else not_ok "prove_${flag}_exits_zero" "status $STATUS"; fi
    for word in "threads N" "hash MB" "time S" "progress S" "-out FILE" "--help / -h"; do
        expect_line "prove_${flag}_lists_'$word'" "^  $word "
    done
done
REPLY=$("$ENGINE" prove roomandpillar threads 2>&1)
expect_line prove_points_to_its_help 'tessera prove --help'

finish
