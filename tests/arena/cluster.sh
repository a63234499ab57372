#!/bin/sh
# cluster.sh - tools/cluster plays one arena run as slices (GNU parallel, a
# Slurm job array) and merges them into exactly what one machine's run of
# the same seed reports: the same report, and every game the same result.
# GNU parallel is installed from Debian's packages when absent (as root);
# when it cannot be, the generated command lines are tested and run one by
# one instead.  Slurm cannot be installed here: its generated sbatch
# scripts are run as Slurm would run them, and a stand-in sbatch records
# the submissions.
. "$(dirname "$0")/lib.sh"
# install_parallel, stand_in_sbatch.
. tests/lib_cluster.sh

CLUSTER=tools/cluster

# cluster SCRIPT ARGS...: runs a tools/cluster script; $OUT, $STATUS.
cluster() {
    script=$1
    shift
    OUT=$(timeout $((120 * LOAD_FACTOR)) sh "$CLUSTER/$script" "$@" 2>&1)
    STATUS=$?
}

# Each game's number, players and result, in game order.
game_results() { cat "$@" | grep -E '^\[(Round|White|Black|Result) ' | paste - - - - | sort -t'"' -k2,2n; }

# The run's arguments: Room and Pillar from random openings between fakes
# that answer by position alone; `args=--seed 3` holds a space, so the
# arguments' quoting is tested on the way through GNU parallel.
set -- -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 3" \
    -engine cmd="$FAKES/fake_engine" name=Beta args="--seed 4" \
    -each tc=10+0.1 -game roomandpillar -openings random plies=3 -seed 21 -games 12 -sprt elo0=0 elo1=10

arena "$@" -pgnout "$WORK/whole.pgn"
expect_status "the single-machine run completes" 0
whole_report=$(report_block "$OUT")
whole_results=$(game_results "$WORK/whole.pgn")
check "the single-machine run plays 12 games" [ "$(games_in "$WORK/whole.pgn")" -eq 12 ]

# expect_whole_run NAME DIR: DIR's merged report and games are the whole run's.
expect_whole_run() {
    check "$1: the merged report is the single-machine run's" [ "$(report_block "$OUT")" = "$whole_report" ]
    check "$1: every game has the single-machine run's players and result" \
        [ "$(game_results "$2"/part-*.pgn)" = "$whole_results" ]
    check "$1: DIR/report.txt holds the report" [ "$(report_block "$(cat "$2/report.txt")")" = "$whole_report" ]
}

# GNU parallel, when it can be installed (tests/lib_cluster.sh).
install_parallel

run="$WORK/run one" # a space: quoted through parallel and the slices
if command -v parallel >/dev/null 2>&1; then
    echo "path: GNU parallel ($(parallel --version 2>/dev/null | head -n 1))"
    cluster parallel.sh --dir "$run" --slices 4 --arena "$ARENA" -- "$@"
    expect_status "parallel.sh completes" 0
    expect_out "parallel.sh says how it split the run" "games 1\.\.12 in 4 slices of 3"
    expect_out "parallel.sh says the SPRT is computed at the merge" "-sprt elo0=0 elo1=10 is computed at the merge"
    expect_whole_run "parallel.sh" "$run"
    check "each slice's PGN holds its 3 games" [ "$(cat "$run"/part-*.pgn | grep -c '^\[Round ')" -eq 12 -a \
        "$(rounds_of "$run/part-4.pgn" | tr '\n' ' ')" = "10 11 12 " ]

    # Hosts from an sshloginfile; ':' is this machine, through the same path.
    echo "2/:" >"$WORK/hosts"
    cluster parallel.sh --dir "$WORK/hosts-run" --slice-games 5 --sshloginfile "$WORK/hosts" --arena "$ARENA" -- "$@"
    expect_status "parallel.sh --sshloginfile completes" 0
    expect_whole_run "parallel.sh --sshloginfile" "$WORK/hosts-run"
    check "the slices ran on the login file's host" [ "$(awk 'NR > 1 { print $2 }' "$WORK/hosts-run/joblog" | sort -u)" = ":" ]

    # A lost slice is played again by --resume; the others keep their games.
    rm "$run/part-2.pgn"
    cluster parallel.sh --dir "$run" --resume --slices 4 --arena "$ARENA" -- "$@"
    expect_status "--resume replays a lost slice" 0
    expect_whole_run "parallel.sh --resume" "$run"
    check "--resume kept the other slices' games" grep -q 'Resuming: 3 of 3 games' "$run/slice-1.log"

    # A slice that fails: named, and no report of part of the run.
    cp "$run/part-1.pgn" "$run/part-3.pgn"
    cluster parallel.sh --dir "$run" --resume --slices 4 --arena "$ARENA" -- "$@"
    expect_status "a failed slice fails the run" 1
    expect_out "the failed slice is named" "slice 3: exit status 1"
    expect_no_out "no report is printed for part of a run" "^Results of"
else
    echo "path: generated command lines (GNU parallel is not installed and could not be installed)"
    cluster parallel.sh --dir "$run" --slices 4 --arena "$ARENA" -- "$@"
    expect_status "parallel.sh without GNU parallel refuses" 1
    expect_out "the refusal says how to install it" "GNU parallel is not installed"
    rm -rf "$run"
    cluster parallel.sh --dir "$run" --slices 4 --arena "$ARENA" --dry-run -- "$@"
    expect_status "parallel.sh --dry-run prints the commands" 0
    expect_out "the GNU parallel command runs slice.sh per slice" "^seq 1 4 \| parallel --halt never --joblog .*slice\.sh.*\{\}'$"
    # Run the printed slice commands one by one, as GNU parallel would.
    printf '%s\n' "$OUT" | sed -n 's/^# slice [0-9]*: //p' >"$WORK/slices.sh"
    check "one command per slice" [ "$(wc -l <"$WORK/slices.sh")" -eq 4 ]
    sh "$WORK/slices.sh" >/dev/null 2>&1
    OUT=$(sh "$CLUSTER/merge.sh" "$run" 2>&1)
    expect_whole_run "the generated commands" "$run"
fi

# The arena's arguments reach every slice unchanged, but for -games and -sprt.
cluster parallel.sh --dir "$WORK/dry" --slices 4 --arena "$ARENA" --dry-run -- "$@"
expect_status "--dry-run succeeds" 0
expect_out "slice 2 gets the arena arguments, its games and its PGN" \
    "^# slice 2: cd .* && $ARENA -engine cmd=$FAKES/fake_engine name=Alpha 'args=--seed 3' -engine cmd=$FAKES/fake_engine name=Beta 'args=--seed 4' -each tc=10\+0\.1 -game roomandpillar -openings random plies=3 -seed 21 -games 4\.\.6 -pgnout $WORK/dry/part-2\.pgn -resume$"
expect_no_out "no slice gets -sprt" "^# slice.*-sprt"
cluster parallel.sh --dir "$WORK/dry-range" --slices 3 --arena "$ARENA" --dry-run -- "$@" -games 5..12
expect_out "a range is split from its first game" "games 5\.\.12 in 3 slices of 3"
expect_out "the last slice ends at the range's end" "^# slice 3: .* -games 11\.\.12 -pgnout "
cluster parallel.sh --dir "$WORK/dry-many" --slices 20 --arena "$ARENA" --dry-run -- "$@"
expect_out "no more slices than games" "games 1\.\.12 in 12 slices of 1"

# Refusals: every one before anything runs, with exit status 2.
refused() { # name regex script args...
    name=$1 regex=$2
    shift 2
    cluster "$@"
    expect_status "$name: refused" 2
    expect_out "$name: says why" "$regex"
}
refused "no --dir" "--dir DIR is required" parallel.sh --arena "$ARENA" -- "$@"
refused "no -games" "need -games N" parallel.sh --dir "$WORK/r1" --arena "$ARENA" -- -engine cmd=x -engine cmd=y
refused "-rounds" "-rounds: give -games N instead" parallel.sh --dir "$WORK/r1" -- "$@" -rounds 3
refused "-pgnout" "-pgnout: the slices write DIR/part-K.pgn" parallel.sh --dir "$WORK/r1" -- "$@" -pgnout x.pgn
refused "-resume among the arena arguments" "give --resume" parallel.sh --dir "$WORK/r1" -- "$@" -resume
refused "a leading zero" "--slices '010': expected a whole number" parallel.sh --dir "$WORK/r1" --slices 010 -- "$@"
refused "-games 0" "-games '0': expected a whole number" parallel.sh --dir "$WORK/r1" -- -games 0
refused "both slice sizes" "--slices or --slice-games, not both" parallel.sh --dir "$WORK/r1" --slices 2 --slice-games 3 --arena "$ARENA" -- "$@"
refused "bad -sprt values, before any game" "-sprt: elo0 must be less than elo1" parallel.sh --dir "$WORK/r1" --arena "$ARENA" -- "$@" -sprt elo0=5 elo1=0
refused "-sprt with three engines, before any game" "-sprt needs exactly two engines, not 3" \
    parallel.sh --dir "$WORK/r1" --arena "$ARENA" -- "$@" -engine cmd="$FAKES/fake_engine" name=Gamma
check "nothing ran for a refused run" [ ! -e "$WORK/r1" ]
refused "an unknown option" "unknown option '--slice'" parallel.sh --slice 3 -- "$@"
refused "arena arguments without --" "unknown option '-engine'" parallel.sh --dir "$WORK/r1" -engine cmd=x
refused "a missing arena" "--arena $WORK/none: no executable file" parallel.sh --dir "$WORK/r1" --arena "$WORK/none" -- "$@"
refused "a used run folder without --resume" "is not empty: give --resume" parallel.sh --dir "$run" --slices 4 --arena "$ARENA" -- "$@"
refused "--resume of no run" "holds no run" parallel.sh --dir "$WORK/r2" --resume --arena "$ARENA" -- "$@"
set -- "$@" -concurrency 2
refused "--resume with other arguments" "the arguments differ" parallel.sh --dir "$WORK/dry" --resume --slices 4 --arena "$ARENA" -- "$@"
expect_out "--resume names the first argument that differs" \
    "the arena arguments, word 18 \(after 21\): the run has nothing, this command -concurrency$"
refused "--resume with other slices" "the games per slice \(--slices, --slice-games\): the run has 3, this command 4$" \
    parallel.sh --dir "$WORK/dry" --resume --slices 3 --arena "$ARENA" -- "$@"
cluster parallel.sh --help
expect_status "parallel.sh --help" 0
expect_out "--help shows the usage" "^  tools/cluster/parallel\.sh --dir DIR \[OPTIONS\] -- ARENA ARGUMENTS\.\.\.$"

# Slurm: the generated sbatch scripts, run as Slurm runs them (the array
# task's number in SLURM_ARRAY_TASK_ID), merge into the whole run.
set -- -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 3" \
    -engine cmd="$FAKES/fake_engine" name=Beta args="--seed 4" \
    -each tc=10+0.1 -game roomandpillar -openings random plies=3 -seed 21 -games 12 -sprt elo0=0 elo1=10
slurm=$WORK/slurm
cluster slurm.sh --dir "$slurm" --slice-games 5 --max-running 2 --sbatch --partition=short --arena "$ARENA" --dry-run -- "$@"
expect_status "slurm.sh --dry-run succeeds" 0
expect_out "it prints the array job's submission" "^sbatch --parsable --partition=short $slurm/slices\.sbatch$"
expect_out "it prints the merge job's, after every slice" \
    "^sbatch --parsable --dependency=afterok:\\\$SLICES_JOB --kill-on-invalid-dep=yes --partition=short $slurm/merge\.sbatch$"
check "the array has one task per slice, 2 at once" grep -qx '#SBATCH --array=1-3%2' "$slurm/slices.sbatch"
check "nothing ran" [ ! -e "$slurm/part-1.pgn" ]
for task in 1 2 3; do
    SLURM_ARRAY_TASK_ID=$task sh "$slurm/slices.sbatch"
done
OUT=$(sh "$slurm/merge.sbatch" 2>&1)
expect_whole_run "the sbatch scripts" "$slurm"

# Submission, with a stand-in sbatch that records its arguments.
stand_in_sbatch
OUT=$(PATH="$WORK/bin:$PATH" timeout $((60 * LOAD_FACTOR)) sh "$CLUSTER/slurm.sh" --dir "$WORK/submit" --slices 3 --sbatch --partition=short --arena "$ARENA" -- "$@" 2>&1)
STATUS=$?
expect_status "slurm.sh submits" 0
expect_out "it names both jobs" "slices: job 701 \(array 1-3, 2 CPUs each\); merge: job 702"
check "the slices are submitted first" [ "$(sed -n 1p "$WORK/sbatch-calls")" = "--parsable --partition=short $WORK/submit/slices.sbatch" ]
check "the merge depends on every slice" [ "$(sed -n 2p "$WORK/sbatch-calls")" = \
    "--parsable --dependency=afterok:701 --kill-on-invalid-dep=yes --partition=short $WORK/submit/merge.sbatch" ]
refused "slurm.sh: a folder with a space" "need a plain path" slurm.sh --dir "$WORK/a b" --arena "$ARENA" --dry-run -- "$@"
cluster slurm.sh --help
expect_status "slurm.sh --help" 0
expect_out "--help shows the submissions" "sbatch --parsable --dependency=afterok:JOB"


# Every script answers --help (and -h) with its help, status 0, even
# slice.sh and merge.sh, which take a run folder.
for script in parallel.sh slurm.sh slice.sh merge.sh; do
    for flag in --help -h; do
        cluster $script $flag
        expect_status "$script $flag exits 0" 0
        expect_out "$script $flag lists --help" "^  --help / -h "
    done
done
cluster slice.sh --help
expect_out "slice.sh --help lists --print" "^  --print "
cluster merge.sh --bogus
expect_status "merge.sh with a bad argument exits 2" 2

finish
