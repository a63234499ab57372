/* forward.c - the dense layers after the feature transformer. */
#include "nn/forward.h"

#include <math.h>

#include "games/game.h"
#include "nn/accumulator.h"
#include "nn/hot_loop.h"

/* row . clipped in NN_LANES partial sums (the fixed-size inner loop is
 * what gcc -O2 vectorises; one running sum would be a chain of adds). */
NN_HOT_HELPER float dot(const float *restrict row, const float *restrict clipped, int hidden)
{
    float part[NN_LANES] = {0};
    int i = 0;
    for (; i + NN_LANES <= hidden; i += NN_LANES)
        for (int k = 0; k < NN_LANES; k++)
            part[k] += row[i + k] * clipped[i + k];
    float sum = 0.0f;
    for (int k = 0; k < NN_LANES; k++)
        sum += part[k];
    for (; i < hidden; i++)
        sum += row[i] * clipped[i];
    return sum;
}

NN_HOT_LOOP
float nn_output(const Network *net, const float *acc)
{
    const int hidden = net->hidden, hidden2 = net->hidden2;
    float clipped[NN_MAX_HIDDEN];
    for (int i = 0; i < hidden; i++)
        clipped[i] = nn_clip(acc[i]);
    float out = net->output_bias[0];
    for (int j = 0; j < hidden2; j++) {
        const float sum = dot(net->layer2 + (size_t)j * hidden, clipped, hidden);
        out += net->output[j] * nn_clip(sum + net->layer2_bias[j]);
    }
    return out;
}

float nn_forward(const Network *net, const uint16_t *active, int count)
{
    float acc[NN_MAX_HIDDEN];
    nn_accumulator_refresh(net, active, count, acc);
    return nn_output(net, acc);
}

int nn_centi_units(const Network *net, float output)
{
    const double cp = (double)output * net->scale;
    const double bound = EVAL_BOUND - 1;
    if (isnan(cp))
        return 0;
    return (int)lround(cp > bound ? bound : cp < -bound ? -bound : cp);
}
