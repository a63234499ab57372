/*
 * forward.h - a net's value of a position: the layers after the
 * accumulator, and the output as a search score.
 */
#ifndef TESSERA_NN_FORWARD_H
#define TESSERA_NN_FORWARD_H

#include <stdint.h>

#include "nn/network.h"

/* The output (log-odds for the side to move) from an accumulator. */
float nn_output(const Network *net, const float *acc);

/* The output of the position whose active inputs are active[0..count). */
float nn_forward(const Network *net, const uint16_t *active, int count);

/* The output in centi-units (times scale), rounded, strictly inside
 * +-EVAL_BOUND (beyond are the searches' proven results); 0 for a NaN. */
int nn_centi_units(const Network *net, float output);

#endif
