#!/bin/sh
# qawale_children.sh - Qawale's MCTS keeps up to 4096 children a node
# (MctsMaxChildren's Qawale default), not a sample of the common 256: in
# this last turn of a book game dark has 380 sowings, one of which wins at
# once, and a search of 1000 or 2000 playouts with a sample of 256 missed
# it (it was left out of the sample), so more playouts could not help
# (tools/tune/RESULTS.md, "Qawale MCTS and its budget").  Node-limited:
# the load changes nothing.
. "$(dirname "$0")/../analysis/lib.sh"

declared='^option name MctsMaxChildren type spin default'
talk 'setoption name Game value qawale' uci 'setoption name Game value columna' uci
expect_line "uci_in_qawale_shows_4096" "$declared 4096 min 2 max 4096\$"
expect_line "uci_in_columna_shows_the_common_256" "$declared 256 min 2 max 4096\$"

last_turn='wbwn,bnnb,.,./nbb,.,wwwwn,./.,n,w,n/b,w,bn,. b 0 1'
for nodes in 1000 2000; do
    converse 'setoption name Game value qawale' 'setoption name Backend value mcts' \
        "position fen $last_turn" "go nodes $nodes" await_bestmove
    expect_line "mate_in_1_among_380_found_at_$nodes" '^bestmove b4b3b2c2c3d3'
    expect_line "mate_in_1_among_380_scored_at_$nodes" ' score mate 1 '
done

finish
