/*
 * mcts/actions.h - what a tree ply or a playout step chooses from.
 *
 * An action is a step of a compound turn (games with the step hooks, so a
 * Columna or Territoire turn is two or three plies of one player instead of
 * hundreds of whole turns) or else a whole turn.  Qawale's tall stacks can
 * give millions of sowings, so move lists are never materialised: children
 * are a uniform sample (reservoir) of at most max_children, deduplicated by
 * the hash of the position they lead to, and playouts draw one action from
 * the stream without storing it.
 */
#ifndef TESSERA_MCTS_ACTIONS_H
#define TESSERA_MCTS_ACTIONS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "games/game.h"
#include "nn/network.h"
#include "search/mcts/params.h"
#include "util/rng.h"

typedef struct {
    Move action;
    uint64_t key;  /* hash after the action, to drop duplicates */
    int prior;     /* evaluation after the action, from the chooser's view */
    float policy;  /* the policy head's prior, where the list has them */
    Outcome outcome; /* after the action */
    bool turn_ends;
} Candidate;

/* One thread's generator with its scratch memory (allocated once per search). */
typedef struct {
    const Game *game;
    const MctsParams *params; /* the engine's */
    bool steps;
    int max_children;
    uint64_t stream_cap;
    bool prior_order;
    bool policy; /* priors from the policy head where it covers the node */
    bool listed_by_policy; /* the last list's candidates have policy priors, no evaluations */
    const atomic_bool *stop;
    Rng rng;
    Candidate *candidates;
    int *entries;   /* the candidates' policy entries */
    float *priors;  /* ... and their priors */
    float head_acc[NN_MAX_HIDDEN]; /* the listed node's accumulator, for the head */
    Move *sample;
    uint64_t *seen_keys;
    uint32_t seen_mask;
} ActionSource;

/* Whether game's turns are searched step by step under these settings. */
bool actions_use_steps(const Game *game, const MctsParams *params);

/* steps: the search's choice, actions_use_steps unless a searchmoves
 * root asks for whole turns. */
bool action_source_init(ActionSource *src, const Game *game, const MctsParams *params, bool steps,
                        uint64_t seed, const atomic_bool *stop);
void action_source_free(ActionSource *src);

/* The children of pos, best-first by prior when ordering is on, or by the
 * policy head's prior where policy is on and the head covers pos (then
 * listed_by_policy is set and no child is evaluated).  Returns their
 * count; *complete is false when some legal action was left out. */
int list_children(ActionSource *src, const Position *pos, bool *complete);

/* The children of pos from a given list of whole turns (searchmoves),
 * which must be legal and need src->steps false.  Returns their count. */
int list_given_children(ActionSource *src, const Position *pos, const Move *moves, int count);

/* Plays one random legal action on pos and says whether it ended the turn;
 * false (nothing played) when pos offers no action. */
bool play_random_action(ActionSource *src, Position *pos, bool *turn_ends);

/* Whether the player who just acted acts again (only steps can). */
bool turn_goes_on(const Game *game, bool steps, const Position *after);

#endif
