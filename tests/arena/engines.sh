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
        -each tc=2+0.05 timeout=$((2 * LOAD_FACTOR)) "$GRACE" -game roomandpillar -games 2 -pgnout "$WORK/style-$style.pgn"
    expect_status "style $style: the run completes" 0
    check "style $style: both games end by the rules" \
        [ "$(terminations "$WORK/style-$style.pgn")" = " 2 normal;" ]
done

# ---- item 4: a stale second bestmove is not the answer to the next go ----
arena -engine $GOOD -engine cmd="$FAKES/fake_engine" name=Twice args="--mode twice --seed 5" \
    -each tc=2+0.05 timeout=$((2 * LOAD_FACTOR)) "$GRACE" -game roomandpillar -games 2 -pgnout "$WORK/twice.pgn"
expect_status "twice: the run completes" 0
check "twice: both games end by the rules, no illegal move" [ "$(terminations "$WORK/twice.pgn")" = " 2 normal;" ]

# ---- item 7: process groups ----
arena -engine $GOOD -engine cmd="$FAKES/fake_engine" name=Parent args="--spawn $WORK/quit.pids" \
    -each tc=2+0.05 timeout=$((2 * LOAD_FACTOR)) -game roomandpillar -games 2 -pgnout "$WORK/quit.pgn"
expect_status "children after quit: the run completes" 0
check "children after quit: every child the engine forked is gone" none_alive "$WORK/quit.pids"

# The engine aborts while its child still holds its output open: a crash
# at once, not a time forfeit when its 30 s clock runs out.
arena -engine $GOOD -engine cmd="$FAKES/fake_crash" name=Crasher args="--after 3 --spawn $WORK/crash.pids" \
    -each tc=30+0 timeout=$((2 * LOAD_FACTOR)) -game roomandpillar -games 1 -pgnout "$WORK/crash.pgn"
expect_status "crash with a child: the run completes" 0
check "crash with a child: reported as a crash" [ "$(terminations "$WORK/crash.pgn")" = " 1 crash;" ]
check "crash with a child: the child is gone" none_alive "$WORK/crash.pids"

arena -engine $GOOD -engine cmd="$FAKES/fake_hang" name=Hanger args="--after 2 --spawn $WORK/hang.pids" \
    -each tc=0.5+0 timeout=$((2 * LOAD_FACTOR)) -game roomandpillar -games 1 -pgnout "$WORK/hang.pgn"
check "hang with a child: a time forfeit" [ "$(terminations "$WORK/hang.pgn")" = " 1 time forfeit;" ]
check "hang with a child: the child is gone after the kill" none_alive "$WORK/hang.pids"

# ---- the arena killed outright (kill -9): its engines do not outlive it ----
# fake_engine --deaf ignores the end of its input, so only a signal can end
# it once the arena is gone (Linux: the parent-death signal).
gone_within_5s() { # pidfile
    i=0
    while [ $i -lt 100 ]; do
        if none_alive "$1"; then return 0; fi
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}
if [ "$(uname -s)" = Linux ]; then
    "$ARENA" -engine $GOOD -engine cmd="$FAKES/fake_engine" name=Deaf args="--deaf --pidfile $WORK/deaf.pids" \
        -each tc=60+0 timeout=5 -game roomandpillar -games 200 -concurrency 2 -pgnout "$WORK/deaf.pgn" \
        >/dev/null 2>&1 &
    pid=$!
    i=0 # the check's process, then one per game thread
    while [ "$(cat "$WORK/deaf.pids" 2>/dev/null | wc -l)" -lt 3 ] && [ $i -lt 400 ]; do
        sleep 0.05
        i=$((i + 1))
    done
    kill -9 $pid
    wait $pid 2>/dev/null
    check "arena killed: its engines were playing ($(wc -l <"$WORK/deaf.pids") started)" [ "$(wc -l <"$WORK/deaf.pids")" -ge 3 ]
    check "arena killed: an engine that ignores the end of its input is gone too" gone_within_5s "$WORK/deaf.pids"
    for p in $(cat "$WORK/deaf.pids"); do kill -9 "$p" 2>/dev/null; done
fi

# ---- item 1: every engine is checked before the first game ----
# refused NAME ENGINE-ARGS... REGEX: the run stops before any game with exit
# 4 and a message that matches REGEX (it names the engine and why).
refused() {
    name=$1
    regex=$2
    shift 2
    rm -f "$WORK/refused.pgn"
    arena -each tc=2+0.05 timeout=$((2 * LOAD_FACTOR)) -game roomandpillar -games 4 -pgnout "$WORK/refused.pgn" "$@"
    expect_status "$name: exit 4" 4
    expect_out "$name: says which engine and why" "$regex"
    check "$name: no game played" [ "$(games_in "$WORK/refused.pgn")" -eq 0 ]
}

refused "missing binary" "engine New \(cmd=$BUILD/tessera-new\): cannot run .*not found" \
    -engine cmd="$BUILD/tessera-new" name=New -engine $GOOD
refused "both missing" "engine A \(cmd=$WORK/a\): cannot run .*not found" \
    -engine cmd="$WORK/a" name=A -engine cmd="$WORK/b" name=B
expect_out "both missing: names the second one too" "^engine B \(cmd=$WORK/b\): cannot run .*not found"
refused "not in PATH" "engine Typo \(cmd=tessera-no-such-engine\): cannot run .*not found in PATH" \
    -engine $GOOD -engine cmd=tessera-no-such-engine name=Typo
printf '#!/bin/sh\nexit 0\n' >"$WORK/noexec"
chmod 644 "$WORK/noexec"
refused "not executable" "engine NoExec \(cmd=$WORK/noexec\): cannot run .*not executable" \
    -engine $GOOD -engine cmd="$WORK/noexec" name=NoExec
refused "no handshake" "engine Quits \(cmd=$FAKES/fake_noshake\): no handshake: exited with status 3" \
    -engine $GOOD -engine cmd="$FAKES/fake_noshake" name=Quits
refused "mute" "engine Mute \(cmd=$FAKES/fake_mute\): no handshake: did not answer in time" \
    -engine $GOOD -engine cmd="$FAKES/fake_mute" name=Mute

# An engine that started fine, played, then stops starting (its third
# handshake on, counted over its processes): three of its games in a row
# lost by "no handshake" stop the run; every finished game stays in the PGN
# and the report is printed.
arena -engine $GOOD -engine cmd="$FAKES/fake_noshake" name=Vanishes \
    args="--one-game --after 3 --count-file $WORK/starts" \
    -each tc=2+0.05 timeout=$((2 * LOAD_FACTOR)) "$GRACE" -game roomandpillar -games 10 -pgnout "$WORK/vanish.pgn"
expect_status "stops starting: exit 4" 4
expect_out "stops starting: says why" "engine Vanishes \(cmd=.*\) failed to start for 3 games in a row"
check "stops starting: the finished games are kept" \
    [ "$(terminations "$WORK/vanish.pgn")" = " 3 no handshake; 1 normal;" ]
expect_out "stops starting: the report is printed" "^Games: 4,"

# ---- item 2: options are checked against what the engine offers ----
OPTS="cmd=$FAKES/fake_engine name=Opts args=--options"
arena -engine $GOOD -engine $OPTS "option.depth limit=64" option.PONDER=true "option.style=wild ride" \
    "option.Book File=/no/such/book" -each tc=2+0.05 timeout=$((2 * LOAD_FACTOR)) -game roomandpillar -games 2
expect_status "options it offers, any case: the run completes" 0
refused "unknown option" "engine Opts \(cmd=.*\): refuses option.Depth=3: has no option 'Depth'" \
    -engine $GOOD -engine $OPTS option.Depth=3
refused "spin out of range" "refuses option.Depth Limit=65: '65' is not a whole number from 1 to 64" \
    -engine $GOOD -engine $OPTS "option.Depth Limit=65"
refused "spin not a number" "refuses option.Depth Limit=0x10: .* from 1 to 64" \
    -engine $GOOD -engine $OPTS "option.Depth Limit=0x10"
refused "check not true/false" "refuses option.Ponder=yes: 'yes' is not true or false" \
    -engine $GOOD -engine $OPTS option.Ponder=yes
refused "combo value unknown" "refuses option.Style=Calm: 'Calm' is not one of Solid, Wild Ride" \
    -engine $GOOD -engine $OPTS option.Style=Calm
refused "button given a value" "refuses option.Clear Hash=1: Clear Hash is a button" \
    -engine $GOOD -engine $OPTS "option.Clear Hash=1"
refused "game it does not play" "engine Good .*: does not play qawale" -engine $GOOD -engine $OPTS -game qawale
refused "typo in a real engine's option" "engine New .*: refuses option.QawaelOpenLine=5: has no option" \
    -engine cmd="$ENGINE" name=New option.QawaelOpenLine=5 -engine cmd="$ENGINE" name=Base -game qawale

# The tuner: its -engine options are checked the same way, before any game.
TUNE_OUT=$(timeout $((60 * LOAD_FACTOR)) "$BUILD/tessera-tune" -engine cmd="$FAKES/tune_peak" option.Knbo=3 -each depth=1 \
    -game roomandpillar -tune Knob -iterations 2 -csv "$WORK/tune.csv" 2>&1)
TUNE_STATUS=$?
check "tuner: a misspelled -engine option is a bad argument (exit 2)" [ "$TUNE_STATUS" -eq 2 ]
OUT=$TUNE_OUT
expect_out "tuner: says which option" "refuses option.Knbo=3: has no option 'Knbo'"
check "tuner: no CSV row written" [ ! -s "$WORK/tune.csv" ]

finish
