#!/bin/sh
# test-cluster.sh - `make test-cluster`: the cluster scripts and launchers
# on a real Slurm and a real sshd, each compared with the one-machine run.
# Debian's slurm-wlm (slurmctld, slurmd, slurm-client), munge,
# openssh-server and parallel are installed with apt-get when absent (as
# root).  tools/cluster/daemons.sh starts munged, a one-node Slurm and an
# sshd on 127.0.0.1 with every file in build/cluster-test/, and this
# script stops them (and every process they started) when it ends, also
# on Ctrl-C.  Small node-limited runs:
#
#   slurm_array     slurm.sh: a job array of slices and its merge job;
#                   DIR/jobs holds the ids squeue shows, 2 CPUs a task,
#                   a second submission and --resume refused while a job
#                   of the run is queued, Slurm's output named %A_%a
#   slurm_scancel   one running array task cancelled (scancel): --resume
#                   at once refused, the merge cancelled; once the array
#                   has ended, --resume submits that slice alone
#   slurm_requeue   one running array task requeued (scontrol requeue):
#                   it keeps its finished games, the merge runs
#   slurm_then_parallel  the whole array cancelled, parallel.sh --resume
#                   finishes the run
#   second_writer   a --resume and a second arena beside a running task:
#                   refused (squeue; the arena's lock on its part); a part
#                   with its games twice mended by tessera-arena repair
#   parallel_ssh    parallel.sh over ssh (--sshloginfile)
#   parallel_kill   the sshd session of a running slice killed: its arena
#                   ends too, the run fails, names it; --resume at once
#   launcher_srun   -launcher srun inside an allocation (salloc), and
#                   refused outside one
#   launcher_ssh    -launcher 'ssh ... {host}' with -launcher-hosts
#   dead_host       a second sshd (127.0.0.2) killed mid-run: no game
#                   scored, the run stops naming it (exit 5); -resume
#   srun_kill9      kill -9 of an arena whose engines are srun steps:
#                   no step is left, and -resume finishes the run
#   tune_sbatch     tools/cluster/tune.sbatch as a batch job, submitted
#                   by sbatch with 2 tasks, and by sh (sized from sinfo)
#   datagen_slurm   datagen.sh --slurm
#   datagen_ssh     datagen.sh --parallel over ssh
#   loop_srun       tools/loop/loop.sh through srun in an allocation
#   loop_ssh        tools/loop/loop.sh through ssh
#
# Then a second Slurm, with proctrack/linuxproc (every process of a job
# signalled at once, engines included, as cgroup tracking does), runs
# slurm_scancel and slurm_requeue again: no game of an engine killed with
# its arena is scored.  LINUXPROC_CHECKS="NAME..." picks those (none when
# CHECKS is given).
#
# Every result is compared with the same run on one machine: the arena's
# report (from the first dashed line) and each game's players and result,
# datagen's data and the loop's data and net with cmp, the tuner's CSV
# with cmp.  CHECKS="slurm_array launcher_srun" runs only those.  Prints
# ok/FAIL lines and "harness: N passed, M failed"; exit 1 on a failure.
# Not part of `make test` (it installs and starts daemons).

# shellcheck disable=SC2086 # the word lists ($missing, *_ARGS) are split on purpose
case ${1:-} in
--help | -h)
    sed -n '2,/^# Not part of/p' "$0" | sed 's/^# \{0,1\}//'
    echo "  --help / -h          this text"
    exit 0
    ;;
'') ;;
*)
    echo "test-cluster.sh: no arguments (CHECKS=\"NAME...\" picks checks); see --help" >&2
    exit 2
    ;;
esac
cd "$(dirname "$0")/../.." || exit 1
ROOT=$(pwd)
SCRATCH=$ROOT/build/cluster-test
ARENA=$ROOT/build/tessera-arena
ENGINE=$ROOT/build/tessera
passed=0
failed=0

pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() {
    failed=$((failed + 1))
    echo "FAIL $1"
    [ -z "${2:-}" ] || printf '%s\n' "$2" | tail -n 12 | sed 's/^/    /'
}
# check NAME COMMAND...: ok when the command succeeds.
check() {
    name=$1
    shift
    if "$@"; then pass "$name"; else fail "$name"; fi
}

# --- what it needs, installed when absent
install_missing() {
    missing=""
    for pair in slurmctld:slurmctld slurmd:slurmd srun:slurm-client munged:munge sshd:openssh-server \
        ssh:openssh-client parallel:parallel; do
        command -v "${pair%%:*}" >/dev/null 2>&1 || [ -x "/usr/sbin/${pair%%:*}" ] || missing="$missing ${pair#*:}"
    done
    [ -n "$missing" ] || return 0
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        echo "test-cluster: missing:$missing; install them (Debian: sudo apt-get install$missing)" >&2
        exit 1
    fi
    echo "test-cluster: installing$missing with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -q && apt-get install -y -q --no-install-recommends $missing; } >"$SCRATCH/apt.log" 2>&1 ||
        { tail -n 5 "$SCRATCH/apt.log" >&2; exit 1; }
}

rm -rf "$SCRATCH"
mkdir -p "$SCRATCH" || exit 1
PATH=$PATH:/usr/sbin:/sbin
install_missing

# Every process this test starts, and every process its daemons start
# (jobs, steps, engines), carries this variable: what is left at the end
# is found by it, and only it is stopped.
TESSERA_CLUSTER_TEST=$SCRATCH.$$
export TESSERA_CLUSTER_TEST
# marked_processes FILE: their pids and command lines, one a line.  (Not
# in a subshell: the shell running it would count itself.)
marked_processes() {
    pids=$(grep -lsxz "TESSERA_CLUSTER_TEST=$TESSERA_CLUSTER_TEST" /proc/[0-9]*/environ 2>/dev/null |
        sed 's|^/proc/\([0-9]*\)/environ$|\1|')
    : >"$1"
    for pid in $pids; do
        [ "$pid" != $$ ] && kill -0 "$pid" 2>/dev/null &&
            printf '%s %s\n' "$pid" "$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-120)" >>"$1"
    done
}

. tools/cluster/daemons.sh
cleanup() {
    trap - EXIT INT TERM
    stop_cluster
    # What the daemons left (a step's processes), by the marker.
    marked_processes "$SCRATCH/left.txt"
    for pid in $(awk '{ print $1 }' "$SCRATCH/left.txt"); do
        kill "$pid" 2>/dev/null
    done
}
trap 'cleanup; exit 130' INT TERM
trap cleanup EXIT

start_cluster "$SCRATCH/daemons" || exit 1
echo "test-cluster: Slurm $(sinfo -V | cut -d' ' -f2) ($SLURM_CONF), sshd on 127.0.0.1:$SSH_PORT"
echo 127.0.0.1 >"$SCRATCH/hosts.txt"
echo "2/127.0.0.1" >"$SCRATCH/sshlogins.txt"

# --- waiting for Slurm

# Whether job JOB (an array: any of its tasks) is queued or running.
job_active() { [ -n "$(squeue -h -j "$1" -t PD,R,CG,CF,S,RQ,RS,RH,SE 2>/dev/null)" ]; }
# Waits up to SECONDS (times 3 on a busy machine: `loaded`) for JOB to end.
wait_job() { # job seconds
    tries=$(($2 * 5 * ${LOAD_FACTOR:-1}))
    while job_active "$1"; do
        tries=$((tries - 1))
        [ "$tries" -gt 0 ] || return 1
        sleep 0.2
    done
}
# The state of a job (an array task: JOB_K) as scontrol records it.
job_state() { scontrol -o show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1; }
# Waits up to SECONDS for a job's state to be STATE.
wait_state() { # job state seconds
    tries=$(($3 * 5 * ${LOAD_FACTOR:-1}))
    while [ "$(job_state "$1")" != "$2" ]; do
        tries=$((tries - 1))
        [ "$tries" -gt 0 ] || return 1
        sleep 0.2
    done
}
# The job ids of a slurm.sh / datagen.sh --slurm submission's output.
slices_job() { printf '%s\n' "$1" | sed -n 's/.*slices: job \([0-9]*\) .*/\1/p'; }
merge_job() { printf '%s\n' "$1" | sed -n 's/.*merge: job \([0-9]*\),.*/\1/p'; }
# The finished games of a PGN (0 when there is none yet).
games_in() { if [ -f "$1" ]; then grep -c '^\[Result ' "$1"; else echo 0; fi; }
# Waits until FILE holds N games (a slice mid-run), up to SECONDS.
wait_games() { # file n seconds
    tries=$(($3 * 5 * ${LOAD_FACTOR:-1}))
    while [ "$(games_in "$1")" -lt "$2" ]; do
        tries=$((tries - 1))
        [ "$tries" -gt 0 ] || return 1
        sleep 0.2
    done
}
LOAD_FACTOR=$(awk '{ f = int($1 / 2) + 1; print (f > 4 ? 4 : f) }' /proc/loadavg)

# --- the runs, and what one machine makes of them

# Each game's number, players, result and termination, in game order.
game_results() { cat "$@" | grep -E '^\[(Round|White|Black|Result|Termination) ' | paste - - - - - | sort -t'"' -k2,2n; }
# (salloc's own lines, on the same output, left out.)
rounds_of() { sed -n 's/^\[Round "\([0-9]*\)"\]$/\1/p' "$1" | sort -n; }
report_block() { grep -v '^salloc: ' "$@" | sed -n '/^-----/,$p'; }

# The arena run: Columna from random openings, alpha-beta against MCTS,
# node limits (the same games wherever they are played).  NODES: larger
# for the runs that are interrupted mid-slice.  timeout=600: a check holds
# an arena's engines stopped for a while (hold_arena), and that time
# counts as their thinking time.
arena_args() { # nodes
    echo "-game columna -games 16 -seed 5 -openings random plies=2" \
        "-engine cmd=$ENGINE name=ab option.Hash=1 -engine cmd=$ENGINE name=mcts option.Backend=mcts option.Hash=1" \
        "-each nodes=$1 timeout=600"
}
FAST=1500
SLOW=30000
one_machine() { # nodes
    [ -f "$SCRATCH/whole-$1.pgn" ] && return 0
    # shellcheck disable=SC2046 # the words of arena_args
    "$ARENA" $(arena_args "$1") -pgnout "$SCRATCH/whole-$1.pgn" >"$SCRATCH/whole-$1.out" 2>&1
}

# expect_whole_run NAME NODES REPORT PGN...: the report and the games are
# the one-machine run's.
expect_whole_run() {
    name=$1 nodes=$2 report=$3
    shift 3
    one_machine "$nodes"
    if [ -s "$report" ] && [ "$(report_block "$report")" = "$(report_block "$SCRATCH/whole-$nodes.out")" ]; then
        pass "$name: the report is the one-machine run's"
    else
        fail "$name: the report is the one-machine run's" "$(cat "$report" 2>/dev/null)"
    fi
    game_results "$@" >"$SCRATCH/games.txt"
    if game_results "$SCRATCH/whole-$nodes.pgn" | cmp -s - "$SCRATCH/games.txt"; then
        pass "$name: every game has the one-machine run's players, result and termination"
    else
        fail "$name: every game has the one-machine run's players, result and termination" \
            "$(game_results "$SCRATCH/whole-$nodes.pgn" | diff - "$SCRATCH/games.txt" | head -n 5)"
    fi
}

# run NAME COMMAND...: runs it with its output in $SCRATCH/NAME.out; $OUT
# (the output), $STATUS.
run() {
    log=$SCRATCH/$1.out
    shift
    timeout $((600 * LOAD_FACTOR)) "$@" >"$log" 2>&1
    STATUS=$?
    OUT=$(cat "$log")
}

# submit NAME DIR NODES [slurm.sh options]: slurm.sh of the arena run;
# sets SLICES and MERGE (the job ids).
submit() { # name dir nodes options...
    name=$1 dir=$2 nodes=$3
    shift 3
    # shellcheck disable=SC2046
    run "$name" sh tools/cluster/slurm.sh --dir "$dir" --slices 4 "$@" --arena "$ARENA" -- $(arena_args "$nodes")
    SLICES=$(slices_job "$OUT") MERGE=$(merge_job "$OUT")
    [ "$STATUS" = 0 ] && [ -n "$SLICES" ] && [ -n "$MERGE" ]
}
# submitted NAME DIR NODES [options]: submit, a FAIL line when it fails.
submitted() {
    submit "$@" && return 0
    fail "$1: slurm.sh submits the array and the merge" "$OUT"
    return 1
}

# --- the checks: one function each

# The job ids DIR/jobs records, a line per submission: "SLICES MERGE".
recorded_jobs_of() { awk '!/^#/ { print $1, $2 }' "$1/jobs" 2>/dev/null; }
# The output files Slurm wrote for a run's slices (slurm-slice-JOB_TASK.out),
# sorted, on one line; outputs_of JOB TASK...: the names of those it writes.
slice_outputs() { (cd "$1" && ls slurm-slice-*.out 2>/dev/null) | sort | tr '\n' ' '; }
outputs_of() { # job tasks...
    job=$1
    shift
    for task in "$@"; do echo "slurm-slice-${job}_$task.out"; done
}
# refused NAME DIR JOBS: the submission just run ($OUT, $STATUS) was
# refused, naming the run's jobs still queued or running, and DIR/jobs
# still records only JOBS (nothing was submitted).
refused() { # name dir jobs
    if [ "$STATUS" = 1 ] && printf '%s\n' "$OUT" | grep -q 'still has Slurm jobs queued or running' &&
        [ "$(recorded_jobs_of "$2")" = "$3" ]; then
        pass "$1: refused while a job of the run is queued or running"
    else
        fail "$1: refused while a job of the run is queued or running (status $STATUS)" \
            "$OUT$(printf '\n%s' "jobs: $(recorded_jobs_of "$2")")"
    fi
}

check_slurm_array() {
    dir=$SCRATCH/slurm-array
    submitted slurm-array "$dir" "$FAST" || return
    pass "slurm.sh: the array and the merge are submitted (jobs $SLICES, $MERGE)"
    slices=$SLICES merge=$MERGE # (a refused submission empties SLICES and MERGE)
    # Held, the merge stays queued while the second submissions are tried.
    scontrol hold "$merge"
    queued=$(squeue -h -n tessera-slices,tessera-merge -o '%F %j' | sort -un)
    check "slurm.sh: DIR/jobs records the jobs squeue shows ($(echo $queued))" \
        [ "$(recorded_jobs_of "$dir")" = "$slices $merge" -a \
        "$queued" = "$(printf '%s tessera-slices\n%s tessera-merge' "$slices" "$merge")" ]
    cpus=$(scontrol -o show job "$slices" | sed -n 's|.* CPUs/Task=\([0-9]*\) .*|\1|p' | sort -u)
    check "slurm.sh: each task asks for 2 CPUs, 2 per game at once (scontrol: CPUs/Task=$(echo $cpus))" [ "$cpus" = 2 ]
    submit slurm-array-again "$dir" "$FAST"
    refused "slurm.sh: a second submission" "$dir" "$slices $merge"
    submit slurm-array-resume "$dir" "$FAST" --resume
    refused "slurm.sh --resume" "$dir" "$slices $merge"
    scontrol release "$merge"
    check "slurm.sh: the merge job ends" wait_job "$merge" 300
    check "slurm.sh: the merge job completed" [ "$(job_state "$merge")" = COMPLETED ]
    check "slurm.sh: Slurm's output is named by job and task (%A_%a: $(slice_outputs "$dir"))" \
        [ "$(slice_outputs "$dir")" = "$(outputs_of "$slices" 1 2 3 4 | sort | tr '\n' ' ')" \
        -a -f "$dir/slurm-merge-$merge.out" ]
    expect_whole_run "slurm.sh" "$FAST" "$dir/report.txt" "$dir"/part-*.pgn
    # Once the run's jobs have ended, a --resume is accepted: every slice
    # is complete, so only a merge is submitted.
    first_jobs=$(recorded_jobs_of "$dir")
    # shellcheck disable=SC2046
    run slurm-array-complete sh tools/cluster/slurm.sh --dir "$dir" --slices 4 --resume --arena "$ARENA" -- $(arena_args "$FAST")
    remerge=$(printf '%s\n' "$OUT" | sed -n 's/.*every slice is complete; merge: job \([0-9]*\).*/\1/p')
    check "slurm.sh --resume of a finished run: accepted, the merge alone (job ${remerge:-none})" \
        [ "$STATUS" = 0 -a -n "$remerge" -a "$(recorded_jobs_of "$dir")" = "$(printf '%s\n%s' "$first_jobs" "- $remerge")" ]
    [ -z "$remerge" ] || wait_job "$remerge" 120
    expect_whole_run "slurm.sh, merged again" "$FAST" "$dir/report.txt" "$dir"/part-*.pgn
}

check_slurm_scancel() {
    dir=$SCRATCH/slurm-scancel${TAG:-}
    submitted slurm-scancel "$dir" "$SLOW" || return
    if wait_games "$dir/part-2.pgn" 1 300; then
        scancel "${SLICES}_2"
        pass "scancel: task 2 cancelled with a game played"
    else
        fail "scancel: task 2 played a game" "$(cat "$dir/slice-2.log" 2>/dev/null)"
    fi
    # Tasks 3 and 4 are still to play: a --resume now would be a second
    # writer of their parts.
    slices=$SLICES merge=$MERGE
    submit slurm-scancel-now "$dir" "$SLOW" --resume
    SLICES=$slices MERGE=$merge
    refused "scancel: --resume at once" "$dir" "$SLICES $MERGE"
    check "scancel: the array ends" wait_job "$SLICES" 600
    check "scancel: the merge ends" wait_job "$MERGE" 60
    check "scancel: task 2 is CANCELLED, the merge is not run ($(job_state "$MERGE"))" \
        [ "$(job_state "${SLICES}_2")" = CANCELLED -a "$(job_state "$MERGE")" != COMPLETED -a ! -f "$dir/report.txt" ]
    games=$(games_in "$dir/part-2.pgn")
    check "scancel: slice 2 is left incomplete ($games of 4 games)" [ "$games" -lt 4 ]
    first=$SLICES
    submitted slurm-scancel-resume "$dir" "$SLOW" --resume || return
    check "scancel: --resume submits slice 2 alone (array 2)" grep -q "slices: job $SLICES (array 2," "$SCRATCH/slurm-scancel-resume.out"
    check "scancel: the resumed merge ends" wait_job "$MERGE" 600
    check "scancel: slice 2 kept its games (Resuming: $games of 4)" grep -q "Resuming: $games of 4 games" "$dir/slice-2.log"
    check "scancel: the first attempt's Slurm output is kept beside the second's ($(slice_outputs "$dir"))" \
        [ "$(slice_outputs "$dir")" = "$({ outputs_of "$first" 1 2 3 4; outputs_of "$SLICES" 2; } | sort | tr '\n' ' ')" ]
    expect_whole_run "scancel then --resume" "$SLOW" "$dir/report.txt" "$dir"/part-*.pgn
}

check_slurm_requeue() {
    dir=$SCRATCH/slurm-requeue${TAG:-}
    submitted slurm-requeue "$dir" "$SLOW" || return
    if wait_games "$dir/part-1.pgn" 1 300; then
        games=$(games_in "$dir/part-1.pgn")
        run requeue-1 scontrol requeue "${SLICES}_1"
        check "requeue: scontrol requeue of task 1 (with $games games played)" [ "$STATUS" = 0 ]
        # A requeued job waits (BeginTime, about 2 minutes): let it start.
        wait_state "${SLICES}_1" PENDING 60 && scontrol update JobId="${SLICES}_1" StartTime=now
    else
        fail "requeue: task 1 played a game" "$(cat "$dir/slice-1.log" 2>/dev/null)"
    fi
    check "requeue: the merge ends" wait_job "$MERGE" 900
    check "requeue: task 1 ran twice, resuming the second time" \
        [ "$(grep -c '^== slice 1:' "$dir/slice-1.log")" -ge 2 -a "$(grep -c 'Resuming: [1-9]' "$dir/slice-1.log")" -ge 1 ]
    expect_whole_run "requeue" "$SLOW" "$dir/report.txt" "$dir"/part-*.pgn
}

# A slurm.sh run whose whole array is cancelled, finished by parallel.sh
# --resume over ssh: either script finishes the other's run.
check_slurm_then_parallel() {
    dir=$SCRATCH/slurm-then-parallel
    submitted slurm-then-parallel "$dir" "$FAST" || return
    if wait_games "$dir/part-1.pgn" 1 300; then
        scancel "$SLICES"
        pass "slurm.sh then parallel.sh: the array cancelled with slice 1 started"
    else
        fail "slurm.sh then parallel.sh: slice 1 played a game" "$(cat "$dir/slice-1.log" 2>/dev/null)"
    fi
    check "slurm.sh then parallel.sh: the array ends" wait_job "$SLICES" 120
    wait_job "$MERGE" 60
    # shellcheck disable=SC2046
    run slurm-then-parallel-resume sh tools/cluster/parallel.sh --dir "$dir" --slices 4 --resume \
        --sshloginfile "$SCRATCH/sshlogins.txt" --arena "$ARENA" -- $(arena_args "$FAST")
    check "slurm.sh then parallel.sh --resume: completes (status $STATUS)" [ "$STATUS" = 0 ]
    check "slurm.sh then parallel.sh --resume: slice 1 kept its games" grep -q 'Resuming: [1-4] of 4 games' "$dir/slice-1.log"
    expect_whole_run "slurm.sh then parallel.sh --resume" "$FAST" "$dir/report.txt" "$dir"/part-*.pgn
}

check_parallel_ssh() {
    dir=$SCRATCH/parallel-ssh
    # shellcheck disable=SC2046
    run parallel-ssh sh tools/cluster/parallel.sh --dir "$dir" --slices 4 --sshloginfile "$SCRATCH/sshlogins.txt" \
        --arena "$ARENA" -- $(arena_args "$FAST")
    check "parallel.sh over ssh completes" [ "$STATUS" = 0 ]
    check "parallel.sh: every slice ran on 127.0.0.1 (joblog)" \
        [ "$(awk 'NR > 1 { print $2 }' "$dir/joblog" | sort -u)" = 127.0.0.1 ]
    expect_whole_run "parallel.sh over ssh" "$FAST" "$dir/report.txt" "$dir"/part-*.pgn
}

# The pids of the processes whose command line holds TEXT (but awk's own,
# which holds it too), and of those that are not salloc.
pids_with() { ps -eo pid=,args= | awk -v t="$1" 'index($0, t) && $2 != "awk" { print $1 }'; }
arena_pids_with() { ps -eo pid=,args= | awk -v t="$1" 'index($0, t) && $2 != "awk" && $2 != "salloc" { print $1 }'; }

# The pid of the sshd session (a child of our sshd) that runs a process
# whose command line holds TEXT.
session_of() { # text
    for pid in $(pids_with "$1"); do
        while [ "$pid" -gt 1 ]; do
            parent=$(awk '{ print $4 }' "/proc/$pid/stat" 2>/dev/null) || break
            if [ "$parent" = "$SSHD_PID" ]; then
                echo "$pid"
                return 0
            fi
            pid=$parent
        done
    done
    return 1
}

# An arena held mid-game: its engines (its children) stopped (SIGSTOP), so
# that it waits for a move and keeps its part locked, however long the
# test takes (timeout=600 in arena_args).  held_engines ARENA: their pids.
held_engines() { ps -eo pid=,ppid= | awk -v p="$1" '$2 == p { print $1 }'; }
hold_arena() { for pid in $(held_engines "$1"); do kill -STOP "$pid"; done; }
release_arena() { for pid in $(held_engines "$1"); do kill -CONT "$pid"; done; }

# Waits up to SECONDS for process PID to end.
wait_gone() { # pid seconds
    tries=$(($2 * 5 * LOAD_FACTOR))
    while kill -0 "$1" 2>/dev/null; do
        tries=$((tries - 1))
        [ "$tries" -gt 0 ] || return 1
        sleep 0.2
    done
}

check_parallel_kill() {
    dir=$SCRATCH/parallel-kill
    # shellcheck disable=SC2046
    set -- --dir "$dir" --slices 4 --sshloginfile "$SCRATCH/sshlogins.txt" --arena "$ARENA" -- $(arena_args "$SLOW")
    timeout $((900 * LOAD_FACTOR)) sh tools/cluster/parallel.sh "$@" >"$SCRATCH/parallel-kill.out" 2>&1 &
    runner=$!
    session="" orphan=""
    if wait_games "$dir/part-1.pgn" 1 300 && session=$(session_of "$dir/part-1.pgn") &&
        orphan=$(arena_pids_with "-pgnout $dir/part-1.pgn" | head -n 1) && [ -n "$orphan" ]; then
        kill -9 "$session"
        pass "parallel kill: the sshd session of slice 1 killed (pid $session) with a game played"
    else
        fail "parallel kill: found slice 1's sshd session and arena" "$(pids_with "$dir")"
    fi
    # GNU parallel's wrapper on the remote side watches its sshd: when it
    # is gone, it signals the slice's process group (--termseq: TERM,
    # TERM, TERM, KILL), so the slice's arena ends with the connection.
    check "parallel kill: slice 1's arena (pid ${orphan:-?}) ends with its connection" wait_gone "${orphan:-0}" 60
    wait "$runner"
    status=$?
    check "parallel kill: parallel.sh fails (status $status)" [ "$status" = 1 ]
    check "parallel kill: the message names slice 1" grep -q 'slice 1: exit status 255' "$SCRATCH/parallel-kill.out"
    check "parallel kill: nothing merged" [ ! -f "$dir/report.txt" ]
    # shellcheck disable=SC2046
    run parallel-kill-resume sh tools/cluster/parallel.sh --resume "$@"
    check "parallel kill: --resume at once completes" [ "$STATUS" = 0 ]
    expect_whole_run "parallel kill then --resume" "$SLOW" "$dir/report.txt" "$dir"/part-*.pgn
}

check_launcher_srun() {
    rm -f "$SCRATCH/srun.pgn"
    # shellcheck disable=SC2046
    run launcher-srun salloc -n2 "$ARENA" $(arena_args "$FAST") -launcher 'srun --exclusive -n1 -c1' \
        -pgnout "$SCRATCH/srun.pgn"
    check "-launcher srun in salloc -n2 completes" [ "$STATUS" = 0 ]
    # Outside an allocation each engine would be a job of its own: refused.
    # shellcheck disable=SC2046
    run launcher-srun-outside "$ARENA" $(arena_args "$FAST") -launcher 'srun --exclusive -n1 -c1' \
        -pgnout "$SCRATCH/srun-outside.pgn"
    check "-launcher srun outside an allocation: refused, no game (status $STATUS)" \
        [ "$STATUS" = 2 -a ! -s "$SCRATCH/srun-outside.pgn" ]
    check "-launcher srun outside an allocation: the message says why" \
        grep -q "srun outside a Slurm allocation (SLURM_JOB_ID is not set)" "$SCRATCH/launcher-srun-outside.out"
    check "-launcher srun: the round trip is measured and printed" \
        grep -q "^  ab through 'srun --exclusive -n1 -c1': [0-9.]* ms a round trip" "$SCRATCH/launcher-srun.out"
    grep "a round trip" "$SCRATCH/launcher-srun.out" | sed 's/^ */    /'
    expect_whole_run "-launcher srun" "$FAST" "$SCRATCH/launcher-srun.out" "$SCRATCH/srun.pgn"
}

check_launcher_ssh() {
    rm -f "$SCRATCH/ssh.pgn"
    # shellcheck disable=SC2046
    run launcher-ssh "$ARENA" $(arena_args "$FAST") -concurrency 2 -launcher 'ssh -o BatchMode=yes {host}' \
        -launcher-hosts "$SCRATCH/hosts.txt" -pgnout "$SCRATCH/ssh.pgn"
    check "-launcher ssh completes" [ "$STATUS" = 0 ]
    grep "a round trip" "$SCRATCH/launcher-ssh.out" | sed 's/^ */    /'
    expect_whole_run "-launcher ssh" "$FAST" "$SCRATCH/launcher-ssh.out" "$SCRATCH/ssh.pgn"
}

check_srun_kill9() {
    pgn=$SCRATCH/kill9.pgn
    rm -f "$pgn"
    # shellcheck disable=SC2046
    set -- $(arena_args "$SLOW") -launcher 'srun --exclusive -n1 -c1' -pgnout "$pgn"
    salloc -n2 "$ARENA" "$@" >"$SCRATCH/kill9.out" 2>&1 &
    alloc=$!
    if wait_games "$pgn" 2 300; then
        arena=$(arena_pids_with "-pgnout $pgn" | head -n 1)
        kill -9 "$arena"
        pass "kill -9: the arena killed with $(games_in "$pgn") games played"
    else
        fail "kill -9: the arena played 2 games" "$(cat "$SCRATCH/kill9.out")"
    fi
    wait "$alloc"
    tries=$((60 * 5 * LOAD_FACTOR))
    while [ -n "$(squeue -h -s 2>/dev/null)" ] && [ "$tries" -gt 0 ]; do
        tries=$((tries - 1))
        sleep 0.2
    done
    check "kill -9: no job step is left (squeue -s)" [ -z "$(squeue -h -s)" ]
    check "kill -9: no engine is left" [ -z "$(pids_with "$ENGINE")" ]
    run kill9-resume salloc -n2 "$ARENA" "$@" -resume
    check "kill -9: -resume completes" [ "$STATUS" = 0 ]
    expect_whole_run "kill -9 then -resume" "$SLOW" "$SCRATCH/kill9-resume.out" "$pgn"
}

# expect_tune NAME JOB CSV PAIRS: the tune job completes and its CSV is
# the one-machine run's with as many pairs at once (-concurrency).
expect_tune() { # name job csv pairs
    whole=$SCRATCH/tune-whole-$4.csv
    check "$1: the job ends" wait_job "$2" 600
    check "$1: the job completed ($(job_state "$2"))" [ "$(job_state "$2")" = COMPLETED ]
    [ -f "$whole" ] ||
        run tune-whole build/tessera-tune -engine cmd="$ENGINE" option.Backend=alphabeta option.Eval=classic \
            option.Hash=16 option.Threads=1 -each nodes=300 timeout=60 -game columna -openings random plies=2 \
            -params tools/tune/params/columna.txt -iterations 3 -seed 1 -concurrency "$4" -progress 100 -csv "$whole"
    if cmp -s "$3" "$whole"; then
        pass "$1: the CSV is the one-machine run's (cmp)"
    else
        fail "$1: the CSV is the one-machine run's (cmp)" "$(diff "$3" "$whole" | head -n 6; cat "$SCRATCH"/tune-"$2".out)"
    fi
}

check_tune_sbatch() {
    csv=$SCRATCH/tune.csv
    rm -f "$csv" "$csv.run" "$SCRATCH"/tune-whole-*
    export ITERATIONS=3 TC=nodes=300 CSV="$csv"
    job=$(sbatch --parsable --ntasks=2 --output="$SCRATCH/tune-%j.out" tools/cluster/tune.sbatch)
    if [ -z "$job" ]; then
        fail "sbatch --ntasks=2 tune.sbatch: submitted"
    else
        expect_tune "sbatch --ntasks=2 tune.sbatch" "$job" "$csv" 1
    fi
    # Submitted with sh: --ntasks from sinfo, at most the partition's idle
    # and allocated CPUs (an even number), said when less than 64.
    csv=$SCRATCH/tune-sized.csv CSV=$SCRATCH/tune-sized.csv
    rm -f "$csv" "$csv.run"
    usable=$(sinfo -h -o '%C' | awk -F/ '{ n = $1 + $2; n = n < 64 ? n : 64; print int(n / 2) * 2 }')
    run tune-sized sh tools/cluster/tune.sbatch --parsable --output="$SCRATCH/tune-%j.out"
    unset ITERATIONS TC CSV
    job=$(tail -n 1 "$SCRATCH/tune-sized.out")
    check "sh tune.sbatch: sized from sinfo (--ntasks=$usable, $(grep -o '[0-9]* usable CPUs' "$SCRATCH/tune-sized.out"))" \
        grep -q "has [0-9]* usable CPUs: --ntasks=$usable, not 64" "$SCRATCH/tune-sized.out"
    case $job in
    '' | *[!0-9]*)
        fail "sh tune.sbatch: submitted" "$OUT"
        return
        ;;
    esac
    tasks=$(scontrol -o show job "$job" | sed -n 's/.* NumTasks=\([0-9]*\) .*/\1/p')
    check "sh tune.sbatch: the job has $usable tasks (scontrol: NumTasks=$tasks)" [ "$tasks" = "$usable" ]
    expect_tune "sh tune.sbatch" "$job" "$csv" $((usable / 2))
}

DATAGEN_ARGS="-game columna -games 12 -nodes 300 -eval classic -seed 31"
datagen_one_machine() {
    [ -f "$SCRATCH/data-whole.txt" ] ||
        build/tessera-datagen $DATAGEN_ARGS -out "$SCRATCH/data-whole.txt" >/dev/null 2>&1
}

check_datagen_slurm() {
    dir=$SCRATCH/datagen-slurm
    run datagen-slurm sh tools/cluster/datagen.sh --slurm --dir "$dir" --slices 3 -- $DATAGEN_ARGS
    merge=$(merge_job "$OUT")
    if [ "$STATUS" != 0 ] || [ -z "$merge" ]; then
        fail "datagen.sh --slurm: submitted" "$OUT"
        return
    fi
    check "datagen.sh --slurm: the merge job ends" wait_job "$merge" 300
    datagen_one_machine
    check "datagen.sh --slurm: data.txt is the one-machine file (cmp)" cmp "$dir/data.txt" "$SCRATCH/data-whole.txt"
}

check_datagen_ssh() {
    dir=$SCRATCH/datagen-ssh
    run datagen-ssh sh tools/cluster/datagen.sh --parallel --dir "$dir" --slices 3 \
        --sshloginfile "$SCRATCH/sshlogins.txt" -- $DATAGEN_ARGS
    check "datagen.sh --parallel over ssh completes" [ "$STATUS" = 0 ]
    datagen_one_machine
    check "datagen.sh --parallel over ssh: data.txt is the one-machine file (cmp)" \
        cmp "$dir/data.txt" "$SCRATCH/data-whole.txt"
}

LOOP_ARGS="--game columna --generations 1 --games 30 --nodes 200 --epochs 2 --hidden 8 --gate-games 8 --gate-tc nodes=300"
# expect_loop NAME DIR: DIR's data and net are the one-machine loop's.
expect_loop() {
    [ -d "$SCRATCH/loop-whole" ] ||
        sh tools/loop/loop.sh --dir "$SCRATCH/loop-whole" $LOOP_ARGS --slots 2 >"$SCRATCH/loop-whole.out" 2>&1
    for file in data.txt net.nn; do
        check "$1: generation 1's $file is the one-machine loop's (cmp)" \
            cmp "$2/gen-1/$file" "$SCRATCH/loop-whole/gen-1/$file"
    done
}

check_loop_srun() {
    run loop-srun salloc -n2 sh tools/loop/loop.sh --dir "$SCRATCH/loop-srun" $LOOP_ARGS --slots 2 \
        --launcher 'srun --exclusive -n1 -c1'
    check "loop.sh through srun completes" [ "$STATUS" = 0 ]
    expect_loop "loop.sh through srun" "$SCRATCH/loop-srun"
}

check_loop_ssh() {
    run loop-ssh sh tools/loop/loop.sh --dir "$SCRATCH/loop-ssh" $LOOP_ARGS --slots 2 \
        --launcher "ssh -o BatchMode=yes {host} cd $ROOT &&" --launcher-hosts "$SCRATCH/hosts.txt"
    check "loop.sh through ssh completes" [ "$STATUS" = 0 ]
    expect_loop "loop.sh through ssh" "$SCRATCH/loop-ssh"
}

# A second writer of a slice's part, on the real Slurm: task 1 of an array
# run one task at a time is held (hold_arena) while a --resume is
# tried (refused: squeue shows the run's jobs) and a second arena is
# started on its part by hand (refused at once by the arena's lock on
# -pgnout).  Then a part that two writers damaged before that lock (its
# games a second time) is mended with tessera-arena repair, and --resume
# finishes the run to the one-machine result.
check_second_writer() {
    dir=$SCRATCH/second-writer
    submitted second-writer "$dir" "$SLOW" --max-running 1 || return
    first=$SLICES merge=$MERGE holder=""
    if wait_games "$dir/part-1.pgn" 1 300 && holder=$(arena_pids_with "-pgnout $dir/part-1.pgn" | head -n 1) &&
        [ -n "$holder" ]; then
        hold_arena "$holder"
        pass "second writer: task 1's arena (pid $holder) held with a game played"
    else
        fail "second writer: task 1 played a game" "$(cat "$dir/slice-1.log" 2>/dev/null)"
    fi
    scancel "${first}_4"
    submit second-writer-now "$dir" "$SLOW" --resume
    refused "second writer: --resume after scancel of task 4, beside task 1" "$dir" "$first $merge"
    run second-writer-slice sh tools/cluster/slice.sh "$dir" 1
    check "second writer: a second arena on part-1.pgn exits 1 (status $STATUS)" [ "$STATUS" = 1 ]
    check "second writer: refused by the lock, naming the holder (process ${holder:-?})" \
        grep -q "part-1.pgn is in use by another run (process ${holder:-?})" "$dir/slice-1.log"
    [ -z "$holder" ] || release_arena "$holder"
    check "second writer: the first array ends" wait_job "$first" 900
    wait_job "$merge" 60
    twice=$(for part in "$dir"/part-*.pgn; do rounds_of "$part" | uniq -d; done)
    check "second writer: no part holds a game twice ($(echo $twice))" [ -z "$twice" ]

    # part-1.pgn's games a second time, as two writers left it before the lock.
    grep -v '^%' "$dir/part-1.pgn" >"$SCRATCH/part-1.again"
    cat "$SCRATCH/part-1.again" >>"$dir/part-1.pgn"
    run second-writer-merge sh tools/cluster/merge.sh "$dir"
    check "damaged slice: merge.sh refuses it (status $STATUS)" [ "$STATUS" = 1 ]
    check "damaged slice: merge.sh names tessera-arena repair" \
        grep -q "slice 1 (games 1..4) holds 4 games twice.*repair $dir/part-1.pgn" "$SCRATCH/second-writer-merge.out"
    run second-writer-repair "$ARENA" repair "$dir/part-1.pgn"
    check "damaged slice: tessera-arena repair keeps the first copy of each game (status $STATUS)" \
        [ "$STATUS" = 0 -a "$(rounds_of "$dir/part-1.pgn" | tr '\n' ' ')" = "1 2 3 4 " -a -f "$dir/part-1.pgn.damaged" ]
    submitted second-writer-later "$dir" "$SLOW" --resume || return
    check "damaged slice: --resume submits slice 4 alone" grep -q "(array 4," "$SCRATCH/second-writer-later.out"
    wait_job "$MERGE" 900
    expect_whole_run "second writer, repaired, then --resume" "$SLOW" "$dir/report.txt" "$dir"/part-*.pgn
}

# A host that dies mid-run (a second sshd, on 127.0.0.2, stopped with its
# sessions while its game thread plays): its lost connections are no
# games (no crash, handshake failure or launcher failure in the PGN), each
# game is played again up to -launcher-retries (3) times on that host,
# then the run stops with exit status 5, naming the host and ssh's reason;
# -resume on the host left finishes the run.
check_dead_host() {
    sed -e 's/^ListenAddress .*/ListenAddress 127.0.0.2/' -e "s|^PidFile .*|PidFile $SCRATCH/sshd2.pid|" \
        "$CLUSTER/ssh/sshd_config" >"$SCRATCH/sshd2_config"
    "$(command -v sshd)" -D -e -f "$SCRATCH/sshd2_config" >"$SCRATCH/sshd2.log" 2>&1 &
    second=$!
    wait_for 20 ssh -o BatchMode=yes 127.0.0.2 true
    printf '127.0.0.1\n127.0.0.2\n' >"$SCRATCH/two-hosts.txt"
    pgn=$SCRATCH/dead-host.pgn
    rm -f "$pgn"
    # shellcheck disable=SC2046
    set -- $(arena_args "$SLOW") -concurrency 2 -launcher 'ssh -o BatchMode=yes {host}' -pgnout "$pgn"
    "$ARENA" "$@" -launcher-hosts "$SCRATCH/two-hosts.txt" >"$SCRATCH/dead-host.out" 2>&1 &
    arena=$!
    wait_games "$pgn" 2 300
    # Its sessions first (once it is gone they are no longer its children).
    sessions=$(ps -eo pid=,ppid= | awk -v p="$second" '$2 == p { print $1 }')
    kill "$second"
    for pid in $sessions; do kill -9 "$pid"; done
    wait "$arena"
    status=$?
    check "dead host: no game scored as a crash, a failed handshake or a launcher failure" \
        [ -z "$(grep -E 'Termination "(crash|no handshake|launcher failure)"' "$pgn")" ]
    check "dead host: the run stops with exit status 5 (status $status)" [ "$status" = 5 ]
    check "dead host: it names the host and ssh's reason" \
        grep -q 'launcher failure on 127.0.0.2: ssh: connect to host 127.0.0.2 port [0-9]*: Connection refused' \
        "$SCRATCH/dead-host.out"
    check "dead host: the report counts the launcher failures apart" \
        grep -q '^Launcher failures: [0-9]* (not scored, games played again): 127.0.0.2 [0-9]' "$SCRATCH/dead-host.out"
    run dead-host-resume "$ARENA" "$@" -launcher-hosts "$SCRATCH/hosts.txt" -resume
    check "dead host: -resume on 127.0.0.1 alone completes" [ "$STATUS" = 0 ]
    expect_whole_run "dead host then -resume" "$SLOW" "$SCRATCH/dead-host-resume.out" "$pgn"
}

ALL_CHECKS="slurm_array slurm_scancel slurm_requeue slurm_then_parallel second_writer parallel_ssh parallel_kill
    launcher_srun launcher_ssh dead_host srun_kill9 tune_sbatch datagen_slurm datagen_ssh loop_srun loop_ssh"
# run_checks HEADING NAME...: each check, after a "-- NAME HEADING" line.
run_checks() { # heading names...
    heading=$1
    shift
    for name in "$@"; do
        case " $(echo $ALL_CHECKS) " in
        *" $name "*) ;;
        *)
            fail "no check named $name (the checks: $(echo $ALL_CHECKS))"
            continue
            ;;
        esac
        echo "-- $name$heading"
        "check_$name"
    done
}
started=$(date +%s)
run_checks "" ${CHECKS:-$ALL_CHECKS}

# Slurm's process tracking that signals every process of a job at once
# (linuxproc, as cgroup tracking does): a cancelled or requeued task's
# engines may die before its arena, which must not score that game.  A
# second cluster, its runs in folders of their own (TAG).  LINUXPROC_CHECKS
# names the checks run there (default: these two, none when CHECKS is
# given).
if [ -n "${LINUXPROC_CHECKS+set}" ]; then
    linuxproc_checks=$LINUXPROC_CHECKS
elif [ -n "${CHECKS:-}" ]; then
    linuxproc_checks=""
else
    linuxproc_checks="slurm_scancel slurm_requeue"
fi
if [ "$CLUSTER_PROCTRACK" = pgid ] && [ -n "$linuxproc_checks" ]; then
    stop_cluster
    CLUSTER_PROCTRACK=linuxproc TAG=-linuxproc
    if start_cluster "$SCRATCH/daemons$TAG"; then
        run_checks " (proctrack/linuxproc)" $linuxproc_checks
    else
        fail "a second cluster, with proctrack/linuxproc, starts"
    fi
fi

stop_cluster
sleep 1
marked_processes "$SCRATCH/left.txt"
left=$(cat "$SCRATCH/left.txt")
if [ -z "$left" ]; then
    pass "every daemon stopped, no process left"
else
    fail "every daemon stopped, no process left" "$left"
fi
echo "test-cluster: $(($(date +%s) - started)) s"
echo "harness: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
