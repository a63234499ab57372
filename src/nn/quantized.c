/* quantized.c - the feature transformer in exact integers (quantized.h). */
#include "nn/quantized.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/game.h"
#include "nn/hot_loop.h"

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
    q->layer2_by_input = malloc((size_t)net->hidden * net->hidden2 * sizeof *q->layer2_by_input);
    if (!q->rows || !q->bias || !q->layer2_by_input) {
        nn_quant_free(q);
        snprintf(err, err_size, "out of memory for a quantised %d-%d net", net->inputs, net->hidden);
        return false;
    }
    for (size_t i = 0; i < row_count; i++)
        q->rows[i] = (int16_t)lrint(net->input_rows[i] * unit);
    for (int i = 0; i < net->hidden; i++)
        q->bias[i] = (int32_t)lrint(net->hidden_bias[i] * unit);
    for (int i = 0; i < net->hidden; i++)
        for (int j = 0; j < net->hidden2; j++)
            q->layer2_by_input[(size_t)i * net->hidden2 + j] = net->layer2[(size_t)j * net->hidden + i];
    q->net = net;
    q->unit = (float)unit;
    return true;
}

void nn_quant_free(QuantNet *q)
{
    free(q->rows);
    free(q->bias);
    free(q->layer2_by_input);
    *q = (QuantNet){0};
}

/* A block of REFRESH_BLOCK units at a time, the running sums held in
 * registers over every row (adding row by row into the sums would load
 * and store them once per row).  Fixed trip counts: what gcc vectorises. */
#define REFRESH_BLOCK 16

/* to = from - the removed rows + the added rows, a block of units at a
 * time held in registers. */
NN_HOT_HELPER void update_block(const QuantNet *q, const int32_t *from, int32_t *to, const uint16_t *removed,
                         int removed_count, const uint16_t *added, int added_count, int first)
{
    const int hidden = q->net->hidden;
    int32_t sum[REFRESH_BLOCK];
    for (int j = 0; j < REFRESH_BLOCK; j++)
        sum[j] = from[first + j];
    for (int k = 0; k < removed_count; k++) {
        const int16_t *restrict row = q->rows + (size_t)removed[k] * hidden + first;
        for (int j = 0; j < REFRESH_BLOCK; j++)
            sum[j] -= row[j];
    }
    for (int k = 0; k < added_count; k++) {
        const int16_t *restrict row = q->rows + (size_t)added[k] * hidden + first;
        for (int j = 0; j < REFRESH_BLOCK; j++)
            sum[j] += row[j];
    }
    for (int j = 0; j < REFRESH_BLOCK; j++)
        to[first + j] = sum[j];
}

NN_HOT_LOOP
void nn_quant_update(const QuantNet *q, const int32_t *from, int32_t *to, const uint16_t *removed,
                     int removed_count, const uint16_t *added, int added_count)
{
    const int hidden = q->net->hidden;
    int i = 0;
    for (; i + REFRESH_BLOCK <= hidden; i += REFRESH_BLOCK)
        update_block(q, from, to, removed, removed_count, added, added_count, i);
    for (; i < hidden; i++) {
        int32_t sum = from[i];
        for (int k = 0; k < removed_count; k++)
            sum -= q->rows[(size_t)removed[k] * hidden + i];
        for (int k = 0; k < added_count; k++)
            sum += q->rows[(size_t)added[k] * hidden + i];
        to[i] = sum;
    }
}

/* The bias plus the active rows: an update from the bias that removes
 * nothing (integer sums, so the order of the adds changes no value). */
void nn_quant_refresh(const QuantNet *q, const uint16_t *active, int count, int32_t *sums)
{
    nn_quant_update(q, q->bias, sums, NULL, 0, active, count);
}

/* NN_LANES units of layer 2 from every clipped input: the partial sums
 * stay in registers over the inputs (no horizontal add, as a dot product
 * per unit needs), in CHAINS independent sums (one would wait on each add
 * before the next), columns read from layer2_by_input. */
#define CHAINS 4

NN_HOT_HELPER void layer2_block(const QuantNet *q, const float *clipped, int first, float *layer)
{
    const int hidden = q->net->hidden, hidden2 = q->net->hidden2;
    float sum[CHAINS][NN_LANES] = {{0}};
    int i = 0;
    for (; i + CHAINS <= hidden; i += CHAINS)
#pragma GCC unroll 4
        for (int c = 0; c < CHAINS; c++) {
            const float *restrict column = q->layer2_by_input + (size_t)(i + c) * hidden2 + first;
            for (int k = 0; k < NN_LANES; k++)
                sum[c][k] += clipped[i + c] * column[k];
        }
    for (; i < hidden; i++) {
        const float *restrict column = q->layer2_by_input + (size_t)i * hidden2 + first;
        for (int k = 0; k < NN_LANES; k++)
            sum[0][k] += clipped[i] * column[k];
    }
    for (int k = 0; k < NN_LANES; k++)
        layer[first + k] = q->net->layer2_bias[first + k] + ((sum[0][k] + sum[1][k]) + (sum[2][k] + sum[3][k]));
}

/* clipped = clip(sums / unit), in blocks that gcc vectorises. */
NN_HOT_HELPER void clip_sums(const QuantNet *q, const int32_t *sums, float *clipped)
{
    const int hidden = q->net->hidden;
    const float per_count = 1.0f / q->unit;
    int i = 0;
    for (; i + NN_LANES <= hidden; i += NN_LANES)
        for (int k = 0; k < NN_LANES; k++)
            clipped[i + k] = nn_clip((float)sums[i + k] * per_count);
    for (; i < hidden; i++)
        clipped[i] = nn_clip((float)sums[i] * per_count);
}

NN_HOT_LOOP
float nn_quant_output(const QuantNet *q, const int32_t *sums)
{
    const Network *net = q->net;
    const int hidden = net->hidden, hidden2 = net->hidden2;
    float clipped[NN_MAX_HIDDEN], layer[NN_MAX_HIDDEN];
    clip_sums(q, sums, clipped);
    int j = 0;
    for (; j + NN_LANES <= hidden2; j += NN_LANES)
        layer2_block(q, clipped, j, layer);
    for (; j < hidden2; j++) {
        layer[j] = net->layer2_bias[j];
        for (int i = 0; i < hidden; i++)
            layer[j] += clipped[i] * q->layer2_by_input[(size_t)i * hidden2 + j];
    }
    float out = net->output_bias[0];
    for (j = 0; j < hidden2; j++)
        out += net->output[j] * nn_clip(layer[j]);
    return out;
}

float nn_quant_forward(const QuantNet *q, const uint16_t *active, int count)
{
    int32_t sums[NN_MAX_HIDDEN];
    nn_quant_refresh(q, active, count, sums);
    return nn_quant_output(q, sums);
}
