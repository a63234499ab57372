#!/bin/sh
# The search settings' per-game defaults (protocol.md, "Options"): `uci`
# shows the chosen game's, a setting setoption never set takes them, one
# it set keeps its value in every game; the search reads what `options`
# shows; the time manager's shares are options that act.
. "$(dirname "$0")/../analysis/lib.sh"

width_declared='^option name AbEvalOrderWidth type spin default'

talk uci
expect_line "uci_shows_the_common_default" "$width_declared 0 min 0 max 256\$"
talk 'setoption name Game value qawale' uci options
expect_line "uci_after_game_qawale_shows_its_default" "$width_declared 48 min 0 max 256\$"
expect_line "qawale_takes_its_default" '^option name AbEvalOrderWidth value 48$'
talk 'setoption name Game value qawale' 'setoption name Game value columna' uci options
expect_line "uci_after_game_columna_shows_the_common_default" "$width_declared 0 min 0 max 256\$"
expect_line "columna_takes_the_common_default_again" '^option name AbEvalOrderWidth value 0$'
talk uci 'setoption name Game value qawale' uci 'setoption name Game value columna' uci
expect_count "other_settings_keep_their_common_default" '^option name AbAspiration type spin default 40 min 0 max 2000$' 3

# Set by setoption, before or after the game is chosen: the value holds in
# every game, and uci still shows the game's default.
for order in before after; do
    if [ "$order" = before ]; then
        setup=$(printf '%s\n%s' 'setoption name AbEvalOrderWidth value 10' 'setoption name Game value qawale')
    else
        setup=$(printf '%s\n%s' 'setoption name Game value qawale' 'setoption name AbEvalOrderWidth value 10')
    fi
    talk "$setup" uci options 'setoption name Game value territoire' options
    expect_line "set_${order}_the_game_uci_default_is_the_games" "$width_declared 48 "
    expect_count "set_${order}_the_game_the_value_holds_in_every_game" '^option name AbEvalOrderWidth value 10$' 2
done
talk 'setoption name Game value qawale' 'setoption name AbEvalOrderWidth value 48' \
    'setoption name Game value columna' options
expect_line "a_value_set_equal_to_the_default_holds_too" '^option name AbEvalOrderWidth value 48$'
talk 'setoption name AbEvalOrderWidth value 999' 'setoption name Game value qawale' options
expect_line "a_refused_value_sets_nothing" '^option name AbEvalOrderWidth value 48$'

# The search reads the game's default: Qawale's search with nothing set
# is its search with 48 set, node for node, and not its search with 0.
nodes_of() { # setting-line
    converse 'setoption name Game value qawale' "$1" 'position fen nn,.,.,nn/.,bw,w,./.,nn,n,./.,.,n,. b 6 7' \
        'go depth 5' await_bestmove >/dev/null
    printf '%s\n' "$REPLY" | sed -n 's/^info depth 5 .* nodes \([0-9]*\) .*/\1/p' | tail -n 1
}
default_nodes=$(nodes_of isready)
set_nodes=$(nodes_of 'setoption name AbEvalOrderWidth value 48')
all_nodes=$(nodes_of 'setoption name AbEvalOrderWidth value 0')
if [ -n "$default_nodes" ] && [ "$default_nodes" = "$set_nodes" ] && [ "$default_nodes" != "$all_nodes" ]; then
    ok qawale_search_reads_its_default_width
else
    not_ok qawale_search_reads_its_default_width "depth 5 nodes: default '$default_nodes', 48 '$set_nodes', 0 '$all_nodes'"
fi

# The time shares act: a tenth of the share, with the hard limit at the
# share, answers in under half the time the defaults take on the same
# clock (Columna's start, 30 s: about a fifth).
talk uci
for name in TimeShare TimeIncrementShare TimeSoftShare TimeHardShare; do
    expect_line "uci_lists_$name" "^option name $name type spin default [0-9]+ min [0-9]+ max [0-9]+\$"
done
columna_start=$(printf '%s\n' 'setoption name Game value columna' 'position startpos' isready)
default_ms=$(ms_until_bestmove "$columna_start" "$(scaled 0.2)" 'go wtime 30000 btime 30000' "$(scaled 10)")
shorter=$(printf '%s\n' 'setoption name TimeShare value 10' 'setoption name TimeHardShare value 100' "$columna_start")
short_ms=$(ms_until_bestmove "$shorter" "$(scaled 0.2)" 'go wtime 30000 btime 30000' "$(scaled 10)")
if [ "$default_ms" -ne 999999 ] && [ $((2 * short_ms)) -lt "$default_ms" ]; then
    ok time_shares_shorten_the_turn
else
    not_ok time_shares_shorten_the_turn "bestmove after ${short_ms} ms with TimeShare 10, ${default_ms} ms with the defaults"
fi

finish
