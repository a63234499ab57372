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
    bool *validation = realloc(set->validation, bigger * sizeof *validation);
    if (!validation)
        return false;
    set->validation = validation;
    set->capacity = bigger;
    return true;
}

bool train_set_add(TrainSet *set, const uint16_t *active, int count, float target, bool validation)
{
    if (!grow_features(set, set->feature_count + (size_t)count))
        return false;
    if (set->count == set->capacity && !grow_samples(set))
        return false;
    set->begin[set->count] = (uint32_t)set->feature_count;
    memcpy(set->features + set->feature_count, active, (size_t)count * sizeof *active);
    set->feature_count += (size_t)count;
    set->target[set->count] = target;
    set->validation[set->count] = validation;
    set->validation_count += validation;
    set->count++;
    set->begin[set->count] = (uint32_t)set->feature_count;
    return true;
}

/* pos as a sample of target; false when memory is short. */
static bool add_position(const Game *game, const Position *pos, float target, bool validation, TrainSet *set,
                         size_t *skipped)
{
    uint16_t active[NN_MAX_ACTIVE];
    const int count = game->nn_features(pos, active);
    if (count < 0) {
        (*skipped)++;
        return true;
    }
    return train_set_add(set, active, count, target, validation);
}

bool train_set_from_texel(const Game *game, const TexelSet *texel, const Move *moves, double k, double lambda,
                          TrainSet *set, size_t *skipped, char *err, size_t err_size)
{
    *set = (TrainSet){0};
    *skipped = 0;
    for (size_t i = 0; i < texel->count; i++) {
        const TexelSample *s = &texel->samples[i];
        const float target = (float)texel_target(s, k, lambda);
        Position inner[TURN_STEPS_MAX];
        const int inner_count = moves ? turn_inner_positions(game, &s->position, moves[i], inner) : 0;
        bool ok = add_position(game, &s->position, target, s->validation, set, skipped);
        for (int j = 0; ok && j < inner_count; j++)
            ok = add_position(game, &inner[j], target, s->validation, set, skipped);
        if (!ok) {
            snprintf(err, err_size, "out of memory at %zu positions", set->count);
            train_set_free(set);
            return false;
        }
    }
    return true;
}

void train_set_free(TrainSet *set)
{
    free(set->begin);
    free(set->features);
    free(set->target);
    free(set->validation);
    *set = (TrainSet){0};
}
