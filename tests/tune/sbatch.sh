#!/bin/sh
# sbatch.sh - tools/cluster/tune.sbatch never pends forever on a small
# partition: submitted with sh (outside a job) it asks sinfo for the
# partition's CPUs and submits itself with --ntasks at most their
# allocated and idle ones, even, saying so; a job of fewer than 2 tasks
# stops at once; inside a job (SLURM_JOB_ID, SLURM_NTASKS) it runs the
# tuner through srun, NTASKS/2 pairs at once.  Stand-ins for sinfo,
# sbatch (tests/lib_cluster.sh) and srun (tests/fakes/srun).
. "$(dirname "$0")/lib.sh"
# stand_in_sbatch, stand_in_sinfo.
. tests/lib_cluster.sh

stand_in_sbatch
stand_in_sinfo
cp tests/fakes/srun "$WORK/bin/srun"
chmod +x "$WORK/bin/srun"
PATH="$WORK/bin:$PATH"
export PATH
unset SLURM_JOB_ID SLURM_NTASKS
SCRIPT=$(pwd)/tools/cluster/tune.sbatch

# A partition of 8 CPUs, 2 of them down: 6 usable.
echo "small 0/6/2/8" >"$WORK/sinfo-answer"
run sh "$SCRIPT" --partition=small --time=1:00:00
check tune_sbatch_submits_itself [ "$STATUS" -eq 0 ]
check tune_sbatch_asks_sinfo_about_the_partition grep -qx -- "-h -p small -o %P %C" "$WORK/sinfo-calls"
check tune_sbatch_asks_for_the_usable_cpus_only \
    [ "$(cat "$WORK/sbatch-calls")" = "--ntasks=6 --partition=small --time=1:00:00 $SCRIPT" ]
check tune_sbatch_says_so has "^tune\.sbatch: partition small has 6 usable CPUs: --ntasks=6, not 64 \(3 pairs at once\)$"

# The default partition (marked *), 7 usable: an even 6; -p P read too.
printf 'big 10/54/0/64\nsmall* 1/6/1/8\n' >"$WORK/sinfo-answer"
rm -f "$WORK/sbatch-calls"
run sh "$SCRIPT"
check tune_sbatch_sizes_to_the_default_partition [ "$(cat "$WORK/sbatch-calls")" = "--ntasks=6 $SCRIPT" ]
rm -f "$WORK/sbatch-calls"
echo "big 10/54/0/64" >"$WORK/sinfo-answer"
run env NTASKS=16 sh "$SCRIPT" -p big
check tune_sbatch_keeps_ntasks_that_fit [ "$(cat "$WORK/sbatch-calls")" = "--ntasks=16 -p big $SCRIPT" ]
check tune_sbatch_says_nothing_when_they_fit lacks "usable CPUs"

# A partition of one usable CPU: no run, nothing submitted.
echo "tiny 0/1/3/4" >"$WORK/sinfo-answer"
rm -f "$WORK/sbatch-calls"
run sh "$SCRIPT" --partition tiny
check tune_sbatch_refuses_a_partition_of_one_cpu [ "$STATUS" -eq 1 -a ! -e "$WORK/sbatch-calls" ]
check tune_sbatch_says_why has "^tune\.sbatch: partition tiny has 1 usable CPUs .*: a run needs 2 at least$"

# Inside a job of one task (sbatch without --ntasks): it stops at once.
run env SLURM_JOB_ID=9 SLURM_NTASKS=1 sh "$SCRIPT"
check tune_sbatch_stops_a_job_of_one_task [ "$STATUS" -eq 1 ] && check tune_sbatch_says_how_to_submit has "submit it with sh tools/cluster/tune.sbatch"

# Inside a job of 4 tasks: the tuner, 2 pairs at once, each engine a step.
export LAUNCHER_RECORD=$WORK/srun.rec
run env SLURM_JOB_ID=9 SLURM_NTASKS=4 SLURM_SUBMIT_DIR=$(pwd) TUNE=$TUNE ENGINE=$ENGINE ITERATIONS=2 TC=nodes=100 \
    CSV=$WORK/tune.csv sh "$SCRIPT"
check tune_sbatch_runs_the_tuner_in_a_job [ "$STATUS" -eq 0 -a "$(wc -l <"$WORK/tune.csv")" -eq 4 ]
check tune_sbatch_plays_2_pairs_at_once has "^tessera-tune on 4 CPUs of 1 node\(s\): 2 pairs at once"
check tune_sbatch_starts_each_engine_through_srun grep -q "^srun --exclusive -n1 -c1 --mem-per-cpu=1G $ENGINE" "$LAUNCHER_RECORD"

finish
