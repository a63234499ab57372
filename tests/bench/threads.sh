#!/bin/sh
# threads.sh - tools/bench/threads.sh, the one script a lent many-core
# machine runs (issue 14), reads the benches' output right: run at one
# thread, each table gets a number (not "unproven", not empty), and a big
# board that is not proven in its time says so; bad arguments are refused
# with exit status 2.  The release build only: the script times benches,
# which a sanitized build would only slow down (about 25 s here).
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh
SCRIPT=tools/bench/threads.sh

if [ "$BUILD_SLOWDOWN" -ne 1 ]; then
    echo "skipped under $BUILD: the release build runs it"
    finish
    exit 0
fi

REPLY=$(TESSERA_ENGINE="$ENGINE" sh "$SCRIPT" -threads 1 -big-time 3 -big-board 10x8 -hash 16 2>&1)
STATUS=$?
expect_status "threads.sh at one thread" 0
expect_line "MCTS row has playouts/s and time" '^ +1 +[0-9]+ +1\.00 +[0-9.]+ +1\.00$'
expect_line "alpha-beta row has nodes/s and time" '^ +1 +[0-9]+ +[0-9.]+ +1\.00$'
expect_line "proof row has the 8x8 start and the bench" '^ +1 +[0-9.]+ +[0-9.]+$'
expect_no_line "every proof proven" 'unproven'
expect_line "big board tried with its settings" 'tessera prove threads 1 hash 16 time 3$'
expect_line "big board not proven in 3 s says so" '^not proven within 3 s$'

REPLY=$(sh "$SCRIPT" -threads x 2>&1)
STATUS=$?
expect_status "a thread count that is no number" 2
expect_line "says which" "'x' is not a whole number"
REPLY=$(sh "$SCRIPT" -big-board 9x9 2>&1)
STATUS=$?
expect_status "an unknown big board" 2
REPLY=$(TESSERA_ENGINE=/nonexistent/tessera sh "$SCRIPT" 2>&1)
STATUS=$?
expect_status "no engine" 2
expect_line "names the missing engine" 'no engine at /nonexistent/tessera'
finish
