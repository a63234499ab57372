/* mcts/playout.h - the simulation step: random actions from a leaf until
 * the game ends, or until a number of whole turns after which the game's
 * evaluation, mapped to a win chance, stands in for the rest. */
#ifndef TESSERA_MCTS_PLAYOUT_H
#define TESSERA_MCTS_PLAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "search/mcts/actions.h"

/* Reward in REWARD_ONE units for `mover`, the player who chose the action
 * leading to pos (its colour then was mover_colour); mover_acts_next says
 * whether the same player acts at pos (a turn still in progress). */
uint32_t playout(ActionSource *src, Position pos, int mover_colour, bool mover_acts_next);

/* A finished game's reward for the player of colour `colour` who just moved. */
uint32_t outcome_reward(Outcome outcome, int colour);

/* The evaluation (side to move's view) as a win chance for that side,
 * eval_scale centi-units to one unit of log-odds (MctsEvalScale). */
uint32_t eval_reward(int centi_units, int eval_scale);

#endif
