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
  sbatch --parsable --dependency=afterok:JOB --kill-on-invalid-dep=yes [--sbatch options] [--merge-sbatch options] DIR/merge.sbatch
and records both job ids in DIR/jobs.  The merge runs only when every slice
succeeded; otherwise Slurm cancels it: run the same command with --resume
once no job of the run is queued or running (finished games are kept, and
only the slices not complete are submitted again, e.g. --array=3,7-9).

Self-play data (tessera-datagen) is played in slices the same way, and
merged into the file one machine writes, by tools/cluster/datagen.sh
(--slurm; see its --help).

Slurm options:
  --cpus-per-task N    CPUs of each slice (default, and at least: 2 per game
                       at once, 2 x -concurrency: each game runs two engine
                       processes, and one CPU each keeps an engine's search
                       off the other's clock; more for engines with Threads)
  --time T             each slice's time limit (sbatch --time: minutes, or
                       [D-]HH:MM:SS; default the partition's)
  --mem M              each slice's memory (sbatch --mem, e.g. 4G)
  --sbatch OPTION      one sbatch option for both jobs; repeat it for more
                       (e.g. --sbatch --partition=short --sbatch --requeue)
  --merge-sbatch OPTION
                       one sbatch option for the merge job only (e.g.
                       --merge-sbatch --time=0:10:00)
  --max-running N      at most N slices at once (--array=1-K%N)
  The array size is bounded by the cluster's MaxArraySize (often 1001): keep
  the number of slices below it.  DIR's path must be plain (letters, digits,
  _ . / + -): it is written into #SBATCH lines.  Slurm's output goes to
  DIR/slurm-slice-JOB_TASK.out and DIR/slurm-merge-JOB.out; each slice's own
  log, every attempt's, to DIR/slice-K.log.  With --dry-run the script
  writes the sbatch scripts and prints the commands without submitting.

$COMMON_HELP

Exit status: 0 both jobs submitted (or --dry-run printed them); 1 sbatch is
missing or refused a job, or a job of the run is still queued or running
(or cannot be told: see --force); 2 bad arguments.  The report will be in
DIR/report.txt.
EOF
}

# The command line (lib.sh reads the options and the arena arguments),
# then the run: sliced and submitted with its merge job.
read_command_line slurm_option read_arguments "$@"
submit_run_to_slurm
echo "$PROGRAM: the report will be in $run_dir/report.txt; if a slice fails, Slurm cancels the merge: run the same command with --resume once the run's jobs have ended"
