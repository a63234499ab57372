#!/bin/sh
# wdl.sh - option UCI_ShowWDL: when on, every `info ... score ...` line
# (MultiPV lines too) carries `wdl W D L` per mille after the score, in
# both backends; off (the default), none does.
. "$(dirname "$0")/lib.sh"

# every_scored_line_has_wdl NAME: each info line with a score has a wdl
# right after it, and its three numbers sum to 1000.
every_scored_line_has_wdl() {
    bad=$(printf '%s\n' "$REPLY" | grep '^info .* score ' | awk '
        { at = 0; for (i = 1; i <= NF; i++) if ($i == "score") at = i }
        $(at + 3) != "wdl" || $(at + 4) + $(at + 5) + $(at + 6) != 1000 { print }')
    lines=$(printf '%s\n' "$REPLY" | grep -c '^info .* score ')
    if [ -z "$bad" ] && [ "$lines" -gt 0 ]; then ok "$1"; else not_ok "$1" "$lines scored lines; without a wdl summing to 1000:" "$bad"; fi
}

converse 'uci'
expect_line "option_listed_in_uci" '^option name UCI_ShowWDL type check default false$'

# Two moves: a5 wins with the 2nd own turn, a1 loses after one.
RP='position fen w.w.w./b...../.bw.w./....../.b.b.b/b....w b -'
for backend in alphabeta mcts; do
    converse 'setoption name Game value columna' "setoption name Backend value $backend" \
        'position startpos' 'go nodes 2000' await_bestmove
    expect_no_line "${backend}_off_by_default_shows_no_wdl" ' wdl '

    converse 'setoption name Game value columna' "setoption name Backend value $backend" \
        'setoption name UCI_ShowWDL value true' 'position startpos' 'go nodes 2000' await_bestmove
    every_scored_line_has_wdl "${backend}_on_every_line_has_wdl"
    # Columna has no draws: no draw mass.
    expect_line "${backend}_columna_has_no_draw_mass" '^info .* score cp -?[0-9]+ wdl [0-9]+ 0 [0-9]+ nodes '

    # Territoire has draws (equal scores): some draw mass at its start.
    converse 'setoption name Game value territoire' "setoption name Backend value $backend" \
        'setoption name UCI_ShowWDL value true' 'position startpos' 'go nodes 2000' await_bestmove
    expect_line "${backend}_territoire_has_draw_mass" '^info .* score cp -?[0-9]+ wdl [0-9]+ [1-9][0-9]* [0-9]+ nodes '

    # MultiPV lines carry it too; proofs are certain.
    converse 'setoption name Game value roomandpillar' "setoption name Backend value $backend" \
        'setoption name UCI_ShowWDL value true' 'setoption name MultiPV value 2' "$RP" 'go nodes 3000' \
        await_bestmove
    every_scored_line_has_wdl "${backend}_multipv_lines_have_wdl"
    expect_line "${backend}_proven_win_is_1000_0_0" '^info .* multipv 1 score mate 2 wdl 1000 0 0 nodes .* pv a5'
    expect_line "${backend}_proven_loss_is_0_0_1000" '^info .* multipv 2 score mate -1 wdl 0 0 1000 nodes .* pv a1'

    # Turned off again: gone.
    converse 'setoption name Game value columna' "setoption name Backend value $backend" \
        'setoption name UCI_ShowWDL value true' 'setoption name UCI_ShowWDL value false' 'position startpos' \
        'go nodes 2000' await_bestmove
    expect_no_line "${backend}_turned_off_shows_no_wdl" ' wdl '
    expect_line "${backend}_turned_off_still_reports" '^info depth .* score '
done

# Qawale, White's last pebble: every move ends the game drawn.  MCTS
# proves the draw: certain, 0 1000 0 (not the model's reading of cp 0).
converse 'setoption name Game value qawale' 'setoption name Backend value mcts' \
    'setoption name UCI_ShowWDL value true' 'position fen b,w,wb,b/bwb,wnn,n,w/n,n,b,n/bw,n,bw,n w 1 0' \
    'go nodes 500' await_bestmove
expect_line "mcts_proven_draw_is_0_1000_0" '^info .* score cp 0 wdl 0 1000 0 nodes '

finish
