#!/bin/sh
# calibrate.sh - measures a game's strength scale (src/search/strength/strength.h)
# with tools/arena: each measured skill against the next one up, and
# the chain of those differences down from the full engine (skill 20), with
# 95% intervals (the links' intervals added in quadrature).
#
#   tools/strength/calibrate.sh scale GAME GAMES [BACKEND]
#       skills 19, 16, 12, 8, 4, 0 each against the next one up, 20
#       being the full engine (skill 18 was measured with pair 18 19)
#   tools/strength/calibrate.sh pair GAME GAMES SKILL_A SKILL_B [BACKEND]
#       Skill Level SKILL_A against SKILL_B alone (one more link)
#   tools/strength/calibrate.sh check GAME GAMES ELO_A ELO_B [BACKEND]
#       UCI_Elo ELO_A against UCI_Elo ELO_B: the measured difference
#       should be ELO_A - ELO_B
#
# Control: every engine at `go nodes $NODES` (default 20000: alpha-beta's
# strength reference, Backend.strength_nodes; 5000 for MCTS) with Hash
# 16, colours reversed per opening.  Node-limited, so the figures do not
# depend on the machine's load.  Openings: tools/books for Columna and Territoire, 4 random plies
# for Qawale, 2 for Room and Pillar (8x8 start).  Set TESSERA_BUILD to the
# build folder (default build/release).
set -eu
build=${TESSERA_BUILD:-build/release}
nodes=${NODES:-20000}

usage() {
    echo "usage: $0 scale GAME GAMES [BACKEND] | pair GAME GAMES SKILL_A SKILL_B [BACKEND]" \
        "| check GAME GAMES ELO_A ELO_B [BACKEND]" >&2
    exit 2
}

[ $# -ge 3 ] || usage
mode=$1 game=$2 games=$3
shift 3

openings_of() {
    case $1 in
    columna | territoire) echo "file=tools/books/$1.txt order=random" ;;
    qawale) echo "random plies=4" ;;
    *) echo "random plies=2" ;;
    esac
}

# match NAME_A "OPTION_A" NAME_B "OPTION_B" BACKEND "OPTION_EACH":
# prints "elo error W D L"
match() {
    # shellcheck disable=SC2046
    nice -n 10 "$build/tessera-arena" -game "$game" \
        -engine cmd="$build/tessera" name="$1" "$2" -engine cmd="$build/tessera" name="$3" "$4" \
        -each nodes="$nodes" option.Hash=16 option.Backend="$5" "$6" -games "$games" -concurrency 2 \
        -openings $(openings_of "$game") -seed 11 2>&1 |
        awk '/^Games [0-9]+\/[0-9]+:/ { w = $6; d = $7; l = $8 }
             /^Elo:/ { sub(",", "", $4); print $2, $4, w, d, l }'
}

# measured "elo error W D L": refuses a match that gave no result (an
# arena error) instead of printing a number it does not have.
measured() {
    if [ $# -ne 5 ]; then
        echo "calibrate.sh: the arena gave no result (run it by hand to see why)" >&2
        exit 1
    fi
}

# versus NAME OPTION LIMIT A B [BACKEND] (pair and check): the match of
# NAME$A (option OPTION=A) against NAME$B (OPTION=B), UCI_LimitStrength=LIMIT;
# sets a, b, backend and result ("elo +/- error (W D L)").
versus() {
    [ $# -ge 5 ] || usage
    a=$4 b=$5 backend=${6:-alphabeta}
    # shellcheck disable=SC2046
    set -- $(match "$1$a" "option.$2=$a" "$1$b" "option.$2=$b" "$backend" option.UCI_LimitStrength="$3")
    measured "$@"
    result="$1 +/- $2 ($3 $4 $5)"
}

case $mode in
scale)
    backend=${1:-alphabeta}
    echo "$game, $backend, nodes=$nodes each, $games games a pair"
    chain=0 var=0 up=20
    for skill in 19 16 12 8 4 0; do
        set -- $(match "skill$skill" "option.Skill Level=$skill" "skill$up" "option.Skill Level=$up" "$backend" \
            option.UCI_LimitStrength=false)
        measured "$@"
        chain=$(echo "$chain $1" | awk '{ printf "%.0f", $1 + $2 }')
        var=$(echo "$var $2" | awk '{ printf "%.1f", $1 + $2 * $2 }')
        echo "skill $skill vs $up: $1 +/- $2 ($3 $4 $5); vs full: $chain +/- $(echo "$var" | awk '{ printf "%.0f", sqrt($1) }')"
        up=$skill
    done
    ;;
pair)
    versus skill "Skill Level" false "$@"
    echo "$game, $backend, nodes=$nodes: skill $a vs $b, $games games: $result"
    ;;
check)
    versus elo UCI_Elo true "$@"
    echo "$game, $backend, nodes=$nodes: UCI_Elo $a vs $b, $games games: measured $result, expected $((a - b))"
    ;;
*) usage ;;
esac
