#!/bin/sh
# go / stop / isready during a search, for every backend and game: a search
# always ends in one legal bestmove; infinite waits for stop.
# converse (tests/analysis/lib.sh) waits for a bestmove where a second go
# must find the first search over, instead of pausing.
. "$(dirname "$0")/../analysis/lib.sh"

for game in roomandpillar columna qawale territoire; do
    for backend in random alphabeta mcts; do
        talk "setoption name Game value $game" "setoption name Backend value $backend" 'position startpos' \
            'go movetime 200'
        expect_count "${game}_${backend}_movetime_gives_one_bestmove" '^bestmove [^ ]+$' 1
        move=$(printf '%s\n' "$REPLY" | sed -n 's/^bestmove //p')
        talk "setoption name Game value $game" "position startpos moves $move" isready
        expect_no_line "${game}_${backend}_bestmove_is_legal" '^info string error'
    done
done

talk 'position startpos' 'go infinite' 'pause 0.5' isready 'sleep 0.3' stop 'pause 0.2'
expect_order "isready_answered_during_infinite_search" '^readyok$' '^bestmove'
expect_count "infinite_search_ends_only_on_stop" '^bestmove [a-h][1-8]$' 1

talk 'position startpos' 'go infinite' 'go depth 1' 'sleep 0.2' stop
expect_line "second_go_while_searching_is_refused" '^info string error go: already searching'
expect_count "only_one_bestmove_for_two_gos" '^bestmove' 1

talk 'position startpos' 'go infinite' 'setoption name Hash value 2' stop
expect_line "options_refused_while_searching" '^info string error setoption: cannot change Hash while searching'

talk 'position startpos' 'go wtime 1000 btime 1000 winc 10 binc 10'
expect_count "clock_search_gives_bestmove" '^bestmove [a-h][1-8]$' 1
talk 'position startpos' 'go p1time 1000 p2time 1000 p1inc 10 p2inc 10'
expect_count "ugi_clock_search_gives_bestmove" '^bestmove [a-h][1-8]$' 1
converse 'position startpos' 'go nodes 100' await_bestmove 'go depth 2' await_bestmove
expect_count "each_go_gives_one_bestmove" '^bestmove' 2

# The engine plans with its own clock, never the opponent's: white to move
# with 200 ms left answers within them; with 600 s left (the opponent
# short) it is still thinking a second later, when its input ends.
columna_start=$(printf '%s\n%s\n%s' 'setoption name Game value columna' 'position startpos' isready)
# Input ends (quit) a little after the limit: a late answer counts late.
short_limit=$((200 + 100 * SLOWDOWN))
quit_after=$(awk -v ms="$short_limit" 'BEGIN { print ms / 1000 + 0.4 }')
for go in 'go wtime 200 btime 600000' 'go p1time 200 p2time 600000'; do
    ms=$(ms_until_bestmove "$columna_start" "$(scaled 0.2)" "$go" "$quit_after")
    name="own_short_clock_kept_$(echo "$go" | cut -d' ' -f2)"
    if [ "$ms" -le "$short_limit" ]; then ok "$name"; else not_ok "$name" "bestmove ${ms} ms after '$go'"; fi
done
for go in 'go wtime 600000 btime 200' 'go p1time 600000 p2time 200'; do
    ms=$(ms_until_bestmove "$columna_start" "$(scaled 0.2)" "$go" 1)
    name="own_long_clock_used_$(echo "$go" | cut -d' ' -f2)"
    if [ "$ms" -ge 700 ] && [ "$ms" -ne 999999 ]; then ok "$name"; else not_ok "$name" "bestmove ${ms} ms after '$go', expected the search to go on past 700 ms"; fi
done

# A search that ended by itself under `go infinite` (the 4x4 Room and
# Pillar board is proven at once) still answers a later stop at once.
for backend in alphabeta mcts; do
    setup=$(printf '%s\n%s\n%s' "setoption name Backend value $backend" 'position fen wbwb/bwbw/wbwb/bwbw b -' 'go infinite')
    ms=$(ms_until_bestmove "$setup" "$(scaled 0.4)" stop "$(scaled 0.3)")
    if [ "$ms" -le $((100 * SLOWDOWN)) ]; then ok "${backend}_stop_after_proven_infinite"; else not_ok "${backend}_stop_after_proven_infinite" "bestmove ${ms} ms after stop"; fi
done

finish
