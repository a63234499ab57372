#!/bin/sh
# table.sh - tools/proof/table.sh rebuilds the table's small rows (every
# board of at most 24 squares) in a scratch folder, each won by the player
# the committed table (tools/proof/table/results.tsv) names, its
# certificate confirmed; each small board transposed (H x W) is won by the
# same player; every committed certificate has its sha256 and holds; the
# README's table is the one results.tsv gives; bad arguments are refused
# with one line.
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh
. tests/proof/lib.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
TABLE=tools/proof/table
COMMITTED=$TABLE/results.tsv
SCRIPT=tools/proof/table.sh

# committed BOARD FIELD: the committed table's FIELD (a column number) of BOARD.
committed() { awk -F '\t' -v b="$1" -v f="$2" '$1 == b { print $f }' "$COMMITTED"; }

run rebuild sh "$SCRIPT" --max-squares 24 --dir "$dir/t" --keep "$dir/k" --build "$BUILD" --markdown -
expect_status "the small rows rebuilt" 0
rows=0
while IFS='	' read -r board status winner _; do
    case $board in '#'*) continue ;; esac
    rows=$((rows + 1))
    if [ "$status" = proven ] && [ -n "$winner" ] && [ "$winner" = "$(committed "$board" 3)" ]; then
        ok "$board: the $winner player wins, as the committed table says"
    else
        not_ok "$board: the committed table's winner" "rebuilt: $status $winner; committed: $(committed "$board" 3)"
    fi
done <"$dir/t/results.tsv"
if [ "$rows" -eq 17 ]; then ok "17 boards of at most 24 squares"; else not_ok "17 boards of at most 24 squares" "$rows"; fi
run again sh "$SCRIPT" --max-squares 24 --dir "$dir/t" --keep "$dir/k" --build "$BUILD" --markdown -
expect_no_line "a second run proves none of the rows done" 'proving'

# The transposed board is the same game (a1 stays black, Black moves first):
# the same winner.
for board in $(awk -F '\t' '$2 == "proven" { print $1 }' "$dir/t/results.tsv"); do
    w=${board%x*} h=${board#*x}
    [ "$w" != "$h" ] || continue
    run prove "$ENGINE" prove roomandpillar "$(sh "$SCRIPT" --start "${h}x$w")" progress 0 -out "$dir/tr.proof"
    expect_line "${h}x$w: the $(committed "$board" 3) player wins, as on $board" \
        "^proven: the $(committed "$board" 3) player wins"
done

# Every committed certificate: its checksum, and the checker's word.
kept=0
while IFS='	' read -r board status winner _ _ _ _ _ _ positions moves _ sha _ file _; do
    case $board in '#'*) continue ;; esac
    [ "$file" != - ] || continue
    kept=$((kept + 1))
    got=$(gzip -dc "$TABLE/$file" | sha256sum | cut -c1-64)
    if [ "$got" = "$sha" ]; then ok "$file: its sha256"; else not_ok "$file: its sha256" "$got, the table: $sha"; fi
    REPLY=$(gzip -dc "$TABLE/$file" | "$CHECK" - 2>&1)
    expect_line "$file holds" "the $winner player wins; $positions positions, $moves moves checked\$"
done <"$COMMITTED"
if [ "$kept" -gt 30 ]; then ok "$kept committed certificates"; else not_ok "committed certificates" "$kept"; fi
for file in "$TABLE"/*; do
    name=${file#"$TABLE"/}
    [ "$name" = results.tsv ] || awk -F '\t' -v f="$name" '$15 == f { found = 1 } END { exit !found }' "$COMMITTED" ||
        not_ok "$name is named by results.tsv"
done

# The README shows the table results.tsv gives.
sh "$SCRIPT" --table-only --markdown - >"$dir/table.md" 2>&1
awk '/^<!-- to here -->$/ { on = 0 } on { print } /^<!-- table.sh writes the table from here -->$/ { on = 1 }' \
    tools/proof/README.md >"$dir/readme.md"
if cmp -s "$dir/table.md" "$dir/readme.md"; then
    ok "the README's table is results.tsv's"
else
    not_ok "the README's table is results.tsv's (run sh tools/proof/table.sh --table-only)" \
        "$(diff "$dir/readme.md" "$dir/table.md" | head -n 5)"
fi

# Bad arguments: one line and status 2.
for args in "--rows 5x5" "--rows 14x2" "--threads 0" "--time x" "--bogus" "--rows"; do
    # shellcheck disable=SC2086 # the words are the arguments
    run bad sh "$SCRIPT" --dir "$dir/bad" --markdown - $args
    expect_status "$args refused" 2
    expect_line "$args: one line says why" "^table.sh: .*\\(see table.sh --help\\)\$"
done
run help sh "$SCRIPT" --help
expect_status "--help" 0
expect_line "--help names --rows" '^  --rows LIST '

finish
