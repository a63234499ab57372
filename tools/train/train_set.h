/*
 * train_set.h - training samples as the network sees them: each
 * position's active inputs (Game.nn_features) and its target, the
 * probability of a win for the side to move that the net should predict
 * (texel_target: lambda * search + (1 - lambda) * result).
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
    bool *validation;   /* [count]: held out */
} TrainSet;

/* Appends a sample; false when memory is short. */
bool train_set_add(TrainSet *set, const uint16_t *active, int count, float target, bool validation);

/* Every sample of texel whose position the game's encoding covers (the
 * rest counted in *skipped), and, when moves (each sample's played move)
 * is not NULL, the positions inside its turn (turn_steps.h) with the same
 * target; false with err when memory is short. */
bool train_set_from_texel(const Game *game, const TexelSet *texel, const Move *moves, double k, double lambda,
                          TrainSet *set, size_t *skipped, char *err, size_t err_size);

void train_set_free(TrainSet *set);

#endif
