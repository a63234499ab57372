#!/bin/sh
# config.sh - a run records its configuration in its PGN file, and -resume
# refuses a run configured differently (time control, options, engines,
# game, seed, openings, -repeat, SPRT), saying what differs, instead of
# mixing two runs.  A longer -games range is the same run, continued.
. "$(dirname "$0")/lib.sh"

# run PGN GAMES [FLAGS...]: the base run, with FLAGS added or overriding;
# $BETA_CMD, $BETA_ARGS and $BETA_OPTION (option.NAME=VALUE) change Beta,
# $ALPHA_HASH Alpha's Hash option.
run() {
    pgn=$1
    games=$2
    shift 2
    arena -engine cmd="$FAKES/fake_engine" name=Alpha args="--seed 1" option.Hash="${ALPHA_HASH:-16}" \
        -engine cmd="$FAKES/${BETA_CMD:-fake_engine}" name=Beta args="${BETA_ARGS:---seed 2}" ${BETA_OPTION:-} \
        -each tc=10+0.1 -game roomandpillar -openings random plies=2 -seed 4 -games "$games" \
        -pgnout "$pgn" "$@"
}

run "$WORK/run.pgn" 4
expect_status "the first part of the run completes" 0
check "the PGN records the configuration as escape lines" grep -qx '% tessera-arena run' "$WORK/run.pgn"
check "the configuration names the time control" grep -qx '% engine.1.tc=10+0.1' "$WORK/run.pgn"
check "the configuration names the options" grep -qx '% engine.1.option.Hash=16' "$WORK/run.pgn"
cp "$WORK/run.pgn" "$WORK/before.pgn"

# refused NAME REGEX FLAGS...: -resume with FLAGS is refused, naming REGEX.
refused() {
    name=$1
    regex=$2
    shift 2
    run "$WORK/run.pgn" 8 -resume "$@"
    expect_status "resume with $name is refused" 1
    expect_out "the refusal names $name" "another configuration: .*$regex"
    check "the refused resume left the PGN as it was" cmp -s "$WORK/run.pgn" "$WORK/before.pgn"
}
refused "another time control" "engine\.1\.tc 10\+0\.1, now 8\+0\.08" -each tc=8+0.08
ALPHA_HASH=32
refused "another option value" "engine\.1\.option\.Hash 16, now 32"
unset ALPHA_HASH
BETA_OPTION=option.Hash=64
refused "an added option" "engine\.2\.option\.Hash \(not set\), now 64"
unset BETA_OPTION
BETA_CMD=fake_illegal
refused "another engine" "engine\.2\.cmd [^;]*fake_engine, now [^;]*fake_illegal"
unset BETA_CMD
BETA_ARGS="--seed 3"
refused "other engine arguments" "engine\.2\.args --seed 2, now --seed 3"
unset BETA_ARGS
refused "another seed" "seed 4, now 5" -seed 5
refused "other openings" "openings random plies=2, now random plies=3" -openings random plies=3
refused "no repeat" "repeat on, now off" -norepeat
refused "an added SPRT" "sprt off, now elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized" -sprt elo0=0 elo1=5
refused "another game" "game roomandpillar, now columna" -game columna

# The same configuration with more games continues the run.
run "$WORK/run.pgn" 8 -resume
expect_status "resume of the same run with more games completes" 0
expect_out "it kept the first games" "^Resuming: 4 of 8 games already in"
check "the run holds 8 games, each once" [ "$(rounds_of "$WORK/run.pgn" | uniq | wc -l)" -eq 8 -a "$(games_in "$WORK/run.pgn")" -eq 8 ]
check "one configuration block in the continued file" [ "$(grep -cx '% tessera-arena run' "$WORK/run.pgn")" -eq 1 ]
run "$WORK/whole.pgn" 8
games_of() { grep -E '^\[(Round|White|Black|Result|FEN|PlyCount) ' "$1"; }
check "the continued run plays what one run of 8 games plays" [ "$(games_of "$WORK/run.pgn")" = "$(games_of "$WORK/whole.pgn")" ]

# An openings file is recorded by its positions: editing it is a change.
printf 'startpos moves e5\nstartpos moves d4\n' >"$WORK/openings.txt"
run "$WORK/book.pgn" 2 -openings file="$WORK/openings.txt"
expect_status "a run from an openings file completes" 0
printf 'startpos moves e5\nstartpos moves f6\n' >"$WORK/openings.txt"
run "$WORK/book.pgn" 4 -openings file="$WORK/openings.txt" -resume
expect_status "resume after the openings file changed is refused" 1
expect_out "the refusal names the openings" "another configuration: openings file positions=2 hash=[0-9a-f]+, now file positions=2 hash=[0-9a-f]+"

# A PGN without a recorded configuration cannot be checked: refused.
grep -v '^%' "$WORK/before.pgn" >"$WORK/bare.pgn"
run "$WORK/bare.pgn" 8 -resume
expect_status "resume of a PGN without configuration is refused" 1
expect_out "the refusal says why" "no recorded run configuration"

finish
