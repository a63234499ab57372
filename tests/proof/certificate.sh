#!/bin/sh
# certificate.sh - `tessera prove` writes certificates of small Room and
# Pillar boards that tessera-proof-check confirms (at one thread and with
# parallel provers), and the checker refuses hand-corrupted ones with an
# error naming the fault: a missing reply, an illegal move, the wrong
# winner, a truncated file, a dangling reference, a cycle, a target that
# is another position.  The tables' default size, and the command line's
# errors.
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh
. tests/proof/lib.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

B44='wbwb/bwbw/wbwb/bwbw b -'
B64='wbwbwb/bwbwbw/wbwbwb/bwbwbw b -'

run prove "$ENGINE" prove roomandpillar "$B44" hash 16 -out "$dir/44.txt"
expect_status "4x4 start proven and written" 0
expect_line "the tables' size given by hash is said" '^tables: 16 MB \(hash 16\)$'
expect_line "the second player wins the 4x4 start" '^proven: the second player wins'
run check "$CHECK" "$dir/44.txt"
expect_status "4x4 certificate holds" 0
expect_line "checker names the winner" 'certificate holds: roomandpillar .*the second player wins'

for threads in 1 2 3; do
    run prove "$ENGINE" prove roomandpillar "$B64" threads $threads hash 16 -out "$dir/64-$threads.txt"
    expect_status "6x4 start proven at $threads threads" 0
    run check "$CHECK" "$dir/64-$threads.txt"
    expect_status "6x4 certificate of $threads threads holds" 0
done

# Without hash, the tables are sized from the root's legal moves: 2^(12/4)
# MB for the 6x4 start (where a machine has that much free), not 1 GB.
run prove "$ENGINE" prove roomandpillar "$B64" progress 0 -out "$dir/64-default.txt"
expect_status "6x4 start proven with the default tables" 0
expect_line "the default size is said, and why" '^tables: 8 MB \(from the root.s 12 legal moves\)$'
run check "$CHECK" "$dir/64-default.txt"
expect_line "its certificate holds, the README's figures" 'the second player wins; 313 positions, 394 moves checked$'

# The 8x6 start with tables of 1 MB: the proof ends the search (no
# shortening of the win after it) and the walk proves again, on the same
# job, the many positions the small table let go.
B86='wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw b -'
run prove "$ENGINE" prove roomandpillar "$B86" threads 2 hash 1 -out "$dir/86.txt"
expect_status "8x6 start proven with a small table" 0
run check "$CHECK" "$dir/86.txt"
expect_status "8x6 certificate holds" 0

# A proof that runs out of time (the 10x8 start in 3 s): progress lines
# each second with the root's numbers, then the error, and no file; with
# progress 0, no lines.
B108='wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw b -'
run prove "$ENGINE" prove roomandpillar "$B108" threads 2 hash 16 time 3 progress 1 -out "$dir/108.txt"
expect_status "10x8 start not proven in 3 s" 1
expect_line "progress lines show the root's numbers" "^proving: [0-9]+ s, the root's proof number [0-9]+, disproof number [0-9]+\$"
expect_line "out of time said" '^tessera prove: not proven within the time limit'
if [ -e "$dir/108.txt" ]; then not_ok "no certificate when not proven"; else ok "no certificate when not proven"; fi
run prove "$ENGINE" prove roomandpillar "$B108" hash 16 time 1 progress 0 -out "$dir/108.txt"
expect_no_line "progress 0: no progress lines" '^proving:'

# A search that ends by itself long before its time is not said to have
# run out of it: in this Qawale position dark places the game's last
# pebble, so every line ends after one move, and the best in a draw.
run prove "$ENGINE" prove qawale 'w,nbn,.,nwb/.,nw,bbwbw,nw/bn,n,w,./.,nw,b,. b 0 1' hash 16 time 60 -out "$dir/q.txt"
expect_status "a drawn Qawale position not proven" 1
expect_line "the search said to have ended by itself" '^tessera prove: not proven: the search ended after [0-9]+ ms without a win for either side$'

# refused FILE NAME REASON: the checker refuses FILE with its one line,
# "tessera-proof-check: FILE: refused: " and a reason that REASON (an
# extended regex) matches whole: the position (its number and string) or
# the line, what is wrong and the move, so that a refusal for another
# cause than the fault planted does not pass.
refused() {
    run check "$CHECK" "$1"
    expect_status "$2: refused" 1
    prefix="tessera-proof-check: $1: refused: "
    case "$REPLY" in
    "$prefix"*) reason=${REPLY#"$prefix"} ;;
    *) reason= ;;
    esac
    if [ "$(printf '%s\n' "$REPLY" | wc -l)" -eq 1 ] && [ -n "$reason" ] &&
        printf '%s\n' "$reason" | grep -Eqx -- "$3"; then
        ok "$2: the error says why"
    else
        not_ok "$2: the error says why" "expected the reason /$3/, got:" "$REPLY"
    fi
}

# corrupted ORIGINAL CORRUPTED: the line the corruption changed (the
# header's counts aside).
corrupted() { diff "$1" "$2" | sed -n 's/^> //p' | grep -v '^moves '; }
# removed_reply ORIGINAL LINE: the reply that LINE (an L line cut short)
# lost: the first word of the original line's reply after LINE's last.
removed_reply() {
    awk -v cut="$2" 'index($0 " ", cut " ") == 1 && $0 != cut { n = split(cut, c, " "); split($(n + 1), m, ">"); print m[1]; exit }' "$1"
}

# An L line (a loser's replies) with more than one reply loses its last one.
awk '!done && / L .* / { sub(/ [^ ]*$/, ""); done = 1 } { print }' "$dir/44.txt" >"$dir/missing.txt"
awk '/^moves / { $2 = $2 - 1 } { print }' "$dir/missing.txt" >"$dir/missing2.txt"
cut=$(corrupted "$dir/44.txt" "$dir/missing2.txt")
refused "$dir/missing2.txt" "missing reply" \
    "position ${cut%% *} \\([^)]*\\): a reply of the loser is missing: $(removed_reply "$dir/44.txt" "$cut")"

# The same at the file's last such line: the root (a position is written
# after its replies' subtrees), whose list of legal moves is checked for
# missing replies once all of them are replayed: each depth of the replay
# keeps its own list of legal moves, so that the list of a position is
# still its own once its replies' subtrees (replayed with the lists of the
# depths below) are done.
awk '/ L .* / { n = NR } { line[NR] = $0 } END { for (i = 1; i <= NR; i++) { if (i == n) sub(/ [^ ]*$/, "", line[i]);
     if (line[i] ~ /^moves /) { split(line[i], m, " "); line[i] = "moves " m[2] - 1 } print line[i] } }' \
    "$dir/86.txt" >"$dir/missing-deep.txt"
cut=$(corrupted "$dir/86.txt" "$dir/missing-deep.txt")
refused "$dir/missing-deep.txt" "missing reply after the subtrees" \
    "position ${cut%% *} \\([^)]*\\): a reply of the loser is missing: $(removed_reply "$dir/86.txt" "$cut")"

# The winner's move of a W line made a square of the wrong colour.
awk '!done && / W [a-d][1-4]>/ { w = $3; sub(/>.*/, "", w); f = substr(w, 1, 1); r = substr(w, 2, 1);
     other = (f == "a" ? "b" : "a") r; sub(w ">", other ">"); done = 1 } { print }' "$dir/44.txt" >"$dir/illegal.txt"
cut=$(corrupted "$dir/44.txt" "$dir/illegal.txt") # "ID W MOVE>end"
move=${cut#* W }
refused "$dir/illegal.txt" "illegal move" "position ${cut%% *} \\([^)]*\\): illegal move ${move%%>*}"

sed 's/^winner second$/winner first/' "$dir/44.txt" >"$dir/winner.txt"
refused "$dir/winner.txt" "wrong winner" "position 0 \\($B44\\): the winner is to move, the line says L"

head -n 20 "$dir/44.txt" >"$dir/truncated.txt"
refused "$dir/truncated.txt" "truncated file" "the file is truncated: no closing 'end' line"

awk '!done && / L / { sub(/>[0-9]+/, ">999999"); done = 1 } { print }' "$dir/44.txt" >"$dir/dangling.txt"
cut=$(corrupted "$dir/44.txt" "$dir/dangling.txt") # "ID L MOVE>999999 ..."
move=${cut#* L }
move=${move%%>*}
refused "$dir/dangling.txt" "dangling reference" \
    "position ${cut%% *} \\([^)]*\\): move $move leads to position 999999, which the certificate lacks: $move"

# A move pointed back at the root (position 0, on the path): a cycle.
awk '!done && /^[1-9][0-9]* W [^ ]*>[0-9]+$/ { sub(/>[0-9]+$/, ">0"); done = 1 } { print }' "$dir/44.txt" >"$dir/cycle.txt"
cut=$(corrupted "$dir/44.txt" "$dir/cycle.txt") # "ID W MOVE>0"
move=${cut#* W }
move=${move%%>*}
refused "$dir/cycle.txt" "cycle" "position ${cut%% *} \\([^)]*\\): move $move leads to position 0, making a cycle: $move"

# The root's second reply pointed at its first reply's position (ids are
# only labels: the replay must find the position there differs).
awk '$1 == "0" && $2 == "L" { split($3, a, ">"); split($4, b, ">"); $4 = b[1] ">" a[2] } { print }' \
    "$dir/44.txt" >"$dir/other.txt"
set -- $(corrupted "$dir/44.txt" "$dir/other.txt") # "0 L FIRST>A SECOND>A ..."
first=${3#*>}
move=${4%%>*}
refused "$dir/other.txt" "target is another position" \
    "position 0 \\($B44\\): move $move leads to position $first, which is another position: $move"

sed 's/^tessera-proof 1$/tessera-proof 9/' "$dir/44.txt" >"$dir/magic.txt"
refused "$dir/magic.txt" "not a certificate" "not a certificate: the first line is not 'tessera-proof 1'"

# The command line.
run noout "$ENGINE" prove roomandpillar "$B44"
expect_status "prove without -out: usage error" 2
expect_line "prove without -out says so" '-out FILE is needed'
run nogame "$ENGINE" prove chess -out "$dir/x.txt"
expect_status "prove of an unknown game: usage error" 2
run badthreads "$ENGINE" prove roomandpillar threads 0 -out "$dir/x.txt"
expect_status "prove threads 0: usage error" 2
expect_line "threads error names the range" 'threads needs a number from 1 to'
run badprogress "$ENGINE" prove roomandpillar progress soon -out "$dir/x.txt"
expect_status "prove progress soon: usage error" 2
expect_line "progress error names the range" 'progress needs a number from 0 to'
run badpos "$ENGINE" prove roomandpillar 'wbwb/bwbx b -' -out "$dir/x.txt"
expect_status "prove of a bad position: usage error" 2
run help "$ENGINE" prove --help
expect_status "prove --help" 0
expect_line "prove --help shows the usage" '^usage: tessera prove GAME'
run checkargs "$CHECK"
expect_status "checker without a file: usage error" 2
run checkmissing "$CHECK" "$dir/none.txt"
expect_status "checker of a missing file" 1
finish
