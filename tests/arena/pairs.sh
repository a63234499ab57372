#!/bin/sh
# pairs.sh - pairs come from the schedule only.  Without -repeat two
# consecutive games that happen to start from the same random opening are
# no pair: the statistics (Elo, LOS, LLR) stay trinomial, and merge of the
# PGN agrees.  With -repeat every opening is a pair.
. "$(dirname "$0")/lib.sh"

# The issue's command, shortened (it had -games 200 and plies=2): one
# random ply of Qawale has few outcomes, so games 2j+1 and 2j+2 sometimes
# share an opening by chance (with seed 1, once in 40 games).
arena -engine cmd="$ENGINE" name=A -engine cmd="$ENGINE" name=B -each depth=1 \
    -game qawale -games 40 -norepeat -openings random plies=1 -seed 1 -sprt elo0=-10 elo1=10 \
    -pgnout "$WORK/norepeat.pgn"
expect_status "a -norepeat run completes" 0
run_report=$(report_block "$OUT")
# How many game pairs 2j+1, 2j+2 started from one opening by chance.
shared=$(grep '^\[FEN ' "$WORK/norepeat.pgn" | paste - - | awk -F'"' '$2 == $4' | wc -l)
check "some consecutive games shared an opening by chance ($shared)" [ "$shared" -ge 1 ]
expect_out "no pentanomial pairs without -repeat" "^Ptnml\(0-2\): \[0, 0, 0, 0, 0\]"
arena merge -sprt elo0=-10 elo1=10 "$WORK/norepeat.pgn"
expect_status "merge of the -norepeat run" 0
check "merge of the -norepeat run reports what the run did" [ "$(report_block "$OUT")" = "$run_report" ]

arena -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 5" \
    -engine cmd="$FAKES/fake_engine" name=Beta args="--seed 6" \
    -each tc=10+0.1 -game roomandpillar -openings random plies=1 -seed 3 -games 60 -repeat \
    -sprt elo0=-10 elo1=10 -pgnout "$WORK/repeat.pgn"
expect_status "a -repeat run completes" 0
expect_out "every opening is a pair with -repeat" "^Ptnml\(0-2\): \[[0-9]+, [0-9]+, [0-9]+, [0-9]+, [0-9]+\]"
pairs=$(printf '%s\n' "$OUT" | sed -n 's/^Ptnml(0-2): \[\([0-9]*\), \([0-9]*\), \([0-9]*\), \([0-9]*\), \([0-9]*\)\].*/\1 \2 \3 \4 \5/p' | awk '{print $1 + $2 + $3 + $4 + $5}')
check "30 pairs from 60 games with -repeat ($pairs)" [ "$pairs" = 30 ]

finish
