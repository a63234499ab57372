#!/bin/sh
# demo.sh - what `make demo` shows (after `make` built everything): one full
# game of Room and Pillar with the board after every move, then a short
# match of the two strongest search backends on each of the four games,
# with the standings.  About half a minute on two cores.
cd "$(dirname "$0")/.." || exit 1

ARENA=build/tessera-arena
ENGINE=build/tessera
# The two sides; set either to random to see a baseline.
BACKEND_A=alphabeta
BACKEND_B=mcts
TC=2+0.05       # seconds per game + seconds per move, per engine
GAMES=6         # per game: three openings, each played with both colours

for program in "$ARENA" "$ENGINE"; do
    if [ ! -x "$program" ]; then
        echo "demo: $program is missing; run make first" >&2
        exit 1
    fi
done

echo "This demo plays one game of Room and Pillar move by move, then a short match of the"
echo "engine's two search backends (alpha-beta and Monte-Carlo tree search) on each of the four"
echo "games, and reads each match's result in words.  About a minute on two cores."
echo
echo "=== One game of Room and Pillar: $BACKEND_A (p1, black) vs $BACKEND_B (p2) ==="
"$ARENA" -game roomandpillar -games 1 -show \
    -engine cmd="$ENGINE" name="$BACKEND_A" option.Backend="$BACKEND_A" \
    -engine cmd="$ENGINE" name="$BACKEND_B" option.Backend="$BACKEND_B" \
    -each tc=$TC timemargin=100 || exit 1

for game in roomandpillar columna qawale territoire; do
    echo
    echo "=== $game: $BACKEND_A vs $BACKEND_B, $GAMES games at tc=$TC ==="
    "$ARENA" -game $game -games $GAMES -concurrency 2 -openings random plies=2 -seed 2024 \
        -engine cmd="$ENGINE" name="$BACKEND_A" option.Backend="$BACKEND_A" \
        -engine cmd="$ENGINE" name="$BACKEND_B" option.Backend="$BACKEND_B" \
        -each tc=$TC timemargin=100 | sed -n '/^Results of/,$p' || exit 1
done

echo
echo "=== In a browser: build/tessera-web, then open http://127.0.0.1:8080/ ==="
