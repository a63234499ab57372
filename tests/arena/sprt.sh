#!/bin/sh
# sprt.sh - the SPRT model: normalized Elo by default (as fishtest and
# fastchess), logistic on request; the run and merge print the model and
# the bounds.
. "$(dirname "$0")/lib.sh"

GOOD="cmd=$FAKES/fake_engine"

# sure_loser MODEL_WORDS...: a run against an engine whose moves are all illegal.
sure_loser() {
    arena -engine "$GOOD" name=Strong -engine cmd="$FAKES/fake_illegal" name=Weak -each tc=5+0.1 \
        -game roomandpillar -games 400 -sprt elo0=0 elo1=20 "$@" -pgnout "$WORK/sprt$#.pgn"
}

sure_loser
expect_status "a default SPRT concludes" 0
expect_out "the start says the model and bounds" "^SPRT: normalized Elo, H0 elo0 0\.00, H1 elo1 20\.00, alpha 0\.05, beta 0\.05, LLR bounds \(-2\.94, 2\.94\)"
expect_out "the report prints the model" "^LLR: [0-9.]+ \(-2\.94, 2\.94\) \[0\.00, 20\.00\] normalized - H1 accepted"
normalized_games=$(games_in "$WORK/sprt0.pgn")

sure_loser model=logistic
expect_status "a logistic SPRT concludes" 0
expect_out "the start says logistic" "^SPRT: logistic Elo, H0 elo0 0\.00"
expect_out "the report prints logistic" "^LLR: [0-9.]+ \(-2\.94, 2\.94\) \[0\.00, 20\.00\] logistic - H1 accepted"
logistic_games=$(games_in "$WORK/sprt1.pgn")
# 20 normalized Elo is a far larger step than 20 logistic Elo when every
# game is won, so the two models stop at different points.
check "the models stop after different numbers of games ($normalized_games, $logistic_games)" [ "$normalized_games" -ne "$logistic_games" ]

arena merge -sprt elo0=0 elo1=20 model=logistic "$WORK/sprt1.pgn"
expect_out "merge takes the model" "^LLR: [0-9.]+ \(-2\.94, 2\.94\) \[0\.00, 20\.00\] logistic - H1 accepted"
arena merge -sprt elo0=0 elo1=20 model=bayesian "$WORK/sprt1.pgn"
expect_status "an unknown model is refused" 3

finish
