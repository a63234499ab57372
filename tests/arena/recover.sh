#!/bin/sh
# recover.sh - a PGN cut anywhere by a kill (inside the configuration,
# inside a header line, mid-movetext, right after a result with no
# newline) resumes with exactly the finished games kept, none twice, and
# the resumed run's statistics equal the uninterrupted run's.  (Every byte
# offset is tried by test_arena_pgn's test_cut_at_every_offset_resumes_exactly;
# this runs the named cases end to end.)
. "$(dirname "$0")/lib.sh"

GAMES=6
play() {
    arena -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 7" \
        -engine cmd="$FAKES/fake_engine" name=Beta args="--seed 8" \
        -each tc=10+0.1 -game roomandpillar -openings random plies=2 -seed 12 -games $GAMES -pgnout "$@"
}

play "$WORK/reference.pgn"
expect_status "reference run completes" 0
reference=$(report_block "$OUT")

# Byte offset of the Nth line matching REGEX.
line_offset() { grep -b -E "$2" "$WORK/reference.pgn" | sed -n "$1p" | cut -d: -f1; }

# cut_and_resume NAME OFFSET KEPT: the reference cut at OFFSET keeps KEPT games.
cut_and_resume() {
    head -c "$2" "$WORK/reference.pgn" >"$WORK/cut.pgn"
    play "$WORK/cut.pgn" -resume
    expect_status "cut $1: resume completes" 0
    expect_out "cut $1: $3 games kept" "^Resuming: $3 of $GAMES games already in|^Games [0-9]+/$GAMES"
    if [ "$3" -gt 0 ]; then expect_out "cut $1: says it kept $3" "^Resuming: $3 of $GAMES"; fi
    check "cut $1: every game once" [ "$(rounds_of "$WORK/cut.pgn" | uniq | wc -l)" -eq $GAMES -a "$(games_in "$WORK/cut.pgn")" -eq $GAMES ]
    check "cut $1: statistics equal the uninterrupted run's" [ "$(report_block "$OUT")" = "$reference" ]
    arena merge "$WORK/cut.pgn"
    expect_out "cut $1: merge reads $GAMES games" "^Merged $GAMES games from 1 file"
}

cut_and_resume "inside the configuration" 30 0
cut_and_resume "inside a header line" $(($(line_offset 3 '^\[Round ') + 4)) 2
cut_and_resume "mid-movetext" $(($(line_offset 3 '^1\. ') + 5)) 2
cut_and_resume "right after a result, before its newline" $(($(line_offset 3 '^\[Event ') - 2)) 2
cut_and_resume "between the result and the blank line" $(($(line_offset 4 '^\[Event ') - 1)) 3

# A new run (no -resume) appended to a file that a killed run left torn
# mid-comment: the torn game is cut off first, so the new run's games are
# neither glued to it nor swallowed by its open comment.
head -c $(($(line_offset 3 '^1\. ') + 12)) "$WORK/reference.pgn" >"$WORK/appended.pgn"
check "the torn file ends inside a comment" [ "$(tail -c 12 "$WORK/appended.pgn" | tr -cd '{}')" = "{" ]
arena -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 7" \
    -engine cmd="$FAKES/fake_engine" name=Beta args="--seed 8" \
    -each tc=10+0.1 -game roomandpillar -openings random plies=2 -seed 13 -games $GAMES -pgnout "$WORK/appended.pgn"
expect_status "a new run appended to a torn file completes" 0
arena merge "$WORK/appended.pgn"
expect_out "merge reads both runs' finished games" "^Merged $((GAMES + 2)) games from 1 file"

finish
