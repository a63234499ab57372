#!/bin/sh
# Handshakes, options, isready, quit, the command line.
. "$(dirname "$0")/lib.sh"

talk uci
expect_line "uci_gives_id_name" '^id name Tessera '
expect_line "uci_lists_game_combo" '^option name Game type combo default roomandpillar( var [a-z]+)*$'
expect_line "uci_game_combo_has_all_four" 'var roomandpillar var columna var qawale var territoire'
expect_line "uci_lists_backend_combo" '^option name Backend type combo default alphabeta var alphabeta var mcts var random$'
expect_line "uci_lists_threads" '^option name Threads type spin default 1 min 1 max [0-9]+$'
expect_line "uci_lists_hash" '^option name Hash type spin default [0-9]+ min 1 max [0-9]+$'
expect_line "uci_lists_seed" '^option name Seed type spin default 0 min 0 max [0-9]+$'
expect_order "uci_ends_with_uciok" '^option name Seed' '^uciok$'
expect_status "quit_at_end_of_input_exits_zero" 0

talk ugi
expect_line "ugi_ends_with_ugiok" '^ugiok$'
expect_no_line "ugi_does_not_say_uciok" '^uciok$'

talk isready isready
expect_count "isready_answers_each_time" '^readyok$' 2

talk 'setoption name Threads value 2' 'setoption name threads value 0' 'setoption name Hash value lots' \
    'setoption name NoSuchOption value 1' 'setoption name Game value chess' 'setoption name Game' isready
expect_line "setoption_rejects_out_of_range" '^info string error .*Threads.*0 is outside 1\.\.'
expect_line "setoption_rejects_non_integer" "^info string error .*Hash.*'lots' is not an integer"
expect_line "setoption_rejects_unknown_option" "^info string error .*unknown option 'NoSuchOption'"
expect_line "setoption_rejects_unknown_game" "^info string error .*Game.*unknown value 'chess'"
expect_line "setoption_without_value_is_an_error" '^info string error setoption: option Game needs'
expect_count "each_bad_setoption_gives_one_error" '^info string error' 5

talk 'setoption name Game value columna' d
expect_line "game_option_switches_game" '^Game: columna$'
talk 'setoption name game value QAWALE' d
expect_line "option_names_and_combo_values_ignore_case" '^Game: qawale$'

# Every spin of every game and backend refuses max+1 and min-1 (one error
# each, the value unchanged: read back with `options`) and takes max and min.
for backend in alphabeta mcts; do
    for game in roomandpillar columna qawale territoire; do
        setup="setoption name Backend value $backend
setoption name Game value $game"
        talk "$setup" uci
        spins=$(printf '%s\n' "$REPLY" | sed -n 's/^option name \([^ ]*\) type spin default \(-\{0,1\}[0-9]*\) min \(-\{0,1\}[0-9]*\) max \(-\{0,1\}[0-9]*\)$/\1 \2 \3 \4/p')
        count=$(printf '%s\n' "$spins" | grep -c .)
        refused=$(printf '%s\n' "$spins" | while read -r name default min max; do
            printf 'setoption name %s value %s\nsetoption name %s value %s\n' "$name" $((max + 1)) "$name" $((min - 1))
        done)
        expected=$(printf '%s\n' "$spins" | while read -r name default min max; do echo "option name $name value $default"; done)
        talk "$setup" "$refused" 'setoption name Threads value 100000' options
        expect_count "${backend}_${game}_each_spin_out_of_range_refused_once" '^info string error setoption: option .* is outside ' $((2 * count + 1))
        missing=$(printf '%s\n' "$expected" | while IFS= read -r line; do printf '%s\n' "$REPLY" | grep -qxF "$line" || echo "$line"; done)
        if [ "$count" -ge 6 ] && [ -z "$missing" ]; then ok "${backend}_${game}_refused_spins_keep_their_values"; else not_ok "${backend}_${game}_refused_spins_keep_their_values" "$count spins; not read back: $missing"; fi
        accepted=$(printf '%s\n' "$spins" | while read -r name default min max; do printf 'setoption name %s value %s\n' "$name" "$max"; done)
        talk "$setup" "$accepted" options
        expect_no_line "${backend}_${game}_spin_max_accepted" '^info string error'
        expect_count "${backend}_${game}_spin_max_read_back" "$(printf '%s\n' "$spins" | while read -r name default min max; do printf '^option name %s value %s$|' "$name" "$max"; done | sed 's/|$//')" "$count"
    done
done

STATUS=0
out=$("$ENGINE" --version 2>&1) || STATUS=$?
REPLY=$out
expect_line "version_flag" '^tessera [0-9]+\.[0-9]+'
"$ENGINE" --help >/dev/null 2>&1
STATUS=$?
expect_status "help_flag_exits_zero" 0
"$ENGINE" --bogus >/dev/null 2>&1
STATUS=$?
expect_status "unknown_flag_exits_two" 2

# quit ends at once, even mid-search (10 s on an idle machine, with the
# engine's start, times the load).
start=$(date +%s)
talk 'position startpos' 'go infinite' 'sleep 0.2' quit
end=$(date +%s)
expect_status "quit_during_search_exits_zero" 0
if [ $((end - start)) -lt $((10 * LOAD_FACTOR)) ]; then ok "quit_during_search_is_prompt"; else not_ok "quit_during_search_is_prompt" "took $((end - start)) s"; fi

finish
