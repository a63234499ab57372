#!/bin/sh
# input.sh - numbers are decimal only, engine names printable, ranges stated
# right, and an engine's nonsense move is reported in plain words.
. "$(dirname "$0")/lib.sh"

GOOD="cmd=$FAKES/fake_engine"

# -games 010 is refused (ten or octal eight?), as is 0x10 (not sixteen).
arena -engine "$GOOD" name=A -engine "$GOOD" name=B args="--seed 2" -each tc=5+0.1 -games 010 -pgnout "$WORK/ten.pgn"
expect_status "-games 010 is refused" 2
check "-games 010 plays no game" [ ! -s "$WORK/ten.pgn" ]
arena -engine "$GOOD" name=A -engine "$GOOD" name=B -each tc=5+0.1 -games 0x10
expect_status "-games 0x10 is refused" 2
expect_out "the refusal names the value" "-games 0x10: expected N or A\.\.B"
arena -engine "$GOOD" name=A -engine "$GOOD" name=B -each tc=5+0.1 -seed 0x10
expect_status "-seed 0x10 is refused" 2

# A name with a control character would break reports, tags and the
# recorded configuration.
arena -engine "$GOOD" name="$(printf 'A\tB')" -engine "$GOOD" name=B -each tc=5+0.1
expect_status "a name with a tab is refused" 2
expect_out "the refusal says why" "has a control character"

arena -engine "$GOOD" name=A timemargin=-5 -engine "$GOOD" name=B -each tc=5+0.1
expect_status "timemargin=-5 is refused" 2
expect_out "the refusal states the range from 0" "timemargin=-5: expected a whole number from 0 to 3600000"

# An engine whose answer is no move at all: the reason reads right.
cat >"$WORK/nonsense.sh" <<'SCRIPT'
while read -r line; do
    case "$line" in
    uci) printf 'id name Nonsense\noption name Game type combo default roomandpillar var roomandpillar\nuciok\n' ;;
    isready) echo readyok ;;
    go*) echo 'bestmove zz' ;;
    quit) exit 0 ;;
    esac
done
SCRIPT
arena -engine "$GOOD" name=A -engine cmd=/bin/sh args="$WORK/nonsense.sh" name=Nonsense -each tc=5+0.1 -games 1
expect_status "a run against a nonsense mover completes" 0
expect_out "the reason reads right" "Nonsense \(p2\) played a move the rules refuse: move 'zz'"
check "no 'played an move'" [ -z "$(printf '%s\n' "$OUT" | grep 'played an move')" ]

finish
