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
                       succeeded (DIR/slices.sbatch, DIR/merge.sbatch)

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
  --dry-run            write DIR/run.conf (and for --slurm the sbatch scripts)
                       and print what would run; run nothing
  --sshloginfile FILE  --parallel: the hosts, in GNU parallel's format (one a
                       line, e.g. '8/user@host', ':' for this machine); default:
                       this machine only
  --jobs N             --parallel: slices at once per host (default: GNU
                       parallel's, one per CPU core)
  --sbatch OPTION      --slurm: one sbatch option for both jobs; repeat it for
                       more (e.g. --sbatch --partition=short --sbatch --time=2:00:00)
  --max-running N      --slurm: at most N slices at once (--array=1-K%N)
  --help / -h          this text

The datagen arguments after -- reach every slice unchanged.  The games
(-games N) are required and split into slices; refused are -out (the slices
write DIR/part-K.txt), -positions (a slice cannot count the whole run's
positions) and -games A..B.  With -threads T each slice plays T games at
once, which gives the same bytes as one.

Exit status: 0 every slice finished and DIR/data.txt is written (--parallel),
or both jobs are submitted (--slurm), or --dry-run printed the commands;
1 a slice or the merge failed (nothing merged: --resume continues), GNU
parallel or sbatch is missing or sbatch refused a job; 2 bad arguments.
EOF
}

# Reads the datagen arguments ("$@"): sets games_first, games_last and
# the quoted words every slice gets (slice_words).
read_datagen_arguments() {
    games_first="" games_last="" slice_words=""
    [ $# -gt 0 ] || die_usage "no datagen arguments: give them after --"
    case $1 in
    book | merge) die_usage "the datagen arguments must describe a self-play run, not '$1'" ;;
    esac
    while [ $# -gt 0 ]; do
        case $1 in
        -games)
            [ $# -ge 2 ] || die_usage "-games needs a value"
            case $2 in
            *..*) die_usage "-games $2: give -games N, the whole run's games (the slices are ranges of 0..N-1)" ;;
            esac
            check_count "-games" "$2"
            games_first=0 games_last=$(($2 - 1))
            shift 2
            ;;
        -out) die_usage "-out: the slices write DIR/part-K.txt and the merge DIR/data.txt; give --dir DIR instead" ;;
        -positions) die_usage "-positions: a slice cannot count the whole run's positions; give -games N instead" ;;
        -help | --help) die_usage "$1 among the datagen arguments: see tessera-datagen -help" ;;
        *)
            slice_words="$slice_words $(quote "$1")"
            shift
            ;;
        esac
    done
    [ -n "$games_first" ] || die_usage "the datagen arguments need -games N: the games to split"
}

mode=""
while [ $# -gt 0 ]; do
    case $1 in
    --help | -h)
        usage
        exit 0
        ;;
    --parallel | --slurm)
        [ -z "$mode" ] || [ "$mode" = "${1#--}" ] || die_usage "give --parallel or --slurm, not both"
        mode=${1#--}
        shift
        ;;
    --)
        shift
        break
        ;;
    *)
        parallel_option "$@" || slurm_option "$@" || common_option "$@" ||
            die_usage "unknown option '$1' (the datagen arguments go after --)"
        shift "$consumed"
        ;;
    esac
    [ $# -gt 0 ] || die_usage "no datagen arguments: give them after --"
done
[ -n "$mode" ] || die_usage "give --parallel (GNU parallel) or --slurm (a Slurm job array)"
if [ "$mode" = parallel ]; then
    [ -z "$sbatch_words$max_running" ] || die_usage "--sbatch and --max-running are for --slurm"
else
    [ -z "$login_file$jobs" ] || die_usage "--sshloginfile and --jobs are for --parallel"
fi
read_datagen_arguments "$@"
if [ "$mode" = parallel ]; then
    check_run
    require_parallel
    write_run
    describe_run
    run_on_parallel
fi
check_slurm_dir
check_run
require_sbatch
write_run
describe_run
submit_to_slurm
echo "$PROGRAM: the data will be in $run_dir/data.txt; if a slice fails, Slurm cancels the merge: run the same command with --resume"
