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
: >"$WORK/empty.pgn"
arena merge "$WORK/first.pgn" "$WORK/empty.pgn"
expect_status "merging an empty file fails" 1
expect_out "the refusal names the empty file" "empty\.pgn holds no finished game"

# Whole runs made with different seeds merge: a game is its seed and
# number, pairs stay within a run.
whole_run() { # PGN SEED
    arena -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 3" \
        -engine cmd="$FAKES/fake_engine" name=Beta args="--seed 4" \
        -each tc=10+0.1 -game roomandpillar -openings random plies=3 -seed "$2" -games 12 -pgnout "$1"
}
whole_run "$WORK/seed22.pgn" 22
expect_status "a run with another seed completes" 0
arena merge "$WORK/whole.pgn" "$WORK/seed22.pgn"
expect_status "merge of runs with different seeds succeeds" 0
expect_out "it counts both runs' games" "^Merged 24 games from 2 files"
expect_out "pairs stay within each run (12 pairs)" "^Ptnml\(0-2\): \[[0-9]+, [0-9]+, [0-9]+, [0-9]+, [0-9]+\]"
pairs=$(printf '%s\n' "$OUT" | sed -n 's/^Ptnml(0-2): \[\([0-9]*\), \([0-9]*\), \([0-9]*\), \([0-9]*\), \([0-9]*\)\].*/\1 \2 \3 \4 \5/p' | awk '{print $1 + $2 + $3 + $4 + $5}')
check "12 pairs from two runs of 12 games ($pairs)" [ "$pairs" = 12 ]

# Two runs of one seed configured differently are not slices of one run.
arena -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 3" \
    -engine cmd="$FAKES/fake_engine" name=Beta args="--seed 4" \
    -each tc=8+0.08 -game roomandpillar -openings random plies=3 -seed 21 -games 13..14 -pgnout "$WORK/other-tc.pgn"
arena merge "$WORK/whole.pgn" "$WORK/other-tc.pgn"
expect_status "merge of one seed's runs with other time controls is refused" 1
expect_out "the refusal says what differs" "another configuration: .*tc 10\+0\.1, now 8\+0\.08"

finish
