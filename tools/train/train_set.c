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
    uint32_t *spread_begin = realloc(set->spread_begin, (bigger + 1) * sizeof *spread_begin);
    if (!spread_begin)
        return false;
    set->spread_begin = spread_begin;
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

/* Room for need (entry, share) pairs in the two arrays of *capacity. */
static bool grow_pairs(uint16_t **entry, float **share, size_t *capacity, size_t need)
{
    if (need <= *capacity)
        return true;
    size_t bigger = *capacity ? *capacity : 1 << 12;
    while (bigger < need)
        bigger *= 2;
    uint16_t *more_entries = realloc(*entry, bigger * sizeof *more_entries);
    if (!more_entries)
        return false;
    *entry = more_entries;
    float *more_shares = realloc(*share, bigger * sizeof *more_shares);
    if (!more_shares)
        return false;
    *share = more_shares;
    *capacity = bigger;
    return true;
}

static bool add_sample(TrainSet *set, const uint16_t *active, int count, float target, int policy_target,
                       const uint16_t *entries, const float *shares, int n, bool validation)
{
    if (!grow_features(set, set->feature_count + (size_t)count) ||
        !grow_pairs(&set->spread_entry, &set->spread_share, &set->spread_capacity, set->spread_count + (size_t)n))
        return false;
    if (set->count == set->capacity && !grow_samples(set))
        return false;
    set->spread_begin[set->count] = (uint32_t)set->spread_count;
    if (n > 0) { /* memcpy must not see the arrays' NULL before a first pair */
        memcpy(set->spread_entry + set->spread_count, entries, (size_t)n * sizeof *entries);
        memcpy(set->spread_share + set->spread_count, shares, (size_t)n * sizeof *shares);
    }
    set->spread_count += (size_t)n;
    set->spread_samples += n > 0;
    set->spread_begin[set->count + 1] = (uint32_t)set->spread_count;
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

bool train_set_add_with_policy(TrainSet *set, const uint16_t *active, int count, float target, int policy_target,
                               bool validation)
{
    return add_sample(set, active, count, target, policy_target, NULL, NULL, 0, validation);
}

bool train_set_add_with_spread(TrainSet *set, const uint16_t *active, int count, float target,
                               const uint16_t *entries, const float *shares, int n, bool validation)
{
    /* The most visited entry stands for the sample where one entry must. */
    return add_sample(set, active, count, target, entries[0], entries, shares, n, validation);
}

bool visit_shares_add(VisitShares *v, const uint16_t *entries, const uint32_t *visits, int visit_count)
{
    if (v->records + 1 >= v->record_capacity) {
        const size_t bigger = v->record_capacity ? v->record_capacity * 2 : 1024;
        uint32_t *begin = realloc(v->begin, bigger * sizeof *begin);
        if (!begin)
            return false;
        v->begin = begin;
        v->record_capacity = bigger;
    }
    if (!grow_pairs(&v->entry, &v->share, &v->capacity, v->count + (size_t)visit_count))
        return false;
    double total = 0.0;
    for (int i = 0; i < visit_count; i++)
        total += visits[i];
    v->begin[v->records] = (uint32_t)v->count;
    for (int i = 0; i < visit_count; i++) {
        v->entry[v->count] = entries[i];
        v->share[v->count++] = (float)(visits[i] / total);
    }
    v->begin[++v->records] = (uint32_t)v->count;
    return true;
}

void visit_shares_free(VisitShares *v)
{
    free(v->begin);
    free(v->entry);
    free(v->share);
    *v = (VisitShares){0};
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

static int visits_of(const VisitShares *v, size_t i)
{
    return v && i < v->records ? (int)(v->begin[i + 1] - v->begin[i]) : 0;
}

/* pos as a sample of target and of record i's visits, those of its
 * entries inside the game's layout (one outside, which no datagen of this
 * game writes, is dropped; with none left the position trains the value
 * only and is counted). */
static bool add_spread_position(const Game *game, const Position *pos, const VisitShares *v, size_t i,
                                float target, bool validation, TrainSet *set, TrainSetSkips *skips)
{
    uint16_t active[NN_MAX_ACTIVE], entries[DATA_VISITS_MAX];
    float shares[DATA_VISITS_MAX];
    const int count = game->nn_features(pos, active);
    if (count < 0) {
        skips->not_covered++;
        return true;
    }
    int n = 0;
    double total = 0.0;
    for (uint32_t k = v->begin[i]; k < v->begin[i + 1] && n < DATA_VISITS_MAX; k++)
        if (v->entry[k] < game->policy_size) {
            entries[n] = v->entry[k];
            total += shares[n++] = v->share[k];
        }
    if (n == 0) {
        skips->no_policy_target++;
        return train_set_add_with_policy(set, active, count, target, -1, validation);
    }
    for (int k = 0; k < n; k++)
        shares[k] = (float)(shares[k] / total);
    return train_set_add_with_spread(set, active, count, target, entries, shares, n, validation);
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
    /* At the turn's start the search's visits where recorded, else the
     * whole turn: policy_index gives it its first step's entry where the
     * game indexes steps; inside, the next step. */
    bool ok = policy && visits_of(o->visits, i) > 0
                  ? add_spread_position(game, &s->position, o->visits, i, target, s->validation, set, skips)
                  : add_position(game, &s->position, move, target, s->validation, policy, set, skips);
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
    free(set->spread_begin);
    free(set->spread_entry);
    free(set->spread_share);
    free(set->validation);
    *set = (TrainSet){0};
}
