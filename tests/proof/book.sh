#!/bin/sh
# book.sh - tools/proof/book.sh writes from the committed certificates the
# very proven table the engine embeds (tools/proof/book.tsv): each
# position's move is the certificate's; it stays small; bad arguments are
# refused with one line.
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh
. tests/proof/lib.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

run rebuild sh tools/proof/book.sh --build "$BUILD" --out "$dir/book.tsv"
expect_status "book.sh writes the table" 0
expect_line "book.sh says what it wrote" "^book.sh: [0-9]+ positions of [0-9]+ boards, [0-9]+ bytes"
if cmp -s "$dir/book.tsv" tools/proof/book.tsv; then ok "the committed table is the certificates' (book.sh writes it again)"
else not_ok "the committed table differs from what book.sh writes" "$(diff "$dir/book.tsv" tools/proof/book.tsv | head -5)"; fi
size=$(wc -c <tools/proof/book.tsv)
if [ "$size" -lt 400000 ]; then ok "the table is small ($size bytes)"; else not_ok "the table holds $size bytes"; fi
boards=$(ls tools/proof/table/*.proof.gz | wc -l)
held=$(grep -v '^#' tools/proof/book.tsv | cut -f1 | sort -u | wc -l)
if [ "$held" -eq "$boards" ]; then ok "every kept certificate's board is in the table ($held)"
else not_ok "$held boards in the table, $boards certificates"; fi

for bad in "--max" "--max x" "--frobnicate"; do
    # shellcheck disable=SC2086 # the words are the test
    run bad sh tools/proof/book.sh --build "$BUILD" --out "$dir/bad.tsv" $bad
    expect_status "book.sh $bad: exit 2" 2
    if [ "$(printf '%s\n' "$REPLY" | wc -l)" -eq 1 ] && [ ! -e "$dir/bad.tsv" ]; then ok "book.sh $bad: one line, no file"
    else not_ok "book.sh $bad" "$REPLY"; fi
done

finish
