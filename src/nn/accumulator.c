/* accumulator.c - the feature transformer, whole and incremental. */
#include "nn/accumulator.h"

#include <string.h>

/* Blocks of NN_LANES with a fixed trip count: gcc -O2 vectorises only
 * loops it needs no remainder for; the remainder goes one by one. */
static void add_row(float *restrict acc, const float *restrict row, int hidden)
{
    int i = 0;
    for (; i + NN_LANES <= hidden; i += NN_LANES)
        for (int k = 0; k < NN_LANES; k++)
            acc[i + k] += row[i + k];
    for (; i < hidden; i++)
        acc[i] += row[i];
}

static void subtract_row(float *restrict acc, const float *restrict row, int hidden)
{
    int i = 0;
    for (; i + NN_LANES <= hidden; i += NN_LANES)
        for (int k = 0; k < NN_LANES; k++)
            acc[i + k] -= row[i + k];
    for (; i < hidden; i++)
        acc[i] -= row[i];
}

/* The whole sum a block of REFRESH_BLOCK hidden units at a time, the
 * block's running sums held in registers over every active row: adding
 * row by row into acc loads and stores acc once per row, which was most
 * of a network evaluation's time (Qawale: 93 rows of 32).  Each unit still
 * adds its bias and then the rows in list order, so every sum is the very
 * same float as before. */
#define REFRESH_BLOCK 16

static void refresh_block(const Network *net, const uint16_t *active, int count, int first, float *acc)
{
    const int hidden = net->hidden;
    float sum[REFRESH_BLOCK];
    for (int j = 0; j < REFRESH_BLOCK; j++)
        sum[j] = net->hidden_bias[first + j];
    for (int k = 0; k < count; k++) {
        const float *restrict row = net->input_rows + (size_t)active[k] * hidden + first;
#pragma GCC unroll 16
        for (int j = 0; j < REFRESH_BLOCK; j++)
            sum[j] += row[j];
    }
    for (int j = 0; j < REFRESH_BLOCK; j++)
        acc[first + j] = sum[j];
}

void nn_accumulator_refresh(const Network *net, const uint16_t *active, int count, float *acc)
{
    const int hidden = net->hidden;
    int i = 0;
    for (; i + REFRESH_BLOCK <= hidden; i += REFRESH_BLOCK)
        refresh_block(net, active, count, i, acc);
    for (; i < hidden; i++) {
        float sum = net->hidden_bias[i];
        for (int k = 0; k < count; k++)
            sum += net->input_rows[(size_t)active[k] * hidden + i];
        acc[i] = sum;
    }
}

void nn_accumulator_update(const Network *net, float *acc, const uint16_t *removed, int removed_count,
                           const uint16_t *added, int added_count)
{
    const int hidden = net->hidden;
    for (int k = 0; k < removed_count; k++)
        subtract_row(acc, net->input_rows + (size_t)removed[k] * hidden, hidden);
    for (int k = 0; k < added_count; k++)
        add_row(acc, net->input_rows + (size_t)added[k] * hidden, hidden);
}

/* A merge of two ascending lists, without a branch on which list
 * advances: in a search that branch went either way at random, and its
 * mispredictions were most of the merge's time (issue 16, Territoire).
 * Each step writes both heads and keeps the one that left or came. */
void nn_feature_difference(const uint16_t *from, int from_count, const uint16_t *to, int to_count,
                           uint16_t *removed, int *removed_count, uint16_t *added, int *added_count)
{
    int i = 0, j = 0, r = 0, a = 0;
    while (i < from_count && j < to_count) {
        const uint16_t left = from[i], came = to[j];
        removed[r] = left;
        added[a] = came;
        r += left < came;
        a += came < left;
        i += left <= came;
        j += came <= left;
    }
    while (i < from_count)
        removed[r++] = from[i++];
    while (j < to_count)
        added[a++] = to[j++];
    *removed_count = r;
    *added_count = a;
}
