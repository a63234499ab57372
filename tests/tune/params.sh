#!/bin/sh
# params.sh - the parameter files shipped in tools/tune/params/ start where
# they say they start: every line's start, min and max are the default, min
# and max the engine itself lists for that option (`setoption name Game
# value GAME`, then `uci`), so a run from a file tunes the engine as it is;
# and every c_end follows the tuner's rule (a tenth of the start's size, at
# least 1).  A file is of one game where its name is the game's (GAME.txt)
# or ends with it (search-ab-qawale.txt), else of every game (search-ab.txt:
# the search settings, whose defaults a game may have of its own: not of
# the games with their own search-ab-GAME.txt).
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh

games=$(printf 'uci\nquit\n' | "$ENGINE" | sed -n 's/^option name Game type combo default [a-z]*//p' |
    sed 's/ var / /g')
[ -n "$games" ] && ok uci_lists_the_games || not_ok uci_lists_the_games "no Game combo in the uci answer"

# The games a file is for.
games_of() { # file
    base=$(basename "$1" .txt)
    for game in $games; do
        case "$base" in "$game" | *-"$game") echo "$game" && return ;; esac
    done
    # A file of every game leaves out the games with a file of their own
    # (search-ab.txt and search-ab-territoire.txt).
    for game in $games; do
        [ -f "${1%.txt}-$game.txt" ] || echo "$game"
    done
}

for file in tools/tune/params/*.txt; do
    name=$(basename "$file" .txt | tr - _)
    # One line per parameter of the file: "name start min max c_end".
    lines=$(grep -v '^[[:space:]]*\(#\|$\)' "$file" | tr -d ' \t\r' |
        awk -F, '{ print $1, $2, $3, $4, $5 }')
    if [ -z "$lines" ]; then
        not_ok "params_${name}_lists_parameters" "no parameter line in $file"
        continue
    fi
    steps=$(printf '%s\n' "$lines" | awk '{
        want = ($2 < 0 ? -$2 : $2) / 10; if (want < 1) want = 1
        d = $5 - want; if (d < 0) d = -d
        if ($5 == "" || d > 1e-9) print $1 ": c_end " $5 ", the rule gives " want }')
    if [ -z "$steps" ]; then ok "params_${name}_c_end_by_the_rule"; else not_ok "params_${name}_c_end_by_the_rule" "$file" "$steps"; fi
    for game in $(games_of "$file"); do
        talk "setoption name Game value $game" uci
        uci=$REPLY
        mismatches=$(printf '%s\n' "$lines" | while read -r param start min max c_end; do
            engine=$(printf '%s\n' "$uci" | awk -v n="$param" '
                $1 == "option" && $2 == "name" && $3 == n && $4 == "type" && $5 == "spin" {
                    for (i = 6; i < NF; i += 2) v[$i] = $(i + 1)
                    print v["default"], v["min"], v["max"]
                }')
            if [ "$engine" != "$start $min $max" ]; then
                echo "$param: file start/min/max '$start $min $max', engine default/min/max in $game '${engine:-no such spin option}'"
            fi
        done)
        if [ -z "$mismatches" ]; then
            ok "params_${name}_start_at_the_${game}_defaults_and_ranges"
        else
            not_ok "params_${name}_start_at_the_${game}_defaults_and_ranges" "$file" "$mismatches"
        fi
    done
done

finish
