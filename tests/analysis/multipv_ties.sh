#!/bin/sh
# multipv_ties.sh - alpha-beta MultiPV lines of equal score keep the order
# their searches found them in (line 1 the plain root search's move), so
# that showing more lines changes neither the move played nor the lines
# above: at depth 1 (each line one search of the root's turns, the same
# whatever the number of lines), the N lines of `MultiPV N` are the first
# N lines of `MultiPV 4`, and the bestmove is theirs.  The positions are
# symmetric starts where several first turns score the same (the classic
# evaluation: ties that do not depend on the shipped nets).  In Room and
# Pillar, whose turns are single moves, MultiPV 1 plays that move too
# (games with steps search their turns whole only with several lines, so
# their MultiPV 1 searches another tree).  A sort that let an equal line
# overtake played a move the plain search never chose.
. "$(dirname "$0")/lib.sh"

# lines_of REPLY: the last report's lines as "score move" (one per line).
lines_of() {
    printf '%s\n' "$1" | grep '^info .* multipv [0-9]* ' |
        awk '/ multipv 1 / { n = 0 } { line[++n] = $0 } END { for (i = 1; i <= n; i++) print line[i] }' |
        sed -n 's/.* score \([a-z]* -*[0-9]*\) .* pv \([^ ]*\).*/\1 \2/p'
}
bestmove_of() { printf '%s\n' "$1" | sed -n 's/^bestmove \([^ ]*\).*/\1/p' | tail -n 1; }

# search GAME POSITION N: depth 1 with N lines; $LINES and $BEST.
search() {
    converse "setoption name Game value $1" 'setoption name Eval value classic' "setoption name MultiPV value $3" "$2" \
        'go depth 1' await_bestmove
    LINES=$(lines_of "$REPLY")
    BEST=$(bestmove_of "$REPLY")
}

check() { # name game position plain
    search "$2" "$3" 4
    all=$LINES
    best4=$BEST
    first=$(printf '%s\n' "$all" | sed -n 1p)
    second=$(printf '%s\n' "$all" | sed -n 2p)
    if [ "$(printf '%s\n' "$all" | wc -l)" -eq 4 ] && [ "${first% *}" = "${second% *}" ]; then
        ok "${1}_lines_1_and_2_score_the_same"
    else
        not_ok "${1}_lines_1_and_2_score_the_same" "$all"
    fi
    if [ -n "$best4" ] && [ "$best4" = "${first##* }" ]; then ok "${1}_multipv_4_plays_line_1"; else not_ok "${1}_multipv_4_plays_line_1" "bestmove $best4" "$all"; fi
    for n in 2 3; do
        search "$2" "$3" $n
        expected=$(printf '%s\n' "$all" | head -n $n)
        if [ "$LINES" = "$expected" ]; then
            ok "${1}_multipv_${n}_shows_the_first_lines_of_4"
        else
            not_ok "${1}_multipv_${n}_shows_the_first_lines_of_4" "MultiPV $n:" "$LINES" "MultiPV 4's first $n:" "$expected"
        fi
        if [ "$BEST" = "$best4" ]; then ok "${1}_multipv_${n}_plays_the_same_move"; else not_ok "${1}_multipv_${n}_plays_the_same_move" "bestmove $BEST, with 4 lines $best4"; fi
    done
    if [ "$4" = plain ]; then
        search "$2" "$3" 1
        if [ "$BEST" = "$best4" ]; then ok "${1}_multipv_1_plays_the_same_move"; else not_ok "${1}_multipv_1_plays_the_same_move" "bestmove $BEST, with 4 lines $best4"; fi
    fi
}

check roomandpillar_4x4 roomandpillar 'position fen wbwb/bwbw/wbwb/bwbw b -' plain
check roomandpillar_6x4 roomandpillar 'position fen wbwbwb/bwbwbw/wbwbwb/bwbwbw b -' plain
check columna columna 'position startpos'
check territoire territoire 'position startpos'
finish
