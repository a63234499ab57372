#!/bin/sh
# params.sh - the parameter files shipped in tools/tune/params/ start where
# they say they start: every line's start, min and max are the default, min
# and max the engine itself lists for that option (`setoption name Game
# value GAME`, then `uci`), so a run from a file tunes the engine as it is.
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh

for file in tools/tune/params/*.txt; do
    game=$(basename "$file" .txt)
    talk "setoption name Game value $game" uci
    uci=$REPLY
    # One line per parameter of the file: "name start min max".
    lines=$(grep -v '^[[:space:]]*\(#\|$\)' "$file" | tr -d ' \t\r' |
        awk -F, '{ print $1, $2, $3, $4 }')
    if [ -z "$lines" ]; then
        not_ok "params_${game}_lists_parameters" "no parameter line in $file"
        continue
    fi
    mismatches=$(printf '%s\n' "$lines" | while read -r name start min max; do
        engine=$(printf '%s\n' "$uci" | awk -v n="$name" '
            $1 == "option" && $2 == "name" && $3 == n && $4 == "type" && $5 == "spin" {
                for (i = 6; i < NF; i += 2) v[$i] = $(i + 1)
                print v["default"], v["min"], v["max"]
            }')
        if [ "$engine" != "$start $min $max" ]; then
            echo "$name: file start/min/max '$start $min $max', engine default/min/max '${engine:-no such spin option}'"
        fi
    done)
    if [ -z "$mismatches" ]; then
        ok "params_${game}_start_at_the_engine_defaults_and_ranges"
    else
        not_ok "params_${game}_start_at_the_engine_defaults_and_ranges" "$file" "$mismatches"
    fi
done

finish
