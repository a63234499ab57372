/* quantized.c - the feature transformer in exact integers (quantized.h). */
#include "nn/quantized.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/game.h"
#include "nn/forward.h"

/* Every accumulator stays below this in magnitude (int32 with room). */
#define SUM_MAX 2000000000.0

static float largest_magnitude(const float *values, size_t count)
{
    float top = 0.0f;
    for (size_t i = 0; i < count; i++)
        top = fabsf(values[i]) > top ? fabsf(values[i]) : top;
    return top;
}

/* The largest unit within both limits: rows in int16, and a bias plus
 * NN_MAX_ACTIVE full rows in int32. */
static double unit_for(const Network *net)
{
    const double row_top = largest_magnitude(net->input_rows, (size_t)net->inputs * net->hidden);
    const double bias_top = largest_magnitude(net->hidden_bias, (size_t)net->hidden);
    double unit = row_top > 0.0 ? NN_QUANT_ROW_MAX / row_top : 1 << 20;
    if (bias_top * unit + (double)NN_MAX_ACTIVE * NN_QUANT_ROW_MAX > SUM_MAX)
        unit = (SUM_MAX - (double)NN_MAX_ACTIVE * NN_QUANT_ROW_MAX) / bias_top;
    return unit > 1 << 20 ? 1 << 20 : unit;
}

bool nn_quantize(const Network *net, QuantNet *q, char *err, size_t err_size)
{
    *q = (QuantNet){0};
    const double unit = unit_for(net);
    if (unit < NN_QUANT_MIN_UNIT) {
        snprintf(err, err_size, "the network's input weights (up to %g) are too large to quantise to 1/%g",
                 (double)largest_magnitude(net->input_rows, (size_t)net->inputs * net->hidden),
                 (double)NN_QUANT_MIN_UNIT);
        return false;
    }
    const size_t row_count = (size_t)net->inputs * net->hidden;
    q->rows = malloc(row_count * sizeof *q->rows);
    q->bias = malloc((size_t)net->hidden * sizeof *q->bias);
    if (!q->rows || !q->bias) {
        nn_quant_free(q);
        snprintf(err, err_size, "out of memory for a quantised %d-%d net", net->inputs, net->hidden);
        return false;
    }
    for (size_t i = 0; i < row_count; i++)
        q->rows[i] = (int16_t)lrint(net->input_rows[i] * unit);
    for (int i = 0; i < net->hidden; i++)
        q->bias[i] = (int32_t)lrint(net->hidden_bias[i] * unit);
    q->net = net;
    q->unit = (float)unit;
    return true;
}

void nn_quant_free(QuantNet *q)
{
    free(q->rows);
    free(q->bias);
    *q = (QuantNet){0};
}

/* A block of REFRESH_BLOCK units at a time, the running sums held in
 * registers over every active row (adding row by row into sums would load
 * and store them once per row).  Fixed trip counts: what gcc vectorises. */
#define REFRESH_BLOCK 16

static void refresh_block(const QuantNet *q, const uint16_t *active, int count, int first, int32_t *sums)
{
    const int hidden = q->net->hidden;
    int32_t sum[REFRESH_BLOCK];
    for (int j = 0; j < REFRESH_BLOCK; j++)
        sum[j] = q->bias[first + j];
    for (int k = 0; k < count; k++) {
        const int16_t *restrict row = q->rows + (size_t)active[k] * hidden + first;
        for (int j = 0; j < REFRESH_BLOCK; j++)
            sum[j] += row[j];
    }
    for (int j = 0; j < REFRESH_BLOCK; j++)
        sums[first + j] = sum[j];
}

void nn_quant_refresh(const QuantNet *q, const uint16_t *active, int count, int32_t *sums)
{
    const int hidden = q->net->hidden;
    int i = 0;
    for (; i + REFRESH_BLOCK <= hidden; i += REFRESH_BLOCK)
        refresh_block(q, active, count, i, sums);
    for (; i < hidden; i++) {
        int32_t sum = q->bias[i];
        for (int k = 0; k < count; k++)
            sum += q->rows[(size_t)active[k] * hidden + i];
        sums[i] = sum;
    }
}

/* sums += sign * row, in blocks of REFRESH_BLOCK then one by one. */
static void add_row(int32_t *restrict sums, const int16_t *restrict row, int hidden, int sign)
{
    int i = 0;
    for (; i + REFRESH_BLOCK <= hidden; i += REFRESH_BLOCK)
        for (int j = 0; j < REFRESH_BLOCK; j++)
            sums[i + j] += sign * row[i + j];
    for (; i < hidden; i++)
        sums[i] += sign * row[i];
}

void nn_quant_update(const QuantNet *q, int32_t *sums, const uint16_t *removed, int removed_count,
                     const uint16_t *added, int added_count)
{
    const int hidden = q->net->hidden;
    for (int k = 0; k < removed_count; k++)
        add_row(sums, q->rows + (size_t)removed[k] * hidden, hidden, -1);
    for (int k = 0; k < added_count; k++)
        add_row(sums, q->rows + (size_t)added[k] * hidden, hidden, 1);
}

float nn_quant_output(const QuantNet *q, const int32_t *sums)
{
    const int hidden = q->net->hidden;
    const float per_count = 1.0f / q->unit;
    float clipped[NN_MAX_HIDDEN];
    for (int i = 0; i < hidden; i++)
        clipped[i] = nn_clip((float)sums[i] * per_count);
    return nn_dense_output(q->net, clipped);
}

float nn_quant_forward(const QuantNet *q, const uint16_t *active, int count)
{
    int32_t sums[NN_MAX_HIDDEN];
    nn_quant_refresh(q, active, count, sums);
    return nn_quant_output(q, sums);
}
