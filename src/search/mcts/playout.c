/* mcts/playout.c - random playouts with an optional cutoff to the evaluation. */
#include "search/mcts/playout.h"

#include <math.h>

#include "nn/evaluation.h"
#include "search/mcts/tree.h"

uint32_t outcome_reward(Outcome outcome, int colour)
{
    if (outcome == OUTCOME_DRAW)
        return REWARD_ONE / 2;
    bool white_won = outcome == OUTCOME_WHITE_WINS;
    return white_won == (colour == WHITE) ? REWARD_ONE : 0;
}

/* Logistic, as in implicit minimax backups: eval_scale centi-units is one
 * unit of log-odds. */
uint32_t eval_reward(int centi_units, int eval_scale)
{
    double p = 1.0 / (1.0 + exp(-(double)centi_units / eval_scale));
    return (uint32_t)(p * REWARD_ONE);
}

uint32_t playout(ActionSource *src, Position pos, int mover_colour, bool mover_acts_next)
{
    const Game *g = src->game;
    const MctsParams *params = src->params;
    Outcome o = g->outcome(&pos);
    if (o != OUTCOME_ONGOING)
        return outcome_reward(o, mover_colour);
    /* mine: the player acting now is the leaf's mover. */
    bool mine = mover_acts_next, at_turn_start = !mover_acts_next;
    int turns = 0;
    for (int actions = 0; actions < params->playout_actions; actions++) {
        /* Only at the start of a turn is the evaluation meaningful. */
        if (at_turn_start && turns >= params->cutoff_turns && g->evaluate) {
            uint32_t r = eval_reward(evaluate_position(g, &pos), params->eval_scale);
            return mine ? r : REWARD_ONE - r;
        }
        int colour = g->side_to_move(&pos);
        bool turn_ends;
        if (!play_random_action(src, &pos, &turn_ends))
            break;
        o = g->outcome(&pos);
        if (o != OUTCOME_ONGOING) {
            uint32_t r = outcome_reward(o, colour);
            return mine ? r : REWARD_ONE - r;
        }
        at_turn_start = turn_ends;
        if (turn_ends) {
            mine = !mine;
            turns++;
        }
    }
    return REWARD_ONE / 2;
}
