#!/bin/sh
# verify_openings.sh - a tuning run's closing lines verify on other openings
# than the run tuned on (another -seed, said so), and verify refuses, by the
# CSV's record, a match on the run's own openings.
. "$(dirname "$0")/lib.sh"

FAKE=$BUILD/fakes/tune_peak
KEYS="-each depth=1 timeout=30 -game roomandpillar -openings random plies=2"
run "$TUNE" -engine cmd="$FAKE" args="--peak 70 --seed 1 --by-position" $KEYS -seed 5 -tune Knob \
    -iterations 2 -csv "$WORK/run.csv"
check verify_openings_run_completes [ "$STATUS" -eq 0 ]
check verify_openings_closing_lines_say_the_other_seed \
    has "^verify \(tuned against default values, on other openings than the run's: -seed 6, the run played -seed 5\):$"
check verify_openings_printed_verify_has_the_other_seed_only \
    has "tessera-tune verify .*-openings random plies=2 -seed 6 -csv .*run\.csv"
check verify_openings_printed_arena_command_has_the_other_seed has "tessera-arena .* -seed 6 -games 400$"
check verify_openings_printed_commands_lack_the_runs_seed lacks '-seed 5 '

run "$TUNE" verify -engine cmd="$FAKE" args="--peak 70 --seed 1 --by-position" $KEYS -seed 5 \
    -csv "$WORK/run.csv" -games 2
check verify_on_the_runs_own_openings_is_refused [ "$STATUS" -eq 2 ]
check verify_on_the_runs_own_openings_says_why \
    has "^tessera-tune verify: -csv .*run\.csv: the run tuned on these openings \(random plies=2, -seed 5\), so a match on them measures the values where they were fitted: give another -seed"

run "$TUNE" verify -engine cmd="$FAKE" args="--peak 70 --seed 1 --by-position" $KEYS -seed 6 \
    -csv "$WORK/run.csv" -games 2
check verify_on_other_openings_runs [ "$STATUS" -eq 0 ]

finish
