#!/bin/sh
# table.sh - who wins Room and Pillar on every board up to 12x12: proves
# each board's start with `tessera prove`, confirms the certificate with
# tessera-proof-check, and keeps one line per board in DIR/results.tsv
# (tools/proof/table/ by default), so a run goes on where the last one
# stopped; then writes the table (tools/proof/table.awk) into
# tools/proof/README.md between its two table.sh marks.  A certificate
# under 1 MB gzip-compressed is kept beside results.tsv as WxH.proof.gz,
# a bigger one uncompressed in --keep.  See --help.
PROGRAM=table.sh
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)

usage() {
    cat <<EOF
table.sh - proves the Room and Pillar starts of the table, up to 12x12

Usage:
  sh tools/proof/table.sh [--rows WxH,...] [--max-squares N] [--threads N]
                          [--hash MB] [--time S] [--redo] [--table-only] [--dir DIR]

Every board W x H with W and H from 2 to 12, at least one even, each shape
once (W >= H: H x W is the same game transposed).  Rows already in
DIR/results.tsv are kept and not proven again (without --redo): run it again
to go on.  After the rows, the table is written into tools/proof/README.md.

  --rows LIST        these boards only, comma-separated (10x8,6x4); 4x6 is 6x4
  --max-squares N    only boards of at most N squares
  --threads N        tessera prove's threads (1)
  --hash MB          tessera prove's tables (its default: from the root's moves)
  --time S           give a board up after S seconds, 0 = never (0); it stays
                     'not yet run' in the table
  --redo             prove again the boards already in results.tsv
  --table-only       prove nothing: write the table from results.tsv
  --dir DIR          results.tsv and the kept certificates (tools/proof/table)
  --keep DIR         the certificates too big to keep in DIR (build/proofs)
  --build DIR        where tessera and tessera-proof-check are (build)
  --markdown FILE    the file whose table.sh section is rewritten
                     (tools/proof/README.md); - prints the table instead
  --start WxH        print the board's start position string, and nothing else
  --help / -h        this text

Exit status: 0 every row asked for is proven, checked and kept, or given up
after --time; 1 a proof or a check failed; 2 bad arguments.
EOF
}

die_usage() {
    echo "$PROGRAM: $1 (see $PROGRAM --help)" >&2
    exit 2
}
die() {
    echo "$PROGRAM: $1" >&2
    exit 1
}

# number NAME VALUE MIN MAX: VALUE when it is a whole number in range.
number() {
    case $2 in
    '' | *[!0-9]*) die_usage "$1 needs a whole number from $3 to $4, not '$2'" ;;
    esac
    [ "$2" -ge "$3" ] && [ "$2" -le "$4" ] || die_usage "$1 needs a whole number from $3 to $4, not '$2'"
    printf '%s' "$2"
}

# The table's boards, W >= H, smallest first: "W H" lines.
boards() {
    awk 'BEGIN { for (n = 4; n <= 144; n++) for (w = 12; w >= 2; w--) for (h = 2; h <= w; h++)
                     if (w * h == n && (w % 2 == 0 || h % 2 == 0)) print w, h }'
}

# board_of TEXT: "W H" of the table's row TEXT (WxH or HxW), or nothing.
board_of() {
    printf '%s\n' "$1" | awk -F x 'NF == 2 && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ {
        w = $1 + 0; h = $2 + 0; if (h > w) { t = w; w = h; h = t }
        if (h >= 2 && w <= 12 && (w % 2 == 0 || h % 2 == 0)) print w, h }'
}

# start W H: the board's start, full in a checkerboard with a1 black,
# Black to move (RULES.md), top rank first.
start() {
    awk -v w="$1" -v h="$2" 'BEGIN {
        for (r = h - 1; r >= 0; r--) {
            for (f = 0; f < w; f++) s = s ((f + r) % 2 ? "w" : "b")
            if (r) s = s "/"
        }
        print s " b -" }'
}

# answers FILE: the root's moves from the certificate FILE: where the second
# player wins, each first move with the answer its line holds ("a1 b1, c1
# swap"); where the first player wins, its one move.
answers() {
    awk 'FNR == NR { if ($1 == "0") { kind = $2; n = NF - 2
                         for (i = 3; i <= NF; i++) { split($i, p, ">"); move[i - 2] = p[1]; to[i - 2] = p[2] } }
                     next }
         $2 == "W" { split($3, p, ">"); answer[$1] = p[1] }
         END { if (kind == "W") { print move[1]; exit }
               for (i = 1; i <= n; i++) printf "%s%s %s", (i > 1 ? ", " : ""), move[i], answer[to[i]]
               print "" }' "$1" "$1"
}

now_ms() { date +%s%N | cut -c1-13; }

# record LINE: LINE (a board's tab-separated fields) replaces the board's
# line of results.tsv, written whole under a temporary name, then renamed.
record() {
    board=${1%%"	"*}
    { grep -v "^$board	" "$RESULTS" 2>/dev/null; printf '%s\n' "$1"; } | grep -v '^#' |
        sort -t x -k1,1n -k2,2n >"$RESULTS.tmp" || die "cannot write $RESULTS.tmp"
    { printf '%s\n' "$TSV_HEADER"; cat "$RESULTS.tmp"; } >"$RESULTS.new" && mv "$RESULTS.new" "$RESULTS" ||
        die "cannot write $RESULTS"
    rm -f "$RESULTS.tmp"
}
TSV_HEADER='# board	status	winner	answers	nodes	prove_ms	wall_ms	threads	hash_mb	positions	moves	bytes	sha256	check_ms	kept	kept_bytes	run'

# field TEXT REGEX: the first match of the sed REGEX's group in TEXT.
field() { printf '%s\n' "$1" | sed -n "s/$2/\\1/p" | head -n 1; }

# keep_certificate: $cert compressed into DIR as $board.proof.gz when that
# is under 1 MB (kept=its name), else left where it is (kept=-);
# gz_bytes=the compressed size.
keep_certificate() {
    gzip -9n <"$cert" >"$DIR/.$board.proof.gz.tmp" || die "cannot write $DIR/.$board.proof.gz.tmp"
    gz_bytes=$(wc -c <"$DIR/.$board.proof.gz.tmp" | tr -d ' ')
    if [ "$gz_bytes" -lt 1048576 ]; then
        mv "$DIR/.$board.proof.gz.tmp" "$DIR/$board.proof.gz" && rm -f "$cert"
        kept=$board.proof.gz
    else
        rm -f "$DIR/.$board.proof.gz.tmp" "$DIR/$board.proof.gz"
        kept=-
        echo "$PROGRAM: $board: the certificate, $gz_bytes bytes compressed, is kept in $cert"
    fi
}

# prove_board W H: proves, checks and records the board.
prove_board() {
    board=$1x$2
    cert=$KEEP/$board.proof
    echo "$PROGRAM: $board: proving (threads $threads${hash:+, hash $hash})"
    t0=$(now_ms)
    log=$("$BUILD/tessera" prove roomandpillar "$(start "$1" "$2")" threads "$threads" ${hash:+hash "$hash"} \
        time "$time" progress 0 -out "$cert" 2>&1)
    status=$?
    wall=$(($(now_ms) - t0))
    tables=$(field "$log" '^tables: \([0-9]*\) MB.*')
    if [ "$status" -ne 0 ]; then
        case $log in
        *"not proven within the time limit"*)
            if grep -Eq "^$board	(proven|cited)	" "$RESULTS" 2>/dev/null; then
                echo "$PROGRAM: $board: not proven in $time s; its row is kept as it was"
                return 0
            fi
            echo "$PROGRAM: $board: not proven in $time s; it stays 'not yet run'"
            record "$board	open	-	-	-	$((time * 1000))	$wall	$threads	${tables:--}	-	-	-	-	-	-	-	$RUN"
            return 0 ;;
        esac
        die "$board: tessera prove failed (exit status $status): $log"
    fi
    winner=$(field "$log" '^proven: the \([a-z]*\) player wins.*')
    nodes=$(field "$log" '^proven: .*; \([0-9]*\) nodes in .*')
    ms=$(field "$log" '^proven: .* nodes in \([0-9]*\) ms$')
    positions=$(field "$log" '^certificate: \([0-9]*\) positions.*')
    moves=$(field "$log" '^certificate: .*, \([0-9]*\) moves,.*')
    bytes=$(wc -c <"$cert" | tr -d ' ')
    t0=$(now_ms)
    checked=$("$BUILD/tessera-proof-check" "$cert" 2>&1) || die "$board: the certificate is refused: $checked"
    check_ms=$(($(now_ms) - t0))
    case $checked in
    *"the $winner player wins; $positions positions, $moves moves checked") ;;
    *) die "$board: the checker says '$checked', the prover the $winner player, $positions positions" ;;
    esac
    sha=$(sha256sum <"$cert" | cut -c1-64)
    answer=$(answers "$cert")
    keep_certificate
    record "$board	proven	$winner	$answer	$nodes	$ms	$wall	$threads	$tables	$positions	$moves	$bytes	$sha	$check_ms	$kept	$gz_bytes	$RUN"
    echo "$PROGRAM: $board: the $winner player wins; $nodes nodes in $ms ms; certificate holds ($check_ms ms)"
}

# markdown: the table, from results.tsv and the boards' list.
markdown() {
    boards | awk -v results="$RESULTS" -f "$HERE/table.awk"
}

# write_markdown: the table into MARKDOWN between its marks (or printed).
write_markdown() {
    if [ "$MARKDOWN" = - ]; then
        markdown
        return
    fi
    grep -q "^$MARK_BEGIN\$" "$MARKDOWN" && grep -q "^$MARK_END\$" "$MARKDOWN" ||
        die "$MARKDOWN has no lines '$MARK_BEGIN' and '$MARK_END' to write the table between"
    markdown >"$MARKDOWN.table.tmp" || die "cannot write $MARKDOWN.table.tmp"
    awk -v table="$MARKDOWN.table.tmp" -v begin="$MARK_BEGIN" -v end="$MARK_END" '
        $0 == end { skip = 0 }
        !skip { print }
        $0 == begin { while ((getline line < table) > 0) print line; skip = 1 }' "$MARKDOWN" >"$MARKDOWN.tmp" &&
        mv "$MARKDOWN.tmp" "$MARKDOWN" || die "cannot write $MARKDOWN"
    rm -f "$MARKDOWN.table.tmp"
    echo "$PROGRAM: the table is written into $MARKDOWN"
}
MARK_BEGIN='<!-- table.sh writes the table from here -->'
MARK_END='<!-- to here -->'

rows=""
max_squares=144
threads=1
hash=""
time=0
redo=false
table_only=false
DIR=$ROOT/tools/proof/table
KEEP=$ROOT/build/proofs
BUILD=$ROOT/build
MARKDOWN=$ROOT/tools/proof/README.md
while [ $# -gt 0 ]; do
    case $1 in
    --help | -h)
        usage
        exit 0 ;;
    --redo) redo=true ;;
    --table-only) table_only=true ;;
    --rows | --max-squares | --threads | --hash | --time | --dir | --keep | --build | --markdown | --start)
        [ $# -ge 2 ] || die_usage "$1 needs a value"
        case $1 in
        --rows) rows=$2 ;;
        --max-squares) max_squares=$(number "$1" "$2" 4 144) || exit 2 ;;
        --threads) threads=$(number "$1" "$2" 1 256) || exit 2 ;;
        --hash) hash=$(number "$1" "$2" 1 65536) || exit 2 ;;
        --time) time=$(number "$1" "$2" 0 1000000) || exit 2 ;;
        --dir) DIR=$2 ;;
        --keep) KEEP=$2 ;;
        --build) BUILD=$2 ;;
        --markdown) MARKDOWN=$2 ;;
        --start)
            board=$(board_of "$2")
            [ -n "$board" ] || die_usage "--start: '$2' is not a board of the table (WxH, 2 to 12, one even)"
            # The board as asked, not as the table turns it.
            start "${2%x*}" "${2#*x}"
            exit 0 ;;
        esac
        shift ;;
    *) die_usage "unexpected '$1'" ;;
    esac
    shift
done
RESULTS=$DIR/results.tsv
if $table_only; then
    write_markdown
    exit 0
fi
for program in tessera tessera-proof-check; do
    [ -x "$BUILD/$program" ] || die_usage "no $BUILD/$program: build it (make), or give --build DIR"
done

# The rows asked for, "W H" lines in the table's order.
if [ -n "$rows" ]; then
    wanted=$(printf '%s\n' "$rows" | tr ',' '\n' | while IFS= read -r row; do
        board=$(board_of "$row")
        [ -n "$board" ] || {
            echo "$PROGRAM: --rows: '$row' is not a board of the table (WxH, 2 to 12, one even) (see $PROGRAM --help)" >&2
            echo bad
        }
        printf '%s\n' "$board"
    done)
    case $wanted in *bad*) exit 2 ;; esac
    todo=$(boards | grep -Fx "$wanted")
else
    todo=$(boards)
fi
mkdir -p "$DIR" "$KEEP" || die "cannot make $DIR and $KEEP"
RUN="$(date -u +%Y-%m-%d), $(nproc 2>/dev/null || echo '?') cores, $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
printf '%s\n' "$todo" | while read -r w h; do
    [ -n "$w" ] && [ $((w * h)) -le "$max_squares" ] || continue
    if ! $redo && grep -Eq "^${w}x$h	(proven|cited)	" "$RESULTS" 2>/dev/null; then
        continue
    fi
    prove_board "$w" "$h" || exit 1
done || exit 1
write_markdown
