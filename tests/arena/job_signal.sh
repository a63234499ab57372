#!/bin/sh
# job_signal.sh - engines killed together with their arena, as Slurm's
# process tracking (linuxproc, cgroups) kills every process of a job at
# once: an engine that dies of SIGTERM before the arena has had its own is
# no crash of the engine.  The game in play is not written, the arena exits
# as interrupted (130), and -resume ends with the uninterrupted run's
# result.  An engine killed while its arena plays on still loses by crash.
# The tuner too ends as interrupted and resumes to its uninterrupted CSV.
# The fakes answer by position alone, so every run replays the same games.
. "$(dirname "$0")/lib.sh"

GAMES=12

# The engines the arena PID runs now (its children).
engines_of() { ps -eo pid=,ppid= | awk -v p="$1" '$2 == p { print $1 }'; }

# kill_job PID OUTPUT: every engine of PID first, then PID itself, with
# SIGTERM (the worst order Slurm can give), and waits for it; sets
# $engines (their pids), $STATUS and $OUT.
kill_job() { # pid output
    engines=$(engines_of "$1")
    # shellcheck disable=SC2086 # the pids, one word each
    kill -TERM $engines
    sleep 0.1
    kill -TERM "$1"
    wait "$1"
    STATUS=$?
    OUT=$(cat "$2")
}

OUT=$( (play_fakes "$WORK/reference.pgn" 0 -seed 4) 2>&1)
STATUS=$?
expect_status "reference run completes" 0
reference=$(report_block "$OUT")

(play_fakes "$WORK/job.pgn" 40 -seed 4) >"$WORK/job.out" 2>&1 &
pid=$!
wait_for_games "$WORK/job.pgn" 3
kill_job $pid "$WORK/job.out"
before=$(games_in "$WORK/job.pgn")
check "job killed: its $(echo $engines | wc -w) engines killed with $before games played" \
    [ "$(echo $engines | wc -w)" -eq 4 -a "$before" -ge 3 -a "$before" -lt $GAMES ]
expect_status "job killed: the arena exits as interrupted" 130
check "job killed: no game is written as a crash" [ "$(grep -c '^\[Termination "crash"\]' "$WORK/job.pgn")" -eq 0 ]
OUT=$( (play_fakes "$WORK/job.pgn" 0 -seed 4 -resume) 2>&1)
STATUS=$?
expect_status "job killed: -resume completes" 0
check "job killed: every game once after -resume" \
    [ "$(rounds_of "$WORK/job.pgn" | uniq | wc -l)" -eq $GAMES -a "$(games_in "$WORK/job.pgn")" -eq $GAMES ]
check "job killed: -resume gives the uninterrupted run's result" [ "$(report_block "$OUT")" = "$reference" ]

# One engine killed, its arena left alone: that engine's crash, after the
# bounded wait for a signal of the arena's own.
(play_fakes "$WORK/engine.pgn" 40 -seed 4) >"$WORK/engine.out" 2>&1 &
pid=$!
wait_for_games "$WORK/engine.pgn" 1
kill -TERM "$(engines_of $pid | head -n 1)"
wait $pid
STATUS=$?
OUT=$(cat "$WORK/engine.out")
expect_status "engine killed alone: the run completes" 0
check "engine killed alone: one game lost by crash" [ "$(grep -c '^\[Termination "crash"\]' "$WORK/engine.pgn")" -eq 1 ]

# The tuner plays its games through the same code: its engines killed,
# then the tuner, it exits as interrupted and -resume gives the
# uninterrupted run's CSV.  (A crash would change the CSV only when it
# ended the last game of an iteration's pair; where the kill falls in the
# pair is not controlled here, so this guards the tuner's path rather
# than reproducing that case.)  A real engine at a node limit (the games
# are the same whatever the timing), one pair at a time.
TUNE=$BUILD/tessera-tune
tune_run() { # csv-flag csv
    exec "$TUNE" -engine cmd="$ENGINE" option.Backend=alphabeta option.Eval=classic option.Hash=1 option.Threads=1 \
        -each nodes=3000 timeout=$((60 * LOAD_FACTOR)) -game columna -openings random plies=2 \
        -params tools/tune/params/columna.txt -iterations 8 -seed 1 -concurrency 1 -progress 100 "$1" "$2"
}
(tune_run -csv "$WORK/tune-whole.csv") >"$WORK/tune-whole.out" 2>&1
(tune_run -csv "$WORK/tune.csv") >"$WORK/tune.out" 2>&1 &
pid=$!
i=0
while [ "$(cat "$WORK/tune.csv" 2>/dev/null | wc -l)" -lt 3 ] && [ $i -lt $((600 * LOAD_FACTOR)) ]; do
    sleep 0.05
    i=$((i + 1))
done
kill_job $pid "$WORK/tune.out"
rows=$(($(wc -l <"$WORK/tune.csv") - 1))
check "tuner killed: its $(echo $engines | wc -w) engines killed after $rows iterations" \
    [ "$(echo $engines | wc -w)" -eq 2 -a "$rows" -ge 2 -a "$rows" -lt 9 ]
expect_status "tuner killed: it exits as interrupted" 130
(tune_run -resume "$WORK/tune.csv") >"$WORK/tune-resume.out" 2>&1
check "tuner killed: -resume gives the uninterrupted run's CSV" cmp -s "$WORK/tune.csv" "$WORK/tune-whole.csv"

finish
