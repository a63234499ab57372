#!/bin/sh
# multipv_order.sh - MultiPV lines come best first and line 1 is the move
# played, in every game and with both backends.
#
# Alpha-beta, Threads 1, a fixed depth: line k's score is its move's own,
# the score `go depth D searchmoves m` gives that move alone (each single
# search after `ucinewgame`, so as a fresh engine searches), and the lines
# are sorted by it.  Where the root has few moves, no move left out scores
# more than the last line.  MCTS: the order protocol.md states (line 1 the
# move played; then proven wins, fastest first; open and drawn lines; then
# proven losses, slowest first).
. "$(dirname "$0")/lib.sh"

# value SCORE: "cp N" or "mate N" as one number that orders them (a win
# above every cp, the fastest highest; a loss below, the slowest highest).
value() {
    set -- $1
    case "$1" in
    mate) if [ "$2" -gt 0 ]; then echo $((100000 - $2)); else echo $((-100000 - $2)); fi ;;
    *) echo "$2" ;;
    esac
}

score_of() { printf '%s\n' "$1" | sed -n 's/.* score \(cp -*[0-9]*\|mate -*[0-9]*\) .*/\1/p'; }
bestmove_of() { printf '%s\n' "$1" | sed -n 's/^bestmove \([^ ]*\).*/\1/p' | tail -n 1; }

# last_lines REPLY: the last report's lines (from the last `multipv 1`).
last_lines() {
    printf '%s\n' "$1" | grep '^info .* multipv [0-9]* ' |
        awk '/ multipv 1 / { n = 0 } { line[++n] = $0 } END { for (i = 1; i <= n; i++) print line[i] }'
}

# sorted_best_first VALUES...: each no greater than the one before.
sorted_best_first() {
    previous=
    for v in "$@"; do
        if [ -n "$previous" ] && [ "$v" -gt "$previous" ]; then return 1; fi
        previous=$v
    done
}

# single_scores GAME POSITION DEPTH MOVE...: one engine, each move searched
# alone after ucinewgame; prints "move score" per move.
single_scores() {
    game=$1 position=$2 depth=$3
    shift 3
    moves="$*"
    set -- "setoption name Game value $game" "setoption name Eval value $EVAL" "$position"
    for m in $moves; do
        set -- "$@" ucinewgame "go depth $depth searchmoves $m" await_bestmove
    done
    converse "$@"
    printf '%s\n' "$REPLY" | awk -v moves="$moves" '
        BEGIN { split(moves, m, " ") }
        /^info .* score / { last = $0 }
        /^bestmove/ { k++; sub(/.* score /, "", last); split(last, w, " "); print m[k], w[1], w[2]; last = "" }'
}

# check_alphabeta NAME GAME POSITION DEPTH [alone [all]]: the lines at
# depth DEPTH come best first and line 1 is played; with `alone` each
# line scores what its move scores alone; with `all` too, no other root
# move scores more alone than the last line.
check_alphabeta() {
    name=$1 game=$2 position=$3 depth=$4 alone=$5 all=$6
    converse "setoption name Game value $game" "setoption name Eval value $EVAL" 'setoption name MultiPV value 3' \
        "$position" "go depth $depth" await_bestmove
    lines=$(last_lines "$REPLY")
    played=$(bestmove_of "$REPLY")
    if [ "$(printf '%s\n' "$lines" | grep -c "^info depth $depth ")" -eq 3 ]; then
        ok "alphabeta_${name}_three_lines_at_depth_$depth"
    else
        not_ok "alphabeta_${name}_three_lines_at_depth_$depth" "$lines"
    fi
    values=
    moves=
    while IFS= read -r line; do
        values="$values $(value "$(score_of "$line")")"
        moves="$moves $(first_move_of "$line")"
    done <<EOF
$lines
EOF
    # shellcheck disable=SC2086
    if sorted_best_first $values; then ok "alphabeta_${name}_lines_best_first"; else not_ok "alphabeta_${name}_lines_best_first" "$lines"; fi
    set -- $moves
    if [ "$played" = "$1" ]; then ok "alphabeta_${name}_line_1_is_played"; else not_ok "alphabeta_${name}_line_1_is_played" "bestmove $played" "$lines"; fi
    [ "$alone" = alone ] || return

    # shellcheck disable=SC2086
    singles=$(single_scores "$game" "$position" "$depth" $moves)
    mismatches=
    k=0
    for m in $moves; do
        k=$((k + 1))
        line=$(printf '%s\n' "$lines" | sed -n "${k}p")
        alone=$(printf '%s\n' "$singles" | awk -v m="$m" '$1 == m { print $2, $3; exit }')
        [ "$(score_of "$line")" = "$alone" ] || mismatches="$mismatches $m: line '$(score_of "$line")', alone '$alone';"
    done
    if [ -z "$mismatches" ]; then ok "alphabeta_${name}_line_scores_are_the_moves_own"; else not_ok "alphabeta_${name}_line_scores_are_the_moves_own" "$mismatches" "$lines"; fi

    [ "$all" = all ] || return
    converse "setoption name Game value $game" "$position" moves
    others=$(printf '%s\n' "$REPLY" | sed -n 's/^moves //p' | tr ' ' '\n' | grep -vxF -e "$1" -e "$2" -e "$3" | tr '\n' ' ')
    last=$(value "$(score_of "$(printf '%s\n' "$lines" | tail -n 1)")")
    # shellcheck disable=SC2086
    better=$(single_scores "$game" "$position" "$depth" $others |
        while read -r m kind n; do
            [ "$(value "$kind $n")" -gt "$last" ] && printf '%s ' "$m ($kind $n)"
        done)
    if [ -z "$better" ]; then ok "alphabeta_${name}_no_better_move_left_out"; else not_ok "alphabeta_${name}_no_better_move_left_out" "scores more than the last line: $better" "$lines"; fi
}

# The reported case (Qawale's network, as by default): line 3 (a1a2a3a4,
# 323 alone) outscored line 1 (291), which was played; the root's late
# moves were reduced, so the lines also left out better moves (d4c4c3d3,
# 409 alone).
EVAL=auto
check_alphabeta qawale_start qawale 'position startpos' 4

# Each line's score is its move's own: at depth 3 the search below the
# root is exact (nothing is reduced above depth 3, and the root's moves
# never are with several lines), so a line searched among the others and
# its move searched alone must agree.  Deeper, the reductions below the
# root follow a move order learnt from the other root moves' subtrees,
# and a line may differ from its move alone by a few centi-units (Qawale's
# middle game at depth 4, classic evaluation: three lines at -51, alone
# -57, -66 and -66), in the order as in the value.
# Every root move searched alone: with the classic evaluation, a
# fraction of the network's cost under the sanitizers.
QAWALE_MIDDLE='position startpos moves a4b4b3a3 b3a3a4 b4a4a3 a3b3b4c4d4'
check_alphabeta qawale_start_auto qawale 'position startpos' 3 alone
check_alphabeta qawale_middle_auto qawale "$QAWALE_MIDDLE" 3 alone
EVAL=classic
check_alphabeta qawale_start_classic qawale 'position startpos' 3 alone all
check_alphabeta qawale_middle_classic qawale "$QAWALE_MIDDLE" 3 alone all
EVAL=auto
check_alphabeta roomandpillar roomandpillar \
    'position fen wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbw.wbw/wbw..bwb/bwbwbwbw/wbwbwbwb/bwbwbwbw w -' 3 alone all
check_alphabeta columna columna 'position startpos moves c5c4,c1b1 c2c3,b1d1 e2e1,a5a6 d2d1,a2a1' 3 alone
check_alphabeta territoire territoire 'position startpos moves 2,4,19 10,8,30 6,16,15 21,18,20' 3 alone

# MCTS, each report of the search: line 1's class (win, open, loss) first,
# the rest in protocol.md's order; the last report's line 1 is played.
class_of() { # value -> 0 proven win, 1 open or drawn, 2 proven loss
    if [ "$1" -gt 50000 ]; then echo 0; elif [ "$1" -lt -50000 ]; then echo 2; else echo 1; fi
}

# mcts_report_in_order LINES: true when the report's lines follow the rule.
mcts_report_in_order() {
    first_class=
    previous_class=
    previous_value=
    while IFS= read -r line; do
        v=$(value "$(score_of "$line")")
        c=$(class_of "$v")
        if [ -z "$first_class" ]; then
            first_class=$c
            first_value=$v
            continue
        fi
        [ "$c" -ge "$first_class" ] || return 1
        # A proven line 1 is the fastest win (the slowest loss) of its class.
        [ "$c" -ne "$first_class" ] || [ "$c" -eq 1 ] || [ "$v" -le "$first_value" ] || return 1
        if [ -n "$previous_class" ]; then
            [ "$c" -ge "$previous_class" ] || return 1
            [ "$c" -ne "$previous_class" ] || [ "$c" -eq 1 ] || [ "$v" -le "$previous_value" ] || return 1
        fi
        previous_class=$c
        previous_value=$v
    done <<EOF
$1
EOF
}

check_mcts() { # name game position
    converse "setoption name Game value $2" 'setoption name Backend value mcts' "setoption name Eval value $EVAL" \
        'setoption name MultiPV value 3' "$3" 'go nodes 1500' await_bestmove
    reports=$(printf '%s\n' "$REPLY" | grep '^info .* multipv [0-9]* ' |
        awk '/ multipv 1 / { r++ } { print r "\t" $0 }')
    count=$(printf '%s\n' "$reports" | cut -f1 | sort -u | wc -l)
    bad=
    r=1
    while [ "$r" -le "$count" ]; do
        report=$(printf '%s\n' "$reports" | awk -F '\t' -v r="$r" '$1 == r { print $2 }')
        mcts_report_in_order "$report" || bad="$bad$report
"
        r=$((r + 1))
    done
    if [ "$count" -ge 1 ] && [ -z "$bad" ]; then ok "mcts_${1}_lines_in_the_stated_order"; else not_ok "mcts_${1}_lines_in_the_stated_order" "$bad"; fi
    played=$(bestmove_of "$REPLY")
    first=$(first_move_of "$(last_lines "$REPLY" | head -n 1)")
    if [ -n "$played" ] && [ "$played" = "$first" ]; then ok "mcts_${1}_line_1_is_played"; else not_ok "mcts_${1}_line_1_is_played" "bestmove $played" "$(last_lines "$REPLY")"; fi
}

# The classic evaluation: the order does not depend on it, and it costs
# a fraction of the networks' under the sanitizers.
EVAL=classic
check_mcts roomandpillar_proven roomandpillar 'position fen w.w.w./b...../.bw.w./....../.b.b.b/b....w b -'
check_mcts roomandpillar roomandpillar \
    'position fen wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbw.wbw/wbw..bwb/bwbwbwbw/wbwbwbwb/bwbwbwbw w -'
check_mcts qawale qawale 'position startpos moves a4b4b3a3 b3a3a4 b4a4a3 a3b3b4c4d4'
check_mcts qawale_lost qawale 'position fen .,n,n,nnw/.,b,bwww,n/b,n,bb,./n,nw,w,bw b 1 2'
check_mcts columna columna 'position startpos moves c5c4,c1b1 c2c3,b1d1 e2e1,a5a6 d2d1,a2a1'
check_mcts columna_won columna 'position fen 1003w02/003b000/003000/001002b/5b01b54w1w/01w0400 w p'
check_mcts territoire territoire 'position startpos moves 2,4,19 10,8,30 6,16,15 21,18,20'

finish
