#!/bin/sh
# slurm_jobs.sh - a run of tools/cluster is never played by two writers,
# and its Slurm jobs ask for what they need.  slurm.sh records each
# submission's job ids in DIR/jobs; --resume, and a second submission, are
# refused while squeue says a job of the run is queued or running, or when
# squeue cannot answer (unless --force); a parallel.sh playing the run
# holds DIR/parallel.lock, which both scripts respect.  A slice asks for 2
# CPUs per game at once, --time and --mem, the merge job takes options of
# its own, Slurm's output files are named by job and task (%A_%a), and a
# --resume submits only the slices not complete.  parallel.sh --resume
# finishes a slurm.sh run.  Stand-ins for sbatch and squeue
# (tests/lib_cluster.sh) record their calls; squeue answers from a file
# this test writes.
. "$(dirname "$0")/lib.sh"
# install_parallel, stand_in_sbatch, stand_in_squeue.
. tests/lib_cluster.sh

CLUSTER=tools/cluster
stand_in_sbatch
stand_in_squeue
PATH="$WORK/bin:$PATH"
export PATH

# cluster SCRIPT ARGS...: runs a tools/cluster script; $OUT, $STATUS.
cluster() {
    script=$1
    shift
    OUT=$(timeout $((120 * LOAD_FACTOR)) sh "$CLUSTER/$script" "$@" 2>&1)
    STATUS=$?
}
submissions() { wc -l <"$WORK/sbatch-calls" | tr -d ' '; }

set -- -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 3" \
    -engine cmd="$FAKES/fake_engine" name=Beta args="--seed 4" \
    -each tc=10+0.1 -game roomandpillar -openings random plies=3 -seed 21 -games 12
arena "$@" -pgnout "$WORK/whole.pgn"
expect_status "the single-machine run completes" 0
whole_report=$(report_block "$OUT")

# ---- the submission: jobs recorded, resources asked for ----
run=$WORK/run
cluster slurm.sh --dir "$run" --slices 3 --sbatch --partition=short --arena "$ARENA" -- "$@"
expect_status "slurm.sh submits" 0
check "DIR/jobs records the submission: the slices' job, the merge job, when, the command" \
    grep -Eqx "701 702 [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z sbatch --parsable --partition=short $run/slices\.sbatch" \
    "$run/jobs"
check "DIR/jobs starts with a line that says what it holds" grep -qx "# The Slurm jobs of this run, .*" "$run/jobs"
check "a slice asks for 2 CPUs: one game at once, two engines" grep -qx '#SBATCH --cpus-per-task=2' "$run/slices.sbatch"
check "Slurm's output of a slice is named by job and task" \
    grep -qx "#SBATCH --output=$run/slurm-slice-%A_%a.out" "$run/slices.sbatch"
check "the merge's output is named by its job" grep -qx "#SBATCH --output=$run/slurm-merge-%j.out" "$run/merge.sbatch"

# slurm_again NAME STATUS [OPTIONS...]: slurm.sh on the run again.
slurm_again() {
    again_name=$1 again_status=$2
    shift 2
    before=$(submissions)
    cluster slurm.sh --dir "$run" --slices 3 --sbatch --partition=short --arena "$ARENA" "$@" -- \
        -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 3" \
        -engine cmd="$FAKES/fake_engine" name=Beta args="--seed 4" \
        -each tc=10+0.1 -game roomandpillar -openings random plies=3 -seed 21 -games 12
    expect_status "$again_name: exit status $again_status" "$again_status"
    [ "$again_status" -eq 0 ] || check "$again_name: nothing submitted" [ "$(submissions)" -eq "$before" ]
}

# ---- while a job of the run is queued or running: refused ----
echo "701_2 RUNNING" >"$WORK/squeue-answer"
slurm_again "--resume while a slice runs" 1 --resume
expect_out "the refusal names the job and how to go on" \
    "still has Slurm jobs queued or running \(701_2 RUNNING\): wait until they end, or scancel 701 702, then"
check "squeue is asked about the run's jobs" grep -qx -- "-h -j 701,702 -o %i %T" "$WORK/squeue-calls"
printf '701_[2-3] PENDING\n702 PENDING\n' >"$WORK/squeue-answer"
slurm_again "a second submission while the run's jobs are pending" 1
expect_out "the refusal names the pending jobs" "\(701_\[2-3\] PENDING, 702 PENDING\)"
cluster parallel.sh --dir "$run" --resume --slices 3 --arena "$ARENA" --dry-run -- "$@"
expect_status "parallel.sh --resume while the run's Slurm jobs are pending: exit status 1" 1
expect_out "parallel.sh names them too" "702 PENDING"

# ---- squeue cannot answer: refused unless --force ----
echo "slurm_load_jobs error: Unable to contact slurm controller (connect failure)" >"$WORK/squeue-fails"
slurm_again "--resume when squeue fails" 1 --resume
expect_out "the refusal quotes squeue and names --force" \
    "squeue failed \(exit status 1: slurm_load_jobs error: Unable to contact slurm controller \(connect failure\)\).*give --force if"
slurm_again "--resume --force --dry-run when squeue fails" 0 --resume --force --dry-run
expect_out "--force says that it goes on" "cannot be told; going on \(--force\)$"
# Where no squeue is (the stand-in taken away; a real one elsewhere on
# PATH would answer).
mv "$WORK/bin/squeue" "$WORK/squeue.away"
if ! command -v squeue >/dev/null 2>&1; then
    cluster parallel.sh --dir "$run" --resume --slices 3 --arena "$ARENA" --dry-run -- "$@"
    expect_status "parallel.sh --resume of a Slurm run where no squeue is: exit status 1" 1
    expect_out "it says why" "squeue is not here: whether the run's Slurm jobs \(701,702, in .*/jobs\) still run cannot be told"
fi
mv "$WORK/squeue.away" "$WORK/bin/squeue"
# A job Slurm no longer knows has ended.
echo "slurm_load_jobs error: Invalid job id specified" >"$WORK/squeue-fails"
slurm_again "--resume --dry-run when Slurm no longer knows the jobs" 0 --resume --dry-run
rm "$WORK/squeue-fails"

# ---- --resume submits only the slices not complete ----
# Slices 1 and 3 played, as Slurm runs the array's tasks; slice 2 lost.
SLURM_ARRAY_TASK_ID=1 sh "$run/slices.sbatch"
SLURM_ARRAY_TASK_ID=3 sh "$run/slices.sbatch"
printf '701_1 COMPLETED\n701_2 CANCELLED\n701_3 COMPLETED\n702 CANCELLED\n' >"$WORK/squeue-answer"
slurm_again "--resume once every job has ended" 0 --resume
expect_out "it submits slice 2 alone" "slices: job 703 \(array 2, 2 CPUs each\); merge: job 704"
check "the array job holds slice 2 only" grep -qx '#SBATCH --array=2' "$run/slices.sbatch"
check "DIR/jobs holds both submissions" [ "$(grep -c '^70[0-9] 70[0-9] ' "$run/jobs")" -eq 2 ]
check "the second line is the resume's jobs" grep -q '^703 704 ' "$run/jobs"
: >"$WORK/squeue-answer"

# ---- either script finishes the other's run ----
install_parallel
if command -v parallel >/dev/null 2>&1; then
    cluster parallel.sh --dir "$run" --resume --slices 3 --arena "$ARENA" -- "$@"
    expect_status "parallel.sh --resume finishes the slurm.sh run" 0
    check "parallel.sh leaves no lock behind" [ ! -e "$run/parallel.lock" ]
else
    cluster parallel.sh --dir "$run" --resume --slices 3 --arena "$ARENA" --dry-run -- "$@"
    expect_status "parallel.sh --resume --dry-run takes the slurm.sh run" 0
    sh "$CLUSTER/slice.sh" "$run" 2
    OUT=$(sh "$CLUSTER/merge.sh" "$run" 2>&1)
fi
check "the finished run's report is the single-machine run's" [ "$(report_block "$OUT")" = "$whole_report" ]
slurm_again "--resume of a run whose slices are all complete" 0 --resume --merge-sbatch --time=0:10:00
expect_out "it submits the merge alone" "every slice is complete; merge: job 705$"
check "the merge alone has no dependency, and its own options" \
    [ "$(tail -n 1 "$WORK/sbatch-calls")" = "--parsable --partition=short --time=0:10:00 $run/merge.sbatch" ]
rm "$run/part-1.pgn" "$run/part-3.pgn"
slurm_again "--resume --dry-run of two lost slices" 0 --resume --dry-run --max-running 2
check "the array holds both, at most 2 at once" grep -qx '#SBATCH --array=1,3%2' "$run/slices.sbatch"

# ---- a parallel.sh playing the run: its lock ----
sleep 300 &
player=$!
echo "$player $(uname -n)" >"$run/parallel.lock"
cluster parallel.sh --dir "$run" --resume --slices 3 --arena "$ARENA" --dry-run -- "$@"
expect_status "parallel.sh --resume while a parallel.sh plays the run: exit status 1" 1
expect_out "it names that parallel.sh" "parallel.sh \(pid $player\) is playing the run in .*: wait until it ends, or stop it \(kill $player\)"
slurm_again "slurm.sh --resume while a parallel.sh plays the run" 1 --resume --dry-run
kill "$player"
wait "$player" 2>/dev/null
slurm_again "--resume once that parallel.sh has ended (its lock left behind)" 0 --resume --dry-run
check "the lock it left is removed" [ ! -e "$run/parallel.lock" ]
echo "4242 another-host.example" >"$run/parallel.lock"
slurm_again "--resume when a parallel.sh on another host holds the lock" 1 --resume --dry-run
expect_out "it cannot check that host" "parallel.sh \(pid 4242 on another-host.example\) may be playing the run .*cannot be checked from"
slurm_again "the same with --force" 0 --resume --dry-run --force

# ---- what a slice asks for ----
dry=$WORK/dry
cluster slurm.sh --dir "$dry" --slices 2 --time 2:00:00 --mem 4G --merge-sbatch --time=0:10:00 --sbatch --account=x \
    --arena "$ARENA" --dry-run -- "$@" -concurrency 3
expect_status "slurm.sh --dry-run with resources" 0
check "-concurrency 3: 6 CPUs a slice" grep -qx '#SBATCH --cpus-per-task=6' "$dry/slices.sbatch"
check "--time and --mem are the slices'" \
    [ "$(grep -c -x -e '#SBATCH --time=2:00:00' -e '#SBATCH --mem=4G' "$dry/slices.sbatch")" -eq 2 -a \
    "$(grep -c -e '--time' -e '--mem' "$dry/merge.sbatch")" -eq 0 ]
expect_out "--sbatch reaches the slices' job" "^sbatch --parsable --account=x $dry/slices\.sbatch$"
expect_out "--merge-sbatch reaches the merge job only" \
    "^sbatch --parsable --dependency=afterok:\\\$SLICES_JOB --kill-on-invalid-dep=yes --account=x --time=0:10:00 $dry/merge\.sbatch$"
refused() { # name regex options...
    refused_name=$1 refused_regex=$2
    shift 2
    rm -rf "$WORK/r"
    cluster slurm.sh --dir "$WORK/r" --arena "$ARENA" --dry-run "$@"
    expect_status "$refused_name: refused" 2
    expect_out "$refused_name: says why" "$refused_regex"
}
refused "fewer CPUs than two per game" \
    "--cpus-per-task 4: a slice plays 3 games at once \(-concurrency\), each between two engine processes: give at least 6" \
    --cpus-per-task 4 -- "$@" -concurrency 3
refused "CPUs through --sbatch" "--sbatch --cpus-per-task=8: give --cpus-per-task N" --sbatch --cpus-per-task=8 -- "$@"
refused "a --time Slurm does not read" "--time '2h': expected Slurm's form" --time 2h -- "$@"
refused "a --mem that is no size" "--mem '4GB': expected a size" --mem 4GB -- "$@"

finish
