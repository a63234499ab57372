#!/bin/sh
# cli.sh - help, exit codes for bad arguments and for an SPRT that cannot
# start, and an SPRT run that stops as soon as it concludes.
. "$(dirname "$0")/lib.sh"

GOOD="cmd=$FAKES/fake_engine"

arena -help
expect_status "-help exits 0" 0
expect_out "-help lists the exit codes" "^Exit status:"

arena -engine "$GOOD" name=A -engine "$GOOD" name=B -each depth=1 -bogus
expect_status "an unknown flag exits 2" 2
expect_out "the message names the flag" "unknown flag '-bogus'"

arena -engine "$GOOD" name=A -engine "$GOOD" name=B -game chess -each depth=1
expect_status "an unknown game exits 2" 2

arena -engine "$GOOD" name=A -engine "$GOOD" name=B
expect_status "engines without a time control exit 2" 2
expect_out "the message asks for a limit" "no time control"

arena -engine "$GOOD" name=A -engine "$GOOD" name=B -each depth=1 -sprt elo0=5 elo1=0
expect_status "elo0 above elo1: the SPRT cannot start, exit 3" 3
arena -engine "$GOOD" name=A -engine "$GOOD" name=B -each depth=1 -sprt elo0=0 elo1=5 alpha=0
expect_status "alpha 0: exit 3" 3
arena -engine "$GOOD" name=A -engine "$GOOD" name=B -engine "$GOOD" name=C -each depth=1 -sprt elo0=0 elo1=5
expect_status "SPRT with three engines: exit 3" 3

# A sure loser: every move it makes is illegal.  H1 is accepted long before
# the 400 games and the run stops there, with status 0.
arena -engine "$GOOD" name=Strong -engine cmd="$FAKES/fake_illegal" name=Weak -each tc=5+0.1 \
    -game roomandpillar -games 400 -sprt elo0=0 elo1=20 -pgnout "$WORK/sprt.pgn"
expect_status "a concluded SPRT exits 0" 0
expect_out "the LLR line says H1 was accepted" "^LLR: [0-9.]+ \(-2\.94, 2\.94\) \[0\.00, 20\.00\] normalized - H1 accepted"
expect_out "the run says it stopped" "^SPRT concluded"
check "it stopped early ($(games_in "$WORK/sprt.pgn") of 400 games)" [ "$(games_in "$WORK/sprt.pgn")" -lt 400 ]

# Progress lines come at most once a second: a sub-second run prints the
# final one only.
arena -engine "$GOOD" name=A -engine "$GOOD" name=B args="--seed 7" -each tc=5+0.1 -game roomandpillar -games 20
check "progress at most once a second" [ "$(printf '%s\n' "$OUT" | grep -c '^Games [0-9]*/20')" -le 3 ]
expect_out "the final progress line" "^Games 20/20: A vs B"


# Every help lists its flags one a line and exits 0: the run's, and
# merge's own (not a file named --help).
arena --help
expect_status "--help exits 0" 0
expect_out "-help lists -loglimit on a line of its own" "^  -loglimit MB "
expect_out "-help lists its own forms" "^  -help / --help / -h "
for flag in -help --help -h; do
    arena merge $flag
    expect_status "merge $flag exits 0" 0
    expect_out "merge $flag is merge's help" "^tessera-arena merge - "
    expect_out "merge $flag lists -sprt" "^  -sprt elo0=E0 elo1=E1 "
done

finish
