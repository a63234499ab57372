#!/bin/sh
# position is atomic; moves, perft, d and query through the protocol
# (Room and Pillar, the default game).
. "$(dirname "$0")/lib.sh"
START='wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw b -'

talk 'position startpos moves d4' 'position startpos moves a1 zz9' d
expect_line "illegal_move_is_reported_with_its_place" "^info string error position: move 2 \('zz9'\)"
expect_line "position_unchanged_after_illegal_move" '^Fen: .* w s$'
expect_line "position_kept_the_good_one" '^Fen: wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbw\.wbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw w s$'

talk 'position startpos moves d4' 'position fen wbw/bwb/xyz b -' 'position fen' 'position sideways' d
expect_line "bad_position_string_is_reported" "^info string error position: bad roomandpillar position string"
expect_count "each_bad_position_gives_one_error" '^info string error' 3
expect_line "position_unchanged_after_bad_string" '^Fen: .*/wbw\.wbwb/.* w s$'

# Black removes a1, White then b1 (b2 is not White's to take).
talk "position fen $START moves a1 b1" d
expect_line "fen_with_moves" '^Fen: wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/\.\.bwbwbw b -$'
expect_no_line "fen_with_legal_moves_gives_no_error" '^info string error'

# perft runs like a search: quit ends it at once, so wait for the count
# (microseconds for these two).
talk 'go perft 2' 'pause 0.2'
expect_line "perft_divide_line_format" '^[a-h][1-8]: [0-9]+$'
expect_line "perft_total_line" '^Nodes searched: 144$'
expect_count "perft_one_line_per_root_move" '^[a-h][1-8]: [0-9]+$' 32
expect_line "perft_blank_line_before_total" '^$'

talk 'position startpos' 'perft 3' 'pause 0.2'
expect_line "perft_command_alias" '^Nodes searched: 404$'

talk 'position startpos' moves
expect_count "moves_is_one_line" '^moves' 1
expect_line "moves_lists_every_first_removal" '^moves( [a-h][1-8]){32}$'

talk 'position startpos' 'query gameover' 'query p1turn' 'query result'
expect_line "fresh_game_not_over" '^response false$'
expect_line "p1_to_move_at_start" '^response true$'
expect_line "no_result_yet" '^response none$'

talk 'position startpos moves d4' 'query p1turn'
expect_line "p2_to_move_after_one_move" '^response false$'

talk 'position startpos moves d4 swap' 'query p1turn' d
expect_line "p1_moves_right_after_p2_swap" '^response true$'
expect_line "swap_keeps_colour_to_move" '^Side to move: w \(p1 plays w\)$'

talk 'position fen wb/bw b - moves a1 b1 b2' 'query gameover' 'query result' 'query p1turn' 'go depth 1' 'moves'
expect_line "no_move_means_game_over" '^response true$'
expect_line "player_left_without_move_loses" '^response p1win$'
expect_line "go_in_finished_game_gives_none" '^bestmove \(none\)$'
expect_line "moves_in_finished_game_is_empty" '^moves$'

talk 'setoption name Game value territoire' 'position deal 7' d 'position deal 7' d 'position deal x'
expect_line "deal_gives_a_territoire_layout" '^Fen: ([1-6][.bwx]){36} [0-9]+ b 666 666 0 0$'
expect_line "deal_rejects_bad_seed" "^info string error position deal: seed 'x'"
n=$(printf '%s\n' "$REPLY" | grep '^Fen:' | sort -u | wc -l)
if [ "$n" -eq 1 ]; then ok "deal_is_deterministic_by_seed"; else not_ok "deal_is_deterministic_by_seed" "$n different layouts"; fi

talk 'position deal 3'
expect_line "deal_needs_a_game_with_random_setups" '^info string error position deal: roomandpillar has no random setups'

finish
