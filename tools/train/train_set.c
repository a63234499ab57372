/* train_set.c - positions turned into network inputs and targets. */
#include "train/train_set.h"

#include "train/turn_steps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool grow_features(TrainSet *set, size_t need)
{
    if (need <= set->feature_capacity)
        return true;
    size_t bigger = set->feature_capacity ? set->feature_capacity : 1 << 16;
    while (bigger < need)
        bigger *= 2;
    uint16_t *grown = realloc(set->features, bigger * sizeof *grown);
    if (!grown)
        return false;
    set->features = grown;
    set->feature_capacity = bigger;
    return true;
}

/* Room for twice the samples in each per-sample array. */
static bool grow_samples(TrainSet *set)
{
    const size_t bigger = set->capacity ? set->capacity * 2 : 1024;
    uint32_t *begin = realloc(set->begin, (bigger + 1) * sizeof *begin);
    if (!begin)
        return false;
    set->begin = begin;
    float *target = realloc(set->target, bigger * sizeof *target);
    if (!target)
        return false;
    set->target = target;
    int32_t *policy_target = realloc(set->policy_target, bigger * sizeof *policy_target);
    if (!policy_target)
        return false;
    set->policy_target = policy_target;
    bool *validation = realloc(set->validation, bigger * sizeof *validation);
    if (!validation)
        return false;
    set->validation = validation;
    set->capacity = bigger;
    return true;
}

bool train_set_add(TrainSet *set, const uint16_t *active, int count, float target, bool validation)
{
    return train_set_add_with_policy(set, active, count, target, -1, validation);
}

bool train_set_add_with_policy(TrainSet *set, const uint16_t *active, int count, float target, int policy_target,
                               bool validation)
{
    if (!grow_features(set, set->feature_count + (size_t)count))
        return false;
    if (set->count == set->capacity && !grow_samples(set))
        return false;
    set->begin[set->count] = (uint32_t)set->feature_count;
    memcpy(set->features + set->feature_count, active, (size_t)count * sizeof *active);
    set->feature_count += (size_t)count;
    set->target[set->count] = target;
    set->policy_target[set->count] = policy_target;
    set->policy_count += policy_target >= 0;
    set->validation[set->count] = validation;
    set->validation_count += validation;
    set->count++;
    set->begin[set->count] = (uint32_t)set->feature_count;
    return true;
}

/* The policy entry of action (a whole turn or a step) in pos, or -1 (and
 * counted) when it has none: an unknown move, or an entry out of range. */
static int policy_target_of(const Game *game, const Position *pos, Move action, TrainSetSkips *skips)
{
    const int entry = action == MOVE_NONE ? -1 : game->policy_index(pos, action);
    if (entry >= 0 && entry < game->policy_size)
        return entry;
    skips->no_policy_target++;
    return -1;
}

/* pos as a sample of target and, with policy, of action's entry; false
 * when memory is short. */
static bool add_position(const Game *game, const Position *pos, Move action, float target, bool validation,
                         bool policy, TrainSet *set, TrainSetSkips *skips)
{
    uint16_t active[NN_MAX_ACTIVE];
    const int count = game->nn_features(pos, active);
    if (count < 0) {
        skips->not_covered++;
        return true;
    }
    const int entry = policy ? policy_target_of(game, pos, action, skips) : -1;
    return train_set_add_with_policy(set, active, count, target, entry, validation);
}

/* The sample of texel->samples[i] and those inside its turn. */
static bool add_turn(const Game *game, const TexelSet *texel, size_t i, const TrainSetOptions *o, TrainSet *set,
                     TrainSetSkips *skips)
{
    const TexelSample *s = &texel->samples[i];
    const float target = (float)texel_target(s, o->k, o->lambda);
    const Move move = o->moves ? o->moves[i] : MOVE_NONE;
    const bool policy = o->policy && o->moves;
    Move steps[TURN_STEPS_MAX];
    Position inner[TURN_STEPS_MAX];
    const int step_count = o->steps && move != MOVE_NONE ? turn_steps_of(game, &s->position, move, steps, inner) : 0;
    /* At the turn's start the whole turn: policy_index gives it its first
     * step's entry where the game indexes steps; inside, the next step. */
    bool ok = add_position(game, &s->position, move, target, s->validation, policy, set, skips);
    for (int j = 0; ok && j + 1 < step_count; j++)
        ok = add_position(game, &inner[j], steps[j + 1], target, s->validation, policy, set, skips);
    return ok;
}

bool train_set_from_texel(const Game *game, const TexelSet *texel, const TrainSetOptions *options, TrainSet *set,
                          TrainSetSkips *skips, char *err, size_t err_size)
{
    *set = (TrainSet){0};
    *skips = (TrainSetSkips){0};
    for (size_t i = 0; i < texel->count; i++)
        if (!add_turn(game, texel, i, options, set, skips)) {
            snprintf(err, err_size, "out of memory at %zu positions", set->count);
            train_set_free(set);
            return false;
        }
    return true;
}

void train_set_free(TrainSet *set)
{
    free(set->begin);
    free(set->features);
    free(set->target);
    free(set->policy_target);
    free(set->validation);
    *set = (TrainSet){0};
}
