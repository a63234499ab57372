#!/bin/sh
# proven_book.sh - ProvenBook: on a position of the proven table (8x8
# after a first removal, another board by its position string) both
# backends answer at once with the table's move (no node searched), an
# `info string` naming the proof and `score mate N` of the table's plies;
# `go infinite` still waits for stop; off, with the loser to move, under
# searchmoves without the move, weakened or with MultiPV 2, they search.
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh
BOOK=tools/proof/book.tsv

# entry POSITION: the table's "move plies" of a position string.
entry() { awk -F'\t' -v p="$1" '$2 == p { print $3, $4; exit }' "$BOOK"; }

# expect_table_answer NAME MOVE PLIES: $REPLY answered MOVE from the table.
expect_table_answer() {
    mate=$((($3 + 1) / 2))
    expect_line "$1: the info string names the table" "^info string ProvenBook: [0-9]+x[0-9]+ $2 wins within $3 plies"
    expect_line "$1: depth 1, score mate $mate, no node, pv $2" "^info depth 1 seldepth $3 score mate $mate nodes 0 .* pv $2\$"
    expect_line "$1: bestmove $2" "^bestmove $2\$"
}

talk 'position startpos moves c1' d
fen=$(printf '%s\n' "$REPLY" | sed -n 's/^Fen: //p')
set -- $(entry "$fen")
move=$1 plies=$2
if [ -n "$move" ]; then ok "8x8 after c1 is in the table ($move, $plies plies)"; else not_ok "8x8 after c1 not in $BOOK: $fen"; fi

for backend in alphabeta mcts; do
    talk "setoption name Backend value $backend" 'position startpos moves c1' 'go nodes 100000000'
    expect_table_answer "$backend, go nodes" "$move" "$plies"
    talk "setoption name Backend value $backend" 'position startpos moves c1' 'go wtime 1000 btime 1000'
    expect_table_answer "$backend, go on a clock" "$move" "$plies"
done

# go infinite: the answer is found at once, bestmove waits for stop.
talk 'position startpos moves c1' 'go infinite' 'pause 0.2' isready 'pause 0.1' stop
expect_order "go infinite: bestmove only after stop" '^readyok' "^bestmove $move\$"

# Another board, given by its position string: the last line of the table.
line=$(tail -n 1 "$BOOK")
pos=$(printf '%s\n' "$line" | cut -f2)
set -- $(printf '%s\n' "$line" | cut -f3,4)
talk "position fen $pos" 'go depth 30'
expect_table_answer "$(printf '%s\n' "$line" | cut -f1) by its position string" "$1" "$2"

# Where the table does not answer, the backend searches (nodes > 0).
expect_searched() { # NAME
    expect_no_line "$1: no table answer" '^info string ProvenBook'
    expect_line "$1: a search's line" '^info depth [0-9]+ .* nodes [1-9]'
    expect_line "$1: a bestmove" '^bestmove '
}
talk 'setoption name ProvenBook value false' 'position startpos moves c1' 'go nodes 2000'
expect_searched "ProvenBook false"
talk 'position startpos' 'go nodes 2000'
expect_searched "the loser to move (the start)"
other=$(talk 'position startpos moves c1' 'moves' >/dev/null; printf '%s\n' "$REPLY" | tr ' ' '\n' | grep -E '^[a-h][1-8]$' | grep -vx "$move" | head -n 1)
talk 'position startpos moves c1' "go nodes 2000 searchmoves $other"
expect_searched "searchmoves without the table's move"
talk 'setoption name MultiPV value 2' 'position startpos moves c1' 'go nodes 2000'
expect_searched "MultiPV 2"
talk 'setoption name UCI_LimitStrength value true' 'setoption name UCI_Elo value 1000' 'position startpos moves c1' 'go nodes 2000'
expect_searched "UCI_LimitStrength"
talk 'setoption name ProvenBook value maybe'
expect_line "ProvenBook refuses a bad value" '^info string error setoption: .*ProvenBook'

finish
