#!/bin/sh
# job_signal.sh - engines killed together with their arena, as Slurm's
# process tracking (linuxproc, cgroups) kills every process of a job at
# once: an engine that dies of SIGTERM before the arena has had its own is
# no crash of the engine.  The game in play is not written, the arena exits
# as interrupted (130), and -resume ends with the uninterrupted run's
# result.  An engine killed while its arena plays on still loses by crash.
# The fakes answer by position alone, so every run replays the same games.
. "$(dirname "$0")/lib.sh"

GAMES=12
# The fakes' speed comes from the environment, so that the engines'
# command line (which -resume checks) is the same slow and fast.
FAKES_DIR=$(cd "$FAKES" && pwd)
cat >"$WORK/fake.sh" <<SCRIPT
exec "$FAKES_DIR/fake_engine" --seed "\$1" --delay "\${FAKE_DELAY:-0}"
SCRIPT

# play PGN DELAY [FLAGS...]: the run, in place of the calling (sub)shell.
play() {
    pgn=$1
    FAKE_DELAY=$2
    export FAKE_DELAY
    shift 2
    exec "$ARENA" -engine cmd=/bin/sh name=Alpha args="$WORK/fake.sh 1" \
        -engine cmd=/bin/sh name=Beta args="$WORK/fake.sh 2" \
        -each tc=10+0.1 $GRACE -game roomandpillar -openings random plies=2 -games $GAMES \
        -concurrency 2 -seed 4 -pgnout "$pgn" "$@"
}

# Waits (at most 30 s, times the load) until FILE holds N finished games.
wait_for_games() { # file n
    i=0
    while [ "$(games_in "$1")" -lt "$2" ] && [ $i -lt $((600 * LOAD_FACTOR)) ]; do
        sleep 0.05
        i=$((i + 1))
    done
}

# The engines the arena PID runs now (its children).
engines_of() { ps -eo pid=,ppid= | awk -v p="$1" '$2 == p { print $1 }'; }

OUT=$( (play "$WORK/reference.pgn" 0) 2>&1)
STATUS=$?
expect_status "reference run completes" 0
reference=$(report_block "$OUT")

# Every engine first, then the arena: the worst order Slurm can give.
(play "$WORK/job.pgn" 40) >"$WORK/job.out" 2>&1 &
pid=$!
wait_for_games "$WORK/job.pgn" 3
engines=$(engines_of $pid)
# shellcheck disable=SC2086 # the pids, one word each
kill -TERM $engines
sleep 0.1
kill -TERM $pid
wait $pid
STATUS=$?
OUT=$(cat "$WORK/job.out")
before=$(games_in "$WORK/job.pgn")
check "job killed: its $(echo $engines | wc -w) engines killed with $before games played" \
    [ "$(echo $engines | wc -w)" -eq 4 -a "$before" -ge 3 -a "$before" -lt $GAMES ]
expect_status "job killed: the arena exits as interrupted" 130
check "job killed: no game is written as a crash" [ "$(grep -c '^\[Termination "crash"\]' "$WORK/job.pgn")" -eq 0 ]
OUT=$( (play "$WORK/job.pgn" 0 -resume) 2>&1)
STATUS=$?
expect_status "job killed: -resume completes" 0
check "job killed: every game once after -resume" \
    [ "$(rounds_of "$WORK/job.pgn" | uniq | wc -l)" -eq $GAMES -a "$(games_in "$WORK/job.pgn")" -eq $GAMES ]
check "job killed: -resume gives the uninterrupted run's result" [ "$(report_block "$OUT")" = "$reference" ]

# One engine killed, its arena left alone: that engine's crash, after the
# bounded wait for a signal of the arena's own.
(play "$WORK/engine.pgn" 40) >"$WORK/engine.out" 2>&1 &
pid=$!
wait_for_games "$WORK/engine.pgn" 1
kill -TERM "$(engines_of $pid | head -n 1)"
wait $pid
STATUS=$?
OUT=$(cat "$WORK/engine.out")
expect_status "engine killed alone: the run completes" 0
check "engine killed alone: one game lost by crash" [ "$(grep -c '^\[Termination "crash"\]' "$WORK/engine.pgn")" -eq 1 ]
check "engine killed alone: the game says the signal" grep -q 'killed by signal 15' "$WORK/engine.pgn"

finish
