/*
 * quantized.h - a net's feature transformer in integers, made once when a
 * net is installed (the file and the trainer stay float): input rows and
 * hidden bias rounded to multiples of 1/unit, the accumulator summed
 * exactly in int32.  Exact sums do not depend on their order, so an
 * accumulator updated along a line of play is bit for bit the one a
 * refresh gives, and a position's value never depends on what a thread
 * evaluated before (the search's node counts stay a function of the
 * position and the limits).  The dense layers after it stay float, layer
 * 2 laid out by input (layer2_by_input) for the way it is summed.  A
 * policy head (network.h) is not part of it: it stays float, its rows
 * read over this accumulator (evaluation_policy_head).
 */
#ifndef TESSERA_NN_QUANTIZED_H
#define TESSERA_NN_QUANTIZED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nn/network.h"

/* A row weight becomes at most this in magnitude (int16). */
#define NN_QUANT_ROW_MAX 32767
/* The coarsest step accepted: a net whose largest input weight needs a
 * unit below this (|w| > 512) is refused rather than played imprecisely. */
#define NN_QUANT_MIN_UNIT 64.0f

typedef struct {
    const Network *net; /* the float net: sizes, scale, dense layers */
    float unit;         /* accumulator counts per unit of the float net's */
    int16_t *rows;      /* [inputs][hidden] */
    int32_t *bias;      /* [hidden] */
    float *layer2_by_input; /* [hidden][hidden2]: the float net's layer 2 transposed */
} QuantNet;

/* Rounds net's feature transformer (net must outlive q).  The unit is the
 * largest that keeps every row weight within int16 and every sum of a
 * bias and NN_MAX_ACTIVE rows within int32; false with err when that
 * unit is below NN_QUANT_MIN_UNIT or memory is short. */
bool nn_quantize(const Network *net, QuantNet *q, char *err, size_t err_size);
void nn_quant_free(QuantNet *q);

/* sums (hidden int32) = bias + the rows of active[0..count). */
void nn_quant_refresh(const QuantNet *q, const uint16_t *active, int count, int32_t *sums);

/* to = from - the rows of removed + the rows of added (to may be from). */
void nn_quant_update(const QuantNet *q, const int32_t *from, int32_t *to, const uint16_t *removed,
                     int removed_count, const uint16_t *added, int added_count);

/* The output (log-odds for the side to move) from an integer accumulator. */
float nn_quant_output(const QuantNet *q, const int32_t *sums);

/* The output of the position whose active inputs are active[0..count). */
float nn_quant_forward(const QuantNet *q, const uint16_t *active, int count);

#endif
