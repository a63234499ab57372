#!/bin/sh
# effect.sh - a new tuning run refuses a parameter that changes nothing the
# engine does as the run configures it (one clear line, exit 2, no CSV),
# and runs one that acts; -skip-effect-check runs it anyway; an engine that
# does not repeat its searches is run, with a note that nothing was checked.
. "$(dirname "$0")/lib.sh"

# tune_with NAME KEYS...: a one-pair run of build/tessera on Columna.
tune_with() {
    csv=$WORK/$1.csv
    shift
    run "$TUNE" -engine cmd="$ENGINE" option.Hash=1 "$@" -each nodes=500 -game columna \
        -openings random plies=2 -iterations 1 -csv "$csv"
}

# Under MCTS with Eval=auto, Columna's net evaluates and nothing reads the
# classic weights.
tune_with reach_mcts option.Backend=mcts -tune ColumnaReach
check effect_refuses_a_weight_the_net_does_not_read [ "$STATUS" -eq 2 -a ! -e "$WORK/reach_mcts.csv" ]
check effect_refusal_is_one_line [ "$(wc -l <"$WORK/err")" -eq 1 ]
check effect_refusal_names_the_weight_its_range_and_the_evaluation \
    has "^tessera-tune: -tune ColumnaReach: moving it from 0 to 100 changes no move and no score the engine gives under Eval=auto \(the net does not read it\), in 24 positions of columna at 'go nodes 500'; tune the classic evaluation with option.Eval=classic, or a search parameter$"

tune_with reach_classic option.Backend=mcts option.Eval=classic -tune ColumnaReach
check effect_runs_the_weight_under_eval_classic [ "$STATUS" -eq 0 -a "$(wc -l <"$WORK/reach_classic.csv")" -eq 3 ]

# A backend's parameter under the other backend.
tune_with explore_ab option.Backend=alphabeta -tune MctsExploration
check effect_refuses_the_other_backends_parameter [ "$STATUS" -eq 2 ]
check effect_refusal_says_nothing_changed has "^tessera-tune: -tune MctsExploration: moving it from 0 to 1000 changes no move and no score the engine gives as this run configures it, nor a depth or a node count, .*-skip-effect-check$"

tune_with explore_skip option.Backend=alphabeta -tune MctsExploration -skip-effect-check
check effect_skip_flag_runs_it_anyway [ "$STATUS" -eq 0 -a -e "$WORK/explore_skip.csv" ]

tune_with reduction option.Backend=alphabeta -tune AbReduction
check effect_runs_a_search_parameter_that_acts [ "$STATUS" -eq 0 ]
check effect_passed_says_nothing lacks '^note:'

# Several parameters: every one without effect is named, the others not.
printf 'AbReduction\nMctsExploration, 70, 10, 500, 7, 0.002\n' >"$WORK/two.txt"
tune_with two option.Backend=alphabeta -params "$WORK/two.txt"
check effect_names_each_parameter_without_effect \
    has "^tessera-tune: -params .*two\.txt: moving MctsExploration from 10 to 500 changes no move"
check effect_does_not_name_the_one_that_acts lacks 'AbReduction from'

# The fake engine: --flat decides no move by Knob but reports it, so the
# check lets it through; without --seed its moves are drawn afresh in every
# search, so the check shows nothing and says so.
run "$TUNE" -engine cmd="$BUILD/fakes/tune_peak" args=--flat -each depth=1 -game roomandpillar \
    -tune Knob -iterations 1 -csv "$WORK/flat.csv"
check effect_lets_a_reported_difference_through [ "$STATUS" -eq 0 ]
run "$TUNE" -engine cmd="$BUILD/fakes/tune_peak" args="--peak 70" -each depth=1 -game roomandpillar \
    -tune Knob -iterations 1 -csv "$WORK/random.csv"
check effect_with_a_random_engine_runs [ "$STATUS" -eq 0 ]
check effect_with_a_random_engine_says_it_checked_nothing \
    has "^note: two searches of one position with the same values differed \(the engine does not repeat itself at 'go depth 1'\): the tuned parameters' effect is not checked$"

# A -tune name starts at the game's own default (Qawale's AbEvalOrderWidth
# 48, not the common 0): the tuner lists the options again once Game is set.
run "$TUNE" -engine cmd="$ENGINE" option.Hash=1 option.Backend=alphabeta -tune AbEvalOrderWidth \
    -each nodes=500 -game qawale -openings random plies=2 -iterations 1 -csv "$WORK/width.csv"
starts_at_48() { [ "$STATUS" -eq 0 ] && [ "$(sed -n 2p "$WORK/width.csv")" = "0,48" ]; }
check tune_starts_at_the_games_own_default starts_at_48

finish
