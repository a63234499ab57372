/* network.c - a net's memory: one block of floats cut into its layers. */
#include "nn/network.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t nn_weight_count(int inputs, int hidden, int hidden2)
{
    return (size_t)inputs * hidden + hidden + (size_t)hidden2 * hidden + hidden2 + hidden2 + 1;
}

size_t nn_policy_weight_count(int hidden, int policy_size) { return (size_t)policy_size * ((size_t)hidden + 1); }

size_t nn_net_weight_count(const Network *net)
{
    return nn_weight_count(net->inputs, net->hidden, net->hidden2) +
           nn_policy_weight_count(net->hidden, net->policy_size);
}

bool nn_create(Network *net, const char *game_id, int inputs, int hidden, int hidden2, float scale, char *err,
               size_t err_size)
{
    return nn_create_with_policy(net, game_id, inputs, hidden, hidden2, 0, scale, err, err_size);
}

bool nn_create_with_policy(Network *net, const char *game_id, int inputs, int hidden, int hidden2, int policy_size,
                           float scale, char *err, size_t err_size)
{
    *net = (Network){0};
    if (inputs < 1 || inputs > NN_MAX_INPUTS || hidden < 1 || hidden > NN_MAX_HIDDEN || hidden2 < 1 ||
        hidden2 > NN_MAX_HIDDEN) {
        snprintf(err, err_size, "layer sizes %d-%d-%d out of range (inputs 1..%d, hidden 1..%d)", inputs, hidden,
                 hidden2, NN_MAX_INPUTS, NN_MAX_HIDDEN);
        return false;
    }
    if (policy_size < 0 || policy_size > NN_MAX_POLICY) {
        snprintf(err, err_size, "policy head of %d entries out of range (0..%d)", policy_size, NN_MAX_POLICY);
        return false;
    }
    if (!(scale > 0.0f) || scale > 1e6f) {
        snprintf(err, err_size, "scale %g is not a positive number of centi-units", (double)scale);
        return false;
    }
    if (strlen(game_id) >= NN_GAME_ID_BYTES) {
        snprintf(err, err_size, "game id too long");
        return false;
    }
    net->inputs = inputs, net->hidden = hidden, net->hidden2 = hidden2, net->policy_size = policy_size;
    net->weights = calloc(nn_net_weight_count(net), sizeof *net->weights);
    if (!net->weights) {
        snprintf(err, err_size, "out of memory for a %d-%d-%d net", inputs, hidden, hidden2);
        *net = (Network){0};
        return false;
    }
    snprintf(net->game_id, sizeof net->game_id, "%s", game_id);
    net->scale = scale;
    nn_layout(net, net->weights);
    return true;
}

void nn_layout(Network *net, float *weights)
{
    const int inputs = net->inputs, hidden = net->hidden, hidden2 = net->hidden2;
    net->weights = weights;
    net->input_rows = weights;
    net->hidden_bias = net->input_rows + (size_t)inputs * hidden;
    net->layer2 = net->hidden_bias + hidden;
    net->layer2_bias = net->layer2 + (size_t)hidden2 * hidden;
    net->output = net->layer2_bias + hidden2;
    net->output_bias = net->output + hidden2;
    const bool head = net->policy_size > 0;
    net->policy = head ? net->output_bias + 1 : NULL;
    net->policy_bias = head ? net->policy + (size_t)net->policy_size * hidden : NULL;
}

void nn_free(Network *net)
{
    free(net->weights);
    *net = (Network){0};
}
