/*
 * features.h - the shared way games write their network inputs
 * (Game.nn_features): the input vector is a row of blocks, each block a
 * run of indices (a square's occupant, a reserve's size), and a feature is
 * a block's base plus an index inside it.  Writing blocks in order, each
 * with ascending indices, gives the ascending list the hook promises.
 */
#ifndef TESSERA_FEATURES_H
#define TESSERA_FEATURES_H

#include <stdint.h>

#include "games/game.h"

typedef struct {
    uint16_t *active;
    int count;
    int base; /* where the current block starts */
} FeatureList;

static inline FeatureList feature_list(uint16_t *active) { return (FeatureList){active, 0, 0}; }

/* Marks index (0 <= index < the block's size) of the current block. */
static inline void feature_add(FeatureList *list, int index)
{
    list->active[list->count++] = (uint16_t)(list->base + index);
}

/* Closes the current block of size inputs; the next starts after it. */
static inline void feature_block_end(FeatureList *list, int size) { list->base += size; }

/* A count as a one-hot index: values above top share top's input. */
static inline int feature_capped(int value, int top) { return value < 0 ? 0 : value > top ? top : value; }

#endif
