#!/bin/sh
# slurm.sh - one tessera-arena run split into slices (-games A..B) and
# submitted as a Slurm job array, with a merge job that runs when every
# slice has succeeded.  See --help; the run folder is described in lib.sh.
PROGRAM=slurm.sh
. "$(dirname "$0")/lib.sh"

usage() {
    cat <<EOF
slurm.sh - submits one tessera-arena run as a Slurm job array of slices, then a merge job

Usage:
  tools/cluster/slurm.sh --dir DIR [OPTIONS] -- ARENA ARGUMENTS...

Example (2000 games in 100 slices on partition 'short'):
  tools/cluster/slurm.sh --dir runs/ab-mcts --slices 100 --sbatch --partition=short -- \\
      -game columna -games 2000 -engine cmd=build/tessera name=ab option.Backend=alphabeta \\
      -engine cmd=build/tessera name=mcts option.Backend=mcts -each tc=8+0.08 \\
      -openings random plies=4 -sprt elo0=0 elo1=10

It writes DIR/slices.sbatch (an array job: task K runs
'sh tools/cluster/slice.sh DIR K') and DIR/merge.sbatch (runs
'sh tools/cluster/merge.sh DIR', which checks and merges the slices' PGN
files into DIR/report.txt), then submits them:
  sbatch --parsable [--sbatch options] DIR/slices.sbatch
  sbatch --parsable --dependency=afterok:JOB --kill-on-invalid-dep=yes [--sbatch options] DIR/merge.sbatch
The merge runs only when every slice succeeded; otherwise Slurm cancels it:
run the same command with --resume (finished games are kept).

Slurm options:
  --sbatch OPTION      one sbatch option for both jobs; repeat it for more
                       (e.g. --sbatch --partition=short --sbatch --time=2:00:00)
  --max-running N      at most N slices at once (--array=1-K%N)
  The array size is bounded by the cluster's MaxArraySize (often 1001): keep
  the number of slices below it.  DIR's path must be plain (letters, digits,
  _ . / + -): it is written into #SBATCH lines.  With --dry-run the script
  writes the sbatch scripts and prints the commands without submitting.

$COMMON_HELP

Exit status: 0 both jobs submitted (or --dry-run printed them); 1 sbatch is
missing or refused a job; 2 bad arguments.  The merge job's own output is in
DIR/slurm-merge.out, the report in DIR/report.txt.
EOF
}

sbatch_words=""
max_running=""
while [ $# -gt 0 ]; do
    case $1 in
    --help | -h)
        usage
        exit 0
        ;;
    --sbatch)
        [ $# -ge 2 ] || die_usage "$1 needs a value"
        sbatch_words="$sbatch_words $(quote "$2")"
        shift 2
        ;;
    --max-running)
        [ $# -ge 2 ] || die_usage "$1 needs a value"
        check_count "$1" "$2"
        max_running=$2
        shift 2
        ;;
    --)
        shift
        break
        ;;
    *)
        common_option "$@" || die_usage "unknown option '$1' (the arena arguments go after --)"
        shift "$consumed"
        ;;
    esac
    [ $# -gt 0 ] || die_usage "no arena arguments: give them after --"
done
read_arena_arguments "$@"
case $run_dir in
/*) where=$run_dir ;;
*) where=$(pwd)/$run_dir ;;
esac
case $where in
*[!A-Za-z0-9_./+-]*) die_usage "--dir $where: #SBATCH lines need a plain path (letters, digits, _ . / + -)" ;;
esac
check_run
if [ "$dry_run" = false ] && ! command -v sbatch >/dev/null 2>&1; then
    die "sbatch is not here: run this on a Slurm login node (or give --dry-run to see what it submits)"
fi
write_run
describe_run

array=1-$slices
[ -z "$max_running" ] || array=$array%$max_running
cat >"$run_dir/slices.sbatch" <<EOF || die "cannot write $run_dir/slices.sbatch"
#!/bin/sh
# Slices of the tessera-arena run in $run_dir ($PROGRAM): task K plays slice K.
#SBATCH --job-name=tessera-slices
#SBATCH --array=$array
#SBATCH --output=$run_dir/slurm-slice-%a.out
exec sh $(quote "$CLUSTER_TOOLS/slice.sh") $run_dir "\$SLURM_ARRAY_TASK_ID"
EOF
cat >"$run_dir/merge.sbatch" <<EOF || die "cannot write $run_dir/merge.sbatch"
#!/bin/sh
# Merge of the tessera-arena run in $run_dir ($PROGRAM), after every slice.
#SBATCH --job-name=tessera-merge
#SBATCH --output=$run_dir/slurm-merge.out
exec sh $(quote "$CLUSTER_TOOLS/merge.sh") $run_dir
EOF

if [ "$dry_run" = true ]; then
    echo "sbatch --parsable$sbatch_words $run_dir/slices.sbatch"
    echo "sbatch --parsable --dependency=afterok:\$SLICES_JOB --kill-on-invalid-dep=yes$sbatch_words $run_dir/merge.sbatch"
    print_slice_commands
    exit 0
fi

eval "set -- $sbatch_words"
slices_job=$(sbatch --parsable "$@" "$run_dir/slices.sbatch") || die "sbatch refused the slices ($run_dir/slices.sbatch)"
slices_job=${slices_job%%;*} # --parsable prints JOB or JOB;CLUSTER
case $slices_job in
'' | *[!0-9]*) die "sbatch answered '$slices_job', not a job id" ;;
esac
merge_job=$(sbatch --parsable --dependency="afterok:$slices_job" --kill-on-invalid-dep=yes "$@" "$run_dir/merge.sbatch") ||
    die "sbatch refused the merge job; the slices run as job $slices_job: run 'sh $CLUSTER_TOOLS/merge.sh $run_dir' when they are done"
echo "$PROGRAM: slices: job $slices_job (array $array); merge: job ${merge_job%%;*}, after every slice succeeded"
echo "$PROGRAM: the report will be in $run_dir/report.txt; if a slice fails, Slurm cancels the merge: run the same command with --resume"
