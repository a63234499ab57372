#!/bin/sh
# The alphabeta backend keeps its hard limit where nodes are expensive:
# Qawale with tall stacks (long deduplicated move streams), and a fresh
# engine whose table pages are touched for the first time during the search
# (an arena game was lost on time that way: depth 3 at 67 ms, then silence
# past a 453 ms allowance).  Each engine is fresh, without ucinewgame.
. "$(dirname "$0")/../protocol/lib.sh"

# ms_to_bestmove FEN GO-COMMAND: the ms from the go command to bestmove.
ms_to_bestmove() {
    ms_until_bestmove "$(printf '%s\n%s\n%s\n%s' 'setoption name Game value qawale' \
        'setoption name Backend value alphabeta' "position fen $1" isready)" \
        "$(scaled 0.2)" "$2" "$(scaled 0.5)"
}

# expect_within NAME FEN GO-COMMAND LIMIT-MS
expect_within() {
    ms=$(ms_to_bestmove "$2" "$3")
    if [ "$ms" -le $(($4 + slack)) ]; then ok "$1"; else not_ok "$1" "bestmove ${ms} ms after '$3', limit $4 ms + $slack"; fi
}

# The stamps are taken by forked `date` commands and the machine may be
# shared: the slack covers that (and a sanitizer's slowdown), well below
# the overruns this guards against (hundreds of ms to seconds).
slack=$((100 * SLOWDOWN))

# The arena game (dark to move): hard limit 98 ms (40% of the 222 ms left
# plus the increment); the old search answered after 150 to 270 ms.
arena_game='nn,.,b,./.,w,n,n/.,n,nb,w/.,.,nn,. w 6 6 moves c1c2c3c4 c2c3c4b4b3 b2b3c3 c4c3d3d2c2 d3d2c2c3 d2d3c3c2b2 c3c4b4a4a3a2b2b1a1 b2c2d2d3 c2b2b1c1c2b2'
expect_within qawale_cold_table_hard_limit_kept "$arena_game" 'go wtime 169 btime 222 winc 10 binc 10' 98

# Tall stacks: with 300 ms on the clock the hard limit is 120 ms.
for fen in 'nnnwwbb,.,.,nwb/.,.,.,./.,.,.,./nwb,.,.,nnnwwbb w 2 2' \
    'nnnnwwbbwb,.,.,./.,.,.,./.,.,.,./.,.,.,nnnnbbwwbw w 2 2' \
    'wwwbbbnnnnnnnn,.,.,./.,.,.,./.,.,.,./.,.,.,wb w 4 4' \
    'nnnnnnnnwwwwbbbbwwbb,.,.,./.,.,.,./.,.,.,./.,.,.,. w 2 2'; do
    height=$(printf '%s\n' "$fen" | tr '/' ',' | tr ',' '\n' | awk '{ if (length($1) > h) h = length($1) } END { print h }')
    expect_within "qawale_stack_${height}_movetime_200_kept" "$fen" 'go movetime 200' 200
    expect_within "qawale_stack_${height}_clock_300_kept" "$fen" 'go wtime 300 btime 300' 120
done

finish
