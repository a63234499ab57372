#!/bin/sh
# match.sh - matches between two real builds of the engine finish with the
# right number of games; round robin and gauntlet tables; -show and -log.
. "$(dirname "$0")/lib.sh"

arena -engine cmd="$ENGINE" name=Random option.Backend=random -engine cmd="$ENGINE" name=AlphaBeta \
    -each depth=1 tc=2+0.05 -game roomandpillar -games 6 -concurrency 2 -pgnout "$WORK/real.pgn"
expect_status "match between two builds completes" 0
check "six games in the PGN" [ "$(games_in "$WORK/real.pgn")" -eq 6 ]
check "rounds 1..6 once each" [ "$(rounds_of "$WORK/real.pgn" | tr '\n' ' ')" = "1 2 3 4 5 6 " ]
expect_out "the report counts six games" "^Games: 6, Wins: [0-9]+, Losses: [0-9]+, Draws: [0-9]+"
expect_out "the pairs are counted" "^Ptnml\(0-2\): \[[0-9]+, [0-9]+, [0-9]+, [0-9]+, [0-9]+\]"
check "every game has a result" [ "$(grep -c '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$WORK/real.pgn")" -eq 6 ]

# Every game of the four, from random openings (Territoire: random deals).
for game in columna qawale territoire; do
    arena -engine cmd="$ENGINE" name=R1 option.Backend=random -engine cmd="$ENGINE" name=R2 option.Backend=random \
        -each tc=2+0.05 -game $game -openings random plies=2 -games 2 -pgnout "$WORK/$game.pgn"
    expect_status "$game: match completes" 0
    check "$game: two games" [ "$(games_in "$WORK/$game.pgn")" -eq 2 ]
    check "$game: tagged with its game" [ "$(grep -c "^\[Game \"$game\"\]" "$WORK/$game.pgn")" -eq 2 ]
done

# Three engines, round robin: 3 pairings x 2 games.
arena -engine cmd="$FAKES/fake_engine" name=A args="--seed 1" -engine cmd="$FAKES/fake_engine" name=B args="--seed 2" \
    -engine cmd="$FAKES/fake_engine" name=C args="--seed 3" -each tc=5+0.1 -game roomandpillar -rounds 1 \
    -pgnout "$WORK/rr.pgn"
expect_status "round robin completes" 0
check "round robin plays 6 games" [ "$(games_in "$WORK/rr.pgn")" -eq 6 ]
expect_out "round robin reports A vs C" "^Results of A vs C \(2 games\)"
expect_out "round robin reports B vs C" "^Results of B vs C \(2 games\)"
expect_out "round robin ranks three engines" "^   3  [ABC] "

arena -engine cmd="$FAKES/fake_engine" name=A -engine cmd="$FAKES/fake_engine" name=B args="--seed 2" \
    -engine cmd="$FAKES/fake_engine" name=C args="--seed 3" -each tc=5+0.1 -game roomandpillar \
    -tournament gauntlet -rounds 2 -pgnout "$WORK/gauntlet.pgn"
expect_status "gauntlet completes" 0
check "gauntlet plays 2 rounds x 2 pairings x 2 games" [ "$(games_in "$WORK/gauntlet.pgn")" -eq 8 ]
check "gauntlet never pairs B with C" [ "$(grep -A1 '^\[White "[BC]"\]' "$WORK/gauntlet.pgn" | grep -c '^\[Black "[BC]"\]')" -eq 0 ]

# -show prints the board after each move; -log keeps the conversation.
arena -engine cmd="$FAKES/fake_engine" name=A -engine cmd="$FAKES/fake_engine" name=B args="--seed 5" \
    -each tc=5+0.1 -game roomandpillar -games 1 -show -log "$WORK/conversation.log"
expect_status "-show run completes" 0
expect_out "-show names each move" "^1\. A \(p1\) plays [a-h][1-8]  \["
expect_out "-show draws the board" "^ *8 "
check "-log has what was sent" grep -q '> setoption name Game value roomandpillar' "$WORK/conversation.log"
check "-log has what was answered" grep -q '< bestmove ' "$WORK/conversation.log"

finish
