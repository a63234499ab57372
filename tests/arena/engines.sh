#!/bin/sh
# engines.sh - the arena's hold on engine processes: every engine is checked
# before the first game, options are checked against what the engine
# offers, a reply always belongs to the go it answers, the whitespace UCI
# allows is read, and nothing an engine starts outlives it.
. "$(dirname "$0")/lib.sh"

GOOD="cmd=$FAKES/fake_engine name=Good"

# terminations FILE: the Termination tags of a PGN, sorted and counted.
terminations() { sed -n 's/^\[Termination "\(.*\)"\]$/\1/p' "$1" | sort | uniq -c | tr -s ' ' | tr '\n' ';'; }

# alive PID: the process exists and is not a zombie.
alive() {
    state=$(ps -o stat= -p "$1" 2>/dev/null)
    case "$state" in "" | Z*) return 1 ;; esac
    return 0
}

# none_alive PIDFILE: every pid listed is gone (and the file lists some).
none_alive() {
    [ -s "$1" ] || return 1
    for pid in $(cat "$1"); do
        if alive "$pid"; then return 1; fi
    done
    return 0
}

# ---- item 8: whitespace UCI allows ----
for style in tab pad crlf; do
    arena -engine $GOOD -engine cmd="$FAKES/fake_engine" name=Styled args="--style $style --seed 3" \
        -each tc=2+0.05 timeout=2 -game roomandpillar -games 2 -pgnout "$WORK/style-$style.pgn"
    expect_status "style $style: the run completes" 0
    check "style $style: both games end by the rules" \
        [ "$(terminations "$WORK/style-$style.pgn")" = " 2 normal;" ]
done

# ---- item 4: a stale second bestmove is not the answer to the next go ----
arena -engine $GOOD -engine cmd="$FAKES/fake_engine" name=Twice args="--mode twice --seed 5" \
    -each tc=2+0.05 timeout=2 -game roomandpillar -games 2 -pgnout "$WORK/twice.pgn"
expect_status "twice: the run completes" 0
check "twice: both games end by the rules, no illegal move" [ "$(terminations "$WORK/twice.pgn")" = " 2 normal;" ]

# ---- item 7: process groups ----
arena -engine $GOOD -engine cmd="$FAKES/fake_engine" name=Parent args="--spawn $WORK/quit.pids" \
    -each tc=2+0.05 timeout=2 -game roomandpillar -games 2 -pgnout "$WORK/quit.pgn"
expect_status "children after quit: the run completes" 0
check "children after quit: every child the engine forked is gone" none_alive "$WORK/quit.pids"

# The engine aborts while its child still holds its output open: a crash
# at once, not a time forfeit when its 30 s clock runs out.
arena -engine $GOOD -engine cmd="$FAKES/fake_crash" name=Crasher args="--after 3 --spawn $WORK/crash.pids" \
    -each tc=30+0 timeout=2 -game roomandpillar -games 1 -pgnout "$WORK/crash.pgn"
expect_status "crash with a child: the run completes" 0
check "crash with a child: reported as a crash" [ "$(terminations "$WORK/crash.pgn")" = " 1 crash;" ]
check "crash with a child: the child is gone" none_alive "$WORK/crash.pids"

arena -engine $GOOD -engine cmd="$FAKES/fake_hang" name=Hanger args="--after 2 --spawn $WORK/hang.pids" \
    -each tc=0.5+0 timeout=2 -game roomandpillar -games 1 -pgnout "$WORK/hang.pgn"
check "hang with a child: a time forfeit" [ "$(terminations "$WORK/hang.pgn")" = " 1 time forfeit;" ]
check "hang with a child: the child is gone after the kill" none_alive "$WORK/hang.pids"

finish
