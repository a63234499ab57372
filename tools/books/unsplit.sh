#!/bin/sh
# unsplit.sh PGN... - the openings of an arena run (two engines, -repeat)
# whose pair of games one engine won with both colours, one position
# string a line: an opening file for `tessera-arena -openings file=`.
#
# Why: in Room and Pillar most openings decide the game by colour (each
# engine wins the same side of a pair), so they say nothing about which
# engine is stronger.  A pre-run between two engines of clearly different
# strength finds the openings where play still matters; keep those.  The
# pre-run's engines must differ from the ones the book will measure (other
# limits, README "Openings with signal"), since the kept openings favour
# the engine that won the pre-run's pairs.
#
# A pair is games 2k-1 and 2k (the arena's Round tag) of one opening; the
# Result tag comes before the FEN tag in the arena's PGN.  A drawn game
# makes its pair split.  Exit 2 on a missing file or no game at all.
if [ "$#" -eq 0 ]; then
    echo "usage: unsplit.sh PGN..." >&2
    exit 2
fi
for file in "$@"; do
    if [ ! -r "$file" ]; then
        echo "unsplit.sh: cannot read $file" >&2
        exit 2
    fi
done
awk '
/^\[Round "/  { round = $0; gsub(/[^0-9]/, "", round) }
/^\[White "/  { white = substr($0, 9, length($0) - 10) }
/^\[Black "/  { black = substr($0, 9, length($0) - 10) }
/^\[Result "/ { result = substr($0, 10, length($0) - 11) }
/^\[FEN "/ {
    fen = substr($0, 7, length($0) - 8)
    winner = result == "1-0" ? white : (result == "0-1" ? black : "")
    pair = int((round + 1) / 2) SUBSEP fen
    games++
    if (!(pair in first)) { first[pair] = winner; order[++pairs] = pair; kept[pair] = 0 }
    else if (winner != "" && first[pair] == winner) kept[pair] = 1
}
END {
    if (!games) { print "unsplit.sh: no game in the PGN" > "/dev/stderr"; exit 2 }
    for (i = 1; i <= pairs; i++)
        if (kept[order[i]]) { split(order[i], part, SUBSEP); print part[2] }
}' "$@"
