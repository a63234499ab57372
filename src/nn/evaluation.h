/*
 * evaluation.h - the evaluation the searches call: each game's
 * hand-written one (classic), or its network (Eval=nn) where the game has
 * a network that covers the position (else classic).
 *
 * The networks: those embedded from tools/nets/ (read when first needed), each
 * replaced by a file the EvalFile option loads.  Settings
 * change only between searches (the protocol refuses setoption while one
 * runs); the searches' threads only read them.
 */
#ifndef TESSERA_NN_EVALUATION_H
#define TESSERA_NN_EVALUATION_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"
#include "nn/accumulator_stack.h"
#include "nn/network.h"

/* In the order of the Eval option's choices.  auto (the default): the
 * network for the games whose shipped net won at equal time (Qawale,
 * Columna), the classic evaluation for the others; nn: every game's
 * network. */
typedef enum { EVALUATION_AUTO = 0, EVALUATION_CLASSIC = 1, EVALUATION_NN = 2 } EvaluationKind;

/* The choice of the Eval option.  The embedded nets are read on the first
 * use of any (once); one that cannot be read fills err and is left out
 * (its game keeps classic), and false is returned. */
bool evaluation_select(EvaluationKind kind, char *err, size_t err_size);
EvaluationKind evaluation_selected(void);

/* Centi-units for the side to move, within +-EVAL_BOUND: a network's
 * from its quantised accumulator, summed whole. */
int evaluate_position(const Game *game, const Position *pos);

/* Centi-units per unit of log-odds of winning in the values that
 * evaluate_position gives pos now: the scale of the network that covers
 * pos (the trainer's K), else the classic evaluation's (Game.eval_scale,
 * 0 where never fitted). */
double evaluation_scale(const Game *game, const Position *pos);

/* evaluate_position of pos, the position a search entered at ply of
 * stack (nn_stack_enter), its network accumulator computed from the line's
 * (accumulator_stack.h): the very same value, for less work. */
int evaluate_on_line(const Game *game, NnStack *stack, int ply, const Position *pos);

/* Whether evaluate_position's network for pos has a policy head, so that
 * evaluation_policy_head gives one for pos. */
bool evaluation_has_policy(const Game *game, const Position *pos);

/* The network that evaluates pos now, where it has a policy head and
 * covers pos, with pos's accumulator (its quantised sums as floats: the
 * hidden layer before its clip, as nn_policy_priors_of takes it) in acc
 * (NN_MAX_HIDDEN floats); NULL where none.  One call per node: the
 * priors of any of its actions then cost their rows alone. */
const Network *evaluation_policy_head(const Game *game, const Position *pos, float *acc);

/* A check: off, evaluate_on_line sums every position whole, so that a
 * test can show the line's accumulators change no search.  On by default. */
void evaluation_set_incremental(bool on);

/* Does game have a network now? */
const Network *evaluation_network(const Game *game);

/* Makes net (taken over: the caller no longer frees it) the network of
 * the game it names, played quantised (quantized.h).  Refused, with err
 * and net freed, when no game has that id, the net's inputs are not that
 * game's, it has a policy head whose size is not the game's policy_size,
 * or its weights are too large to quantise; the game's previous net is
 * kept then.  The head, if any, stays float (evaluation_policy_head). */
bool evaluation_install(Network *net, char *err, size_t err_size);

/* nn_load_file then evaluation_install; *game_out names the game. */
bool evaluation_load_file(const char *path, const Game **game_out, char *err, size_t err_size);

#endif
