#!/bin/sh
# latency.sh - the round trip of an engine started through a launcher,
# measured before the first game (tools/arena/latency.h): the figure is
# printed, and a warning when a move's two round trips are more than a
# tenth of the time a move is given.  The launcher is a stand-in that
# holds every readyok back 300 ms (tests/fakes/slow_replies), far above
# any noise: a move costs 600 ms, against st=0.1 (warned) and st=30 (not).
# Each run resumes a finished run (the games played directly before), so
# that only the check before the first game goes through the slow launcher.
. "$(dirname "$0")/lib.sh"
mkdir -p "$WORK/bin"
cp tests/fakes/slow_replies "$WORK/bin/"
chmod +x "$WORK/bin/slow_replies"
PATH="$WORK/bin:$PATH"
export PATH

# run_slow NAME ST: two games at st=ST played directly, then resumed
# through slow_replies.
run_slow() {
    rm -f "$WORK/$1.pgn"
    st=$2
    set -- "$WORK/$1.pgn" -engine cmd="$FAKES/fake_engine" name=A -engine cmd="$FAKES/fake_engine" name=B \
        args="--seed 3" -each "st=$2" depth=1 -game roomandpillar -games 2
    pgn=$1
    shift
    arena "$@" -pgnout "$pgn"
    expect_status "st=$st: two games played directly" 0
    arena "$@" -pgnout "$pgn" -resume -launcher slow_replies
}

run_slow short 0.1
expect_status "st=0.1 through the slow launcher: the finished run resumes" 0
expect_out "st=0.1: the round trip is printed (300 ms or more)" \
    "^  A through 'slow_replies': ([3-9][0-9][0-9]|[0-9]{4,})\.[0-9]+ ms a round trip \(median of 5 isready\)"
expect_out "st=0.1: warned (a move's 600 ms against the 0.1 s st= gives)" \
    "^warning: A through 'slow_replies': a move costs about [0-9]+\.[0-9]+ ms .*more than 1/10 of the 0\.1 s a move is given \(st=\)"
expect_out "st=0.1: both engines warned" "^warning: B through 'slow_replies'"

run_slow long 30
expect_status "st=30 through the slow launcher: the finished run resumes" 0
expect_out "st=30: the round trip is printed" "^  A through 'slow_replies': [0-9]+\.[0-9]+ ms a round trip"
expect_no_out "st=30: no warning (600 ms is less than a tenth of 30 s)" "^warning:"

# Without a launcher nothing is measured.
arena -engine cmd="$FAKES/fake_engine" name=A -engine cmd="$FAKES/fake_engine" name=B -each st=0.1 depth=1 \
    -game roomandpillar -games 2
expect_status "no launcher: the run completes" 0
expect_no_out "no launcher: no round trip printed, no warning" "round trip|^warning:"
finish
