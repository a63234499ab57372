#!/bin/sh
# lock.sh - one writer per file: a second arena on a -pgnout (with or
# without -resume), a second tessera-datagen on an -out, a second tuner on
# a -csv are refused at once, naming the file and the process that holds
# it, and leave the first run's file as it was; `tessera-arena repair`
# makes a file two runs appended to (games twice) one run's file again, so
# that -resume finishes it and merge reports what an undamaged run does.
# The first run is stopped (SIGSTOP) while the second tries, so nothing
# here depends on timing: engines have node limits, no clock.
. "$(dirname "$0")/lib.sh"
DATAGEN=$BUILD/tessera-datagen
TUNE=$BUILD/tessera-tune
CLUSTER=tools/cluster

# match PGN RANGE [ARENA FLAGS]: Room and Pillar from random openings
# between fakes that answer by position alone (--delay: slow enough for a
# second run to find the first one still playing).
# It runs in a subshell (a command substitution, or `&`) and becomes the
# arena (exec), so that $! is the arena's process id.
match_command() { # PGN RANGE FLAGS...
    pgn=$1 range=$2
    shift 2
    exec ${LIMIT:-} "$ARENA" -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 3 ${DELAY:-}" \
        -engine cmd="$FAKES/fake_engine" name=Beta args="--seed 4 ${DELAY:-}" \
        $MATCH_FLAGS -games "$range" -pgnout "$pgn" "$@"
}
MATCH_FLAGS="-each nodes=1000 timeout=600 -game roomandpillar -openings random plies=3 -seed 21"
match() {
    OUT=$(LIMIT="timeout $((120 * LOAD_FACTOR))" match_command "$@" 2>&1)
    STATUS=$?
}

# wait_until COMMAND...: polls until it succeeds (60 s at most, times the
# load: a bound for a stuck run, not a timing).
wait_until() {
    tries=0
    until "$@"; do
        tries=$((tries + 1))
        [ "$tries" -le $((3000 * LOAD_FACTOR)) ] || return 1
        sleep 0.02
    done
}
has_games() { [ "$(games_in "$1")" -ge "$2" ]; } # FILE N
# stop_first PID: the first run stopped, every thread of it: kill returns
# before a thread inside a write has stopped, so the file is read only once
# all of them are seen stopped ('T' in /proc/PID/task/*/stat).
stop_first() {
    kill -STOP "$1"
    wait_until all_stopped "$1"
}
all_stopped() {
    for stat in /proc/"$1"/task/*/stat; do
        [ "$(sed 's/.*) \(.\).*/\1/' "$stat" 2>/dev/null)" = T ] || return 1
    done
}
# resume_first PID: the stopped first run goes on; $STATUS is its exit status.
resume_first() {
    kill -CONT "$1"
    wait "$1"
    STATUS=$?
}
merged_report() { "$ARENA" merge "$@" 2>&1 | sed -n '/^-----/,$p'; }

# --- Two arenas on one -pgnout -------------------------------------------

match "$WORK/clean.pgn" 1..8
expect_status "an undisturbed run completes" 0
clean_report=$(merged_report "$WORK/clean.pgn")

# A new file: the first run creates it under its lock.
DELAY="--delay 20" match_command "$WORK/new.pgn" 1..4 >"$WORK/first.out" 2>&1 &
first=$!
check "a first run on a new file writes its first game" wait_until has_games "$WORK/new.pgn" 1
stop_first "$first"
match "$WORK/new.pgn" 1..4
expect_status "a second run on the new file is refused" 1
expect_out "... naming the first" "^tessera-arena: -pgnout $WORK/new\.pgn is in use by another run \(process $first\)"
resume_first "$first"
check "the first run completes, each game once" [ "$STATUS" -eq 0 -a "$(rounds_of "$WORK/new.pgn" | uniq | wc -l)" -eq 4 ]

# A file with games (the cluster's case: a slice resumed while it still
# runs): the first run reads it, then writes it, and holds it throughout.
DELAY="--delay 20" match "$WORK/held.pgn" 1..2
DELAY="--delay 20" match_command "$WORK/held.pgn" 1..8 -resume >"$WORK/first.out" 2>&1 &
first=$!
check "the first run writes its first game" wait_until has_games "$WORK/held.pgn" 3
stop_first "$first"
sum=$(cksum <"$WORK/held.pgn")
match "$WORK/held.pgn" 1..8 -resume
expect_status "a second run with -resume is refused" 1
expect_out "the refusal names the file and the process holding it" \
    "^tessera-arena: -pgnout $WORK/held\.pgn is in use by another run \(process $first\): one run at a time writes a file"
expect_no_out "the refused run starts no engine" "^Tessera arena:"
match "$WORK/held.pgn" 1..8
expect_status "a second run without -resume is refused" 1
expect_out "... with the same message" "^tessera-arena: -pgnout $WORK/held\.pgn is in use by another run \(process $first\)"
arena repair "$WORK/held.pgn"
expect_status "repair of a file a run holds is refused" 1
expect_out "... naming the run" "^tessera-arena repair: file $WORK/held\.pgn is in use by another run \(process $first\).*; nothing changed$"
check "the refused runs left the first run's file as it was" [ "$(cksum <"$WORK/held.pgn")" = "$sum" ]
resume_first "$first"
OUT=$(cat "$WORK/first.out")
expect_status "the first run completes" 0
check "its file holds each game once" [ "$(rounds_of "$WORK/held.pgn" | uniq | wc -l)" -eq 8 -a "$(games_in "$WORK/held.pgn")" -eq 8 ]
check "its games are the undisturbed run's" [ "$(merged_report "$WORK/held.pgn")" = "$clean_report" ]
DELAY="--delay 20" match "$WORK/held.pgn" 1..8 -resume
expect_status "once it has ended, the file is free: -resume only reports" 0

# --- repair: a file two runs appended to ---------------------------------

match "$WORK/whole.pgn" 1..16
merged_report "$WORK/whole.pgn" >"$WORK/whole.report"
# As on the cluster: a slice played games 1..10, and a second run started
# on the same file appended games 4..10 again (no configuration block: a
# -resume of a file with games writes none).
match "$WORK/first-run.pgn" 1..10
match "$WORK/second-run.pgn" 4..10
damage() { # FILE: first-run.pgn with the second run's games after it
    cp "$WORK/first-run.pgn" "$1"
    grep -v '^%' "$WORK/second-run.pgn" | sed '1{/^$/d;}' >>"$1"
}
damage "$WORK/part.pgn"
cp "$WORK/part.pgn" "$WORK/part.before"
check "the damaged file holds 17 games" [ "$(games_in "$WORK/part.pgn")" -eq 17 ]
match "$WORK/part.pgn" 1..16 -resume
expect_status "-resume refuses a file with games twice" 1
expect_out "... and names the repair" \
    "part\.pgn: game 4: appears twice: two runs wrote this file \('tessera-arena repair $WORK/part\.pgn' keeps the first copy of each game\)"
arena merge "$WORK/part.pgn"
expect_status "merge refuses it" 1
expect_out "... and names the repair" "game 4 appears more than once \(seed 21\) in $WORK/part\.pgn: two runs wrote that file \('tessera-arena repair $WORK/part\.pgn'"

arena repair "$WORK/part.pgn"
expect_status "repair succeeds" 0
expect_out "it counts the copies" "^repair: $WORK/part\.pgn held 17 games, 7 of them a later copy of a game it holds$"
expect_out "it names each copy dropped" "^  dropped game 4 at line [0-9]+: a later copy of game 4 at line [0-9]+$"
check "... all seven" [ "$(printf '%s\n' "$OUT" | grep -c '^  dropped game ')" -eq 7 ]
expect_out "it says what the file holds now" "^repair: $WORK/part\.pgn now holds 10 games, each once; the file as it was is $WORK/part\.pgn\.damaged$"
check "the repaired file is the first run's, byte for byte" cmp -s "$WORK/part.pgn" "$WORK/first-run.pgn"
check "the damaged file is kept as it was" cmp -s "$WORK/part.pgn.damaged" "$WORK/part.before"
check "no temporary file is left" [ ! -e "$WORK/part.pgn.repair.tmp" ]
match "$WORK/part.pgn" 1..16 -resume
expect_status "-resume then finishes the run" 0
merged_report "$WORK/part.pgn" >"$WORK/part.report"
check "the merged report equals the undamaged run's" cmp -s "$WORK/part.report" "$WORK/whole.report"
sum=$(cksum <"$WORK/part.pgn")
arena repair "$WORK/part.pgn"
expect_status "a repaired (and finished) file needs nothing" 0
expect_out "... and says so" "^repair: $WORK/part\.pgn holds 16 games, each once, and nothing after the last: nothing to repair$"
check "... and is left as it was" [ "$(cksum <"$WORK/part.pgn")" = "$sum" ]

# An unfinished game at the end goes too, as -resume would cut it.
damage "$WORK/torn.pgn"
grep -v '^%' "$WORK/second-run.pgn" | sed '1{/^$/d;}' | head -n 5 >>"$WORK/torn.pgn"
arena repair "$WORK/torn.pgn"
expect_status "repair of a file with an unfinished last game succeeds" 0
expect_out "it names the bytes cut off" "^  dropped bytes [0-9]+\.\.[0-9]+ after the last complete game: an unfinished game"
check "... and keeps the first run's games" cmp -s "$WORK/torn.pgn" "$WORK/first-run.pgn"

# Refused, nothing changed: copies that are not the same game of the run,
# lines that are no game between games.
refused() { # NAME FILE REGEX
    sum=$(cksum <"$2")
    arena repair "$2"
    expect_status "$1: refused" 1
    expect_out "$1: says why" "$3"
    check "$1: the file is left as it was, no copy made" [ "$(cksum <"$2")" = "$sum" -a ! -e "$2.damaged" ]
}
damage "$WORK/swapped.pgn"
awk '/^\[Round "4"\]$/ { n++ } n == 2 && /^\[White / { $0 = "[White \"Gamma\"]"; n++ } { print }' \
    "$WORK/swapped.pgn" >"$WORK/swapped.tmp"
mv "$WORK/swapped.tmp" "$WORK/swapped.pgn"
refused "a copy with players the run's schedule does not give" "$WORK/swapped.pgn" \
    "game 4: has Gamma vs [A-Za-z]+ where its run's schedule plays [A-Za-z]+ vs [A-Za-z]+; nothing changed$"
damage "$WORK/other.pgn"
awk '/^\[Round "5"\]$/ { n++ } n == 2 && /^\[FEN / { $0 = "[FEN \"startpos\"]" } { print }' "$WORK/other.pgn" >"$WORK/other.tmp"
mv "$WORK/other.tmp" "$WORK/other.pgn"
refused "a later copy from another opening" "$WORK/other.pgn" "game 5 \(line [0-9]+\): its copy at line [0-9]+ is another game"
damage "$WORK/mixed.pgn"
sed -i '0,/^\[Round "6"\]$/{/^\[Round "6"\]$/i\
1. a1 {stray}
}' "$WORK/mixed.pgn"
refused "lines between games that are no game" "$WORK/mixed.pgn" "are no complete game: two runs' lines are mixed"
damage "$WORK/glued.pgn"
awk '/^\[Event / { events++ } events == 12 && !glued { print "[Event \"x\"]"; print "[Site \"?\"]"; glued = 1 } { print }' \
    "$WORK/glued.pgn" >"$WORK/glued.tmp"
mv "$WORK/glued.tmp" "$WORK/glued.pgn"
refused "the start of a game glued to another" "$WORK/glued.pgn" "name a tag twice: the start of one game is glued to another"
arena repair "$WORK/no-such.pgn"
expect_status "repair of a missing file fails" 1
check "... and creates none" [ ! -e "$WORK/no-such.pgn" ]
arena repair
expect_status "repair without a file is a usage error" 2
arena repair -help
expect_out "repair -help shows its usage" "^  tessera-arena repair FILE\.pgn$"

# --- merge.sh names the repair of a slice with games twice ---------------

run_dir=$WORK/run
sh "$CLUSTER/parallel.sh" --dir "$run_dir" --slices 2 --arena "$ARENA" --dry-run -- \
    -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 3" -engine cmd="$FAKES/fake_engine" name=Beta \
    args="--seed 4" $MATCH_FLAGS -games 16 >/dev/null 2>&1
sh "$CLUSTER/slice.sh" "$run_dir" 1 && sh "$CLUSTER/slice.sh" "$run_dir" 2
check "both slices are played" [ "$(games_in "$run_dir/part-1.pgn")" -eq 8 -a "$(games_in "$run_dir/part-2.pgn")" -eq 8 ]
match "$WORK/again.pgn" 4..8
grep -v '^%' "$WORK/again.pgn" | sed '1{/^$/d;}' >>"$run_dir/part-1.pgn"
OUT=$(sh "$CLUSTER/merge.sh" "$run_dir" 2>&1)
STATUS=$?
expect_status "merge.sh refuses a slice with games twice" 1
expect_out "... and names the repair" \
    "^merge\.sh: slice 1 \(games 1\.\.8\) holds 5 games twice \(the first: game 4\): two runs wrote $run_dir/part-1\.pgn; '.*tessera-arena repair $run_dir/part-1\.pgn' \(in .*\) keeps the first copy of each game \(see $run_dir/slice-1\.log\)$"
arena repair "$run_dir/part-1.pgn"
OUT=$(sh "$CLUSTER/merge.sh" "$run_dir" 2>&1)
STATUS=$?
expect_status "after the repair merge.sh merges" 0
check "... the whole run's report" [ "$(report_block "$OUT")" = "$(cat "$WORK/whole.report")" ]

# --- Two datagen runs on one -out, two tuners on one -csv ------------------

datagen_command() { exec "$DATAGEN" -game columna -games 600 -nodes 500 -eval classic -seed 31 -out "$1"; }
datagen_command "$WORK/held.txt" >"$WORK/datagen.out" 2>&1 &
first=$!
check "the first datagen writes its header" wait_until [ -s "$WORK/held.txt" ]
stop_first "$first"
sum=$(cksum <"$WORK/held.txt")
OUT=$(datagen_command "$WORK/held.txt" 2>&1)
STATUS=$?
expect_status "a second datagen on the file is refused" 1
expect_out "the refusal names the file and the process holding it" \
    "^tessera-datagen: -out $WORK/held\.txt is in use by another run \(process $first\): one run at a time writes a file"
check "the refused run left the first run's file as it was" [ "$(cksum <"$WORK/held.txt")" = "$sum" ]
resume_first "$first"
expect_status "the first datagen completes" 0
(datagen_command "$WORK/clean.txt" >/dev/null 2>&1)
check "its file is an undisturbed run's, byte for byte" cmp -s "$WORK/held.txt" "$WORK/clean.txt"

tune_command() { # -csv FILE | -resume FILE, FLAGS...
    exec "$TUNE" -engine cmd="$FAKES/tune_peak" args="--peak 70 --seed 3 --by-position" -each depth=1 timeout=600 \
        -game roomandpillar -openings random plies=2 -tune Knob -iterations 300 -progress 1000 "$@"
}
tune_command -csv "$WORK/held.csv" >"$WORK/tune.out" 2>&1 &
first=$!
check "the first tuner writes its row 0" wait_until grep -qs '^0,' "$WORK/held.csv"
stop_first "$first"
sum=$(cksum <"$WORK/held.csv")
OUT=$(tune_command -resume "$WORK/held.csv" 2>&1)
STATUS=$?
expect_status "a second tuner resuming the CSV is refused" 2
expect_out "the refusal names the file and the process holding it" \
    "^tessera-tune: -resume $WORK/held\.csv is in use by another run \(process $first\)"
OUT=$(tune_command -csv "$WORK/held.csv" -force 2>&1)
STATUS=$?
expect_status "a second tuner overwriting it (-force) is refused" 2
expect_out "... with the same message" "^tessera-tune: -csv $WORK/held\.csv is in use by another run \(process $first\)"
check "the refused runs left the first run's CSV as it was" [ "$(cksum <"$WORK/held.csv")" = "$sum" ]
resume_first "$first"
expect_status "the first tuner completes" 0
check "its CSV holds each iteration once, in order" \
    [ "$(awk -F, 'NR > 1 && $1 != NR - 2' "$WORK/held.csv" | wc -l)" -eq 0 -a "$(tail -n 1 "$WORK/held.csv" | cut -d, -f1)" = 300 ]

finish
