#!/bin/sh
# merge.sh - slices of a run (-games A..B) play exactly the games the whole
# run plays (same openings and colours, by seed and game number), and
# `merge` of the slices' PGN files prints the whole run's statistics.
. "$(dirname "$0")/lib.sh"

# slice PGN RANGE: Room and Pillar from random openings, fakes that answer
# by position alone.
slice() {
    arena -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 3" \
        -engine cmd="$FAKES/fake_engine" name=Beta args="--seed 4" \
        -each tc=10+0.1 -game roomandpillar -openings random plies=3 -seed 21 -games "$2" -pgnout "$1"
}

slice "$WORK/whole.pgn" 12
expect_status "whole run completes" 0
whole_report=$(report_block "$OUT")
slice "$WORK/first.pgn" 1..5
expect_status "first slice completes" 0
expect_out "first slice plays games 1..5" "games 1\.\.5"
slice "$WORK/second.pgn" 6..12
expect_status "second slice completes" 0
check "slices hold 5 and 7 games" [ "$(games_in "$WORK/first.pgn")" -eq 5 -a "$(games_in "$WORK/second.pgn")" -eq 7 ]

# Game k's opening and players depend only on the seed and k.
headers() { cat "$@" | grep -E '^\[(Round|White|Black|FEN) ' | paste - - - - | sort -t'"' -k2,2n; }
check "slices play the whole run's openings and colours" [ "$(headers "$WORK/first.pgn" "$WORK/second.pgn")" = "$(headers "$WORK/whole.pgn")" ]

arena merge "$WORK/second.pgn" "$WORK/first.pgn"
expect_status "merge succeeds" 0
expect_out "merge counts every game" "^Merged 12 games from 2 files"
check "merge of the slices prints the whole run's final report" [ "$(report_block "$OUT")" = "$whole_report" ]
merged=$(report_block "$OUT")
arena merge "$WORK/whole.pgn"
check "merge of the whole file prints the same" [ "$(report_block "$OUT")" = "$merged" ]

arena merge -sprt elo0=0 elo1=10 "$WORK/first.pgn" "$WORK/second.pgn"
expect_out "merge with -sprt prints the LLR" "^LLR: -?[0-9.]+ \(-2\.94, 2\.94\) \[0\.00, 10\.00\]"

arena merge "$WORK/first.pgn" "$WORK/first.pgn"
expect_status "merging a slice twice is refused" 1
expect_out "the refusal names the game" "game 1 appears more than once"
arena merge "$WORK/no-such.pgn"
expect_status "merging a missing file fails" 1

finish
