#!/bin/sh
# query.sh - every `query` gets a `response` line, even one we cannot
# answer (a UGI client waits for it), after its error line.
. "$(dirname "$0")/lib.sh"

talk 'query colour'
expect_line "unknown_query_is_named" "^info string error query: unknown query 'colour'"
expect_line "unknown_query_still_gets_a_response" '^response unknown$'
expect_order "unknown_query_error_comes_before_its_response" '^info string error query' '^response unknown$'

talk 'query'
expect_line "empty_query_gets_a_response" '^response unknown$'

talk 'query gameover now'
expect_line "query_with_a_trailing_word_is_an_error" "^info string error query: unexpected 'now'"
expect_line "query_with_a_trailing_word_gets_a_response" '^response unknown$'
expect_no_line "query_with_a_trailing_word_is_not_answered" '^response (true|false)$'

talk 'query gameover'
expect_line "known_query_answered" '^response false$'
expect_no_line "known_query_has_no_error" '^info string error'

finish
