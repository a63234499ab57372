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

void nn_accumulator_refresh(const Network *net, const uint16_t *active, int count, float *acc)
{
    const int hidden = net->hidden;
    memcpy(acc, net->hidden_bias, (size_t)hidden * sizeof *acc);
    for (int k = 0; k < count; k++)
        add_row(acc, net->input_rows + (size_t)active[k] * hidden, hidden);
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

/* A merge of two ascending lists. */
void nn_feature_difference(const uint16_t *from, int from_count, const uint16_t *to, int to_count,
                           uint16_t *removed, int *removed_count, uint16_t *added, int *added_count)
{
    int i = 0, j = 0, r = 0, a = 0;
    while (i < from_count || j < to_count) {
        if (j == to_count || (i < from_count && from[i] < to[j]))
            removed[r++] = from[i++];
        else if (i == from_count || to[j] < from[i])
            added[a++] = to[j++];
        else
            i++, j++;
    }
    *removed_count = r;
    *added_count = a;
}
