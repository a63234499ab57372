#!/bin/sh
# log.sh - the conversation log (-log FILE): what each engine prints is
# logged up to a limit per engine (-loglimit MB, default 64), then one line
# says so and the rest of its output is dropped, so an engine that floods
# its stderr cannot fill the disk; what the arena sends is still logged.
. "$(dirname "$0")/lib.sh"

# output_bytes LOG NAME: bytes of NAME's logged output (its '<' and '!'
# lines' text, a newline each), as the limit counts them.
output_bytes() {
    awk -v who=":$2" '
        substr($2, length($2) - length(who) + 1) == who && ($3 == "<" || $3 == "!") {
            n += length($0) - length($1) - length($2) - 5 + 1
        }
        END { print n + 0 }' "$1"
}

# Loud writes 20 kB of stderr lines at every go: 2 games of Room and Pillar
# are over half a megabyte of it.
loud_run() { # log, then -loglimit words if any
    log=$1
    shift
    arena -engine cmd="$FAKES/fake_engine" name=Quiet -engine cmd="$FAKES/fake_engine" name=Loud \
        args="--chatter 20000" -each tc=10+0.1 -game roomandpillar -games 2 -log "$log" "$@"
}

loud_run "$WORK/capped.log" -loglimit 0.1
expect_status "capped log: the run completes" 0
limit=104857 # 0.1 MiB
loud=$(output_bytes "$WORK/capped.log" Loud)
check "capped log: Loud's output logged is within 0.1 MiB ($loud bytes)" [ "$loud" -gt 50000 -a "$loud" -le $limit ]
check "capped log: one line says Loud's limit was reached" \
    [ "$(grep -c "# log limit reached: Loud printed more than $limit bytes, the rest of its output is not logged" "$WORK/capped.log")" -eq 1 ]
after=$(sed -n '/log limit reached: Loud/,$p' "$WORK/capped.log")
check "capped log: what the arena sends Loud is still logged" \
    [ "$(printf '%s\n' "$after" | grep -c ':Loud > go ')" -gt 0 ]
check "capped log: Quiet's output is still logged" \
    [ "$(printf '%s\n' "$after" | grep -c ':Quiet < bestmove ')" -gt 0 ]
check "capped log: nothing of Loud's output after the limit line" \
    [ "$(printf '%s\n' "$after" | grep -c ':Loud [<!] ')" -eq 0 ]

loud_run "$WORK/unlimited.log" -loglimit 0
expect_status "-loglimit 0: the run completes" 0
check "-loglimit 0: Loud's output is all there (over 0.5 MB)" [ "$(output_bytes "$WORK/unlimited.log" Loud)" -gt 500000 ]
check "-loglimit 0: no limit line" [ "$(grep -c 'log limit reached' "$WORK/unlimited.log")" -eq 0 ]

loud_run "$WORK/default.log"
expect_status "default limit: the run completes" 0
check "default limit (64 MiB) not reached by half a megabyte" [ "$(grep -c 'log limit reached' "$WORK/default.log")" -eq 0 ]

for bad in -1 x 1e3; do
    arena -engine cmd="$FAKES/fake_engine" name=A -engine cmd="$FAKES/fake_engine" name=B -each depth=1 \
        -games 1 -log "$WORK/bad.log" -loglimit "$bad"
    expect_status "-loglimit $bad is refused" 2
    expect_out "-loglimit $bad: says what is expected" "^.*-loglimit $bad: expected mebibytes"
done

finish
