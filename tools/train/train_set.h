/*
 * train_set.h - training samples as the network sees them: each
 * position's active inputs (Game.nn_features) and its target, the
 * probability of a win for the side to move that the net should predict
 * (texel_target: lambda * search + (1 - lambda) * result), and, for a
 * policy head, the entry (Game.policy_index) of the action played there,
 * or where the data has them the shares of the search's visits (MCTS's
 * data: data_record.h), a target spread over several entries.
 */
#ifndef TESSERA_TRAIN_SET_H
#define TESSERA_TRAIN_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tune/texel_data.h"

typedef struct {
    size_t count, capacity;
    size_t validation_count;
    size_t feature_count, feature_capacity;
    uint32_t *begin;    /* [count + 1]: sample i is features[begin[i]..begin[i + 1]) */
    uint16_t *features; /* ascending per sample */
    float *target;      /* [count] */
    int32_t *policy_target; /* [count]: the played action's policy entry; -1: none */
    /* [count + 1]: sample i's target is spread over the pairs
     * [spread_begin[i], spread_begin[i + 1]) where those are any, else
     * it is policy_target's entry alone. */
    uint32_t *spread_begin;
    uint16_t *spread_entry;
    float *spread_share; /* summing to 1 over a sample's pairs */
    size_t spread_count, spread_capacity;
    size_t spread_samples; /* samples whose target is spread */
    bool *validation;   /* [count]: held out */
    size_t policy_count; /* samples with a policy target */
} TrainSet;

/* Each loaded record's visits (data_record.h) as shares of its position's
 * visits, record by record (the texel samples' order). */
typedef struct {
    uint32_t *begin; /* [records + 1]: record i's pairs are [begin[i], begin[i + 1]) */
    uint16_t *entry;
    float *share;
    size_t records, record_capacity;
    size_t count, capacity; /* pairs */
} VisitShares;

/* Appends a record's visit_count pairs (0: none); false when memory is short. */
bool visit_shares_add(VisitShares *shares, const uint16_t *entries, const uint32_t *visits, int visit_count);
void visit_shares_free(VisitShares *shares);

/* Appends a sample (without a policy target); false when memory is short. */
bool train_set_add(TrainSet *set, const uint16_t *active, int count, float target, bool validation);

/* Appends a sample whose policy target is policy_target (-1: none). */
bool train_set_add_with_policy(TrainSet *set, const uint16_t *active, int count, float target, int policy_target,
                               bool validation);

/* Appends a sample whose policy target is spread over entries[0..n) by
 * shares (n >= 1, the shares summing to 1). */
bool train_set_add_with_spread(TrainSet *set, const uint16_t *active, int count, float target,
                               const uint16_t *entries, const float *shares, int n, bool validation);

typedef struct {
    double k, lambda;  /* the value target's (texel_target) */
    const Move *moves; /* each texel sample's played move (MOVE_NONE: unknown), or NULL */
    const VisitShares *visits; /* each texel sample's visits, or NULL: with policy, where a record
                                * has visits they are its turn start's target instead of the move */
    bool steps;        /* with moves: add the positions inside each turn (turn_steps.h) */
    bool policy;       /* with moves: give each position its played action's entry */
} TrainSetOptions;

typedef struct {
    size_t not_covered;      /* positions the game's encoding does not cover: left out */
    size_t no_policy_target; /* (with policy) positions whose action has no entry: value only */
} TrainSetSkips;

/* Every sample of texel whose position the game's encoding covers; with
 * steps, the positions inside its turn too, with the same value target;
 * with policy, each position's policy target: the entry of the turn's
 * first step at the turn's start (Game.policy_index of the whole turn:
 * its first step's entry where the game indexes steps), of the next step
 * inside it.  False with err when memory is short. */
bool train_set_from_texel(const Game *game, const TexelSet *texel, const TrainSetOptions *options, TrainSet *set,
                          TrainSetSkips *skips, char *err, size_t err_size);

void train_set_free(TrainSet *set);

#endif
