#!/bin/sh
# The mcts backend through the protocol: stop and time limits, info lines,
# proven results as mate scores, a tiny Hash, and the same output for the
# same Seed and `go nodes`.
# converse (tests/analysis/lib.sh) waits for the bestmove instead of sleeping.
. "$(dirname "$0")/../analysis/lib.sh"

MCTS='setoption name Backend value mcts'
# "At once": bestmove must come before an isready sent this long after stop
# (generous, as a loaded machine may be slow to schedule the search thread).
quick=$(scaled 0.2)

for game in roomandpillar columna qawale territoire; do
    talk "setoption name Game value $game" "$MCTS" 'position startpos' 'go infinite' 'sleep 0.4' stop "sleep $quick" isready
    expect_order "${game}_stop_answers_at_once" '^bestmove [^ ]+$' '^readyok$'
done

# Waits for the bestmove: a quit sent after a fixed sleep stopped the search
# short of its movetime when a loaded machine started the engine late.
converse "$MCTS" 'setoption name Game value qawale' 'position startpos' 'go movetime 2500' await_bestmove
expect_count "info_about_once_a_second" '^info depth [0-9]+ seldepth [0-9]+ score cp -?[0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ hashfull [0-9]+ pv ' 3
last_time=$(printf '%s\n' "$REPLY" | grep '^info' | tail -n 1 | sed 's/.* time \([0-9]*\) .*/\1/')
# The whole movetime is thought (MoveOverhead is for clocks), and not much more.
if [ "$last_time" -ge 2500 ] && [ "$last_time" -le $((2500 + 100 * SLOWDOWN)) ]; then
    ok movetime_is_kept
else
    not_ok movetime_is_kept "last info at $last_time ms"
fi

# The proofs below take well under a second of an idle machine's time, and
# the proven root ends the 20 s search by itself: its bestmove comes before
# the readyok of an isready sent after it (a quit would also answer one).
converse_proof() { # game fen
    converse "$MCTS" "setoption name Game value $1" "position fen $2" 'go movetime 20000' await_bestmove \
        isready 'await ^readyok'
}
converse_proof qawale 'b,w,b,./b,nn,.,b/ww,nn,w,./nnw,wb,wb,nn b 1 2'
expect_line "proven_win_is_a_mate_score" '^info .*score mate [1-9][0-9]* '
expect_order "proven_root_stops_the_search" '^bestmove [a-d][1-4]' '^readyok$'

converse_proof territoire '3w6b2.5.1w4w4.5b1b6b3.2b1x2x5b3w4x6w6.3b4x2b5b1.5w1b3b4b2.6w2w4b6b1.5w3. 19 w 300 600 3 1'
expect_line "proven_loss_is_a_negative_mate" '^info .*score mate -[1-9][0-9]* '
expect_order "proven_loss_stops_the_search" '^bestmove ' '^readyok$'

# 20,000 playouts fill a 1 MB table (50 ms of an idle machine); 100,000
# keep going past that, whatever the load or the sanitizer.
converse "$MCTS" 'setoption name Hash value 1' 'position startpos' 'go nodes 100000' await_bestmove
expect_line "tiny_hash_fills_and_keeps_going" '^info .* hashfull 1000 '
expect_count "tiny_hash_still_answers" '^bestmove [a-h][1-8]$' 1

same_seed() {
    # Waits for the bestmove: a quit sent after a fixed sleep stopped a slow
    # (sanitized, loaded) search early, at a different playout each time.
    converse "$MCTS" "setoption name Game value $1" 'setoption name Seed value 5' 'position startpos' 'go nodes 3000' await_bestmove
    # The last info line and bestmove: progress lines in between come by
    # the clock (one more on a slow, loaded or sanitized run).
    printf '%s\n' "$REPLY" | grep -E '^(info|bestmove)' | tail -n 2 | sed 's/ nps [0-9]* time [0-9]*//'
}
for game in roomandpillar columna qawale territoire; do
    first=$(same_seed $game)
    second=$(same_seed $game)
    if [ -n "$first" ] && [ "$first" = "$second" ]; then ok "${game}_same_seed_same_output"; else
        not_ok "${game}_same_seed_same_output" "$first" "---" "$second"; fi
done

converse "$MCTS" 'setoption name Threads value 2' 'setoption name Game value columna' 'position startpos' \
    'go movetime 500' await_bestmove
expect_count "two_threads_give_one_bestmove" '^bestmove [a-f][1-6][a-f][1-6]' 1

finish
