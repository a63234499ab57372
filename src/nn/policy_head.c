/* policy_head.c - logits and priors of the policy head (policy_head.h). */
#include "nn/policy_head.h"

#include <math.h>

#include "nn/accumulator.h"

static void clip_hidden(const Network *net, const float *acc, float *clipped)
{
    for (int i = 0; i < net->hidden; i++)
        clipped[i] = nn_clip(acc[i]);
}

static float entry_logit(const Network *net, const float *clipped, int entry)
{
    const float *row = net->policy + (size_t)entry * net->hidden;
    float sum = net->policy_bias[entry];
    for (int i = 0; i < net->hidden; i++)
        sum += row[i] * clipped[i];
    return sum;
}

void nn_policy_logits(const Network *net, const float *acc, float *logits)
{
    float clipped[NN_MAX_HIDDEN];
    clip_hidden(net, acc, clipped);
    for (int k = 0; k < net->policy_size; k++)
        logits[k] = entry_logit(net, clipped, k);
}

void nn_policy_forward(const Network *net, const uint16_t *active, int count, float *logits)
{
    float acc[NN_MAX_HIDDEN];
    nn_accumulator_refresh(net, active, count, acc);
    nn_policy_logits(net, acc, logits);
}

/* values[0..count) become their softmax, in place. */
static void softmax_in_place(float *values, int count)
{
    /* Less the largest first: exp then never overflows. */
    float top = values[0];
    for (int k = 1; k < count; k++)
        top = values[k] > top ? values[k] : top;
    double sum = 0.0;
    for (int k = 0; k < count; k++) {
        values[k] = expf(values[k] - top);
        sum += values[k];
    }
    for (int k = 0; k < count; k++)
        values[k] = (float)(values[k] / sum);
}

void nn_policy_priors(const float *logits, const int *legal, int count, float *priors)
{
    if (count <= 0)
        return;
    for (int k = 0; k < count; k++)
        priors[k] = logits[legal[k]];
    softmax_in_place(priors, count);
}

void nn_policy_priors_of(const Network *net, const float *acc, const int *legal, int count, float temperature,
                         float *priors)
{
    if (count <= 0)
        return;
    float clipped[NN_MAX_HIDDEN];
    clip_hidden(net, acc, clipped);
    for (int k = 0; k < count; k++)
        priors[k] = entry_logit(net, clipped, legal[k]) / temperature;
    softmax_in_place(priors, count);
}
