#!/bin/sh
# launcher.sh - a tuning run whose engines start through a launcher
# (-launcher, -launcher-hosts), with stand-ins for srun and ssh
# (tests/fakes/srun, tests/fakes/ssh: they record their arguments to
# $LAUNCHER_RECORD and run the engine here).  Every engine start goes
# through the launcher, pair thread k's engines run on host k mod N, the
# launcher changes no result (the same CSV as without it, pairs finishing
# in random order), a run resumes through another launcher, a host that
# cannot run the engine is named before any pair, the refusals exit 2, and
# a launcher's failures (refused and dropped connections:
# tests/fakes/lib_launcher_faults.sh) never reach the gradient: the games are
# played again to the CSV of the run without them, or the run stops
# (exit 5) naming the host and what ssh said, and -resume finishes it.
. "$(dirname "$0")/lib.sh"

FAKE=$BUILD/fakes/tune_peak
ENGINE_ARGS="--peak 70 --seed 3 --by-position --jitter 60"
# The stand-ins on PATH, started, expect_threads_on_hosts.
. tests/lib_launcher.sh

# tune CSV P [FLAGS...]: a short run of the seeded fake (its moves depend
# on its seed, the position and Knob only; the first answer of each game
# after a random pause, so the pairs finish in another order every time),
# P pairs at once, writing CSV (afresh).
tune() {
    csv=$1
    pairs=$2
    shift 2
    run "$TUNE" -engine cmd="$FAKE" args="$ENGINE_ARGS" -each depth=1 timeout=30 -game roomandpillar \
        -openings random plies=2 -tune Knob -iterations 8 -c-end-fraction 0.5 -r-end 0.05 \
        -concurrency "$pairs" -progress 1000 -csv "$csv" -force "$@"
}

# resume CSV [FLAGS...]: tune's run resumed from CSV (its FILE.run beside it).
resume() {
    csv=$1
    shift
    run "$TUNE" -engine cmd="$FAKE" args="$ENGINE_ARGS" -each depth=1 timeout=30 -game roomandpillar \
        -openings random plies=2 -tune Knob -iterations 8 -c-end-fraction 0.5 -r-end 0.05 \
        -concurrency 2 -progress 1000 -resume "$csv" "$@"
}

# expect_resumed_csv NAME CSV UNINTERRUPTED: a resumed run's CSV is the
# uninterrupted run's, byte for byte: the resumed run goes on from the
# CSV's exact thetas.
expect_resumed_csv() {
    if cmp "$2" "$3" >"$WORK/cmp" 2>&1 && well_formed "$2" 8; then
        ok "$1"
    else
        not_ok "$1" "$(cat "$WORK/cmp")"
    fi
}

# well_formed CSV ROWS: a header, then rows 0..ROWS of two numbers.
well_formed() {
    [ "$(head -n 1 "$1")" = "iteration,Knob" ] &&
        [ "$(awk -F, 'NR > 1 && (NF != 2 || $1 != NR - 2 || $2 !~ /^[0-9.]+$/)' "$1" | wc -l)" -eq 0 ] &&
        [ "$(tail -n 1 "$1" | cut -d, -f1)" = "$2" ]
}

# expect_run_through LAUNCHER PLAIN UNLOGGED MIN: the run through LAUNCHER
# (its CSV $WORK/LAUNCHER.csv, log LAUNCHER.log, record LAUNCHER.rec)
# completed with a well-formed CSV, the very one of PLAIN (the run without
# a launcher), and every engine start went through LAUNCHER: MIN or more
# logged starts, and UNLOGGED more that the log cannot show.
expect_run_through() {
    expect_status "tune_through_$1_completes" 0
    check "tune_through_$1_writes_a_well_formed_csv" well_formed "$WORK/$1.csv" 8
    if cmp -s "$WORK/$1.csv" "$2"; then
        ok "tune_through_$1_gives_the_csv_of_the_run_without_it"
    else
        not_ok "tune_through_$1_gives_the_csv_of_the_run_without_it" "$(diff "$2" "$WORK/$1.csv" | head -n 6)"
    fi
    starts=$(started "$WORK/$1.log" | wc -l)
    records=$(grep -c "^$1 " "$WORK/$1.rec")
    check "tune_every_engine_start_goes_through_$1 ($starts logged + $3, $records $1s)" \
        [ "$starts" -ge "$4" -a "$records" -eq $((starts + $3)) ]
}

# The same runs without a launcher, for comparison.
tune "$WORK/plain2.csv" 2
check tune_without_a_launcher_completes [ "$STATUS" -eq 0 ]
tune "$WORK/plain3.csv" 3
check tune_without_a_launcher_at_concurrency_3_completes [ "$STATUS" -eq 0 ]
if cmp -s "$WORK/plain2.csv" "$WORK/plain3.csv"; then
    not_ok tune_concurrency_2_and_3_give_different_runs "the same CSV at -concurrency 2 and 3"
else
    ok tune_concurrency_2_and_3_give_different_runs
fi

# ---- srun ----
LAUNCHER_RECORD=$WORK/srun.rec
export LAUNCHER_RECORD
tune "$WORK/srun.csv" 2 -launcher 'srun --exclusive -n1 -c1 --mem-per-cpu=1G' -log "$WORK/srun.log"
# The option list's start and the effect check's (before the log is open)
# are the two more.
expect_run_through srun "$WORK/plain2.csv" 2 4
bad=$(grep '^srun ' "$WORK/srun.rec" | grep -vxF "srun --exclusive -n1 -c1 --mem-per-cpu=1G $FAKE $ENGINE_ARGS")
check tune_srun_gets_its_words_then_the_engine [ -z "$bad" ]

# ---- ssh over the hosts of a file: pair thread k on host k mod 2 ----
printf '# two hosts\nalpha\n\n  beta   # the second\n' >"$WORK/hosts.txt"
LAUNCHER_RECORD=$WORK/ssh.rec
tune "$WORK/ssh.csv" 3 -launcher 'ssh -o BatchMode=yes {host}' -launcher-hosts "$WORK/hosts.txt" -log "$WORK/ssh.log"
# Not logged: the option list (on alpha), the check of both hosts, the
# effect check (on alpha).
expect_run_through ssh "$WORK/plain3.csv" 4 6
check tune_ssh_checks_the_engine_on_both_hosts_first \
    [ "$(head -n 3 "$WORK/ssh.rec" | tr '\n' ' ' | sed "s| $FAKE $ENGINE_ARGS||g")" = "ssh -o BatchMode=yes alpha ssh -o BatchMode=yes alpha ssh -o BatchMode=yes beta " ]
expect_threads_on_hosts "$WORK/ssh.log" 2 "tune_pair_thread_%s_runs_both_engines_on_%s" t1:alpha t2:beta t3:alpha

# ---- resumed through another launcher: the same run ----
head -n 7 "$WORK/srun.csv" >"$WORK/resumed.csv"
cp "$WORK/srun.csv.run" "$WORK/resumed.csv.run" # the run's record (FILE.run) goes with it
LAUNCHER_RECORD=$WORK/resumed.rec
resume "$WORK/resumed.csv" -launcher 'ssh {host}' -launcher-hosts "$WORK/hosts.txt"
expect_status tune_resumed_through_another_launcher_completes 0
check tune_resumed_through_another_launcher_starts_after_the_last_row has 'resuming after iteration 5 '
check tune_resumed_through_another_launcher_uses_it [ "$(grep -c '^ssh ' "$WORK/resumed.rec")" -ge 4 ]
expect_resumed_csv tune_resumed_through_another_launcher_gives_the_uninterrupted_csv "$WORK/resumed.csv" \
    "$WORK/srun.csv"

# ---- a host that cannot run the engine: named before any pair ----
printf 'alpha\nunreachable\n' >"$WORK/bad_hosts.txt"
LAUNCHER_RECORD=$WORK/bad.rec
rm -f "$WORK/bad.csv"
tune "$WORK/bad.csv" 2 -launcher 'ssh {host}' -launcher-hosts "$WORK/bad_hosts.txt"
expect_status tune_with_an_unreachable_host_is_refused 2
check tune_with_an_unreachable_host_names_it has "^tessera-tune: engine plus \(cmd=.*, through 'ssh unreachable'\): no handshake"
check tune_with_an_unreachable_host_says_it_in_ssh_s_words \
    has "through 'ssh unreachable'\): no handshake: .*\[stderr: ssh: connect to host unreachable port 22: Connection refused\]$"
check tune_with_an_unreachable_host_plays_no_pair [ ! -e "$WORK/bad.csv" ]

# ---- a launcher's failure never reaches the gradient ----
# Starts are counted from the option list's (1) and the effect check's (2);
# then the one pair thread's (one, so that which engine gets which start
# does not hang on two threads' race): start 3 (plus) is refused, start 4
# (minus) loses its connection at its first move (8 lines: the handshake
# with Knob's setoption, the new game, isready and position).  It is
# compared with the same run without a launcher.
tune "$WORK/plain1.csv" 1
printf 'h1\n' >"$WORK/h1.txt"
LAUNCHER_RECORD=$WORK/lost.rec
export LAUNCHER_FAIL_STARTS=3 LAUNCHER_DROP_STARTS=4 LAUNCHER_DROP_AFTER=8
tune "$WORK/lost.csv" 1 -launcher 'ssh -o BatchMode=yes {host}' -launcher-hosts "$WORK/h1.txt"
unset LAUNCHER_FAIL_STARTS LAUNCHER_DROP_STARTS LAUNCHER_DROP_AFTER
check tune_with_lost_connections_completes [ "$STATUS" -eq 0 ]
if cmp -s "$WORK/lost.csv" "$WORK/plain1.csv"; then
    ok tune_with_lost_connections_gives_the_csv_of_the_run_without_them
else
    not_ok tune_with_lost_connections_gives_the_csv_of_the_run_without_them "$(diff "$WORK/plain1.csv" "$WORK/lost.csv" | head -n 6)"
fi
check tune_counts_the_launcher_failures_apart \
    has "^Launcher failures: 2 \(not scored, games played again\): h1 2, the last: "
check tune_says_each_launcher_failure_with_what_ssh_said \
    has "^iteration [0-9]+ game [12]: not scored: .*launcher failure on h1: Connection to h1 closed by remote host\."
check tune_counts_no_launcher_failure_as_an_engine_fault has "0 games decided by an engine fault, 2 launcher failures not scored"

# A host that refuses every start from the 5th: the run stops (exit 5),
# naming it and ssh's words; -resume without the fault finishes the run
# (with other -launcher-retries: they change no result, and are not
# recorded).
LAUNCHER_RECORD=$WORK/down.rec
export LAUNCHER_FAIL_FROM=5
tune "$WORK/down.csv" 2 -launcher 'ssh -o BatchMode=yes {host}' -launcher-hosts "$WORK/h1.txt"
unset LAUNCHER_FAIL_FROM
check tune_with_a_host_down_stops_with_exit_5 [ "$STATUS" -eq 5 ]
check tune_with_a_host_down_names_it_and_what_ssh_said \
    has "^tessera-tune: launcher failure on h1: ssh: connect to host h1 port 22: Connection refused .*failed so 4 times \(-launcher-retries 3\)"
resume "$WORK/down.csv" -launcher-retries 5 -launcher-retries-total 7
check tune_with_a_host_down_resumed_completes [ "$STATUS" -eq 0 ]
expect_resumed_csv tune_with_a_host_down_resumed_gives_the_csv_of_the_run_without_it "$WORK/down.csv" \
    "$WORK/plain2.csv"

# ---- refusals: exit 2, the reason, nothing started ----
# refused NAME REGEX FLAGS...
refused() {
    what=$1
    regex=$2
    shift 2
    LAUNCHER_RECORD=$WORK/refused.rec
    rm -f "$WORK/refused.rec" "$WORK/refused.csv"
    tune "$WORK/refused.csv" 2 "$@"
    expect_status "tune_refuses_${what}_with_exit_2" 2
    check "tune_refuses_${what}_saying_why" has "^tessera-tune: $regex"
    check "tune_refuses_${what}_before_starting_anything" [ ! -e "$WORK/refused.rec" -a ! -e "$WORK/refused.csv" ]
}
: >"$WORK/empty.txt"
refused an_empty_launcher "-launcher '': empty: give the launcher's command" -launcher ''
refused a_host_placeholder_without_hosts "-launcher 'ssh \{host\}' names \{host\}: give the hosts with -launcher-hosts FILE" \
    -launcher 'ssh {host}'
refused hosts_without_a_host_placeholder "-launcher-hosts .*hosts\.txt: no launcher names \{host\}" \
    -launcher 'srun -n1' -launcher-hosts "$WORK/hosts.txt"
refused an_empty_hosts_file "-launcher-hosts .*empty\.txt: no host in it" \
    -launcher 'ssh {host}' -launcher-hosts "$WORK/empty.txt"
# srun where no allocation is (no SLURM_JOB_ID): each engine a job of its own.
unset SLURM_JOB_ID
refused srun_outside_an_allocation "launcher 'srun -n1': srun outside a Slurm allocation \(SLURM_JOB_ID is not set\)" \
    -launcher 'srun -n1'
SLURM_JOB_ID=4242
export SLURM_JOB_ID

# The help lists both flags on lines of their own.
REPLY=$("$TUNE" --help 2>&1)
expect_line tune_help_lists_-launcher '^  -launcher WORDS '
expect_line tune_help_lists_-launcher-hosts '^  -launcher-hosts FILE '

finish
