/* forward.c - the dense layers after the feature transformer. */
#include "nn/forward.h"

#include <math.h>

#include "games/game.h"
#include "nn/accumulator.h"

float nn_output(const Network *net, const float *acc)
{
    const int hidden = net->hidden, hidden2 = net->hidden2;
    float clipped[NN_MAX_HIDDEN];
    for (int i = 0; i < hidden; i++)
        clipped[i] = nn_clip(acc[i]);
    float out = net->output_bias[0];
    for (int j = 0; j < hidden2; j++) {
        const float *row = net->layer2 + (size_t)j * hidden;
        float sum = 0.0f;
        for (int i = 0; i < hidden; i++)
            sum += row[i] * clipped[i];
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
