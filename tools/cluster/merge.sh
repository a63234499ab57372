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

# A self-play run: every slice's file complete, then tessera-datagen merge.
if [ "$tool" = datagen ]; then
    cd "$workdir" || die "cannot enter $workdir"
    incomplete=0
    slice=1
    set --
    while [ "$slice" -le "$slices" ]; do
        slice_range "$slice"
        part=$run_dir/part-$slice.txt
        # The merge's own check of a part (tessera-datagen merge -check),
        # so that this one and the merge never disagree on a file.
        if [ ! -f "$part" ]; then
            echo "$PROGRAM: slice $slice (games $slice_first..$slice_last) is missing: no $part (see $run_dir/slice-$slice.log)" >&2
            incomplete=$((incomplete + 1))
        elif ! why=$("$datagen" merge -check "$part" 2>&1); then
            echo "$PROGRAM: slice $slice (games $slice_first..$slice_last) is incomplete or damaged:" \
                "${why#tessera-datagen: merge: } (see $run_dir/slice-$slice.log)" >&2
            incomplete=$((incomplete + 1))
        elif [ "$why" != "$part: games $slice_first..$slice_last, complete" ]; then
            echo "$PROGRAM: slice $slice (games $slice_first..$slice_last): $part is another slice's file (${why#"$part: "})" >&2
            incomplete=$((incomplete + 1))
        fi
        set -- "$@" "$part"
        slice=$((slice + 1))
    done
    if [ "$incomplete" -gt 0 ]; then
        die "$incomplete of $slices slices are incomplete; nothing merged. Run the same command with --resume to finish them"
    fi
    "$datagen" merge -force -out "$run_dir/data.txt" "$@" >"$run_dir/report.txt" 2>&1
    status=$?
    cat "$run_dir/report.txt"
    [ "$status" -eq 0 ] || die "tessera-datagen merge failed (exit status $status)"
    exit 0
fi

# The game numbers in a PGN file, sorted, one a line.
rounds_in() { sed -n 's/^\[Round "\([0-9]*\)"\]\r*$/\1/p' "$1" 2>/dev/null | sort -n; }

incomplete=0
repair=""
slice=1
while [ "$slice" -le "$slices" ]; do
    slice_range "$slice"
    part=$run_dir/part-$slice.pgn
    twice=$(rounds_in "$part" | uniq -d)
    if [ -n "$twice" ]; then
        # Two runs appended to one file: no --resume takes it until it is
        # repaired (the arena keeps the first copy of each game).
        echo "$PROGRAM: slice $slice (games $slice_first..$slice_last) holds $(printf '%s\n' "$twice" | wc -l | tr -d ' ')" \
            "games twice (the first: game $(printf '%s\n' "$twice" | head -n 1)): two runs wrote $part;" \
            "'$arena repair $part' (in $workdir) keeps the first copy of each game" >&2
        incomplete=$((incomplete + 1))
        repair="repair the slices named above, then "
    elif [ "$(rounds_in "$part")" != "$(seq "$slice_first" "$slice_last")" ]; then
        echo "$PROGRAM: slice $slice (games $slice_first..$slice_last) is incomplete:" \
            "$(rounds_in "$part" | wc -l | tr -d ' ') games in $part (see $run_dir/slice-$slice.log)" >&2
        incomplete=$((incomplete + 1))
    fi
    slice=$((slice + 1))
done
if [ "$incomplete" -gt 0 ]; then
    die "$incomplete of $slices slices are incomplete; nothing merged: ${repair}run the same command with --resume to finish them"
fi

cd "$workdir" || die "cannot enter $workdir"
eval "set -- $sprt_words"
[ $# -eq 0 ] || set -- -sprt "$@"
slice=1
while [ "$slice" -le "$slices" ]; do
    set -- "$@" "$run_dir/part-$slice.pgn"
    slice=$((slice + 1))
done
"$arena" merge "$@" >"$run_dir/report.txt" 2>&1
status=$?
cat "$run_dir/report.txt"
[ "$status" -eq 0 ] || die "tessera-arena merge failed (exit status $status)"
