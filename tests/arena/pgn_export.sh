#!/bin/sh
# pgn_export.sh - the arena's PGN is PGN export format as the standard has
# it, for every game: checked by an independent strict reader
# (tests/fakes/pgn_strict.c, which shares no code with tools/arena/pgn.c
# and replays every move it decodes).  Moves are symbol tokens
# (tools/arena/pgn_move.h: Columna's `b2b3,c4c5` is `b2b3:c4c5`,
# Territoire's `17,3,x4` is `M17:3:x4`), and the second player's moves,
# which follow a think-time comment, are numbered `N...`.  Files written
# before, with the games' own move texts, still resume and merge.
. "$(dirname "$0")/lib.sh"

STRICT=$FAKES/pgn_strict

# strict NAME FILE: the strict reader accepts FILE.
strict() {
    verdict=$("$STRICT" "$2" 2>&1)
    if [ $? -eq 0 ]; then ok "$1 ($verdict)"; else not_ok "$1" "$verdict"; fi
}

# The strict reader itself refuses what the standard does not allow.
printf '[Event "e"]\n[Site "?"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n[Game "columna"]\n\n1. b2b3,c4c5 {0.010s} 1-0\n\n' >"$WORK/comma.pgn"
printf '[Event "e"]\n[Site "?"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1. 17,3,x4 {0.010s} 1-0\n\n' >"$WORK/digit.pgn"
printf '[Event "e"]\n[Site "?"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1. d4 {0.010s} swap {0.020s} 1-0\n\n' >"$WORK/nodots.pgn"
printf '[Event "e"]\n[Site "?"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n[Game "x"]\n[FEN "x"]\n\n1. d4 {0.010s} 1... swap {0.020s} 1-0\n\n' >"$WORK/order.pgn"
for bad in comma digit nodots order; do
    verdict=$("$STRICT" "$WORK/$bad.pgn" 2>&1)
    case "$verdict" in
    "$WORK/$bad.pgn":[0-9]*:*) ok "the strict reader refuses $bad.pgn: ${verdict#"$WORK/"}" ;;
    *) not_ok "the strict reader refuses $bad.pgn" "$verdict" ;;
    esac
done

# Every game, two engines at random, from random openings; Room and Pillar
# also with an engine whose illegal moves end games with long comments.
for game in roomandpillar columna qawale territoire; do
    arena -engine cmd="$ENGINE" name=First option.Backend=random \
        -engine cmd="$ENGINE" name=Second option.Backend=random \
        -each depth=1 -game $game -games 4 -openings random plies=2 -pgnout "$WORK/$game.pgn"
    expect_status "$game: the run completes" 0
    strict "$game: the PGN is export format, every move legal" "$WORK/$game.pgn"
done
check "columna: a turn of two steps is written with ':'" grep -Eq ' [a-f][1-6][a-f][1-6]:[a-f][1-6][a-f][1-6]( |$)' "$WORK/columna.pgn"
check "territoire: a turn is written with a leading M" grep -Eq ' M[0-9]+:' "$WORK/territoire.pgn"
check "the second player's moves are numbered N..." grep -Eq '\} 1\.\.\. ' "$WORK/qawale.pgn"

arena -engine cmd="$FAKES/fake_engine" name="Well Behaved" -engine cmd="$FAKES/fake_illegal" name=Bad \
    args="--after 3" -each tc=2+0.05 -game roomandpillar -games 4 -pgnout "$WORK/faults.pgn"
expect_status "faults: the run completes" 0
strict "faults: games ended by a fault are export format too" "$WORK/faults.pgn"

# Each move's think-time comment reads back as the time the arena measured,
# which -show prints with the move ("[7 ms]"): seconds and exactly three
# digits of milliseconds, so 7 ms is {0.007s}, never {0.7s}.  The fakes
# take 7 and 70 ms a move (more on a busy machine; the check compares the
# two records of one measure, not the clock).
arena -engine cmd="$FAKES/fake_engine" name=Quick args="--delay 7" \
    -engine cmd="$FAKES/fake_engine" name=Slow args="--seed 2 --delay 70" \
    -each tc=10+0.1 -game roomandpillar -games 1 -show -pgnout "$WORK/times.pgn"
expect_status "think times: the run completes" 0
printf '%s\n' "$OUT" | sed -n 's/^[0-9]*\. .* plays .*  \[\([0-9]*\) ms\]$/\1/p' >"$WORK/shown.txt"
grep -v '^[[%]' "$WORK/times.pgn" | grep -o '{[0-9.]*s}' >"$WORK/comments.txt"
check "think times: a comment per move ($(wc -l <"$WORK/shown.txt") moves)" \
    [ -s "$WORK/shown.txt" -a "$(wc -l <"$WORK/comments.txt")" -eq "$(wc -l <"$WORK/shown.txt")" ]
bad=$(grep -Ev '^[{][0-9]+[.][0-9]{3}s[}]$' "$WORK/comments.txt" | head -n 3 | tr '\n' ' ')
check "think times: every comment is {S.MMMs}${bad:+ (not $bad)}" [ -z "$bad" ]
# Read back as a decimal: {0.7s} would be 700 ms where 7 were measured.
tr -d '{}s' <"$WORK/comments.txt" | awk '{ printf "%d\n", $1 * 1000 + 0.5 }' >"$WORK/read_back.txt"
check "think times: the comments read back as the times -show printed" cmp -s "$WORK/read_back.txt" "$WORK/shown.txt"

# An old run's file (moves as the games write them, no N...) resumes and
# merges: the reader takes both encodings.
play_old_run() {
    arena -engine cmd="$ENGINE" name=First option.Backend=random \
        -engine cmd="$ENGINE" name=Second option.Backend=random \
        -each depth=1 -game territoire -openings random plies=2 -pgnout "$WORK/old.pgn" "$@"
}
play_old_run -games 4
expect_status "old encoding: the first part of the run completes" 0
# Back to the old movetext: no N..., M dropped, ':' to ','.
sed -e '/^[[%]/!s/ [0-9]*\.\.\.//g' -e '/^[[%]/!s/\(^\| \)M\([0-9]\)/\1\2/g' -e '/^[[%]/!s/\([0-9x]\):/\1,/g' \
    "$WORK/old.pgn" >"$WORK/old.tmp" && mv "$WORK/old.tmp" "$WORK/old.pgn"
check "old encoding: the file holds Territoire turns as the game writes them" grep -Eq '^1\. [0-9]+,' "$WORK/old.pgn"
play_old_run -games 8 -resume
expect_status "old encoding: -resume continues the run" 0
expect_out "old encoding: -resume counts the 4 old games" "^Resuming: 4 of 8 games already in"
check "old encoding: 8 games after the resume" [ "$(games_in "$WORK/old.pgn")" -eq 8 ]
arena merge "$WORK/old.pgn"
expect_status "old encoding: merge reads the file" 0
expect_out "old encoding: merge counts every game" "^Merged 8 games from 1 file"

finish
