/* policy_head.c - logits and priors of the policy head (policy_head.h). */
#include "nn/policy_head.h"

#include <math.h>

#include "nn/accumulator.h"

void nn_policy_logits(const Network *net, const float *acc, float *logits)
{
    const int hidden = net->hidden;
    float clipped[NN_MAX_HIDDEN];
    for (int i = 0; i < hidden; i++)
        clipped[i] = nn_clip(acc[i]);
    for (int k = 0; k < net->policy_size; k++) {
        const float *row = net->policy + (size_t)k * hidden;
        float sum = net->policy_bias[k];
        for (int i = 0; i < hidden; i++)
            sum += row[i] * clipped[i];
        logits[k] = sum;
    }
}

void nn_policy_forward(const Network *net, const uint16_t *active, int count, float *logits)
{
    float acc[NN_MAX_HIDDEN];
    nn_accumulator_refresh(net, active, count, acc);
    nn_policy_logits(net, acc, logits);
}

void nn_policy_priors(const float *logits, const int *legal, int count, float *priors)
{
    if (count <= 0)
        return;
    /* Less the largest logit first: exp then never overflows. */
    float top = logits[legal[0]];
    for (int k = 1; k < count; k++)
        top = logits[legal[k]] > top ? logits[legal[k]] : top;
    double sum = 0.0;
    for (int k = 0; k < count; k++) {
        priors[k] = expf(logits[legal[k]] - top);
        sum += priors[k];
    }
    for (int k = 0; k < count; k++)
        priors[k] = (float)(priors[k] / sum);
}
