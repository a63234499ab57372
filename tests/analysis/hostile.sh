#!/bin/sh
# hostile.sh - what a hostile or buggy GUI sends: perft as a stoppable job,
# a flagged clock, numbers too large for any type, NUL bytes, trailing
# words and leading zeros.
. "$(dirname "$0")/lib.sh"

COLUMNA='setoption name Game value columna
position startpos'

# ---- perft and go perft run like a search ----

# Columna `go perft 5` takes hours: isready is answered meanwhile, stop
# ends it with what was counted, said to be partial.
for cmd in 'go perft 5' 'perft 5'; do
    name=$(echo "$cmd" | tr ' ' '_')
    converse "$COLUMNA" "$cmd" 'pause 0.1' isready 'await ^readyok' stop 'await ^Nodes searched'
    expect_order "${name}_answers_isready_while_counting" '^readyok$' '^Nodes searched: '
    expect_line "${name}_stopped_says_partial" '^Nodes searched: [0-9]+ \(stopped'
done

# quit and end of input exit at once (talk fails on a 30 s hang).
talk "$COLUMNA" 'go perft 5'
expect_line "perft_then_quit_exits" '^Nodes searched: [0-9]+ \(stopped'
REPLY=$(printf '%s\nperft 5\n' "$COLUMNA" | timeout $((30 * LOAD_FACTOR)) "$ENGINE" 2>&1)
STATUS=$?
expect_status "perft_then_end_of_input_exits" 0

# A finished perft is whole, and says nothing of stopping; one perft or
# search at a time.
converse "$COLUMNA" 'perft 2' 'await ^Nodes searched' 'perft 5' 'go depth 1' 'perft 1' stop 'await ^Nodes searched.*stopped'
expect_line "finished_perft_counts_all" '^Nodes searched: [0-9]+$'
expect_line "go_during_perft_is_refused" '^info string error go: already searching'
expect_line "perft_during_perft_is_refused" '^info string error perft: busy'

# ---- a flagged clock means "move now" ----
# (Columna: no proof ends its search early, so only the clock can.)
converse "$COLUMNA" 'go wtime -5 btime -5' await_bestmove 'go wtime 0 btime 0' await_bestmove \
    'go p1time -1 p2time -1' await_bestmove isready
expect_count "flagged_clocks_move_now" '^bestmove ' 3
expect_order "flagged_clocks_move_before_the_isready_after" '^bestmove ' '^readyok$'
order=$(printf '%s\n' "$REPLY" | grep -E '^(readyok|bestmove)' | cut -c1-4 | tr '\n' ' ')
if [ "$order" = "best best best read " ]; then ok "each_flagged_clock_moves_by_itself"; else not_ok "each_flagged_clock_moves_by_itself" "readyok/bestmove order: $order"; fi

# ---- numbers too large are clamped, never wrapped ----
# A 64-bit clock used to overflow the time manager (and move at once);
# depth 2^32 + 1 used to wrap to depth 1.  Columna: no proof ends its
# search early (Room and Pillar's 8x8 start, the default game, is proven
# within 0.3 s).
converse "$COLUMNA" 'go wtime 9223372036854775807 btime 9223372036854775807' 'pause 0.1' isready 'await ^readyok' stop await_bestmove \
    'go wtime 99999999999999999999999 btime 99999999999999999999999' 'pause 0.1' isready 'await ^readyok' stop await_bestmove \
    'go nodes 99999999999999999999999' 'pause 0.1' isready 'await ^readyok' stop await_bestmove
order=$(printf '%s\n' "$REPLY" | grep -E '^(readyok|bestmove)' | cut -c1-4 | tr '\n' ' ')
check_order() { if [ "$order" = "read best read best read best " ]; then ok "$1"; else not_ok "$1" "readyok/bestmove order: $order"; fi; }
check_order "huge_clocks_and_nodes_search_until_stop"
expect_no_line "huge_numbers_are_no_error" '^info string error'
converse "$COLUMNA" 'go depth 4294967297' 'pause 0.1' isready 'await ^readyok' stop await_bestmove
expect_line "huge_depth_does_not_wrap_to_1" '^info depth 2 '
expect_order "huge_depth_searches_until_stop" '^readyok$' '^bestmove '
# Below the minimum stays an error, however large the number.
talk 'go depth -99999999999999999999' 'go movestogo 0' 'go winc -1' 'go movetime 010' isready
expect_line "huge_negative_depth_refused" '^info string error go: depth must be positive'
expect_line "zero_movestogo_refused" '^info string error go: movestogo must be positive'
expect_line "negative_increment_refused" '^info string error go: winc must be positive or 0'
expect_line "leading_zero_refused" '^info string error go: movetime needs an integer'
expect_no_line "refused_go_starts_no_search" '^bestmove'

# ---- lines are bytes up to the newline ----
# A NUL used to hide the rest of an overlong line, whose tail ran as `quit`.
REPLY=$({ printf 'isready\n\0'; head -c 65534 /dev/zero | tr '\0' x; printf 'quit\nisready\nquit\n'; } | timeout $((10 * LOAD_FACTOR)) "$ENGINE" 2>&1)
expect_count "overlong_line_with_nul_runs_no_tail" '^readyok$' 2
REPLY=$(printf '\000isready\nisready\n' | timeout $((10 * LOAD_FACTOR)) "$ENGINE" 2>&1)
expect_line "line_starting_with_nul_gets_an_error" '^info string error line with a NUL byte ignored'
expect_count "line_with_nul_is_not_run" '^readyok$' 1

# ---- trailing words and leading zeros are errors ----
talk 'perft 1 2' 'go perft 1 2' 'perft 01' isready
expect_line "perft_trailing_word_refused" "^info string error perft: unexpected '2'"
expect_line "go_perft_trailing_word_refused" "^info string error go perft: unexpected '2'"
expect_line "perft_leading_zero_refused" '^info string error perft: expected a depth'
expect_no_line "refused_perft_counts_nothing" '^Nodes searched'
# A command that takes no arguments refuses a trailing word, as any other
# malformed command: one error line, nothing done (`quit now` does not quit).
talk 'd x' 'isready now' 'uci please' 'ugi x' 'ucinewgame x' 'uginewgame x' 'stop now' 'ponderhit x' \
    'moves x' 'eval x' 'options x' 'quit now' isready
for command in d isready uci ugi ucinewgame uginewgame stop ponderhit moves eval options quit; do
    expect_line "${command}_trailing_word_refused" "^info string error $command: unexpected '[a-z]*' \\($command takes no arguments\\)$"
done
expect_count "one_error_per_trailing_word" '^info string error' 12
expect_count "trailing_word_commands_do_nothing" '^(readyok|uciok|ugiok|id |option |Fen:|moves|info string eval|info string error ponderhit: no search)' 1
expect_line "quit_with_a_trailing_word_does_not_quit" '^readyok$'
# During a search: neither `stop now` nor `ucinewgame x` stops it.
converse 'go infinite' 'pause 0.2' 'stop now' 'ucinewgame x' 'pause 0.5' isready 'await ^readyok' stop await_bestmove
expect_order "refused_stop_leaves_the_search_running" '^readyok$' '^bestmove '
expect_count "refused_stop_gives_one_error_each" '^info string error' 2

talk 'setoption name Game value qawale' 'position fen nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 08 8' d
expect_line "qawale_reserve_with_leading_zero_refused" '^info string error position: .*w reserve: expected a number'
expect_line "qawale_refused_position_keeps_the_start" '^Fen: nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8 8$'

finish
