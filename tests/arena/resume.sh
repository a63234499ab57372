#!/bin/sh
# resume.sh - a run killed part-way (kill -9, even in the middle of writing a
# game) or interrupted with Ctrl-C continues with -resume, without
# duplicating or losing games: its statistics equal an uninterrupted run's;
# another seed, a rebuilt engine or a value that only gained or lost a
# suffix (tc=10+0.1, then 10+0.15) is refused.
# The fakes answer by position alone, so every run replays the same games
# (play_fakes, lib.sh).
. "$(dirname "$0")/lib.sh"

GAMES=16
# resume_run PGN DELAY [FLAGS...]: -resume in the foreground; sets OUT, STATUS.
resume_run() {
    OUT=$( (play_fakes "$@" -resume) 2>&1)
    STATUS=$?
}

OUT=$( (play_fakes "$WORK/reference.pgn" 0 -seed 9) 2>&1)
STATUS=$?
expect_status "reference run completes" 0
reference=$(report_block "$OUT")

# Killed outright after a few games, then a game torn by the kill.
(play_fakes "$WORK/killed.pgn" 15 -seed 9) >/dev/null 2>&1 &
pid=$!
wait_for_games "$WORK/killed.pgn" 3
kill -9 $pid
wait $pid 2>/dev/null
before=$(games_in "$WORK/killed.pgn")
check "the kill left part of the run ($before games)" [ "$before" -ge 3 -a "$before" -lt $GAMES ]
printf '[Event "torn"]\n[Round "99"]\n[White "Alpha"]\n\n1. d4 {0.0' >>"$WORK/killed.pgn"
resume_run "$WORK/killed.pgn" 0 -seed 9
expect_status "resumed run completes" 0
expect_out "resume says what it found" "^Resuming: $before of $GAMES games already in"
check "every game once after resume" [ "$(rounds_of "$WORK/killed.pgn" | uniq | wc -l)" -eq $GAMES -a "$(games_in "$WORK/killed.pgn")" -eq $GAMES ]
check "the torn game was cut off" [ "$(grep -c 'Event "torn"' "$WORK/killed.pgn")" -eq 0 ]
OUT_RESUMED=$(report_block "$OUT")
check "resumed statistics equal the uninterrupted run's" [ "$OUT_RESUMED" = "$reference" ]

# Ctrl-C: exit status 130, finished games kept; -resume finishes the run.
(play_fakes "$WORK/interrupted.pgn" 15 -seed 9) >"$WORK/interrupted.out" 2>&1 &
pid=$!
wait_for_games "$WORK/interrupted.pgn" 2
kill -INT $pid
wait $pid
STATUS=$?
expect_status "Ctrl-C exits with 130" 130
kept=$(games_in "$WORK/interrupted.pgn")
check "Ctrl-C kept the finished games ($kept)" [ "$kept" -ge 2 -a "$kept" -lt $GAMES ]
check "Ctrl-C still printed the standings" grep -q '^Rank ' "$WORK/interrupted.out"
resume_run "$WORK/interrupted.pgn" 0 -seed 9
expect_status "run resumed after Ctrl-C completes" 0
check "every game once after Ctrl-C and resume" [ "$(rounds_of "$WORK/interrupted.pgn" | uniq | wc -l)" -eq $GAMES -a "$(games_in "$WORK/interrupted.pgn")" -eq $GAMES ]
check "statistics equal the uninterrupted run's" [ "$(report_block "$OUT")" = "$reference" ]

# A finished run resumed plays nothing more.
resume_run "$WORK/reference.pgn" 0 -seed 9
expect_status "resuming a finished run" 0
check "a finished run stays as it was" [ "$(games_in "$WORK/reference.pgn")" -eq $GAMES ]

# A finished run whose file is read-only: -resume has nothing to cut and
# nothing to play, so it writes nothing and reports.  Root writes through
# chmod 444, so the file is also watched for any write or open for writing.
chmod 444 "$WORK/reference.pgn"
sum_before=$(cksum <"$WORK/reference.pgn")
WRAP="$FAKES/watch_writes $WORK/reference.pgn"
resume_run "$WORK/reference.pgn" 0 -seed 9
WRAP=
expect_status "resuming a finished read-only run" 0
expect_out "a finished read-only run is not opened for writing" "^watch_writes: .*reference.pgn was not written$"
expect_out "a finished read-only run is counted" "^Resuming: $GAMES of $GAMES games already in"
check "a finished read-only run reports its statistics" \
    [ "$(report_block "$(printf '%s\n' "$OUT" | grep -v '^watch_writes: ')")" = "$reference" ]
check "a finished read-only run's file is unchanged" [ "$(cksum <"$WORK/reference.pgn")" = "$sum_before" ]
chmod 644 "$WORK/reference.pgn"

# A PGN from another run is refused, not silently mixed in.
resume_run "$WORK/reference.pgn" 0 -seed 10
expect_status "resuming with another seed is refused" 1
expect_out "the refusal says what differs" "another configuration: seed 9, now 10"

# An engine rebuilt at the same path is another engine: its games are not
# mixed into the old binary's run.  A run recorded before the binaries'
# contents were (no engine.K.binary lines) resumes as it did then.
cp "$FAKES/fake_engine" "$WORK/engine"
rebuilt_run() { # PGN FLAGS...: two games of a copied fake against itself; sets OUT, STATUS
    pgn=$1
    shift
    OUT=$("$ARENA" -engine cmd="$WORK/engine" name=A args="--seed 1" -engine cmd="$WORK/engine" name=B \
        args="--seed 2" -each tc=10+0.1 -game roomandpillar -openings random plies=2 -games 2 \
        -pgnout "$pgn" "$@" 2>&1)
    STATUS=$?
}
rebuilt_run "$WORK/rebuilt.pgn"
expect_status "a run of the engine before its rebuild" 0
check "the run records its engine's contents" grep -q '^% engine.1.binary=[0-9a-f]\{16\}$' "$WORK/rebuilt.pgn"
sed '/^% engine\.[0-9]*\.binary=/d' "$WORK/rebuilt.pgn" >"$WORK/unrecorded.pgn"
printf 'rebuilt\n' >>"$WORK/engine"
rebuilt_run "$WORK/rebuilt.pgn" -resume -games 4
expect_status "resuming with a rebuilt engine is refused" 1
expect_out "the refusal names the binary" "another configuration: engine.1.binary [0-9a-f]*, now [0-9a-f]* \\(the program its cmd runs was rebuilt or replaced\\); engine.2.binary"
check "the refused run's file is unchanged" [ "$(games_in "$WORK/rebuilt.pgn")" -eq 2 ]
rebuilt_run "$WORK/unrecorded.pgn" -resume -games 4
expect_status "a run recorded without the binaries resumes" 0
check "... and plays its other games" [ "$(games_in "$WORK/unrecorded.pgn")" -eq 4 ]

# A changed value is refused also when it begins with the recorded one or
# the recorded one begins with it (tc=10+0.1 and 10+0.15, args "--seed 1"
# and "--seed 12"); the same values resume.
prefix_run() { # PGN TC ARGS FLAGS...: two games of fakes, A with ARGS; sets OUT, STATUS
    prefix_pgn=$1 prefix_tc=$2 prefix_args=$3
    shift 3
    OUT=$("$ARENA" -engine cmd="$FAKES/fake_engine" name=A args="$prefix_args" -engine cmd="$FAKES/fake_engine" \
        name=B args="--seed 2" -each tc="$prefix_tc" -game roomandpillar -openings random plies=2 -games 2 \
        -pgnout "$prefix_pgn" "$@" 2>&1)
    STATUS=$?
}
ere() { printf '%s' "$1" | sed 's/[.+]/\\&/g'; } # a tc as a grep -E pattern
for recorded in "10+0.1|--seed 1" "10+0.15|--seed 12"; do
    tc=${recorded%%|*} args=${recorded#*|}
    pgn="$WORK/prefix-$tc.pgn"
    prefix_run "$pgn" "$tc" "$args"
    expect_status "a run with tc=$tc args=\"$args\"" 0
    for other in "10+0.1" "10+0.15"; do
        [ "$other" = "$tc" ] && continue
        prefix_run "$pgn" "$other" "$args" -resume -games 4
        expect_status "tc=$tc resumed with tc=$other is refused" 1
        expect_out "... the refusal names both" "another configuration: engine\.1\.tc $(ere "$tc"), now $(ere "$other"); engine\.2\.tc"
    done
    for other in "--seed 1" "--seed 12"; do
        [ "$other" = "$args" ] && continue
        prefix_run "$pgn" "$tc" "$other" -resume -games 4
        expect_status "args \"$args\" resumed with \"$other\" is refused" 1
        expect_out "... the refusal names both" "another configuration: engine\.1\.args $args, now $other\$"
    done
    check "the refused runs left the file as it was" [ "$(games_in "$pgn")" -eq 2 ]
    prefix_run "$pgn" "$tc" "$args" -resume -games 4
    expect_status "the same tc=$tc args=\"$args\" resumes" 0
    check "... and plays its other games" [ "$(games_in "$pgn")" -eq 4 ]
done

finish
