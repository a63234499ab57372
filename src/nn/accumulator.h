/*
 * accumulator.h - the feature transformer's output (hidden bias plus the
 * rows of the active inputs), computed whole or updated from a parent's by
 * the inputs a move turned off and on.  The update costs a row per changed
 * input instead of a row per active one: it pays where a move changes few
 * inputs (a Territoire placement changes about 6 of 48).
 */
#ifndef TESSERA_NN_ACCUMULATOR_H
#define TESSERA_NN_ACCUMULATOR_H

#include <stdint.h>

#include "nn/network.h"

/* acc (net->hidden floats) = hidden bias + the rows of active[0..count). */
void nn_accumulator_refresh(const Network *net, const uint16_t *active, int count, float *acc);

/* acc -= the rows of removed, += the rows of added. */
void nn_accumulator_update(const Network *net, float *acc, const uint16_t *removed, int removed_count,
                           const uint16_t *added, int added_count);

/* The inputs of the ascending list from that are not in to (removed) and
 * those of to not in from (added); both outputs hold at most the size of
 * their source list. */
void nn_feature_difference(const uint16_t *from, int from_count, const uint16_t *to, int to_count,
                           uint16_t *removed, int *removed_count, uint16_t *added, int *added_count);

#endif
