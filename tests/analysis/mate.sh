#!/bin/sh
# mate.sh - one `mate N` convention for both backends (UCI's: N counts the
# side to move's own turns), checked through the protocol.
. "$(dirname "$0")/lib.sh"

# Black wins with its 2nd own turn (a5, white's reply, then the win): 3 plies.
# A node limit, not a movetime: under ThreadSanitizer on a loaded machine a
# 200 ms search once ended after one node, before any proof.
WIN_IN_2='position fen w.w.w./b...../.bw.w./....../.b.b.b/b....w b -'
for backend in alphabeta mcts; do
    converse 'setoption name Game value roomandpillar' "setoption name Backend value $backend" \
        "$WIN_IN_2" 'go nodes 2000' await_bestmove \
        "$WIN_IN_2 moves a5" 'go nodes 2000' await_bestmove
    expect_line "${backend}_win_with_second_own_turn_is_mate_2" '^info .*score mate 2 .*pv a5'
    expect_no_line "${backend}_win_with_second_own_turn_is_not_mate_3" 'score mate 3 '
    # After a5 white loses after one own turn: 2 plies, mate -1.
    expect_line "${backend}_loss_after_one_own_turn_is_mate_minus_1" '^info .*score mate -1 '
    expect_no_line "${backend}_loss_after_one_own_turn_is_not_mate_minus_2" 'score mate -2 '
done

finish
