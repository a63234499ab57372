#!/bin/sh
# merge.sh - the last step of a run prepared by parallel.sh, slurm.sh or
# datagen.sh:
#
#   sh tools/cluster/merge.sh DIR
#
# Checks that every slice's PGN holds exactly its games (each of A..B once),
# then runs `tessera-arena merge` (with the run's -sprt, if any) on all of
# them, writes its output to DIR/report.txt and prints it.  For datagen.sh's
# runs: checks every slice's data file (DIR/part-K.txt) with the merge's own
# check (`tessera-datagen merge -check`: a slice, in order, complete), then
# runs `tessera-datagen merge` on them into DIR/data.txt (the file one
# machine's run writes).  An incomplete slice is named and nothing is
# merged: a report of part of a run would read as the whole run's.  Exit
# status 0, or 1 when a slice is incomplete or the merge fails.
PROGRAM=merge.sh
. "$(dirname "$0")/lib.sh"

usage() {
    cat <<EOF
merge.sh - the last step of a run that parallel.sh or slurm.sh prepared

Usage:
  sh tools/cluster/merge.sh DIR

Checks that every slice's PGN (DIR/part-K.pgn) holds exactly its games, each
of A..B once, then runs tessera-arena merge (with the run's -sprt, if any) on
all of them, writes its output to DIR/report.txt and prints it.  An
incomplete slice is named and nothing is merged: a report of part of a run
would read as the whole run's.

A slice that holds games twice (two runs wrote its file) is named with the
command that repairs it: tessera-arena repair DIR/part-K.pgn.

For a self-play run of datagen.sh: checks every slice's data file
(DIR/part-K.txt) with tessera-datagen merge -check, the merge's own check (a
readable slice of games A..B, its games in order, ending with its line
'# complete: games A..B'), then runs tessera-datagen merge on them into
DIR/data.txt (replaced if there): the records in game order, a position an
earlier slice holds dropped, so that DIR/data.txt is byte for byte what one
machine's run of the same arguments writes.  Its summary goes to
DIR/report.txt too.

  --help / -h          this text

Exit status: 0 the report is printed; 1 a slice is incomplete or the merge
failed; 2 bad arguments (no run in DIR).
EOF
}

answer_help "$@"
[ $# -eq 1 ] || die_usage "usage: merge.sh DIR"
load_run "$1"

# Every slice's part complete (lib.sh: check_part), or nothing is merged.
incomplete=0
repair=""
slice=1
while [ "$slice" -le "$slices" ]; do
    check_part "$slice"
    if [ -n "$part_problem" ]; then
        echo "$PROGRAM: slice $slice (games $slice_first..$slice_last) $part_problem (see $run_dir/slice-$slice.log)" >&2
        [ -z "$part_repair" ] || repair="repair the slices named above, then "
        incomplete=$((incomplete + 1))
    fi
    slice=$((slice + 1))
done
if [ "$incomplete" -gt 0 ]; then
    die "$incomplete of $slices slices are incomplete; nothing merged: ${repair}run the same command with --resume to finish them"
fi

# tessera-arena merge (with the run's -sprt) or tessera-datagen merge, on
# the parts in slice order.
cd "$workdir" || die "cannot enter $workdir"
if [ "$tool" = datagen ]; then
    set -- "$datagen" merge -force -out "$run_dir/data.txt"
else
    eval "set -- $sprt_words"
    [ $# -eq 0 ] || set -- -sprt "$@"
    set -- "$arena" merge "$@"
fi
slice=1
while [ "$slice" -le "$slices" ]; do
    set -- "$@" "$(part_file "$slice")"
    slice=$((slice + 1))
done
"$@" >"$run_dir/report.txt" 2>&1
status=$?
cat "$run_dir/report.txt"
[ "$status" -eq 0 ] || die "tessera-$tool merge failed (exit status $status)"
