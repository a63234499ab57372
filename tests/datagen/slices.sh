#!/bin/sh
# slices.sh - self-play data in slices of games (tessera-datagen -games
# A..B), played through tools/cluster/datagen.sh and merged by
# `tessera-datagen merge`, is byte for byte the file of one machine's run
# of the same seed and games: through GNU parallel (installed from
# Debian's packages when absent, as root; when it cannot be, the generated
# command lines are run one by one instead) and through the Slurm job
# array's sbatch scripts, run as Slurm runs them, with a stand-in sbatch
# recording the submissions.  A slice killed midway and run again ends
# with the data of one never stopped; the merge refuses parts that are not
# the complete slices of one run.
# run, check and $WORK: the tools' command-line test library.
. "$(dirname "$0")/../tune/lib.sh"
# install_parallel, stand_in_sbatch.
. tests/lib_cluster.sh

DATAGEN=$BUILD/tessera-datagen
CLUSTER=tools/cluster

datagen() { run "$DATAGEN" "$@"; }
# cluster SCRIPT ARGS...: a tools/cluster script; $STATUS and $REPLY.
cluster() {
    script=$1
    shift
    run sh "$CLUSTER/$script" "$@"
}
games_of() { grep -v '^#' "$1" | awk -F' [|] ' '{ print $6 }' | sort -un | tr '\n' ' '; }

# Room and Pillar from two random plies: few openings, so later games meet
# positions of earlier ones, in other slices too (what the merge drops).
set -- -game roomandpillar -plies 2 -nodes 50 -seed 5
datagen "$@" -games 9 -out "$WORK/whole.txt"
check "the single-machine run plays games 0..8" [ "$STATUS" -eq 0 -a "$(games_of "$WORK/whole.txt")" = "0 1 2 3 4 5 6 7 8 " ]

# expect_whole NAME FILE: FILE is the single-machine run's, byte for byte.
expect_whole() {
    if cmp "$WORK/whole.txt" "$2" >"$WORK/cmp" 2>&1; then ok "$1"; else not_ok "$1" "$(cat "$WORK/cmp")"; fi
}

# GNU parallel, when it can be installed (tests/lib_cluster.sh).
install_parallel

run_dir="$WORK/run one" # a space: quoted through parallel and the slices
if command -v parallel >/dev/null 2>&1; then
    echo "path: GNU parallel ($(parallel --version 2>/dev/null | head -n 1))"
    cluster datagen.sh --parallel --dir "$run_dir" --slices 3 --datagen "$DATAGEN" -- "$@" -games 9
    check "datagen.sh --parallel completes" [ "$STATUS" -eq 0 ]
    check "it says how it split the run" has "games 0\.\.8 in 3 slices of 3"
else
    echo "path: generated command lines (GNU parallel is not installed and could not be installed)"
    cluster datagen.sh --parallel --dir "$run_dir" --slices 3 --datagen "$DATAGEN" -- "$@" -games 9
    check "datagen.sh --parallel without GNU parallel refuses" [ "$STATUS" -eq 1 ] &&
        check "the refusal says how to install it" has "GNU parallel is not installed"
    rm -rf "$run_dir"
    cluster datagen.sh --parallel --dir "$run_dir" --slices 3 --datagen "$DATAGEN" --dry-run -- "$@" -games 9
    check "datagen.sh --parallel --dry-run prints the commands" [ "$STATUS" -eq 0 ] &&
        check "the GNU parallel command runs slice.sh per slice" has "^seq 1 3 \| parallel --halt never --joblog .*slice\.sh.*\{\}'$"
    # The printed slice commands one by one, as GNU parallel would run them.
    printf '%s\n' "$REPLY" | sed -n 's/^# slice [0-9]*: //p' >"$WORK/slices.sh"
    check "one command per slice" [ "$(wc -l <"$WORK/slices.sh")" -eq 3 ]
    sh "$WORK/slices.sh" >/dev/null 2>&1
    cluster merge.sh "$run_dir"
    check "merge.sh merges the slices" [ "$STATUS" -eq 0 ]
fi
expect_whole "the merged slices are the single-machine run's file" "$run_dir/data.txt"
check "the merge dropped positions that an earlier slice holds (the test covers it)" \
    grep -Eq '\([1-9][0-9]* positions dropped' "$run_dir/report.txt"
check "each slice holds its games" \
    [ "$(games_of "$run_dir/part-1.txt")|$(games_of "$run_dir/part-3.txt")" = "0 1 2 |6 7 8 " ]
check "a slice's header names its games" grep -q ' seed=5 board=default hash=16 games=3\.\.5$' "$run_dir/part-2.txt"
check "a finished slice ends with its completion line" [ "$(tail -n 1 "$run_dir/part-2.txt")" = "# complete: games 3..5" ]
cluster slice.sh --print "$run_dir" 2
check "slice 2 is datagen with the run's arguments, its games and its file" \
    has "&& $DATAGEN -game roomandpillar -plies 2 -nodes 50 -seed 5 -games 3\.\.5 -out '$run_dir/part-2\.txt'$"

# A slice whose writer was killed in the middle of its last game: complete
# lines of part of that game, then a line cut short.  Run again, it plays
# that game again and ends with the bytes of the slice never stopped.
cp "$run_dir/part-2.txt" "$WORK/part-2.done"
last=$(grep -v '^#' "$WORK/part-2.done" | awk -F' [|] ' '{ print $6 }' | tail -n 1)
keep=$(awk -F' [|] ' -v g="$last" '/^#/ { n++; next } $6 == g { if (++seen == 3) exit } { n++ } END { print n }' \
    "$WORK/part-2.done")
head -n "$keep" "$WORK/part-2.done" >"$run_dir/part-2.txt"
printf 'wbwb/bw | cp' >>"$run_dir/part-2.txt"
check "the cut slice holds part of its last game ($last)" \
    [ "$(awk -F' [|] ' -v g="$last" '$6 == g' "$run_dir/part-2.txt" | wc -l)" -eq 2 ]
run sh "$CLUSTER/slice.sh" "$run_dir" 2
check "the cut slice runs again" [ "$STATUS" -eq 0 ]
check "it played its last game again" grep -q "resuming .* at game $last, its last, played again" "$run_dir/slice-2.log"
if cmp "$WORK/part-2.done" "$run_dir/part-2.txt" >"$WORK/cmp" 2>&1; then
    ok "the slice run again holds the bytes of the slice never stopped"
else
    not_ok "the slice run again holds the bytes of the slice never stopped" "$(cat "$WORK/cmp")"
fi
run sh "$CLUSTER/slice.sh" "$run_dir" 2
check "a complete slice run again plays nothing" \
    sh -c 'tail -n 1 "$1" | grep -q "nothing to play"' _ "$run_dir/slice-2.log"
check "and leaves its file as it was" cmp -s "$WORK/part-2.done" "$run_dir/part-2.txt"

# A real kill: SIGKILL once the slice has written two games, then the same
# command again; the file must be the one an uninterrupted run writes.
set -- -game columna -plies 2 -nodes 3000 -seed 3
datagen "$@" -games 0..9 -out "$WORK/straight.txt"
"$DATAGEN" "$@" -games 0..9 -out "$WORK/killed.txt" >/dev/null 2>&1 &
pid=$!
waited=0
while [ "$(games_of "$WORK/killed.txt" 2>/dev/null | wc -w)" -lt 2 ] && [ "$waited" -lt 2000 ] && kill -0 "$pid" 2>/dev/null; do
    sleep 0.01
    waited=$((waited + 1))
done
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
if [ "$(tail -n 1 "$WORK/killed.txt")" = "# complete: games 0..9" ]; then
    ok "the kill came after the slice had finished (the machine is fast: nothing to resume)"
else
    ok "the slice was killed midway ($(games_of "$WORK/killed.txt" | wc -w) games written)"
fi
datagen "$@" -games 0..9 -out "$WORK/killed.txt"
check "the killed slice runs again" [ "$STATUS" -eq 0 ]
if cmp "$WORK/straight.txt" "$WORK/killed.txt" >"$WORK/cmp" 2>&1; then
    ok "the killed slice ends with the data of one never stopped"
else
    not_ok "the killed slice ends with the data of one never stopped" "$(cat "$WORK/cmp")"
fi
set -- -game roomandpillar -plies 2 -nodes 50 -seed 5

# --resume: a lost slice is played again, the others play nothing.
rm "$run_dir/part-3.txt"
rm -f "$run_dir/data.txt"
if command -v parallel >/dev/null 2>&1; then
    cluster datagen.sh --parallel --dir "$run_dir" --resume --slices 3 --datagen "$DATAGEN" -- "$@" -games 9
    check "--resume plays the lost slice and merges" [ "$STATUS" -eq 0 ]
else
    run sh "$CLUSTER/slice.sh" "$run_dir" 3
    cluster merge.sh "$run_dir"
fi
expect_whole "the resumed run is the single-machine run's file" "$run_dir/data.txt"
check "--resume left the complete slices alone" \
    sh -c 'tail -n 1 "$1" | grep -q "nothing to play"' _ "$run_dir/slice-1.log"

# Refusals of tools/cluster/merge.sh: a missing slice, an incomplete one.
mv "$run_dir/part-3.txt" "$WORK/part-3.done"
cluster merge.sh "$run_dir"
check "merge.sh refuses a missing slice" [ "$STATUS" -eq 1 ] &&
    check "and names it" has "slice 3 \(games 6\.\.8\) is missing: no .*part-3\.txt"
grep -v '^# complete' "$WORK/part-3.done" >"$run_dir/part-3.txt"
cluster merge.sh "$run_dir"
check "merge.sh refuses an incomplete slice" [ "$STATUS" -eq 1 ] &&
    check "and names it" has "slice 3 \(games 6\.\.8\) is incomplete"
check "nothing merged" [ "$(cksum <"$run_dir/data.txt")" = "$(cksum <"$WORK/whole.txt")" ]
mv "$WORK/part-3.done" "$run_dir/part-3.txt"

# merge.sh and tessera-datagen merge agree on a damaged part: merge.sh
# checks each part with the merge's own check (merge -check), so both
# refuse it for the same reason, or both take it.
cp "$run_dir/part-3.txt" "$WORK/part-3.good"
agree() { # NAME: part-3.txt as damaged; both refuse it, with one reason
    datagen merge -out "$WORK/merged.txt" -force "$run_dir/part-1.txt" "$run_dir/part-2.txt" "$run_dir/part-3.txt"
    merge_status=$STATUS
    reason=$(printf '%s\n' "$REPLY" | sed -n 's/^tessera-datagen: merge: //p')
    cluster merge.sh "$run_dir"
    check "$1: merge refuses it" [ "$merge_status" -eq 2 -a -n "$reason" ]
    check "$1: merge.sh refuses it for the merge's reason" \
        [ "$STATUS" -eq 1 -a "$(printf '%s\n' "$REPLY" | grep -cF "slice 3 (games 6..8) is incomplete or damaged: $reason")" -eq 1 ]
    cp "$WORK/part-3.good" "$run_dir/part-3.txt"
}
awk 'NR == 3 { print "not a record" } { print }' "$WORK/part-3.good" >"$run_dir/part-3.txt"
agree "a line that is no record"
{ cat "$WORK/part-3.good"; grep -v '^#' "$WORK/part-3.good" | head -n 1; tail -n 1 "$WORK/part-3.good"; } >"$run_dir/part-3.txt"
agree "a game after a later one (two writers)"
sed '1s/ games=6\.\.8//' "$WORK/part-3.good" >"$run_dir/part-3.txt"
agree "a header without its slice's games"
{ cat "$WORK/part-3.good"; echo "# a note after the completion line"; } >"$run_dir/part-3.txt"
cluster merge.sh "$run_dir"
check "a note after the completion line: merge.sh merges, as tessera-datagen merge does" [ "$STATUS" -eq 0 ]
expect_whole "... the whole run's file" "$run_dir/data.txt"
cp "$WORK/part-3.good" "$run_dir/part-3.txt"

# Refusals of tessera-datagen merge: every one exit 2, nothing written.
P1=$run_dir/part-1.txt P2=$run_dir/part-2.txt P3=$run_dir/part-3.txt
merge_refused() { # name regex parts...
    name=$1 regex=$2
    shift 2
    rm -f "$WORK/merged.txt" # what a merge wrongly done left: each refusal is checked alone
    datagen merge -out "$WORK/merged.txt" "$@"
    check "merge refuses $name" [ "$STATUS" -eq 2 -a ! -e "$WORK/merged.txt" ] && check "merge says why: $name" has "$regex"
}
merge_refused "a slice given twice" "part-2\.txt \(games 3\.\.5\) and .*part-2\.txt \(games 3\.\.5\) overlap" "$P1" "$P2" "$P2" "$P3"
datagen "$@" -games 4..8 -out "$WORK/4-8.txt"
merge_refused "overlapping slices" "part-2\.txt \(games 3\.\.5\) and .*4-8\.txt \(games 4\.\.8\) overlap" "$P1" "$P2" "$WORK/4-8.txt"
merge_refused "a missing slice" "games 3\.\.5 are in no part" "$P3" "$P1"
merge_refused "a missing first slice" "games 0\.\.2 are in no part" "$P2" "$P3"
# At the edges: one game missing, one game in two slices, a lone slice
# one game after the run's start.
datagen "$@" -games 0..3 -out "$WORK/0-3.txt"
datagen "$@" -games 1..3 -out "$WORK/1-3.txt"
merge_refused "a gap of one game" "game 3 is in no part \(a slice is missing between .*part-1\.txt and .*4-8\.txt\)" \
    "$P1" "$WORK/4-8.txt"
check "the gap's refusal reports no merge" lacks "games 0\.\.8"
merge_refused "slices overlapping by one game" "0-3\.txt \(games 0\.\.3\) and .*part-2\.txt \(games 3\.\.5\) overlap" \
    "$WORK/0-3.txt" "$P2" "$P3"
merge_refused "a lone slice from game 1" "game 0 is in no part \(a slice is missing; .*1-3\.txt starts at game 1\)" \
    "$WORK/1-3.txt"
datagen -game roomandpillar -plies 2 -nodes 60 -seed 5 -games 3..5 -out "$WORK/other.txt"
merge_refused "a slice made with other settings" "other.txt was made with other settings than" "$P1" "$WORK/other.txt" "$P3"
check "the refusal shows both settings" has "other\.txt: game=roomandpillar backend=alphabeta nodes=60 "
head -n 5 "$P2" >"$WORK/cut.txt"
merge_refused "an incomplete slice" "cut\.txt: games 3\.\.5 are not all played" "$P1" "$WORK/cut.txt" "$P3"
merge_refused "a file that is no slice" "whole\.txt: no slice" "$WORK/whole.txt"
merge_refused "a missing file" "none\.txt: No such file" "$P1" "$WORK/none.txt"
: >"$WORK/merged.txt"
datagen merge -out "$WORK/merged.txt" "$P1" "$P2" "$P3"
check "merge refuses an existing -out" [ "$STATUS" -eq 2 -a ! -s "$WORK/merged.txt" ] && check "and names -force" has "-force"
datagen merge -force -out "$WORK/merged.txt" "$P3" "$P1" "$P2"
expect_whole "merge takes the slices in any order" "$WORK/merged.txt"

# A slice's file resumes only as the same slice; -positions is no slice's.
before=$(cksum <"$P2")
datagen "$@" -games 3..6 -out "$P2"
check "a slice's file refuses another range" [ "$STATUS" -eq 2 -a "$(cksum <"$P2")" = "$before" ] &&
    check "and says what differs" has "now: .* games=3\.\.6$"
datagen "$@" -games 3..5 -positions 10 -out "$WORK/p.txt"
check "-games A..B refuses -positions" [ "$STATUS" -eq 2 -a ! -e "$WORK/p.txt" ]
for bad in 5..3 3.. ..3 3..x; do
    datagen "$@" -games "$bad" -out "$WORK/bad.txt"
    check "-games $bad is refused" [ "$STATUS" -eq 2 -a ! -e "$WORK/bad.txt" ]
done

# Slurm: the generated sbatch scripts, run as Slurm runs them (the array
# task's number in SLURM_ARRAY_TASK_ID), merge into the whole run.
slurm=$WORK/slurm
cluster datagen.sh --slurm --dir "$slurm" --slice-games 4 --max-running 2 --sbatch --partition=short --datagen "$DATAGEN" \
    --dry-run -- "$@" -games 9
check "datagen.sh --slurm --dry-run succeeds" [ "$STATUS" -eq 0 ]
check "it prints the array job's submission" has "^sbatch --parsable --partition=short $slurm/slices\.sbatch$"
check "it prints the merge job's, after every slice" \
    has "^sbatch --parsable --dependency=afterok:\\\$SLICES_JOB --kill-on-invalid-dep=yes --partition=short $slurm/merge\.sbatch$"
check "the array has one task per slice, 2 at once" grep -qx '#SBATCH --array=1-3%2' "$slurm/slices.sbatch"
check "nothing ran" [ ! -e "$slurm/part-1.txt" ]
for task in 1 2 3; do
    SLURM_ARRAY_TASK_ID=$task sh "$slurm/slices.sbatch"
done
run sh "$slurm/merge.sbatch"
check "the merge job succeeds" [ "$STATUS" -eq 0 ]
expect_whole "the sbatch scripts' slices merge into the single-machine run's file" "$slurm/data.txt"

# Submission, with a stand-in sbatch that records its arguments.
stand_in_sbatch
REPLY=$(PATH="$WORK/bin:$PATH" timeout $((60 * LOAD_FACTOR)) sh "$CLUSTER/datagen.sh" --slurm --dir "$WORK/submit" --slices 3 \
    --sbatch --partition=short --datagen "$DATAGEN" -- "$@" -games 9 2>&1)
STATUS=$?
check "datagen.sh --slurm submits" [ "$STATUS" -eq 0 ] && check "it names both jobs" has "slices: job 701 \(array 1-3, 1 CPUs each\); merge: job 702"
check "the slices are submitted first" [ "$(sed -n 1p "$WORK/sbatch-calls")" = "--parsable --partition=short $WORK/submit/slices.sbatch" ]
check "the merge depends on every slice" [ "$(sed -n 2p "$WORK/sbatch-calls")" = \
    "--parsable --dependency=afterok:701 --kill-on-invalid-dep=yes --partition=short $WORK/submit/merge.sbatch" ]
check "the slices run datagen" grep -q 'task K plays slice K' "$WORK/submit/slices.sbatch"
check "DIR/jobs records both jobs" grep -q "^701 702 .* sbatch --parsable --partition=short $WORK/submit/slices\.sbatch$" "$WORK/submit/jobs"
check "Slurm's output of a slice is named by job and task" \
    grep -qx "#SBATCH --output=$WORK/submit/slurm-slice-%A_%a.out" "$WORK/submit/slices.sbatch"

# While squeue says a slice runs, --resume is refused; once it has ended,
# --resume submits only the slices not complete (slice 2, played here).
stand_in_squeue
echo "701_1 RUNNING" >"$WORK/squeue-answer"
submit_again() { # options...
    REPLY=$(PATH="$WORK/bin:$PATH" timeout $((60 * LOAD_FACTOR)) sh "$CLUSTER/datagen.sh" --slurm --dir "$WORK/submit" \
        --slices 3 --sbatch --partition=short --datagen "$DATAGEN" "$@" -- -game roomandpillar -plies 2 -nodes 50 -seed 5 \
        -games 9 2>&1)
    STATUS=$?
}
submit_again --resume
check "datagen.sh --slurm --resume while a slice runs is refused" [ "$STATUS" -eq 1 -a "$(wc -l <"$WORK/sbatch-calls")" -eq 2 ] &&
    check "and names it" has "still has Slurm jobs queued or running \(701_1 RUNNING\)"
: >"$WORK/squeue-answer"
SLURM_ARRAY_TASK_ID=2 sh "$WORK/submit/slices.sbatch"
submit_again --resume
check "once it has ended, --resume submits the incomplete slices" [ "$STATUS" -eq 0 ] &&
    check "as one array job" grep -qx '#SBATCH --array=1,3' "$WORK/submit/slices.sbatch"
check "a slice of one thread asks for 1 CPU" grep -qx '#SBATCH --cpus-per-task=1' "$WORK/submit/slices.sbatch"
cluster datagen.sh --slurm --dir "$WORK/threads" --slices 3 --datagen "$DATAGEN" --dry-run -- "$@" -games 9 -threads 2
check "-threads 2: a slice asks for 2 CPUs" grep -qx '#SBATCH --cpus-per-task=2' "$WORK/threads/slices.sbatch"

# Refusals of datagen.sh: every one before anything runs, exit status 2.
refused() { # name regex args...
    name=$1 regex=$2
    shift 2
    cluster datagen.sh "$@"
    check "datagen.sh refuses $name" [ "$STATUS" -eq 2 ] && check "datagen.sh says why: $name" has "$regex"
}
refused "no mode" "give --parallel .* or --slurm" --dir "$WORK/r1" --datagen "$DATAGEN" -- "$@" -games 9
refused "both modes" "--parallel or --slurm, not both" --parallel --slurm --dir "$WORK/r1" -- "$@" -games 9
refused "no -games" "need -games N" --parallel --dir "$WORK/r1" --datagen "$DATAGEN" -- "$@"
refused "-games A..B" "give -games N" --parallel --dir "$WORK/r1" --datagen "$DATAGEN" -- "$@" -games 0..8
refused "-out" "-out: the slices write DIR/part-K.txt" --parallel --dir "$WORK/r1" -- "$@" -games 9 -out x.txt
refused "-positions" "-positions: a slice cannot count" --parallel --dir "$WORK/r1" -- "$@" -games 9 -positions 100
refused "a subcommand" "not 'merge'" --parallel --dir "$WORK/r1" -- merge -out x
refused "Slurm options in parallel mode" "--sbatch, --merge-sbatch, --max-running, --cpus-per-task, --time and --mem are for --slurm" \
    --parallel --dir "$WORK/r1" --sbatch -p -- "$@" -games 9
refused "GNU parallel options in Slurm mode" "--sshloginfile and --jobs are for --parallel" \
    --slurm --dir "$WORK/r1" --jobs 2 -- "$@" -games 9
refused "a missing datagen" "--datagen $WORK/none: no executable file" --parallel --dir "$WORK/r1" --datagen "$WORK/none" -- "$@" -games 9
refused "the arena's option" "unknown option '--arena'" --parallel --dir "$WORK/r1" --arena x -- "$@" -games 9
check "nothing ran for a refused run" [ ! -e "$WORK/r1" ]
refused "a used run folder without --resume" "is not empty: give --resume" \
    --parallel --dir "$run_dir" --slices 3 --datagen "$DATAGEN" -- "$@" -games 9
refused "--resume with other arguments" "the arguments differ" \
    --parallel --dir "$run_dir" --resume --slices 3 --datagen "$DATAGEN" -- "$@" -games 9 -hash 8
check "--resume names the first argument that differs" has "the datagen arguments, word 9 \(after 5\): the run has nothing, this command -hash$"
for flag in --help -h; do
    cluster datagen.sh $flag
    check "datagen.sh $flag exits 0" [ "$STATUS" -eq 0 ] && check "datagen.sh $flag lists the modes" has "^  --slurm "
done
datagen merge -help
check "tessera-datagen merge -help exits 0" [ "$STATUS" -eq 0 ] && check "it lists -force" has "^  -force "

finish
