#!/bin/sh
# launcher.sh - engines started through a launcher (-launcher, launcher=,
# -launcher-hosts): games played through stand-ins for srun and ssh
# (tests/fakes/srun, tests/fakes/ssh: they record their arguments to
# $LAUNCHER_RECORD and run the engine here), hosts given out round-robin
# to the game threads, every engine start going through the launcher, a
# killed engine's launcher getting SIGTERM first, a resume through another
# launcher, the refusals (exit 2), srun outside an allocation among them,
# and a launcher's failures (refused and dropped connections, steps not
# created: tests/fakes/launcher_faults.sh), never scored: replayed to the
# results of a run without them, or the run stopped (exit 5) naming the
# host and what the launcher said.
. "$(dirname "$0")/lib.sh"
# The stand-ins on PATH, started, expect_threads_on_hosts.
. tests/lib_launcher.sh

GOOD="cmd=$FAKES/fake_engine name=A"
OTHER_ARGS="--seed 3"

# terminations FILE: the Termination tags of a PGN, sorted and counted.
terminations() { sed -n 's/^\[Termination "\(.*\)"\]$/\1/p' "$1" | sort | uniq -c | tr -s ' ' | tr '\n' ';'; }

# ---- srun: every engine start is one srun, with the words as given ----
LAUNCHER_RECORD=$WORK/srun.rec
export LAUNCHER_RECORD
arena -engine $GOOD -engine cmd="$FAKES/fake_engine" name=B args="--seed 3" -each depth=1 -game roomandpillar -games 6 -concurrency 2 \
    -launcher 'srun  --exclusive -n1	-c1' -log "$WORK/srun.log" -pgnout "$WORK/srun.pgn"
expect_status "srun: the run completes" 0
expect_out "srun: the start names the launcher, its words split at blanks" "^    through: srun --exclusive -n1 -c1$"
check "srun: 6 games, every one ended by the rules" [ "$(terminations "$WORK/srun.pgn")" = " 6 normal;" ]
starts=$(started "$WORK/srun.log" | wc -l)
records=$(grep -c '^srun ' "$WORK/srun.rec")
check "srun: the check and a game thread started engines (4 starts at least)" [ "$starts" -ge 4 ]
check "srun: every engine start went through srun, one srun each ($starts starts, $records sruns)" \
    [ "$records" -eq "$starts" ]
bad=$(grep '^srun ' "$WORK/srun.rec" | grep -v -x -e "srun --exclusive -n1 -c1 $FAKES/fake_engine" \
    -e "srun --exclusive -n1 -c1 $FAKES/fake_engine $OTHER_ARGS")
check "srun: its words split at blanks, then the engine's cmd and args" [ -z "$bad" ]
bad=$(started "$WORK/srun.log" | grep -v "through 'srun --exclusive -n1 -c1' (pid [0-9]*)$")
check "srun: the log names the launcher of every start" [ -z "$bad" ]

# ---- ssh with a hosts file: game thread k on host k mod N ----
printf '# the hosts\n  alpha  # the first\n\nbeta\n' >"$WORK/hosts.txt"
LAUNCHER_RECORD=$WORK/ssh.rec
# (A answers after 5 ms: games long enough for all three threads to play.)
arena -engine $GOOD args="--delay 5" -engine cmd="$FAKES/fake_engine" name=B args="--seed 3" -each depth=1 \
    -game roomandpillar -games 12 -concurrency 3 \
    -launcher 'ssh -o BatchMode=yes {host}' -launcher-hosts "$WORK/hosts.txt" -log "$WORK/ssh.log" \
    -pgnout "$WORK/ssh.pgn"
expect_status "ssh: the run completes" 0
check "ssh: 12 games, every one ended by the rules" [ "$(terminations "$WORK/ssh.pgn")" = " 12 normal;" ]
starts=$(started "$WORK/ssh.log" | wc -l)
records=$(grep -c '^ssh ' "$WORK/ssh.rec")
check "ssh: every engine start went through ssh, one ssh each ($starts starts, $records sshs)" \
    [ "$starts" -ge 8 -a "$records" -eq "$starts" ]
bad=$(grep '^ssh ' "$WORK/ssh.rec" | grep -v -x \
    -e "ssh -o BatchMode=yes alpha $FAKES/fake_engine --delay 5" -e "ssh -o BatchMode=yes beta $FAKES/fake_engine --delay 5" \
    -e "ssh -o BatchMode=yes alpha $FAKES/fake_engine $OTHER_ARGS" \
    -e "ssh -o BatchMode=yes beta $FAKES/fake_engine $OTHER_ARGS")
check "ssh: {host} replaced by a host of the file, then the engine" [ -z "$bad" ]
check "ssh: each engine checked on both hosts before the first game" \
    [ "$(started "$WORK/ssh.log" check: | grep -c "through 'ssh -o BatchMode=yes alpha'")" -eq 2 -a \
    "$(started "$WORK/ssh.log" check: | grep -c "through 'ssh -o BatchMode=yes beta'")" -eq 2 ]
# Threads t1, t2, t3 (slots 0, 1, 2) on alpha, beta, alpha: round-robin
# over the two hosts, and every engine of a thread on its host.
expect_threads_on_hosts "$WORK/ssh.log" 1 "ssh: game thread %s starts its engines on %s" t1:alpha t2:beta t3:alpha

# ---- per engine: launcher= wins over -launcher; an engine without one runs here ----
LAUNCHER_RECORD=$WORK/mixed.rec
arena -engine $GOOD launcher='ssh {host}' -engine cmd="$FAKES/fake_engine" name=B args="--seed 3" -each depth=1 -game roomandpillar -games 2 \
    -launcher 'srun -n1' -launcher-hosts "$WORK/hosts.txt" -log "$WORK/mixed.log"
expect_status "per engine: the run completes" 0
check "per engine: A through its own launcher=, B through -launcher" \
    [ "$(started "$WORK/mixed.log" | grep -c ":A # .*through 'ssh alpha'")" -ge 2 -a \
    "$(started "$WORK/mixed.log" | grep -c ":B # .*through 'srun -n1'")" -ge 2 -a \
    "$(started "$WORK/mixed.log" | grep -vc "through 'ssh alpha'\|through 'srun -n1'")" -eq 0 ]

# ---- a killed engine's launcher gets SIGTERM, which srun passes on ----
LAUNCHER_RECORD=$WORK/kill.rec
arena -engine $GOOD -engine cmd="$FAKES/fake_hang" name=H args="--after 2" -each tc=0.5+0 timeout=5 \
    -game roomandpillar -games 1 -launcher 'srun -n1' -log "$WORK/kill.log" -pgnout "$WORK/kill.pgn"
expect_status "kill: the run completes" 0
check "kill: the hanging engine loses on time" [ "$(terminations "$WORK/kill.pgn")" = " 1 time forfeit;" ]
check "kill: its srun got SIGTERM" grep -q '^srun got TERM$' "$WORK/kill.rec"
check "kill: the log says it ended on SIGTERM" grep -q "H # process ended on SIGTERM" "$WORK/kill.log"

# ---- the launcher is not part of the run: a resume may change it ----
LAUNCHER_RECORD=$WORK/resume.rec
arena -engine $GOOD -engine cmd="$FAKES/fake_engine" name=B args="--seed 3" -each depth=1 -game roomandpillar -games 4 -launcher 'srun -n1' \
    -pgnout "$WORK/resume.pgn"
expect_status "resume: the first part through srun completes" 0
arena -engine $GOOD -engine cmd="$FAKES/fake_engine" name=B args="--seed 3" -each depth=1 -game roomandpillar -games 8 \
    -launcher 'ssh {host}' -launcher-hosts "$WORK/hosts.txt" -pgnout "$WORK/resume.pgn" -resume
expect_status "resume: through ssh, the run goes on" 0
expect_out "resume: the games of the first part count" "^Resuming: 4 of 8 games already in "
check "resume: 8 games in the PGN" [ "$(games_in "$WORK/resume.pgn")" -eq 8 ]
check "resume: the first part through srun, the rest through ssh" \
    [ "$(grep -c '^srun ' "$WORK/resume.rec")" -ge 2 -a "$(grep -c '^ssh ' "$WORK/resume.rec")" -ge 2 ]
check "resume: no launcher in the recorded configuration" [ "$(grep -ci 'launcher\|srun\|ssh' "$WORK/resume.pgn")" -eq 0 ]

# ---- a launcher's failure is never a game ----
# faulty NAME FLAGS...: 6 games, one at a time, through ssh on host h1,
# both engines started afresh for every game (--one-game), with the faults
# the environment asks for (launcher_faults.sh); PGN $WORK/NAME.pgn,
# record $WORK/NAME.rec (the starts), report $WORK/NAME.report (without
# the launcher failures' line), results $WORK/NAME.results.
printf 'h1\n' >"$WORK/h1.txt"
no_faults() { unset LAUNCHER_FAIL_STARTS LAUNCHER_FAIL_FROM LAUNCHER_DROP_STARTS LAUNCHER_PEND_STARTS; }
faulty() {
    LAUNCHER_RECORD=$WORK/$1.rec
    run=$1
    shift
    arena -engine cmd="$FAKES/fake_engine" name=A args=--one-game -engine cmd="$FAKES/fake_engine" name=B \
        args="--seed 3 --one-game" -each depth=1 -game roomandpillar -games 6 \
        -launcher 'ssh -o BatchMode=yes {host}' -launcher-hosts "$WORK/h1.txt" -pgnout "$WORK/$run.pgn" "$@"
    report_block "$OUT" | grep -v '^Launcher failures: ' >"$WORK/$run.report"
    grep -E '^\[(Round|Result|Termination) ' "$WORK/$run.pgn" >"$WORK/$run.results"
}
faulty clean
expect_status "faults: the run without any completes" 0
expect_no_out "faults: none counted without any" "^Launcher failures"

# Starts 5 and 6 (game 2's) are refused, start 9 (of game 3) loses its
# connection after the handshake and ucinewgame: both games played again.
export LAUNCHER_FAIL_STARTS="5 6" LAUNCHER_DROP_STARTS=9
faulty lost
no_faults
expect_status "lost connections: the run completes" 0
check "lost connections: the results of the run without them" cmp -s "$WORK/clean.results" "$WORK/lost.results"
check "lost connections: its report too (but for their line)" cmp -s "$WORK/clean.report" "$WORK/lost.report"
check "lost connections: no game lost by a crash or no handshake" [ "$(terminations "$WORK/lost.pgn")" = " 6 normal;" ]
expect_out "lost connections: counted apart in the report, with the host and what ssh said last" \
    "^Launcher failures: 2 \(not scored, games played again\): h1 2, the last: Connection to h1 closed by remote host\. \(exited with status 255 "
expect_out "lost connections: a refused one said when it happens" \
    "^Game 2 \(B vs A\): not scored: .*launcher failure on h1: ssh: connect to host h1 port 22: Connection refused .*; played again$"

# A host that refuses every start from the 5th: game 2 is tried 4 times,
# then the run stops (exit 5), naming the host and ssh's words.
export LAUNCHER_FAIL_FROM=5
faulty down
no_faults
expect_status "a host down: the run stops with exit 5" 5
expect_out "a host down: the message names the host, what ssh said and the bound" \
    "^tessera-arena: launcher failure on h1: ssh: connect to host h1 port 22: Connection refused .*game 2 failed so 4 times \(-launcher-retries 3\)"
check "a host down: only game 1 is in the PGN, by the rules" [ "$(terminations "$WORK/down.pgn")" = " 1 normal;" ]
expect_out "a host down: 4 failures counted" "^Launcher failures: 4 "
faulty down -resume -launcher-retries 5 -launcher-retries-total 7 # not recorded: they change no result
expect_status "a host down, resumed: the run completes" 0
expect_out "a host down, resumed: one game kept" "^Resuming: 1 of 6 games already in "
check "a host down, resumed: the results of the run without faults" cmp -s "$WORK/clean.results" "$WORK/down.results"

# -launcher-retries-total bounds the whole run; -launcher-retries 0 stops
# at the first failure.
export LAUNCHER_FAIL_STARTS="5 7"
faulty total -launcher-retries-total 1
expect_status "-launcher-retries-total 1: the second failure stops the run" 5
expect_out "-launcher-retries-total 1: named" "failed so 2 times \(-launcher-retries-total 1\), 2 failures in the run"
export LAUNCHER_FAIL_STARTS=5
faulty once -launcher-retries 0
expect_status "-launcher-retries 0: the first failure stops the run" 5
expect_out "-launcher-retries 0: named" "game 2 failed so 1 time \(-launcher-retries 0\)"
# A transient failure in the check before the first game is tried again too.
export LAUNCHER_FAIL_STARTS=1
faulty check
no_faults
expect_status "a failure in the check before the first game: tried again, the run completes" 0
check "a failure in the check: the results of the run without it" cmp -s "$WORK/clean.results" "$WORK/check.results"

# srun that cannot create a step (exit 1, its own error line): replayed.
LAUNCHER_RECORD=$WORK/nostep.rec
export LAUNCHER_FAIL_STARTS=4
arena -engine cmd="$FAKES/fake_engine" name=A args=--one-game -engine cmd="$FAKES/fake_engine" \
    name=B args="--seed 3 --one-game" -each depth=1 -game roomandpillar -games 6 -launcher 'srun -n1' -pgnout "$WORK/nostep.pgn"
no_faults
expect_status "srun without a step: the run completes" 0
grep -E '^\[(Round|Result|Termination) ' "$WORK/nostep.pgn" >"$WORK/nostep.results"
check "srun without a step: the results of the run without it" cmp -s "$WORK/clean.results" "$WORK/nostep.results"
expect_out "srun without a step: counted apart, with srun's line" \
    "^Launcher failures: 1 \(not scored, games played again\): srun -n1 1, the last: srun: error: Unable to create step for job 1"

# An srun step that never starts (it waits for resources past the
# handshake's timeout): replayed too, srun's words kept.
LAUNCHER_RECORD=$WORK/pend.rec
export LAUNCHER_PEND_STARTS=4
arena -engine cmd="$FAKES/fake_engine" name=A args=--one-game -engine cmd="$FAKES/fake_engine" \
    name=B args="--seed 3 --one-game" -each depth=1 timeout=$((2 * LOAD_FACTOR)) -game roomandpillar -games 6 \
    -launcher 'srun -n1' -pgnout "$WORK/pend.pgn"
no_faults
expect_status "a step that never starts: the run completes" 0
grep -E '^\[(Round|Result|Termination) ' "$WORK/pend.pgn" >"$WORK/pend.results"
check "a step that never starts: the results of the run without it" cmp -s "$WORK/clean.results" "$WORK/pend.results"
expect_out "a step that never starts: counted apart, with srun's line" \
    "^Launcher failures: 1 .*: srun -n1 1, the last: srun: Job 1 step creation temporarily disabled, .*\(did not answer in time during the handshake\)"

# An engine that crashes through a launcher (its exit status passed on:
# ssh's 3, srun's 3 with its task report) is scored as its crash.
for launcher in 'ssh h1' 'srun -n1'; do
    LAUNCHER_RECORD=$WORK/crash.rec
    arena -engine cmd="$FAKES/fake_engine" name=A args="--mode exit --after 2" -engine cmd="$FAKES/fake_engine" \
        name=B args="--seed 3" -each depth=1 -game roomandpillar -games 2 -launcher "$launcher" -pgnout "$WORK/crash.pgn"
    expect_status "an engine's crash through '$launcher': the run completes" 0
    check "an engine's crash through '$launcher': scored as its crash" [ "$(terminations "$WORK/crash.pgn")" = " 2 crash;" ]
    expect_no_out "an engine's crash through '$launcher': no launcher failure" "launcher failure|^Launcher failures"
    rm -f "$WORK/crash.pgn"
done

# ---- refusals: exit 2, one line saying what is wrong ----
# refused NAME REGEX ARGS...: the arena refuses ARGS with exit 2 and an
# error line matching REGEX, and starts no launcher.
refused() {
    what=$1
    regex=$2
    shift 2
    LAUNCHER_RECORD=$WORK/refused.rec
    rm -f "$WORK/refused.rec"
    arena -engine $GOOD -engine cmd="$FAKES/fake_engine" name=B args="--seed 3" -each depth=1 -game roomandpillar -games 2 "$@"
    expect_status "refused, $what: exit 2" 2
    expect_out "refused, $what: says why" "^tessera-arena: $regex"
    check "refused, $what: nothing started" [ ! -e "$WORK/refused.rec" ]
}
: >"$WORK/empty.txt"
printf '# only a comment\n\n   \n' >"$WORK/comments.txt"
printf 'alpha\nnode 2\n' >"$WORK/twowords.txt"
refused "empty -launcher" "-launcher '': empty: give the launcher's command" -launcher ''
refused "blank -launcher" "-launcher '  ': empty" -launcher '  '
refused "empty launcher=" "launcher=: empty" -each launcher=
refused "{host} without hosts" "-launcher 'ssh \{host\}' names \{host\}: give the hosts with -launcher-hosts FILE" \
    -launcher 'ssh {host}'
refused "launcher={host} without hosts" "engine A: launcher='ssh \{host\}' names \{host\}" \
    -launcher 'srun -n1' -each launcher='ssh {host}'
refused "hosts without {host}" "-launcher-hosts .*hosts\.txt: no launcher names \{host\}" \
    -launcher 'srun -n1' -launcher-hosts "$WORK/hosts.txt"
refused "hosts without -launcher" "-launcher-hosts .*hosts\.txt: no launcher names \{host\}" \
    -launcher-hosts "$WORK/hosts.txt"
refused "an empty hosts file" "-launcher-hosts .*empty\.txt: no host in it" \
    -launcher 'ssh {host}' -launcher-hosts "$WORK/empty.txt"
refused "a hosts file of comments" "-launcher-hosts .*comments\.txt: no host in it" \
    -launcher 'ssh {host}' -launcher-hosts "$WORK/comments.txt"
refused "a line of two words" "-launcher-hosts .*twowords\.txt: line 2: 'node 2': more than one word" \
    -launcher 'ssh {host}' -launcher-hosts "$WORK/twowords.txt"
refused "a missing hosts file" "-launcher-hosts .*missing\.txt: No such file" \
    -launcher 'ssh {host}' -launcher-hosts "$WORK/missing.txt"
# srun where no allocation is (no SLURM_JOB_ID): each engine would be a
# job of its own.
unset SLURM_JOB_ID
refused "srun outside an allocation" \
    "launcher 'srun -n1': srun outside a Slurm allocation \(SLURM_JOB_ID is not set\)" -launcher 'srun -n1'
refused "srun by its path, outside an allocation" \
    "launcher '/usr/bin/srun -n1': srun outside a Slurm allocation" -each launcher='/usr/bin/srun -n1'
SLURM_JOB_ID=4242
export SLURM_JOB_ID

# A host that cannot run the engines: the check before the first game names
# it (exit 4, no game).
printf 'alpha\nunreachable\n' >"$WORK/bad_hosts.txt"
LAUNCHER_RECORD=$WORK/bad.rec
arena -engine $GOOD -engine cmd="$FAKES/fake_engine" name=B args="--seed 3" -each depth=1 -game roomandpillar \
    -games 2 -concurrency 2 -launcher 'ssh {host}' -launcher-hosts "$WORK/bad_hosts.txt" -pgnout "$WORK/bad.pgn"
expect_status "an unreachable host: exit 4" 4
expect_out "an unreachable host: named, for each engine" "^tessera-arena: engine A \(cmd=.*, through 'ssh unreachable'\): no handshake"
expect_out "an unreachable host: named for B too" "^engine B \(cmd=.*, through 'ssh unreachable'\): no handshake"
expect_out "an unreachable host: in ssh's own words" \
    "through 'ssh unreachable'\): no handshake: exited with status 255 during the handshake \[stderr: ssh: connect to host unreachable port 22: Connection refused\]$"
check "an unreachable host: no game played" [ "$(games_in "$WORK/bad.pgn")" -eq 0 ]

# An engine that is not there on the host: the remote shell's words (exit 4).
arena -engine cmd=/no/such/engine name=A -engine cmd="$FAKES/fake_engine" name=B -each depth=1 -game roomandpillar \
    -games 2 -launcher 'ssh h1'
expect_status "an engine missing on the host: exit 4" 4
expect_out "an engine missing on the host: in the shell's own words" \
    "^tessera-arena: engine A .*: exited with status 127 during the handshake \[stderr: .*/no/such/engine: .*(not found|No such file or directory)\]$"

# A launcher that is not there: the check before the first game says so (exit 4).
arena -engine $GOOD -engine cmd="$FAKES/fake_engine" name=B args="--seed 3" -each depth=1 -game roomandpillar -games 2 -launcher 'no-such-launcher -x'
expect_status "a missing launcher: exit 4, no game" 4
expect_out "a missing launcher: named" "cannot run launcher 'no-such-launcher': not found in PATH"

finish
