#!/bin/sh
# Bad input never crashes the engine nor leaves it stuck; each bad command
# gets one error line (or silence, for blank lines).
. "$(dirname "$0")/lib.sh"

talk 'frobnicate now' isready
expect_line "unknown_command_is_named" "^info string error unknown command 'frobnicate'"
expect_line "engine_still_answers_after_unknown_command" '^readyok$'

talk '' '   ' isready
expect_no_line "blank_lines_are_silent" '^info string error'

REPLY=$(printf 'ab\001\002\377\376cd\nisready\n' | timeout $((10 * LOAD_FACTOR)) "$ENGINE" 2>&1)
STATUS=$?
expect_count "binary_garbage_gives_one_error" '^info string error' 1
expect_line "binary_garbage_is_not_echoed_raw" "^info string error unknown command 'ab\?\?\?\?cd'"
expect_line "engine_survives_binary_garbage" '^readyok$'

long=$(head -c 70000 /dev/zero | tr '\0' 'x')
REPLY=$(printf '%s\nisready\n' "$long" | timeout $((10 * LOAD_FACTOR)) "$ENGINE" 2>&1)
expect_line "overlong_line_is_reported" '^info string error line longer than'
expect_line "engine_survives_overlong_line" '^readyok$'

REPLY=$(head -c 200000 /dev/urandom | timeout $((20 * LOAD_FACTOR)) "$ENGINE" 2>&1)
STATUS=$?
expect_status "random_bytes_do_not_crash" 0

talk 'go depth' 'go movetime -5' 'go wtime' 'go sideways 3' 'perft' 'perft x' 'query' 'query colour' isready
expect_line "go_needs_integer" '^info string error go: depth needs an integer value'
expect_line "go_rejects_negative_movetime" '^info string error go: movetime must be positive'
expect_line "go_rejects_unknown_parameter" "^info string error go: unknown parameter 'sideways'"
expect_line "perft_needs_depth" '^info string error perft: expected a depth'
expect_line "query_needs_a_question" '^info string error query: expected'
expect_line "query_rejects_unknown_question" "^info string error query: unknown query 'colour'"
expect_no_line "bad_go_starts_no_search" '^bestmove'
expect_count "one_error_per_bad_command" '^info string error' 8

finish
