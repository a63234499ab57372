#!/bin/sh
# parallel.sh - one tessera-arena run split into slices (-games A..B) and
# played by GNU parallel, here or on the hosts of an --sshloginfile, then
# merged.  See --help; the run folder is described in lib.sh.
PROGRAM=parallel.sh
. "$(dirname "$0")/lib.sh"

usage() {
    cat <<EOF
parallel.sh - plays one tessera-arena run as slices on GNU parallel, then merges

Usage:
  tools/cluster/parallel.sh --dir DIR [OPTIONS] -- ARENA ARGUMENTS...

Example (200 games in 20 slices, on the hosts listed in hosts.txt):
  tools/cluster/parallel.sh --dir runs/ab-mcts --slices 20 --sshloginfile hosts.txt -- \\
      -game columna -games 200 -engine cmd=build/tessera name=ab option.Backend=alphabeta \\
      -engine cmd=build/tessera name=mcts option.Backend=mcts -each tc=8+0.08 \\
      -openings random plies=4 -sprt elo0=0 elo1=10

Each slice runs 'sh tools/cluster/slice.sh DIR K' (one GNU parallel job);
when all have finished, 'sh tools/cluster/merge.sh DIR' checks and merges
their PGN files and prints the report (also in DIR/report.txt).

GNU parallel options:
  --sshloginfile FILE  hosts to run the slices on, in GNU parallel's format
                       (one a line, e.g. '8/user@host', ':' for this machine);
                       default: this machine only.  Every host needs the same
                       paths (this folder, the engines, DIR): a shared filesystem
  --jobs N             slices at once per host (default: GNU parallel's, one
                       per CPU core); with -concurrency C in the arena
                       arguments each slice plays C games at once
  Other GNU parallel options can be given in the PARALLEL environment variable.
  Each slice's exit status and time are in DIR/joblog.

$COMMON_HELP

Exit status: 0 every slice finished and the report is printed; 1 a slice or
the merge failed (nothing merged: --resume continues), or GNU parallel is
missing; 2 bad arguments.
EOF
}

login_file=""
jobs=""
while [ $# -gt 0 ]; do
    case $1 in
    --help | -h)
        usage
        exit 0
        ;;
    --sshloginfile)
        [ $# -ge 2 ] || die_usage "$1 needs a value"
        [ -f "$2" ] && [ -r "$2" ] || die_usage "--sshloginfile $2: no readable file there"
        login_file=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
        shift 2
        ;;
    --jobs)
        [ $# -ge 2 ] || die_usage "$1 needs a value"
        check_count "$1" "$2"
        jobs=$2
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
check_run
if [ "$dry_run" = false ] && ! command -v parallel >/dev/null 2>&1; then
    die "GNU parallel is not installed (Debian, Ubuntu: apt-get install parallel)"
fi
write_run
describe_run

# The GNU parallel command, as words: one job per slice number on stdin.
set -- parallel --halt never --joblog "$run_dir/joblog"
[ -z "$login_file" ] || set -- "$@" --sshloginfile "$login_file"
[ -z "$jobs" ] || set -- "$@" --jobs "$jobs"
set -- "$@" "sh $(quote "$CLUSTER_TOOLS/slice.sh") $(quote "$run_dir") {}"

if [ "$dry_run" = true ]; then
    line="seq 1 $slices |"
    for word in "$@"; do line="$line $(quote "$word")"; done
    printf '%s\n' "$line"
    print_slice_commands
    exit 0
fi

# A second run in the same folder (--resume) starts a fresh job log.
rm -f "$run_dir/joblog"
seq 1 "$slices" | "$@"
failed=$?
if [ "$failed" -ne 0 ]; then
    echo "$PROGRAM: GNU parallel exit status $failed; the slices that failed (output in $run_dir/slice-K.log):" >&2
    # joblog columns: Seq Host Starttime JobRuntime Send Receive Exitval Signal Command...
    [ ! -f "$run_dir/joblog" ] ||
        awk 'NR > 1 && ($7 != 0 || $8 != 0) { print "  slice " $NF ": exit status " $7 ", signal " $8 }' \
            "$run_dir/joblog" >&2
    die "nothing merged; run the same command with --resume to finish the run"
fi
exec sh "$CLUSTER_TOOLS/merge.sh" "$run_dir"
