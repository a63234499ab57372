#!/bin/sh
# resume_config.sh - -resume refuses a command that would continue a run as
# another one.  A new run writes FILE.run beside its CSV, the settings
# that change the result; a -resume that changes any of them (seed,
# -concurrency, the schedule, the engine's arguments, options or limits,
# the engine's file rebuilt, the openings, a parameter's range) is refused with exit 2 and a line
# that names the setting, and touches neither file; one that changes only
# what changes no result (-launcher, -progress, -log, -tune for the same
# -params line, -games 2N for -iterations N) goes on to the uninterrupted
# run's CSV.  A missing or damaged FILE.run is refused; -force writes a
# new one.
. "$(dirname "$0")/lib.sh"

# A copy of the fake: one test rebuilds it (changes its bytes) in place.
FAKE=$WORK/tune_peak
cp "$BUILD/fakes/tune_peak" "$FAKE"
printf 'Knob, 20, 0, 100, 10, 0.05\n' >"$WORK/params.txt"
printf '# a narrower range\nKnob, 20, 0, 90, 10, 0.05\n' >"$WORK/narrow.txt"

# The first run's settings; a test changes one, then calls defaults again.
defaults() {
    ARGS="--peak 70 --seed 3 --by-position"
    EACH="depth=1"
    SEED=1
    PAIRS=2
    ALPHA=0.602
    LENGTH="-iterations 8"
    OPENINGS="random plies=2"
    WHAT="-params $WORK/params.txt"
}
defaults

# tune [FLAGS...]: a short run of the seeded fake (its moves depend on its
# seed, the position and Knob only) with the settings above.
tune() {
    run "$TUNE" -engine cmd="$FAKE" args="$ARGS" -each $EACH timeout=30 -game roomandpillar \
        -openings $OPENINGS -seed "$SEED" -concurrency "$PAIRS" -alpha "$ALPHA" $LENGTH $WHAT \
        -c-end-fraction 0.5 -r-end 0.05 -progress 1000 "$@"
}

# same_run CSV: CSV holds the uninterrupted run's rows 0..8, byte for byte
# (a resumed run goes on from the CSV's exact thetas).
same_run() { cmp -s "$1" "$WORK/full.csv"; }

# The uninterrupted run, and its record.
tune -csv "$WORK/full.csv"
expect_status tune_run_completes 0
check tune_run_writes_its_record_beside_the_csv [ -f "$WORK/full.csv.run" ]
check tune_record_starts_with_its_format_line \
    [ "$(head -n 1 "$WORK/full.csv.run")" = "# tessera-tune run record 1: what changes the result of the run; -resume compares it" ]
check tune_record_ends_with_its_end_line [ "$(tail -n 1 "$WORK/full.csv.run")" = "# end" ]
check tune_record_holds_the_engine_files_contents grep -qx 'engine.binary=[0-9a-f]\{16\}' "$WORK/full.csv.run"
for line in game=roomandpillar seed=1 'openings=random plies=2' "engine.cmd=$FAKE" \
    'engine.args=--peak 70 --seed 3 --by-position' engine.tc=depth=1 engine.timeout=30000 concurrency=2 \
    iterations=8 A=0 alpha=0.602 gamma=0.101 params=1 'param.1=Knob, 20, 0, 100, 10, 0.05'; do
    check "tune_record_holds '$line'" grep -qxF "$line" "$WORK/full.csv.run"
done
check tune_record_leaves_out_the_progress_and_the_csv [ -z "$(grep -e progress -e csv "$WORK/full.csv.run")" ]

# An interrupted run: its first rows (0..4) and half of row 5, cut short
# by a kill, with the record.
head -n 6 "$WORK/full.csv" >"$WORK/part.csv"
awk 'NR == 7 { printf "%s", substr($0, 1, 4) }' "$WORK/full.csv" >>"$WORK/part.csv"
cp "$WORK/full.csv.run" "$WORK/part.csv.run"
sums=$(cat "$WORK/part.csv" "$WORK/part.csv.run" | cksum)

# refused NAME REGEX: the last tune (a -resume of part.csv) was refused
# with exit 2 and a line matching REGEX, and left both files as they were.
refused() {
    expect_status "tune_resume_with_${1}_is_refused_with_exit_2" 2
    check "tune_resume_with_${1}_names_it" has "^tessera-tune: -resume .*part\.csv: $2"
    check "tune_resume_with_${1}_touches_neither_file" [ "$(cat "$WORK/part.csv" "$WORK/part.csv.run" | cksum)" = "$sums" ]
}

SEED=2
tune -resume "$WORK/part.csv"
refused another_seed "the run was started with -seed 1, this command says -seed 2;"
defaults
PAIRS=3
tune -resume "$WORK/part.csv"
refused another_concurrency "the run was started with -concurrency 2, this command says -concurrency 3;"
defaults
ALPHA=0.7
tune -resume "$WORK/part.csv"
refused another_alpha "the run was started with -alpha 0.602, this command says -alpha 0.7;"
defaults
LENGTH="-iterations 12"
tune -resume "$WORK/part.csv"
refused another_length "the run was started with -iterations 8, this command says -iterations 12 "
defaults
ARGS="--peak 70 --seed 4 --by-position"
tune -resume "$WORK/part.csv"
refused other_engine_args "the run was started with args='--peak 70 --seed 3 --by-position', this command says args='--peak 70 --seed 4 --by-position' \(-engine or -each\);"
defaults
EACH="depth=1 option.Game=roomandpillar"
tune -resume "$WORK/part.csv"
refused an_engine_option "the run was started with no option.Game=, this command says option.Game=roomandpillar \(-engine or -each\);"
defaults
EACH="depth=2"
tune -resume "$WORK/part.csv"
refused another_depth "the run was started with depth=1, this command says depth=2 "
defaults
OPENINGS="random plies=3"
tune -resume "$WORK/part.csv"
refused other_openings "the run was started with -openings random plies=2, this command says -openings random plies=3;"
defaults
WHAT="-params $WORK/narrow.txt"
tune -resume "$WORK/part.csv"
refused another_parameter_range "the run was started with parameter 1 'Knob, 20, 0, 100, 10, 0.05', this command says parameter 1 'Knob, 20, 0, 90, 10, 0.05' \(a parameter is name, start, min, max, c_end, r_end: from -tune or -params"
defaults
WHAT="-tune Knob"
tune -resume "$WORK/part.csv" -r-end 0.04
refused another_r_end "the run was started with parameter 1 'Knob, 20, 0, 100, 10, 0.05', this command says parameter 1 'Knob, 20, 0, 100, 10, 0.04'"
defaults
# The engine rebuilt at the same path: another program, its games another
# measurement.
cp "$FAKE" "$WORK/tune_peak.kept"
printf 'rebuilt\n' >>"$FAKE"
tune -resume "$WORK/part.csv"
refused a_rebuilt_engine "the run was started with an engine file of contents [0-9a-f]{16}, this command says an engine file of contents [0-9a-f]{16} \(the program at cmd= was rebuilt or replaced since"
mv "$WORK/tune_peak.kept" "$FAKE"
check tune_refusal_says_where_the_record_is has "; .*part\.csv\.run records what the run was started with$"

# A missing record: refused, with the way out.
mv "$WORK/part.csv.run" "$WORK/kept.run"
tune -resume "$WORK/part.csv"
expect_status tune_resume_without_a_record_is_refused_with_exit_2 2
check tune_resume_without_a_record_says_so_and_how_to_go_on \
    has "^tessera-tune: -resume .*part\.csv: .*part\.csv\.run is missing, the record of what the run was started with .*-force starts afresh"
check tune_resume_without_a_record_leaves_the_csv [ "$(cat "$WORK/part.csv" "$WORK/kept.run" | cksum)" = "$sums" ]

# A damaged record: cut short, or not a record at all.
head -n 5 "$WORK/kept.run" >"$WORK/part.csv.run"
tune -resume "$WORK/part.csv"
expect_status tune_resume_with_a_cut_short_record_is_refused_with_exit_2 2
check tune_resume_with_a_cut_short_record_says_it_is_damaged \
    has "^tessera-tune: -resume .*part\.csv: .*part\.csv\.run is damaged \(no '# end' line: cut short\).*-force starts afresh"
printf 'iteration,Knob\n0,20\n' >"$WORK/part.csv.run"
tune -resume "$WORK/part.csv"
expect_status tune_resume_with_a_foreign_record_is_refused_with_exit_2 2
check tune_resume_with_a_foreign_record_says_it_is_damaged has "part\.csv\.run is damaged \(line 1: not '# tessera-tune run record 1"
mv "$WORK/kept.run" "$WORK/part.csv.run"
check tune_refused_resumes_left_both_files [ "$(cat "$WORK/part.csv" "$WORK/part.csv.run" | cksum)" = "$sums" ]

# The same run, through a launcher, with other progress lines and a log,
# -tune for the -params line it equals and -games for -iterations: it goes
# on after row 4 (the cut-short row dropped) to the uninterrupted CSV.
LENGTH="-games 16"
WHAT="-tune Knob"
tune -resume "$WORK/part.csv" -launcher 'env TESSERA_RESUMED=1' -progress 1 -log "$WORK/resumed.log"
defaults
expect_status tune_resume_with_the_same_settings_completes 0
check tune_resume_with_the_same_settings_starts_after_the_last_whole_row has '^resuming after iteration 4 '
check tune_resume_with_the_same_settings_goes_through_the_launcher \
    grep -q "started .* through 'env TESSERA_RESUMED=1'" "$WORK/resumed.log"
check tune_resume_with_the_same_settings_gives_the_uninterrupted_csv same_run "$WORK/part.csv"
check tune_resume_leaves_the_record_as_it_was cmp -s "$WORK/part.csv.run" "$WORK/full.csv.run"

# A record written before the engine's contents were recorded (no
# engine.binary line) resumes as it did then.
head -n 6 "$WORK/full.csv" >"$WORK/old.csv"
grep -v '^engine\.binary=' "$WORK/full.csv.run" >"$WORK/old.csv.run"
tune -resume "$WORK/old.csv"
expect_status tune_resume_of_a_record_without_the_binary_completes 0
check tune_resume_of_a_record_without_the_binary_gives_the_uninterrupted_csv same_run "$WORK/old.csv"

# A record names no CSV: the same flags on another CSV write the same one
# (so a record can be made for a CSV that lacks one: README, "Resume").
tune -csv "$WORK/again.csv"
expect_status tune_run_on_another_csv_completes 0
check tune_same_flags_write_the_same_record cmp -s "$WORK/again.csv.run" "$WORK/full.csv.run"

# A new run without -force refuses the CSV and leaves its record; -force
# writes the new run's record.
sums=$(cat "$WORK/again.csv" "$WORK/again.csv.run" | cksum)
SEED=5
tune -csv "$WORK/again.csv"
expect_status tune_new_run_on_an_existing_csv_is_refused 2
check tune_new_run_on_an_existing_csv_leaves_its_record [ "$(cat "$WORK/again.csv" "$WORK/again.csv.run" | cksum)" = "$sums" ]
tune -csv "$WORK/again.csv" -force
expect_status tune_new_run_with_force_completes 0
check tune_new_run_with_force_records_its_own_settings grep -qx seed=5 "$WORK/again.csv.run"
tune -resume "$WORK/again.csv"
expect_status tune_resume_of_the_forced_run_with_its_settings_completes 0
defaults
tune -resume "$WORK/again.csv"
refused_again=$STATUS
check tune_resume_of_the_forced_run_with_the_old_settings_is_refused [ "$refused_again" -eq 2 ]
check tune_resume_of_the_forced_run_names_the_seed has "the run was started with -seed 5, this command says -seed 1;"

finish
