/* mcts/params.c - defaults and ranges of the mcts settings, written once:
 * every engine starts at the defaults and the same list becomes the spin
 * options, which write into an engine's own copy. */
#include "search/mcts/params.h"

#include <math.h>
#include <stddef.h>

#include "nn/evaluation.h"

#define MCTS_PARAM_LIST(X)                                   \
    X(exploration, "MctsExploration", 70, 0, 1000)           \
    X(max_children, "MctsMaxChildren", 256, 2, 4096)         \
    X(stream_cap_k, "MctsStreamCapK", 256, 1, 100000)        \
    X(widen_base, "MctsWidenBase", 8, 1, 4096)               \
    X(widen_percent, "MctsWidenPercent", 0, 0, 100)          \
    X(prior_order, "MctsPriorOrder", 1, 0, 1)                \
    X(cutoff_turns, "MctsCutoffTurns", 1, 0, 1000)           \
    X(eval_scale, "MctsEvalScale", 0, 0, 5000)               \
    X(step_tree, "MctsStepTree", 1, 0, 1)                    \
    X(reuse, "MctsReuse", 1, 0, 1)                           \
    X(playout_actions, "MctsPlayoutActions", 2000, 1, 100000) \
    X(depth_playouts, "MctsDepthPlayouts", 5000, 1, 1000000) \
    X(minimax_mix, "MctsMinimaxMix", 90, 0, 100)             \
    X(puct, "MctsPuct", 1, 0, 1)                             \
    X(prior_temp, "MctsPriorTemp", 0, 0, 5000)               \
    X(prior_classic, "MctsPriorClassic", 0, 0, 1)            \
    X(policy, "MctsPolicy", 0, 0, 2)                         \
    X(policy_temp, "MctsPolicyTemp", 100, 10, 1000)          \
    X(fpu_reduction, "MctsFpuReduction", 10, 0, 100)

#define SETTINGS_TYPE MctsParams
const MctsParams mcts_default_params = {MCTS_PARAM_LIST(BACKEND_SETTING_DEFAULT)};
const BackendParam mcts_param_table[] = {MCTS_PARAM_LIST(BACKEND_SETTING_ROW)};

_Static_assert(sizeof mcts_param_table / sizeof mcts_param_table[0] == MCTS_PARAM_COUNT,
               "MCTS_PARAM_COUNT must match the list");

int mcts_eval_scale(const MctsParams *params, const Game *game, const Position *root, bool classic)
{
    if (params->eval_scale > 0)
        return params->eval_scale;
    const double own = classic ? game->eval_scale : evaluation_scale(game, root);
    return own >= 1 ? (int)lround(own) : MCTS_CLASSIC_EVAL_SCALE;
}

int mcts_prior_temp(const MctsParams *params, int prior_scale)
{
    if (params->prior_temp > 0)
        return params->prior_temp;
    const long temp = lround(prior_scale * MCTS_PRIOR_TEMP_PER_SCALE);
    return temp < 1 ? 1 : temp > MCTS_PRIOR_TEMP_MAX ? MCTS_PRIOR_TEMP_MAX : (int)temp;
}
