#!/bin/sh
# strength.sh - UCI_LimitStrength, UCI_Elo and Skill Level through the
# protocol: listed with their ranges, out of range refused, weakened play
# legal in every game with both backends and searching less, and off
# (the default) exactly the full search.
. "$(dirname "$0")/lib.sh"

converse uci
expect_line "limit_strength_listed" '^option name UCI_LimitStrength type check default false$'
expect_line "uci_elo_listed_with_its_range" '^option name UCI_Elo type spin default 2000 min [0-9]+ max 2000$'
expect_line "skill_level_listed_with_its_range" '^option name Skill Level type spin default 20 min 0 max 20$'
min=$(printf '%s\n' "$REPLY" | sed -n 's/^option name UCI_Elo type spin default 2000 min \([0-9]*\) max 2000$/\1/p')

converse "setoption name UCI_Elo value $((min - 1))" 'setoption name UCI_Elo value 2001' \
    'setoption name Skill Level value 21' 'setoption name Skill Level value -1' \
    'setoption name UCI_LimitStrength value maybe' "setoption name UCI_Elo value $min" options
expect_count "out_of_range_strength_refused" '^info string error setoption: option (UCI_Elo|Skill Level|UCI_LimitStrength)' 5
expect_line "in_range_elo_taken" "^option name UCI_Elo value $min\$"

WEAK="setoption name UCI_LimitStrength value true"
for game in roomandpillar columna qawale territoire; do
    for backend in alphabeta mcts; do
        converse "setoption name Game value $game" "setoption name Backend value $backend" "$WEAK" \
            "setoption name UCI_Elo value $min" 'position startpos' 'go nodes 3000' await_bestmove
        expect_count "${game}_${backend}_weakened_gives_one_bestmove" '^bestmove [^ ]+$' 1
        expect_no_line "${game}_${backend}_weakened_shows_one_line" '^info .*multipv'
        move=$(printf '%s\n' "$REPLY" | sed -n 's/^bestmove //p')
        converse "setoption name Game value $game" "position startpos moves $move" isready
        expect_no_line "${game}_${backend}_weakened_bestmove_is_legal" '^info string error'
    done
done

# nodes of the last info line before bestmove
last_nodes() { printf '%s\n' "$REPLY" | grep '^info depth' | tail -n 1 | sed 's/.* nodes \([0-9]*\) .*/\1/'; }

COLUMNA='setoption name Game value columna'
converse "$COLUMNA" 'position startpos' 'go nodes 20000' await_bestmove
full_nodes=$(last_nodes)
full_move=$(printf '%s\n' "$REPLY" | sed -n 's/^bestmove //p')
converse "$COLUMNA" "$WEAK" "setoption name UCI_Elo value $min" 'position startpos' 'go nodes 20000' await_bestmove
weak_nodes=$(last_nodes)
if [ "${weak_nodes:-0}" -gt 0 ] && [ "$weak_nodes" -lt "${full_nodes:-0}" ]; then ok "lower_elo_searches_fewer_nodes"; else
    not_ok "lower_elo_searches_fewer_nodes" "weakened $weak_nodes nodes, full $full_nodes"; fi

# Off, whatever UCI_Elo says, and Skill Level at 20: the full search.
converse "$COLUMNA" 'setoption name UCI_LimitStrength value false' "setoption name UCI_Elo value $min" \
    'setoption name Skill Level value 20' 'position startpos' 'go nodes 20000' await_bestmove
if [ "$(last_nodes)" = "$full_nodes" ]; then ok "strength_off_searches_the_same_nodes"; else
    not_ok "strength_off_searches_the_same_nodes" "$(last_nodes) nodes, full $full_nodes"; fi
expect_line "strength_off_plays_the_same_move" "^bestmove $full_move\$"

# Skill Level alone weakens too.
converse "$COLUMNA" 'setoption name Skill Level value 0' 'position startpos' 'go nodes 20000' await_bestmove
if [ "$(last_nodes)" -lt "$full_nodes" ]; then ok "skill_level_searches_fewer_nodes"; else
    not_ok "skill_level_searches_fewer_nodes" "$(last_nodes) nodes, full $full_nodes"; fi

finish
