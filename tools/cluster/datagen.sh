#!/bin/sh
# datagen.sh - one tessera-datagen run split into slices of games
# (-games A..B) and played on GNU parallel (--parallel) or as a Slurm job
# array (--slurm), then merged into the file one machine's run of the same
# arguments writes.  See --help; the run folder is described in lib.sh.
PROGRAM=datagen.sh
. "$(dirname "$0")/lib.sh"
tool=datagen

usage() {
    cat <<EOF
datagen.sh - plays one tessera-datagen run as slices of games on GNU parallel or Slurm, then merges

Usage:
  tools/cluster/datagen.sh --parallel --dir DIR [OPTIONS] -- DATAGEN ARGUMENTS...
  tools/cluster/datagen.sh --slurm --dir DIR [OPTIONS] -- DATAGEN ARGUMENTS...

Examples (3000 games of Columna in 30 slices of 100, one thread each):
  tools/cluster/datagen.sh --parallel --dir runs/gen1 --slices 30 --sshloginfile hosts.txt -- \\
      -game columna -games 3000 -nodes 5000 -eval classic -seed 31
  tools/cluster/datagen.sh --slurm --dir runs/gen1 --slices 30 --sbatch --partition=short -- \\
      -game columna -games 3000 -nodes 5000 -eval classic -seed 31
  build/tessera-train -game columna -data runs/gen1/data.txt -out net1.nn

Slice K runs 'sh tools/cluster/slice.sh DIR K': tessera-datagen with the
arguments and "-games A..B -out DIR/part-K.txt" (games are numbered from 0,
so -games N is split into 0..N-1).  When all have finished,
'sh tools/cluster/merge.sh DIR' checks that each part is complete and runs
'tessera-datagen merge' into DIR/data.txt: the records in game order, a
position that an earlier slice holds dropped.  DIR/data.txt is then byte for
byte the file that one machine writes with the same arguments, whatever its
thread count: game k depends only on the seed and k, and datagen's searches
have node or depth limits, never a clock.

A slice that is run again (--resume, a requeued task) resumes its file: its
last game, which a kill may have cut short, is played again, so the slice
ends with the data of one never stopped; a complete slice plays nothing.

Mode (one is required):
  --parallel           play the slices with GNU parallel, here or on the hosts
                       of --sshloginfile, then merge
  --slurm              submit the slices as a Slurm job array (task K plays
                       slice K) and a merge job that runs after every slice
                       succeeded (DIR/slices.sbatch, DIR/merge.sbatch); the
                       job ids go to DIR/jobs, and a --resume submits only
                       the slices not complete

Options:
  --dir DIR            the run folder (required): part-K.txt and slice-K.log per
                       slice, run.conf, and data.txt and report.txt at the end;
                       at the same path on every host (a shared filesystem)
  --slices K           split the games into K slices of equal size (default 16,
                       at most one per game)
  --slice-games G      or: G games per slice (the last may have fewer)
  --datagen PATH       the datagen program (default build/tessera-datagen);
                       relative paths, here and in the datagen arguments, are
                       taken from the folder the script was started in
  --resume             continue the run in DIR: the same arguments are required;
                       each slice keeps its finished games and plays the rest
  --force              go on when it cannot be told whether a job of the run in
                       DIR still runs (squeue missing or failing, a parallel.sh
                       on another host): only when you know that none does
  --dry-run            write DIR/run.conf (and for --slurm the sbatch scripts)
                       and print what would run; run nothing
  --sshloginfile FILE  --parallel: the hosts, in GNU parallel's format (one a
                       line, e.g. '8/user@host', ':' for this machine); default:
                       this machine only
  --jobs N             --parallel: slices at once per host (default: GNU
                       parallel's, one per CPU core)
  --cpus-per-task N    --slurm: CPUs of each slice (default, and at least: one
                       per game at once, as many as datagen's threads)
  --time T             --slurm: each slice's time limit (sbatch --time)
  --mem M              --slurm: each slice's memory (sbatch --mem, e.g. 2G)
  --sbatch OPTION      --slurm: one sbatch option for both jobs; repeat it for
                       more (e.g. --sbatch --partition=short --sbatch --requeue)
  --merge-sbatch OPTION
                       --slurm: one sbatch option for the merge job only
  --max-running N      --slurm: at most N slices at once (--array=1-K%N)
  --help / -h          this text

The datagen arguments after -- reach every slice unchanged.  The games
(-games N) are required and split into slices; refused are -out (the slices
write DIR/part-K.txt), -positions (a slice cannot count the whole run's
positions) and -games A..B.  With -threads T each slice plays T games at
once, which gives the same bytes as one.

A run that is still played (a Slurm job of it queued or running, as squeue
says, or a --parallel run playing it) is refused, with --resume or without.

Exit status: 0 every slice finished and DIR/data.txt is written (--parallel),
or both jobs are submitted (--slurm), or --dry-run printed the commands;
1 a slice or the merge failed (nothing merged: --resume continues), GNU
parallel or sbatch is missing or sbatch refused a job, or the run is still
played (or that cannot be told: see --force); 2 bad arguments.
EOF
}

# datagen.sh's own options: the mode, and both schedulers' options.
mode=""
datagen_option() {
    case $1 in
    --parallel | --slurm)
        [ -z "$mode" ] || [ "$mode" = "${1#--}" ] || die_usage "give --parallel or --slurm, not both"
        mode=${1#--}
        consumed=1
        ;;
    *) parallel_option "$@" || slurm_option "$@" ;;
    esac
}

# Once every option is read: one mode, with only its own options; then the
# datagen arguments.
check_mode_then_read_arguments() {
    [ -n "$mode" ] || die_usage "give --parallel (GNU parallel) or --slurm (a Slurm job array)"
    if [ "$mode" = parallel ]; then
        [ -z "$sbatch_words$merge_sbatch_words$max_running$cpus$time_limit$memory" ] ||
            die_usage "--sbatch, --merge-sbatch, --max-running, --cpus-per-task, --time and --mem are for --slurm"
    else
        [ -z "$login_file$jobs" ] || die_usage "--sshloginfile and --jobs are for --parallel"
    fi
    read_arguments "$@"
}

read_command_line datagen_option check_mode_then_read_arguments "$@"
if [ "$mode" = parallel ]; then
    play_on_parallel
else
    submit_run_to_slurm
    echo "$PROGRAM: the data will be in $run_dir/data.txt; if a slice fails, Slurm cancels the merge: run the same command with --resume"
fi
