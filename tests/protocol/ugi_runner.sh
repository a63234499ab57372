#!/bin/sh
# ugi_runner.sh - a whole game of each of the four games, driven the way the
# UGI runner cutegames drives an engine (protocol.md, "Outside runners:
# cutegames"): the options in its order, Game last; then before every move
# the position from the opening with every move so far, `query p1turn`,
# `query gameover`, a clock `go` (here with `nodes 400`, to be quick), and
# at the end `query result`.  cutegames reads a `response` or `bestmove`
# line only when it has exactly two words, so every such line here must
# have two; p1 must alternate while the game goes on (across a Room and
# Pillar swap too: position.sh), the game end with a result, and no line
# of the conversation be refused.
. "$(dirname "$0")/lib.sh"

# Lines of the engine's output so far that match REGEX.
count() { grep -Ec -- "$1" "$dir/out"; }

# wait_for REGEX N: waits until N lines of the output match REGEX (20 s at
# most, times the slowdown); fails the game when they do not come.
wait_for() {
    ticks=$(awk -v s="$(scaled 20)" 'BEGIN { printf "%d", s * 50 }')
    while [ "$(count "$1")" -lt "$2" ]; do
        ticks=$((ticks - 1))
        if [ "$ticks" -le 0 ]; then
            problem="no line /$1/ number $2 came"
            return 1
        fi
        sleep 0.02
    done
}

# last REGEX: the last output line matching REGEX.
last() { grep -E -- "$1" "$dir/out" | tail -n 1; }

# play GAME BACKEND OPENING: one game from OPENING ("startpos" or "fen
# ..."), the engine playing both sides.  Sets $problem (empty when the
# game went as cutegames needs) and $result.
play() {
    problem='' result='' moves='' plies=0 responses=0 moves_made=0
    open_engine "$(scaled 120)"
    printf '%s\n' ugi "setoption name Backend value $2" 'setoption name Threads value 1' \
        'setoption name MoveOverhead value 30' 'setoption name Hash value 4' \
        "setoption name Game value $1" isready uginewgame >&9
    while [ -z "$problem" ]; do
        printf '%s\n' "position $3${moves:+ moves$moves}" 'query p1turn' 'query gameover' >&9
        responses=$((responses + 2))
        wait_for '^response' "$responses" || break
        p1turn=$(grep -E '^response' "$dir/out" | tail -n 2 | head -n 1 | cut -d' ' -f2)
        over=$(last '^response' | cut -d' ' -f2)
        # p1 is checked only while the game goes on: Columna's last pawn
        # move leaves its mover named (RULES.md), and cutegames, asking
        # that engine, hears that the game is over all the same.
        [ "$over" = true ] && break
        [ "$over" = false ] || problem="ply $((plies + 1)): query gameover answered '$over'"
        want=true
        [ $((plies % 2)) -eq 1 ] && want=false
        [ "$p1turn" = "$want" ] || problem="ply $((plies + 1)): query p1turn answered '$p1turn', expected $want"
        [ "$plies" -lt 120 ] || problem="no end after 120 plies"
        [ -z "$problem" ] || break
        printf '%s\n' 'go p1time 60000 p2time 60000 p1inc 0 p2inc 0 nodes 400' >&9
        moves_made=$((moves_made + 1))
        wait_for '^bestmove' "$moves_made" || break
        best=$(last '^bestmove')
        move=${best#bestmove }
        case "$move" in
        '' | *' '* | '(none)') problem="ply $((plies + 1)): '$best' is not 'bestmove <move>'" ;;
        esac
        moves="$moves $move"
        plies=$((plies + 1))
    done
    if [ -z "$problem" ]; then
        printf '%s\n' 'query result' >&9
        wait_for '^response' $((responses + 1)) && result=$(last '^response' | cut -d' ' -f2)
    fi
    printf 'quit\n' >&9
    exec 9>&-
    wait "$engine_timeout_pid" || problem="${problem:+$problem; }the engine did not exit 0 after quit"
    odd=$(grep -E '^(response|bestmove)' "$dir/out" | awk 'NF != 2' | head -n 1)
    [ -z "$odd" ] || problem="${problem:+$problem; }a line cutegames cannot read: '$odd'"
    refused=$(grep -E '^info string error' "$dir/out" | head -n 1)
    [ -z "$refused" ] || problem="${problem:+$problem; }refused: $refused"
    rm -rf "$dir"
}

# The Territoire opening a cutegames openings file holds for a deal.
talk 'setoption name Game value territoire' 'position deal 1' d
deal=$(printf '%s\n' "$REPLY" | sed -n 's/^Fen: //p')

# game GAME BACKEND OPENING: plays it and says how it went.
game() {
    play "$@"
    case "$problem:$result" in
    :p1win | :p2win | :draw) ok "ugi_runner_plays_$1_to_its_end ($plies plies, $result)" ;;
    *) not_ok "ugi_runner_plays_$1_to_its_end" "${problem:-the result was: $result}" ;;
    esac
}

game roomandpillar alphabeta startpos
game columna mcts startpos
game qawale alphabeta startpos
game territoire mcts "fen $deal"

finish
