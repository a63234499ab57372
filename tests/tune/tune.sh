#!/bin/sh
# tune.sh - end-to-end tests of tessera-tune with the fake engine
# tune_peak, whose strength peaks at a value of its Knob option that the
# test decides (--peak): a short SPSA run must move Knob toward it, resume
# after an interruption, and verify must measure the gain.
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh

TUNE=$BUILD/tessera-tune
FAKE=$BUILD/fakes/tune_peak
WORK=$(mktemp -d /tmp/tessera-tune-test.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# tune CSV PEAK [FLAGS...]: a run of the fake at depth 1 (its own search is
# fixed), its random moves seeded so that a run is the same run every time.
# Unseeded, 200 runs from 90 toward 30 ended between 24 and 51, and one in
# a make test at 61.7: a rare failure no rerun could show again.
tune() {
    csv=$1
    peak=$2
    shift 2
    timeout $((120 * LOAD_FACTOR)) "$TUNE" -engine cmd="$FAKE" args="--peak $peak --seed 1" -each depth=1 timeout=30 \
        -game roomandpillar -csv "$csv" -c-end-fraction 0.5 -r-end 0.05 "$@" \
        >"$WORK/out" 2>"$WORK/err"
    STATUS=$?
    REPLY=$(cat "$WORK/out" "$WORK/err")
}

last_value() { tail -n 1 "$1" | cut -d, -f2; }

# unbroken CSV LAST: CSV's rows are iterations 0, 1, 2, ... LAST, each
# once, in order: one unbroken history.  Sets bad, the rows out of place.
unbroken() {
    bad=$(awk -F, 'NR > 1 && (NF != 2 || $1 != NR - 2)' "$1" | wc -l)
    [ "$bad" -eq 0 ] && [ "$(tail -n 1 "$1" | cut -d, -f1)" = "$2" ]
}

# interrupt: Ctrl-C to the tuner started in the background ($pid, its output
# in $WORK/out and $WORK/err); its exit status in $STATUS, its reply in $REPLY.
interrupt() {
    kill -INT $pid
    wait $pid
    STATUS=$?
    REPLY=$(cat "$WORK/out" "$WORK/err")
}

# expect_number NAME VALUE OP LIMIT  (awk comparison, VALUE may be fractional)
expect_number() {
    if awk -v v="$2" -v l="$4" "BEGIN { exit !(v $3 l) }"; then ok "$1"; else not_ok "$1" "$2 is not $3 $4 after:" "$(printf '%s\n' "$REPLY" | grep -v '^setoption' | tail -n 20)"; fi
}

REPLY=$("$TUNE" -help 2>&1)
STATUS=$?
expect_status tune_help_exits_zero 0
expect_line tune_help_names_the_parameter_sources '^  -tune NAMES'
expect_line tune_help_names_verify 'verify'

tune "$WORK/none.csv" 70 -iterations 10
expect_status tune_without_parameters_is_a_bad_argument 2
expect_line tune_without_parameters_says_what_is_missing '-tune NAMES or -params FILE'

tune "$WORK/none.csv" 70 -tune Nothing -iterations 10
expect_status tune_of_an_unknown_option_is_a_bad_argument 2
expect_line tune_of_an_unknown_option_names_it "'Nothing' names no spin option"

REPLY=$(timeout $((60 * LOAD_FACTOR)) "$TUNE" -engine cmd=/nonexistent/engine depth=1 -tune Knob -iterations 5 -csv "$WORK/x.csv" 2>&1)
STATUS=$?
expect_status tune_of_an_engine_that_does_not_start_fails 2
expect_line tune_of_an_engine_that_does_not_start_says_so 'did not start'

# Steps follow each parameter's own scale (item 13): ColumnaHeight1 (default
# 2, range 0..1000) is perturbed by about 1, not by 5% of 0..1000 (50).
# Eval=classic: under auto Columna's net evaluates, and the weights are refused.
REPLY=$(timeout $((120 * LOAD_FACTOR)) "$TUNE" -engine cmd="$ENGINE" option.Eval=classic -each depth=1 -game columna -tune 'Columna*' \
    -iterations 2 -csv "$WORK/columna.csv" -log "$WORK/columna.log" 2>&1)
STATUS=$?
expect_status tune_of_the_engine_columna_weights_completes 0
expect_line tune_c_end_of_columnaheight1_is_a_tenth_of_its_default_at_least_1 '^ColumnaHeight1 +2\.00 +0\.00 +1000\.00 +1\.000 '
expect_line tune_c_end_of_columnaheight5_is_a_tenth_of_its_default '^ColumnaHeight5 +133\.00 +0\.00 +1000\.00 +13\.300 '
sent=$(grep -o 'setoption name ColumnaHeight1 value [0-9-]*' "$WORK/columna.log" | awk '{ print $5 }' | sort -n | uniq | tr '\n' ' ')
case "$sent" in
"1 3 ") ok tune_sends_columnaheight1_as_its_default_2_plus_or_minus_1 ;;
*) not_ok tune_sends_columnaheight1_as_its_default_2_plus_or_minus_1 "values sent: $sent" ;;
esac

# The peak at 70, the fake's default 20: SPSA must climb.
tune "$WORK/up.csv" 70 -tune Knob -iterations 100 -concurrency 2
expect_status tune_run_toward_the_peak_completes 0
expect_line tune_run_prints_the_plan '^Knob +20\.00 +0\.00 +100\.00'
expect_count tune_run_prints_progress_every_10_iterations '^iteration [0-9]+/100 ' 10
expect_line tune_run_prints_a_setoption_block '^setoption name Knob value [0-9]+$'
expect_line tune_run_prints_the_verify_command 'tessera-tune verify .*-csv .*up\.csv'
expect_no_line tune_run_with_signal_gives_no_no_signal_warning '^warning:'
rows=$(wc -l <"$WORK/up.csv")
if [ "$rows" -eq 102 ]; then ok tune_csv_has_header_start_and_one_row_per_iteration; else not_ok tune_csv_has_header_start_and_one_row_per_iteration "$rows lines"; fi
expect_number tune_run_moves_knob_from_20_past_halfway_to_peak_70 "$(last_value "$WORK/up.csv")" '>' 45

# The same command again must not overwrite the run's history (item 12).
sum_before=$(cksum <"$WORK/up.csv")
tune "$WORK/up.csv" 70 -tune Knob -iterations 100 -concurrency 2
expect_status tune_again_onto_an_existing_csv_is_refused 2
expect_line tune_again_onto_an_existing_csv_points_to_resume_and_force 'up\.csv exists.*-resume .*up\.csv.*-force'
if [ "$(cksum <"$WORK/up.csv")" = "$sum_before" ]; then
    ok tune_again_onto_an_existing_csv_leaves_it_untouched
else
    not_ok tune_again_onto_an_existing_csv_leaves_it_untouched "$(head -n 3 "$WORK/up.csv")"
fi
tune "$WORK/force.csv" 70 -tune Knob -iterations 3
tune "$WORK/force.csv" 70 -tune Knob -iterations 2 -force
expect_status tune_with_force_overwrites_an_existing_csv 0
if [ "$(wc -l <"$WORK/force.csv")" -eq 4 ]; then
    ok tune_with_force_starts_the_csv_afresh
else
    not_ok tune_with_force_starts_the_csv_afresh "$(cat "$WORK/force.csv")"
fi
tune "$WORK/force.csv" 70 -tune Knob -iterations 2 -force -resume "$WORK/force.csv"
expect_status tune_with_force_and_resume_is_a_bad_argument 2

# Games that carry no signal (item 14): with --flat the fake's moves ignore
# Knob (its reported score shows it, so the effect check lets it through)
# and it always plays the same move in the same position, so both games of a
# pair are the same game, won by the same colour: every pair scores 0 for
# the + side, and theta never moves.  The tuner must say so.
REPLY=$(timeout $((120 * LOAD_FACTOR)) "$TUNE" -engine cmd="$FAKE" args="--flat" -each depth=1 timeout=30 \
    -game roomandpillar -tune Knob -iterations 60 -csv "$WORK/flat.csv" 2>&1)
STATUS=$?
expect_status tune_without_signal_completes 0
expect_line tune_without_signal_warns_during_the_run '^warning: the last 50 pairs each scored 0 for the \+ side'
expect_line tune_without_signal_warns_that_no_value_moved '^warning: after 60 iterations every value is still its start'

# From a parameter file: start 90, peak decided at 30, SPSA must come down.
printf '# the knob, started high\nKnob, 90, 0, 100, 10, 0.05\n' >"$WORK/params.txt"
tune "$WORK/down.csv" 30 -params "$WORK/params.txt" -iterations 100
expect_status tune_run_from_a_params_file_completes 0
expect_number tune_run_moves_knob_from_90_past_halfway_to_peak_30 "$(last_value "$WORK/down.csv")" '<' 60

# Interrupted with Ctrl-C, then resumed to the end from the CSV.  (No
# timeout(1) around it: timeout passes a signal on twice, to the tuner and
# to its process group, and a second Ctrl-C ends the tuner at once.)
"$TUNE" -engine cmd="$FAKE" args="--peak 70" -each depth=1 -game roomandpillar \
    -tune Knob -iterations 200 -csv "$WORK/resume.csv" -progress 1000 >"$WORK/out" 2>"$WORK/err" &
pid=$!
tries=0
while [ "$(cat "$WORK/resume.csv" 2>/dev/null | wc -l)" -lt 12 ] && [ $tries -lt 200 ]; do
    sleep 0.05
    tries=$((tries + 1))
done
interrupt
expect_status tune_interrupted_exits_130 130
expect_line tune_interrupted_says_how_to_resume 'interrupted; -resume .*resume\.csv continues'
expect_line tune_interrupted_prints_the_values_so_far '^setoption name Knob value'
done_rows=$(tail -n 1 "$WORK/resume.csv" | cut -d, -f1)
timeout $((120 * LOAD_FACTOR)) "$TUNE" -engine cmd="$FAKE" args="--peak 70" -each depth=1 -game roomandpillar \
    -tune Knob -iterations 200 -resume "$WORK/resume.csv" -progress 1000 >"$WORK/out" 2>"$WORK/err"
STATUS=$?
REPLY=$(cat "$WORK/out" "$WORK/err")
expect_status tune_resumed_run_completes 0
expect_line tune_resumed_run_starts_after_the_last_row "resuming after iteration $done_rows "
if unbroken "$WORK/resume.csv" 200; then
    ok tune_resumed_csv_is_one_unbroken_history
else
    not_ok tune_resumed_csv_is_one_unbroken_history "$bad bad rows; last: $(tail -n 1 "$WORK/resume.csv")"
fi

# The same command gives the same run whatever the timing (-concurrency 2):
# iteration k perturbs theta as it stood after iteration k-2 and waits for
# it, never the theta of whichever pairs happened to finish first.  The
# fake's moves depend on the seed, the position and Knob only, and each
# answer comes after a random pause, so the pairs finish in another order
# every run.
same_run() { # csv
    timeout $((120 * LOAD_FACTOR)) "$TUNE" -engine cmd="$FAKE" args="--peak 70 --seed 3 --by-position --jitter 300" -each depth=1 timeout=30 \
        -game roomandpillar -openings random plies=2 -tune Knob -iterations 24 -c-end-fraction 0.5 \
        -r-end 0.05 -concurrency 2 -progress 1000 -csv "$1" >"$WORK/out" 2>"$WORK/err"
    STATUS=$?
    REPLY=$(cat "$WORK/out" "$WORK/err")
}
same_run "$WORK/same1.csv"
expect_status tune_concurrent_run_completes 0
expect_line tune_concurrent_run_names_its_delay '^SPSA: 24 iterations .*, delay 1$'
same_run "$WORK/same2.csv"
expect_status tune_concurrent_run_again_completes 0
if cmp -s "$WORK/same1.csv" "$WORK/same2.csv" && [ "$(wc -l <"$WORK/same1.csv")" -eq 26 ]; then
    ok tune_same_command_under_concurrency_gives_the_same_csv
else
    not_ok tune_same_command_under_concurrency_gives_the_same_csv "$(diff "$WORK/same1.csv" "$WORK/same2.csv" | head -n 8)"
fi
moved=$(cut -d, -f2 "$WORK/same1.csv" | sort -u | wc -l)
if [ "$moved" -gt 3 ]; then
    ok tune_concurrent_run_moves_theta
else
    not_ok tune_concurrent_run_moves_theta "$(cat "$WORK/same1.csv")"
fi

# Killed under -concurrency 2 with an iteration in flight while a later one
# had finished, then resumed: every iteration counts exactly once (item 15).
# Iteration 3 opens off the start position, and with TUNE_PEAK_STALL_NOTE
# the fake never moves in such a game: iteration 3 stays in flight while
# the other thread finishes 4 and then waits, since 5 perturbs theta after
# iteration 3.  The fake notes the stall, and each game its own move ends:
# 2 games of each of iterations 0, 1, 2 and 4.  The tuner is then killed
# (SIGKILL).  The CSV may hold iterations 0..2 only (4 finished after a
# pair still unfinished), and the resumed run must play 3 (the opening
# after a1) and 4 again, and give the uninterrupted run's CSV.
printf 'startpos\nstartpos\nstartpos\nstartpos moves a1\nstartpos\nstartpos\nstartpos\nstartpos\nstartpos\nstartpos\nstartpos\nstartpos\n' >"$WORK/stall.txt"
# start_stalling_run CSV: the run in the background, $pid the tuner itself
# (exec: a signal must reach the tuner, not a subshell), then waits until
# iteration 3 is stalled and iterations 0..2 and 4 have ended (or a minute
# has gone by), and until the tuner's log has been quiet for a second (it
# takes in the last move it was sent).  -skip-effect-check: the check's own
# searches would add games to the fake's notes.
start_stalling_run() {
    : >"$WORK/stalled"
    rm -f "$WORK/stalling.log"
    (TUNE_PEAK_STALL_NOTE="$WORK/stalled" exec "$TUNE" -engine cmd="$FAKE" args="--peak 70 --seed 2 --by-position" \
        -each depth=1 timeout=600 -game roomandpillar -openings file="$WORK/stall.txt" \
        order=sequential -concurrency 2 -tune Knob -iterations 12 -c-end-fraction 0.5 -r-end 0.05 \
        -progress 1000 -csv "$1" -log "$WORK/stalling.log" -skip-effect-check >"$WORK/out" 2>"$WORK/err") &
    pid=$!
    tries=0
    while { [ "$(grep -c '^stalled' "$WORK/stalled")" -lt 1 ] || [ "$(grep -c '^ended' "$WORK/stalled")" -lt 8 ]; } &&
        [ $tries -lt 1200 ]; do
        sleep 0.05
        tries=$((tries + 1))
    done
    size=-1
    while [ "$(wc -c <"$WORK/stalling.log")" -ne "$size" ] && [ $tries -lt 1200 ]; do
        size=$(wc -c <"$WORK/stalling.log")
        sleep 1
        tries=$((tries + 20))
    done
}
timeout $((120 * LOAD_FACTOR)) "$TUNE" -engine cmd="$FAKE" args="--peak 70 --seed 2 --by-position" -each depth=1 timeout=600 -game roomandpillar \
    -openings file="$WORK/stall.txt" order=sequential -concurrency 2 -tune Knob -iterations 12 \
    -c-end-fraction 0.5 -r-end 0.05 -progress 1000 -csv "$WORK/unstalled.csv" >/dev/null 2>&1
start_stalling_run "$WORK/stall.csv"
kill -KILL $pid
wait $pid 2>/dev/null
if [ "$(grep -c '^stalled' "$WORK/stalled")" -eq 1 ] && [ "$(grep -c '^ended' "$WORK/stalled")" -eq 8 ]; then
    ok tune_killed_run_had_one_iteration_stalled_and_a_later_one_finished
else
    not_ok tune_killed_run_had_one_iteration_stalled_and_a_later_one_finished "$(cat "$WORK/stalled" "$WORK/out" "$WORK/err")"
fi
last_row=$(tail -n 1 "$WORK/stall.csv" | cut -d, -f1)
if [ "$last_row" = 3 ]; then
    ok tune_killed_csv_keeps_only_iterations_before_the_unfinished_one
else
    not_ok tune_killed_csv_keeps_only_iterations_before_the_unfinished_one "last row $last_row, expected 3 (iteration 3 never finished):" "$(cat "$WORK/stall.csv")"
fi
REPLY=$(timeout $((120 * LOAD_FACTOR)) sh -c '"$0" "$@" 2>&1' "$TUNE" -engine cmd="$FAKE" args="--peak 70 --seed 2 --by-position" -each depth=1 \
    timeout=600 -game roomandpillar -openings file="$WORK/stall.txt" order=sequential \
    -concurrency 2 -tune Knob -iterations 12 -c-end-fraction 0.5 -r-end 0.05 -progress 1000 \
    -resume "$WORK/stall.csv" -log "$WORK/stall.log")
STATUS=$?
expect_status tune_resumed_after_a_kill_completes 0
expect_line tune_resumed_after_a_kill_starts_at_the_unfinished_iteration 'resuming after iteration 3 '
missing=$(sed -n 's/^stalled //p' "$WORK/stalled" | while read -r fen; do
    grep -qF "position fen $fen" "$WORK/stall.log" || echo "$fen"
done)
if [ -z "$missing" ]; then
    ok tune_resumed_after_a_kill_plays_the_unfinished_iteration
else
    not_ok tune_resumed_after_a_kill_plays_the_unfinished_iteration "never played after the resume: $missing"
fi
if unbroken "$WORK/stall.csv" 12; then
    ok tune_resumed_after_a_kill_csv_is_one_unbroken_history
else
    not_ok tune_resumed_after_a_kill_csv_is_one_unbroken_history "$(cat "$WORK/stall.csv")"
fi
# The resumed run goes on from the CSV's exact thetas: the uninterrupted
# run's file, byte for byte.
if cmp "$WORK/stall.csv" "$WORK/unstalled.csv" >"$WORK/cmp" 2>&1 && [ "$(wc -l <"$WORK/unstalled.csv")" -eq 14 ]; then
    ok tune_resumed_after_a_kill_gives_the_uninterrupted_runs_csv
else
    not_ok tune_resumed_after_a_kill_gives_the_uninterrupted_runs_csv "$(cat "$WORK/cmp")"
fi

# The same with Ctrl-C: the tuner says which pairs it did not apply.
start_stalling_run "$WORK/stall_int.csv"
interrupt
expect_status tune_interrupted_under_concurrency_exits_130 130
expect_line tune_interrupted_under_concurrency_names_the_pairs_not_applied '^  1 pairs finished after iteration 4, which did not: not applied'
last_row=$(tail -n 1 "$WORK/stall_int.csv" | cut -d, -f1)
if [ "$last_row" = 3 ]; then
    ok tune_interrupted_csv_keeps_only_iterations_before_the_unfinished_one
else
    not_ok tune_interrupted_csv_keeps_only_iterations_before_the_unfinished_one "last row $last_row, expected 3"
fi

# Verify: the tuned values of the first run against the default 20.
REPLY=$(timeout $((120 * LOAD_FACTOR)) "$TUNE" verify -engine cmd="$FAKE" args="--peak 70" -each depth=1 timeout=30 \
    -game roomandpillar -csv "$WORK/up.csv" -games 40 -concurrency 2 2>&1)
STATUS=$?
expect_status verify_completes 0
expect_line verify_prints_the_arena_command 'tessera-arena .*name=tuned option\.Knob=[0-9]+ .*name=default'
expect_line verify_reports_a_gain_with_its_interval '^verify: tuned - default = \+([0-9.]+|inf) Elo \+/- ([0-9.]+|inf) \(95%, pentanomial\), 40 games'

printf 'iteration,Lever\n0,3\n' >"$WORK/lever.csv"
REPLY=$(timeout $((60 * LOAD_FACTOR)) "$TUNE" verify -engine cmd="$FAKE" -each depth=1 -game roomandpillar -csv "$WORK/lever.csv" 2>&1)
STATUS=$?
expect_status verify_of_an_unknown_option_is_a_bad_argument 2
expect_line verify_of_an_unknown_option_names_it 'Lever = 3 is no value of a spin option'


# Every flag on a line of its own, the arena's too; verify has its own help.
REPLY=$("$TUNE" --help 2>&1)
STATUS=$?
expect_status tune_dash_dash_help_exits_zero 0
for flag in -engine -each -game -openings -concurrency -seed -log -loglimit; do
    expect_line "tune_help_lists_$flag" "^  $flag "
done
REPLY=$("$TUNE" verify --help 2>&1)
STATUS=$?
expect_status verify_help_exits_zero 0
expect_line verify_help_is_its_own '^tessera-tune verify - '
expect_line verify_help_lists_-pgnout '^  -pgnout FILE '
expect_line verify_help_lists_-sprt '^  -sprt elo0=E0 '
REPLY=$("$TUNE" verify -engine cmd=x depth=1 -h 2>&1)
expect_line verify_h_is_verify_help '^tessera-tune verify - '

finish
