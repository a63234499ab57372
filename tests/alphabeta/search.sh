#!/bin/sh
# The alphabeta backend through the protocol: info lines, proofs reported as
# mate scores, `stop` and `go movetime` kept to, threads, its options.
# converse (tests/analysis/lib.sh) waits for a bestmove instead of sleeping:
# a fixed sleep cut slow searches short (Qawale's network under tsan).
. "$(dirname "$0")/../analysis/lib.sh"

AB='setoption name Backend value alphabeta'

# ms_to_bestmove GAME GO-COMMAND DELAY-BEFORE-STOP LIMIT-MS: the ms from the
# go command (DELAY "-") or from a stop sent DELAY seconds after it, to
# bestmove; the input ends (quit) a little after LIMIT-MS, so that a late
# answer counts late.
ms_to_bestmove() {
    setup=$(printf '%s\n%s\nposition startpos' "setoption name Game value $1" "$AB")
    quit_after=$(awk -v ms="$4" 'BEGIN { print ms / 1000 + 0.4 }')
    if [ "$3" = "-" ]; then
        ms_until_bestmove "$setup" 0 "$2" "$quit_after"
    else
        ms_until_bestmove "$(printf '%s\n%s' "$setup" "$2")" "$3" stop "$quit_after"
    fi
}

# These check that the engine answers promptly, not how fast: a shared or
# loaded CI machine adds scheduling delays (SLOWDOWN counts the load
# tests/run.sh measured), and sanitized builds run several times slower.
# `tessera bench` and the closing notes report the speed.
slack=$((250 * SLOWDOWN))

for game in roomandpillar columna qawale territoire; do
    ms=$(ms_to_bestmove $game 'go infinite' "$(loaded 0.5)" $((20 + slack)))
    if [ "$ms" -le $((20 + slack)) ]; then ok "${game}_stop_answered_at_once"; else not_ok "${game}_stop_answered_at_once" "bestmove ${ms} ms after stop"; fi
    ms=$(ms_to_bestmove $game 'go movetime 300' - $((300 + 20 + slack)))
    if [ "$ms" -le $((300 + 20 + slack)) ] && [ "$ms" -ge 250 ]; then ok "${game}_movetime_kept"; else not_ok "${game}_movetime_kept" "bestmove ${ms} ms after go movetime 300"; fi

    converse "setoption name Game value $game" "$AB" 'setoption name Threads value 2' 'position startpos' 'go depth 3' await_bestmove
    expect_line "${game}_info_line_has_every_field" '^info depth 3 seldepth [0-9]+ score (cp|mate) -?[0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ hashfull [0-9]+ pv .+'
    expect_count "${game}_two_threads_one_bestmove" '^bestmove [^ ]+$' 1
    expect_no_line "${game}_no_errors" '^info string error'
done

# 4x4 Room and Pillar: the first player loses (the pie rule): proven at once
# (waited for, not slept on: a stop after a fixed sleep came before the
# proof when the machine was slow to start the engine).
converse 'setoption name Game value roomandpillar' "$AB" 'position fen wbwb/bwbw/wbwb/bwbw b -' 'go infinite' \
    'await ^info .*score mate ' stop await_bestmove
expect_line "roomandpillar_4x4_proven_as_a_loss" '^info depth [0-9]+ .*score mate -[0-9]+ '

# seconds_to_mate THREADS LIMIT POSITION: `go infinite` on a Room and Pillar
# position; prints the whole seconds until the first `score mate` line (or
# 999999 when none came within LIMIT seconds), then stops the search; the
# engine must then quit cleanly.
seconds_to_mate() {
    stamp_dir=$(mktemp -d)
    date +%s >"$stamp_dir/sent"
    (
        printf '%s\n%s\n%s\nposition %s\ngo infinite\n' 'setoption name Game value roomandpillar' "$AB" \
            "setoption name Threads value $1" "$3"
        waited=0
        while [ "$waited" -lt "$2" ] && [ ! -f "$stamp_dir/mate" ]; do
            sleep 1
            waited=$((waited + 1))
        done
        printf 'stop\nquit\n'
    ) | {
        timeout $(($2 + 10)) "$ENGINE" 2>&1
        echo $? >"$stamp_dir/status"
    } | while IFS= read -r line; do
        case "$line" in *" score mate "*) [ -f "$stamp_dir/mate" ] || date +%s >"$stamp_dir/mate" ;; esac
    done
    expect_clean_exit "$(cat "$stamp_dir/status")" "stop after go infinite"
    if [ -f "$stamp_dir/mate" ]; then
        echo $(($(cat "$stamp_dir/mate") - $(cat "$stamp_dir/sent")))
    else
        echo 999999
    fi
    rm -rf "$stamp_dir"
}

# The proof search: 6x6 (with the pie rule) proven at once by `go infinite`;
# in the release build also the 8x8 start within a minute at two threads
# (issue 6's target; a couple of seconds on an idle machine).  The limits
# hold on an idle machine, and are multiplied by the load (LOAD_FACTOR);
# `tessera bench proof` times the proofs.
case "$BUILD" in *release*) proof_limit=$((3 * LOAD_FACTOR)) ;; *) proof_limit=$((40 * LOAD_FACTOR)) ;; esac
s=$(seconds_to_mate 1 "$proof_limit" 'fen wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw b -')
if [ "$s" -le "$proof_limit" ]; then ok "roomandpillar_6x6_proven_by_go_infinite"; else not_ok "roomandpillar_6x6_proven_by_go_infinite" "no mate score after ${s} s"; fi
case "$BUILD" in *release*)
    minute=$((60 * LOAD_FACTOR))
    s=$(seconds_to_mate 2 "$minute" startpos)
    if [ "$s" -le "$minute" ]; then ok "roomandpillar_8x8_start_proven_within_a_minute_at_two_threads"; else not_ok "roomandpillar_8x8_start_proven_within_a_minute_at_two_threads" "no mate score after $minute s"; fi
    ;;
esac

# A Qawale line made at once is a win in one turn.
converse 'setoption name Game value qawale' "$AB" 'position fen .,n,n,w/b,.,bw,n/nww,.,n,./w,nbb,.,nn b 3 4' 'go depth 4' await_bestmove
expect_line "qawale_win_in_one_reported" 'score mate 1 '

converse "$AB" 'setoption name AbAspiration value 0' 'setoption name AbReduction value 0' 'position startpos' 'go depth 6' await_bestmove
expect_no_line "search_options_accepted" '^info string error'
expect_count "search_without_aspiration_or_reductions" '^bestmove' 1

# The reductions' bounds are settings: from depth 64 on, nothing at depth
# 8 is reduced (the same nodes as AbReduction 0), and reducing from the
# first child on searches fewer nodes than the default (one thread:
# the node counts are the search's own).
# columna_depth8_nodes SETTING...: the node count of `go depth 8`.
columna_depth8_nodes() {
    converse "setoption name Game value columna" "$AB" "$@" 'position startpos' 'go depth 8' await_bestmove
    printf '%s\n' "$REPLY" | sed -n 's/^info depth 8 .* nodes \([0-9]*\) .*/\1/p' | tail -n 1
}
unreduced=$(columna_depth8_nodes 'setoption name AbReduction value 0')
deep_only=$(columna_depth8_nodes 'setoption name AbReductionDepth value 64')
default_nodes=$(columna_depth8_nodes)
early=$(columna_depth8_nodes 'setoption name AbReductionIndex value 1')
if [ -n "$unreduced" ] && [ "$unreduced" = "$deep_only" ] && [ "$default_nodes" -lt "$unreduced" ]; then
    ok reduction_depth_bounds_the_reductions
else
    not_ok reduction_depth_bounds_the_reductions "nodes: AbReduction 0 '$unreduced', AbReductionDepth 64 '$deep_only', default '$default_nodes'"
fi
if [ -n "$early" ] && [ "$early" -lt "$default_nodes" ]; then ok reduction_index_reduces_earlier; else not_ok reduction_index_reduces_earlier "nodes: AbReductionIndex 1 '$early', default '$default_nodes'"; fi

# isready makes the tables (and MCTS's pool) when nothing made them yet, and never clears
# those a search made: the same `go depth 6` twice (one thread, so the
# node counts are the search's own), isready between them: the second
# finds the first's table and searches less; ucinewgame between them
# clears it: the same count again.
# depth_nodes BETWEEN: the two searches' node counts at depth 6.
depth_nodes() {
    converse "setoption name Game value columna" "$AB" isready 'await readyok' 'position startpos' 'go depth 6' \
        await_bestmove "$1" isready 'await readyok' 'go depth 6' await_bestmove
    printf '%s\n' "$REPLY" | sed -n 's/^info depth 6 .* nodes \([0-9]*\) .*/\1/p' | tr '\n' ' '
}
# resident_kb_at_readyok HASH BACKEND_LINE: the engine's resident memory
# (kB) once it answered the first isready after setting the backend and Hash.
resident_kb_at_readyok() {
    d=$(mktemp -d)
    mkfifo "$d/in"
    timeout $((30 * LOAD_FACTOR)) sh -c 'echo $$ >"$1"; exec "$2"' sh "$d/pid" "$ENGINE" <"$d/in" >"$d/out" 2>&1 &
    exec 8>"$d/in"
    printf 'uci\n%s\nsetoption name Hash value %s\nisready\n' "$2" "$1" >&8
    wait_for "$d/out" '^readyok' 1
    sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$(cat "$d/pid")/status"
    printf 'quit\n' >&8
    exec 8>&-
    wait
    rm -rf "$d"
}
kb=$(resident_kb_at_readyok 256 "$AB")
if [ "${kb:-0}" -ge 200000 ]; then ok "isready_makes_the_tables"; else not_ok "isready_makes_the_tables" "resident ${kb:-?} kB after readyok, Hash 256"; fi
kb=$(resident_kb_at_readyok 256 'setoption name Backend value mcts')
if [ "${kb:-0}" -ge 200000 ]; then ok "isready_makes_the_mcts_pool"; else not_ok "isready_makes_the_mcts_pool" "resident ${kb:-?} kB after readyok, Hash 256"; fi

set -- $(depth_nodes isready)
if [ $# -eq 2 ] && [ "$2" -lt "$1" ]; then ok "isready_keeps_the_search_table"; else not_ok "isready_keeps_the_search_table" "nodes: $*"; fi
set -- $(depth_nodes ucinewgame)
if [ $# -eq 2 ] && [ "$2" -eq "$1" ]; then ok "ucinewgame_clears_the_search_table"; else not_ok "ucinewgame_clears_the_search_table" "nodes: $*"; fi

finish
