#!/bin/sh
# slice.sh - runs one slice of a run prepared by parallel.sh, slurm.sh or
# datagen.sh:
#
#   sh tools/cluster/slice.sh DIR K           plays slice K of the run in DIR
#   sh tools/cluster/slice.sh --print DIR K   prints that command instead
#
# The slice is the arena with the run's arguments and -games A..B -pgnout
# DIR/part-K.pgn -resume (for datagen.sh's runs: tessera-datagen with the
# run's arguments and -games A..B -out DIR/part-K.txt), started in the
# folder the run was prepared in; its output is appended to
# DIR/slice-K.log.  Running a slice again (a retry, a requeued job) keeps
# its finished games and plays the rest.  The exit status is the tool's.
PROGRAM=slice.sh
. "$(dirname "$0")/lib.sh"

usage() {
    cat <<EOF
slice.sh - plays one slice of a run that parallel.sh, slurm.sh or datagen.sh prepared

Usage:
  sh tools/cluster/slice.sh DIR K           play slice K of the run in DIR
  sh tools/cluster/slice.sh --print DIR K   print that command instead

The slice is the arena with the run's arguments and "-games A..B -pgnout
DIR/part-K.pgn -resume", started in the folder the run was prepared in; its
output is appended to DIR/slice-K.log.  With -resume, a slice run again (a
retry, a requeued job) keeps its finished games and plays the rest.  Each
scheduler job runs this; by hand it plays a run prepared with --dry-run.

For a self-play run of datagen.sh the slice is tessera-datagen with the
run's arguments and "-games A..B -out DIR/part-K.txt": a slice run again
resumes its file (its last game is played again, as it may have been cut
short) and ends with the same data as a slice never stopped; a slice
already complete plays nothing.

  --print              print the slice's command (cd FOLDER && ARENA ...)
                       instead of running it
  --help / -h          this text

Exit status: the arena's (or tessera-datagen's); 2 bad arguments (no run in
DIR, no slice K).
EOF
}

answer_help "$@"
print=false
if [ "${1:-}" = --print ]; then
    print=true
    shift
fi
[ $# -eq 2 ] || die_usage "usage: slice.sh [--print] DIR K"
load_run "$1"
slice=$2
slice_range "$slice"
if [ "$tool" = datagen ]; then
    eval "set -- $datagen_words"
    set -- "$datagen" "$@" -games "$slice_first..$slice_last" -out "$run_dir/part-$slice.txt"
else
    eval "set -- $arena_words"
    set -- "$arena" "$@" -games "$slice_first..$slice_last" -pgnout "$run_dir/part-$slice.pgn" -resume
fi

if [ "$print" = true ]; then
    line="cd $(quote "$workdir") &&"
    for word in "$@"; do line="$line $(quote "$word")"; done
    printf '%s\n' "$line"
    exit 0
fi
cd "$workdir" || die "cannot enter $workdir"
exec >>"$run_dir/slice-$slice.log" 2>&1
echo "== slice $slice: games $slice_first..$slice_last, started $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(uname -n)"
exec "$@"
