#!/bin/sh
# draws.sh - proofs in games that can end drawn (Territoire, Qawale): a
# draw is neither side's win.
#
# - A Territoire position whose best play is a draw (dark to move, its
#   last turn, then light's): a search never reports a mate score there
#   (the proof search disproves dark's win, which is no proof of a loss),
#   and `tessera prove` proves nothing and writes no certificate.
# - Territoire positions that the first player wins although some of its
#   lines end drawn: `tessera prove` writes their certificates and the
#   checker confirms them (the draws met speak against the second player's
#   proofs only).
# - The checker refuses a certificate whose winner's move ends the game
#   drawn, and accepts the one with the winning move from the same
#   Qawale position (its last reserve pebble: one move makes a line, most
#   fill the board without one).
cd "$(dirname "$0")/../.." || exit 1
. tests/analysis/lib.sh
. tests/proof/lib.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Drawn with best play (checked by a full search of the two turns left).
DRAWN1='3w6b2b5x1b4x4x5b1.6b3b2.1w2x5w3w4x6w6x3w4b2.5b1b5b1.3b4b2w6w2w4w6w1.5w3. 19 b 300 210 3 3'
DRAWN2='3w6x2w5w1.4b4x5b1.6w3.2b1b2b5b3b4x6b6x3b4b2.5w1w5x1w3w4w2w6w2.4b6b1.5w3x 19 b 210 300 3 3'
DRAWN3='3x6w2.5b1w4x4w5w1.6w3b2.1b2b5b3b4b6b6x3x4b2w5x1w5w1.3.4w2w6b2b4x6b1.5w3w 19 b 210 300 3 3'
for fen in "$DRAWN1" "$DRAWN2" "$DRAWN3"; do
    converse "setoption name Game value territoire" "position fen $fen" "go movetime 500" await_bestmove
    expect_line "drawn $fen: the search answers" '^bestmove '
    expect_line "drawn $fen: the search scores it a draw" '^info .* score cp 0 '
    expect_no_line "drawn $fen: no mate score" ' score mate '
    run prove "$ENGINE" prove territoire "$fen" hash 16 time 20 progress 0 -out "$work/drawn.txt"
    expect_status "drawn $fen: nothing proven" 1
    expect_line "drawn $fen: prove says it is not proven" '^tessera prove: not proven'
    if [ -e "$work/drawn.txt" ]; then not_ok "drawn $fen: no certificate"; else ok "drawn $fen: no certificate"; fi
done

# Won by dark (the first player, to move), with drawn lines in the tree.
WON1='3w6b2b5b1.4w4x5w1b6x3b2.1.2w5x3x4w6b6x3x4x2b5w1.5b1x3b4b2x6b2.4b6w1w5w3. 19 b 210 300 6 3'
WON2='3.6b2.5b1b4x4x5b1.6w3x2w1w2.5w3w4w6w6x3x4x2w5w1x5w1.3w4b2b6b2b4b6x1x5b3. 19 b 300 300 4 5'
WON3='3w6w2.5b1.4b4x5b1b6b3b2w1.2b5w3x4x6x6x3w4w2x5w1.5b1x3x4b2w6w2.4w6w1.5w3x 19 b 210 210 3 6'
n=0
for fen in "$WON1" "$WON2" "$WON3"; do
    n=$((n + 1))
    run prove "$ENGINE" prove territoire "$fen" hash 16 time 60 progress 0 -out "$work/won$n.txt"
    expect_status "won $fen: proven and written" 0
    expect_line "won $fen: the first player wins" '^proven: the first player wins'
    run check "$CHECK" "$work/won$n.txt"
    expect_status "won $fen: the certificate holds" 0
    expect_line "won $fen: the checker names the winner" '^certificate holds: territoire .*the first player wins'
done

# certificate FILE POSITION MOVE: a one-line certificate that the first
# player wins POSITION (Qawale) with MOVE, which ends the game.
certificate() {
    printf 'tessera-proof 1\ngame qawale\nroot %s\nwinner first\npositions 1\nmoves 1\n0 W %s>end\nend\n' "$2" "$3" >"$1"
}
LAST='b,wn,bb,./b,.,n,b/www,n,wn,./nnw,wb,wb,nn b 0 1'
certificate "$work/line.txt" "$LAST" c4b4b3b2
run check "$CHECK" "$work/line.txt"
expect_status "the winning last pebble: the certificate holds" 0
certificate "$work/draw.txt" "$LAST" c4b4a4a3
run check "$CHECK" "$work/draw.txt"
expect_status "a drawing last pebble: refused" 1
expect_line "a drawing last pebble: the error names the move" \
    "refused: position 0 \\($LAST\\): the game ends, not won by the winner, after c4b4a4a3\$"
# Every move of this one fills the board without a line.
ALL_DRAW='.,.,nw,w/nn,bnb,bb,./nw,nn,bbw,./.,ww,.,wbnw b 0 1'
certificate "$work/all.txt" "$ALL_DRAW" d4c4b4
run check "$CHECK" "$work/all.txt"
expect_status "a position with no win: refused" 1
expect_line "a position with no win: the error names the move" 'the game ends, not won by the winner, after d4c4b4$'
finish
