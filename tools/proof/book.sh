#!/bin/sh
# book.sh - writes the engine's proven table (tools/proof/book.tsv) from
# the committed certificates (tools/proof/table/*.proof.gz): for each
# board, the positions where the winner moves within the first plies of
# the proof, reached from the start with the proof's answers, each with
# the winner's move and the plies to the end under the proof.  The engine
# embeds the file at build time (src/search/book/); it cannot read gzip.
# Position strings come from the engine itself (`position fen ... moves`
# then `d`), so a position is keyed exactly as the engine prints it.
PROGRAM=book.sh
export LC_ALL=C # the sort of the table
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BUILD=$ROOT/build
TABLE=$HERE/table
OUT=$HERE/book.tsv
MAX=250

usage() {
    cat <<USAGE
book.sh - writes the engine's proven table from the committed certificates

Usage: sh tools/proof/book.sh [--build DIR] [--max N] [--out FILE]

For each certificate tools/proof/table/WxH.proof.gz, the winner's positions
of the whole plies 0, 1, 2, ... of the proof while they number at most N
(250); the first answers (ply 1) always.

  --build DIR   where tessera is (build)
  --max N       positions per board, at most (250)
  --out FILE    the table written (tools/proof/book.tsv)
  --help / -h   this text

Exit status: 0 written; 1 a certificate or the engine failed; 2 bad arguments.
USAGE
}

die() { echo "$PROGRAM: $*" >&2; exit "${2:-1}"; }

while [ $# -gt 0 ]; do
    case $1 in
    --build) [ $# -ge 2 ] || die "--build needs a folder" 2; BUILD=$2; shift 2 ;;
    --max) [ $# -ge 2 ] || die "--max needs a number" 2; MAX=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || die "--out needs a file" 2; OUT=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) die "unexpected '$1' (see --help)" 2 ;;
    esac
done
case $MAX in ''|*[!0-9]*) die "--max: '$MAX' is not a number" 2 ;; esac
[ -x "$BUILD/tessera" ] || die "no $BUILD/tessera (make first)"

tmp=$(mktemp -d) || die "no temporary folder"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP

# The deepest whole plies whose winner's positions number at most MAX.
last_ply() {
    awk -F'\t' -v max="$MAX" '$1 != "root" { n[$1]++; if ($1 > top) top = $1 }
        END { total = 0; keep = 1
              for (p = 0; p <= top; p++) { total += n[p]; if (p <= 1 || total <= max) keep = p; else break }
              print keep }' "$1"
}

# One board: board TAB position TAB move TAB plies, one line per position.
board_rows() {
    board=$1 cert=$2
    gzip -dc "$cert" | awk -v maxply=1000000 -f "$HERE/book_walk.awk" >"$tmp/walk" ||
        die "$cert: cannot be read"
    keep=$(last_ply "$tmp/walk")
    root=$(sed -n 's/^root\t//p' "$tmp/walk")
    awk -F'\t' -v keep="$keep" '$1 != "root" && $1 <= keep' "$tmp/walk" >"$tmp/rows"
    awk -F'\t' -v root="$root" '{ print "position fen " root ($3 == "" ? "" : " moves " $3); print "d" }
        END { print "quit" }' "$tmp/rows" | "$BUILD/tessera" | sed -n 's/^Fen: //p' >"$tmp/fens"
    [ "$(wc -l <"$tmp/fens")" -eq "$(wc -l <"$tmp/rows")" ] || die "$board: the engine refused a position"
    cut -f4,5 "$tmp/rows" | paste "$tmp/fens" - | sed "s/^/$board	/"
}

{
    echo "# The engine's proven table: written by tools/proof/book.sh from tools/proof/table/*.proof.gz; do not edit."
    echo "# board	position	winning move	plies to the end under the proof (a bound, never shorter than the truth)"
    for cert in "$TABLE"/*.proof.gz; do
        board=$(basename "$cert" .proof.gz)
        board_rows "$board" "$cert"
    done | sort -t'	' -k1,1V -k2,2
} >"$tmp/book" || exit 1
mv "$tmp/book" "$OUT"
echo "$PROGRAM: $(grep -vc '^#' "$OUT") positions of $(ls "$TABLE"/*.proof.gz | wc -l) boards, $(wc -c <"$OUT") bytes, in $OUT"
