#!/bin/sh
# proven_book.sh - arena games on proven boards show the engine's proven
# table (ProvenBook): on 6x4, whose whole proof the table holds, alpha-beta
# as the second player beats the random mover with every move from the
# table; on 8x8 the second player's first answers of each game come from
# the table.  In the -log, every table answer's bestmove is the move its
# info string names.
. "$(dirname "$0")/lib.sh"

# table_answers LOG: "answers mismatches" of a -log: the info strings of
# the table, and those whose next bestmove (same engine) is another move.
table_answers() {
    awk '{ tag = $2 }
        $3 == "<" && $4 == "info" && $5 == "string" && $6 == "ProvenBook:" { want[tag] = $8; n++ }
        $3 == "<" && $4 == "bestmove" && (tag in want) { if ($5 != want[tag]) bad++; delete want[tag] }
        END { print n + 0, bad + 0 }' "$1"
}

printf '%s\n' "$(sh "$(dirname "$0")/../../tools/proof/table.sh" --start 6x4)" >"$WORK/6x4.txt"
arena -engine cmd="$ENGINE" name=R option.Backend=random -engine cmd="$ENGINE" name=AB \
    -each nodes=2000 -game roomandpillar -openings file="$WORK/6x4.txt" -games 2 \
    -pgnout "$WORK/6x4.pgn" -log "$WORK/6x4.log"
expect_status "6x4: two games" 0
set -- $(table_answers "$WORK/6x4.log")
plies=$(awk '/^\[Round "1"\]/ { r = 1 } r && /^\[PlyCount/ { gsub(/[^0-9]/, ""); print; exit }' "$WORK/6x4.pgn")
check "6x4: AB as p2 wins" grep -q 'AB (p2) wins' "$WORK/6x4.pgn"
check "6x4: each of AB's $((plies / 2)) moves as p2 came from the table ($1)" [ "$1" -eq $((plies / 2)) ]
check "6x4: each table answer is the bestmove" [ "$2" -eq 0 ]

arena -engine cmd="$ENGINE" name=A -engine cmd="$ENGINE" name=B -each nodes=20000 -game roomandpillar \
    -games 2 -pgnout "$WORK/8x8.pgn" -log "$WORK/8x8.log"
expect_status "8x8: two games" 0
set -- $(table_answers "$WORK/8x8.log")
check "8x8: the second player's first three answers of both games came from the table ($1)" [ "$1" -ge 6 ]
check "8x8: each table answer is the bestmove" [ "$2" -eq 0 ]

finish
