#!/bin/sh
# meaning.sh - the report says in words what its numbers mean, under each
# pairing's block ("Meaning: ..."): every pair split, too few games (a
# one-game run: Elo -inf +/- n/a), a clear win, and the SPRT's state; and
# the lines other tools read stay as they were.
. "$(dirname "$0")/lib.sh"

FAKE="$FAKES/fake_engine"

# Two copies of one deterministic fake from the start position: game 2 of
# each pair replays game 1 with the colours reversed, so every pair ends
# 1-1 and Elo is 0, with no interval (no spread to measure: n/a), which
# is no proof that they are equal.  The standings count the games one by
# one, a spread of their own: a line under them says which is which.
arena -engine cmd="$FAKE" name=A -engine cmd="$FAKE" name=B -each tc=5+0.1 -game roomandpillar -games 20
expect_status "all pairs split: the run completes" 0
expect_out "all pairs split: Ptnml all in the middle" "^Ptnml\(0-2\): \[0, 0, 10, 0, 0\]"
expect_out "all pairs split: Elo 0, no interval" "^Elo: 0\.00 \+/- n/a, nElo: 0\.00 \+/- n/a$"
expect_out "all pairs split: the meaning says no difference was measured" \
    "^Meaning: every pair of games split 1-1: no difference was measured \(Elo 0 means that, not that the engines are equal\)$"
expect_out "all pairs split: the standings' interval, from the games" "^ +1  [AB] +0\.0 +[0-9.]+ +20 "
expect_out "all pairs split: a line says what each interval counts" \
    "^\(The table's \+/- counts games one by one; a pairing's above counts its pairs of games, the pentanomial model\.\)$"
arena -engine cmd="$FAKE" name=A -engine cmd="$FAKE" name=B -each tc=5+0.1 -game roomandpillar -games 4 -norepeat
expect_out "without pairs: the block's interval is the standings'" "^Elo: 0\.00 \+/- [0-9.]+, "
expect_no_out "without pairs: no line on two intervals" "^\(The table's"

# One game: Elo -inf (or inf), no interval, and nothing can be told.
arena -engine cmd="$FAKE" name=A -engine cmd="$FAKE" name=B args="--seed 2" -each tc=5+0.1 -game roomandpillar -games 1
expect_status "one game: the run completes" 0
expect_out "one game: one game, not 'games'" "^Results of A vs B \(1 game\):$"
expect_out "one game: no interval" "^Elo: -?inf \+/- n/a,"
expect_out "one game: none in the progress line" "^Games 1/1: .*, Elo -?inf \+/- n/a$"
expect_out "one game: none in the standings" "^ +1  [AB] +inf +n/a +1 "
expect_out "one game: too few games to tell" "^Meaning: too few games to tell \(1 game\): play more \(-games\) or use -sprt$"

# A clear win: alpha-beta against a fake that picks its moves at random,
# 200 games from random openings: the interval leaves out 0.
arena -engine cmd="$ENGINE" name=AB option.Backend=alphabeta option.Hash=1 depth=1 \
    -engine cmd="$FAKE" name=Fake tc=5+0.1 -game roomandpillar -openings random plies=4 -games 200 -concurrency 2
expect_status "a clear win: the run completes" 0
expect_out "a clear win: AB is stronger, with 95% confidence" "^Meaning: AB is stronger than Fake \(95% confidence"
check "a clear win: one Meaning line for the one pairing" [ "$(printf '%s\n' "$OUT" | grep -c '^Meaning: ')" -eq 1 ]

# A sweep (every pair won) has no interval (every pair alike), yet it is a result.
arena -engine cmd="$FAKE" name=Strong -engine cmd="$FAKES/fake_illegal" name=Weak -each tc=5+0.1 \
    -game roomandpillar -games 20
expect_out "a sweep: Elo inf, no interval" "^Elo: inf \+/- n/a,"
expect_out "a sweep: Strong is stronger, by an amount the Elo cannot say" \
    "^Meaning: Strong is stronger than Weak \(95% confidence\); it won every pair, so the Elo cannot say by how much$"

# With an SPRT a second line says whether it has decided.
arena -engine cmd="$FAKE" name=Strong -engine cmd="$FAKES/fake_illegal" name=Weak -each tc=5+0.1 \
    -game roomandpillar -games 400 -sprt elo0=0 elo1=20
expect_out "a decided SPRT: the LLR line as before" "^LLR: [0-9.]+ \(-2\.94, 2\.94\) \[0\.00, 20\.00\] normalized - H1 accepted$"
expect_out "a decided SPRT in words" "^Meaning: the SPRT is decided: the games favour normalized Elo 20\.00 \(elo1, H1\) over 0\.00 \(elo0\)$"
arena -engine cmd="$FAKE" name=A -engine cmd="$FAKE" name=B -each tc=5+0.1 -game roomandpillar -games 4 \
    -sprt elo0=0 elo1=20
expect_out "an undecided SPRT in words" "^Meaning: the SPRT has not decided yet: its LLR must leave \(-2\.94, 2\.94\) for a verdict$"

# The lines that scripts read (tools/strength/calibrate.sh: ^Elo:, the
# tests: ^Ptnml, ^Results of, ^LLR) keep their places: the meaning comes
# after the block's numbers, before its closing dashes.
arena -engine cmd="$FAKE" name=A -engine cmd="$FAKE" name=B args="--seed 3" -each tc=5+0.1 -game roomandpillar \
    -openings random plies=4 -games 40
block=$(printf '%s\n' "$OUT" | sed -n '/^Results of A vs B/,/^-----/p' | cut -d: -f1 | cut -d' ' -f1 | tr '\n' ' ')
check "the block's lines in order: $block" [ "$block" = "Results Elo LOS Games Ptnml(0-2) Meaning -------------------------------------------------- " ]

# merge prints the same meaning as the run whose games it reads.
arena -engine cmd="$FAKE" name=A -engine cmd="$FAKE" name=B -each tc=5+0.1 -game roomandpillar -games 20 \
    -pgnout "$WORK/split.pgn"
run_meaning=$(printf '%s\n' "$OUT" | grep '^Meaning: ')
arena merge "$WORK/split.pgn"
check "merge says what the run said" [ "$(printf '%s\n' "$OUT" | grep '^Meaning: ')" = "$run_meaning" ]

finish
