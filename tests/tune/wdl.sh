#!/bin/sh
# wdl.sh - `tessera-tune wdl` end to end: on data drawn from a known model
# it prints the split, the held-out deciles, the constants to paste (near
# the model's), and refuses data of another game, data that cannot inform
# a fit or a calibration, and bad flags.
. "$(dirname "$0")/lib.sh"

# synthetic COUNT FILE [RESULT]: Columna records whose results follow
# win = 1 / (1 + exp(-score / 80)) (no draws, no bias), 20 a game, both
# colours to move; RESULT forces every result.
synthetic() {
    awk -v n="$1" -v forced="$3" 'BEGIN {
        srand(7)
        print "# tessera-data 1 game=columna backend=alphabeta nodes=5000 depth=0 plies=4 seed=1 board=default hash=16"
        for (i = 0; i < n; i++) {
            score = int(rand() * 801) - 400
            side = i % 2 ? "b" : "w"
            result = rand() < 1 / (1 + exp(-score / 80)) ? "win" : "loss"
            if (forced != "") result = forced
            printf "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 %s p | cp %d | b2b3,c4c5 | %d | %s | %d\n",
                side, score, i % 20, result, int(i / 20)
        }
        print "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w p | mate 2 | b2b3,c4c5 | 0 | win | 0"
    }' >"$2"
}

DATA=$WORK/columna.txt
synthetic 6000 "$DATA"
run "$TUNE" wdl -game columna -data "$DATA"
check wdl_fits [ "$STATUS" -eq 0 ]
check wdl_reports_the_split has '^wdl: 6000 scored positions \([0-9]+ training, [1-9][0-9]* held out: one game in ten\), 0 draw results$'
check wdl_leaves_proofs_out has '^wdl: 1 proven positions \([01] held out\) left out of the fit.*0 of them contradict'
check wdl_prints_ten_deciles [ "$(printf '%s\n' "$REPLY" | grep -Ec '^wdl: +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +-?[0-9]+$')" -eq 10 ]
# (The verdict itself depends on awk's random numbers: 60 a decile.)
check wdl_prints_the_verdict has '^wdl: largest gap [0-9.]+ points: (within|OUTSIDE) the goal of 10$'
# All at the start position: one phase, so no growth.
check wdl_prints_constants_to_paste has '^    \.wdl = \{\.draw_margin = 0\.0, \.scale = [0-9.]+, \.scale_growth = 0\.0000, \.bias = \{-?[0-9]+, -?[0-9]+\}\},$'
scale=$(printf '%s\n' "$REPLY" | sed -n 's/.*\.scale = \([0-9.]*\),.*/\1/p')
check wdl_recovers_the_scale awk -v s="$scale" 'BEGIN { exit !(s > 68 && s < 92) }'

# -check measures the engine's own Columna constants on the same split.
run "$TUNE" wdl -game columna -data "$DATA" -check
check wdl_check_measures_the_built_in_model [ "$STATUS" -eq 0 ]
check wdl_check_says_so has '^wdl: the constants of src/games/columna/columna.c, measured \(no fit\)$'
check wdl_check_prints_ten_deciles [ "$(printf '%s\n' "$REPLY" | grep -Ec '^wdl: +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +-?[0-9]+$')" -eq 10 ]
if has '\.wdl = '; then not_ok wdl_check_fits_nothing "$REPLY"; else ok wdl_check_fits_nothing; fi

run "$TUNE" wdl -game qawale -data "$DATA"
check wdl_refuses_data_of_another_game [ "$STATUS" -eq 2 ]
check wdl_names_the_games has 'of game columna, not qawale'

synthetic 600 "$WORK/small.txt"
run "$TUNE" wdl -game columna -data "$WORK/small.txt"
check wdl_refuses_too_few_held_out_positions [ "$STATUS" -eq 1 ]
check wdl_says_too_few has 'too few for ten deciles'

synthetic 3000 "$WORK/wins.txt" win
run "$TUNE" wdl -game columna -data "$WORK/wins.txt"
check wdl_refuses_results_of_one_kind [ "$STATUS" -eq 1 ]
check wdl_says_why has 'both wins and losses'

for bad in "-frobnicate 1" "-game" "-game chess" "-data"; do
    run "$TUNE" wdl -game columna -data "$DATA" $bad
    check "wdl_refuses '$bad'" [ "$STATUS" -eq 2 ]
done
run "$TUNE" wdl -game columna
check wdl_needs_data [ "$STATUS" -eq 2 ]
run "$TUNE" wdl -game columna -data "$WORK/none.txt"
check wdl_refuses_a_missing_file [ "$STATUS" -eq 2 ]
run "$TUNE" wdl -help
check wdl_help [ "$STATUS" -eq 0 ]


run "$TUNE" wdl --help
check wdl_dash_dash_help [ "$STATUS" -eq 0 ] && check wdl_help_lists_-check has '^  -check '

finish
