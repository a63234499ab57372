/*
 * network.h - a small learned evaluation (NNUE-style), knowing no game:
 *
 *     inputs (sparse binary) -> hidden (the feature transformer: the sum of
 *     the active inputs' rows plus a bias, the "accumulator") -> clipped
 *     ReLU -> hidden2 (dense) -> clipped ReLU -> one output
 *
 * and, optionally, a policy head beside the value: policy_size logits,
 * one per entry of the game's move indexing (Game.policy_index), each a
 * dense row over the same clipped hidden layer that layer 2 reads.  That
 * layer is the net's widest picture of the position (hidden2 is a narrow
 * summary made for the value alone), and it is the accumulator the
 * search already keeps along its line, so a head there costs the search
 * one row per legal move and nothing more.  policy_size 0: no head (every
 * net before the head, and the shipped ones).  The head is float only:
 * the engine reads it over its quantised accumulator (quantized.h), where
 * a search asks for priors (MctsPolicy, AbPolicyOrder: evaluation_policy_head).
 *
 * The output is in units of log-odds of winning for the side to move; times
 * scale it is centi-units (scale is the K of the trainer's sigmoid(cp / K),
 * so a net speaks the same units as the searches' scores).  Floats, laid
 * out so that the compiler vectorises the inner loops.
 */
#ifndef TESSERA_NN_NETWORK_H
#define TESSERA_NN_NETWORK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NN_GAME_ID_BYTES 32
#define NN_MAX_INPUTS 4096
#define NN_MAX_HIDDEN 512
/* The largest policy head (the games' layouts have 42 to 1024 entries). */
#define NN_MAX_POLICY 4096
/* Floats the inner loops take at a time (two SSE or one AVX register). */
#define NN_LANES 8

typedef struct {
    char game_id[NN_GAME_ID_BYTES];
    int inputs, hidden, hidden2;
    int policy_size; /* 0: no policy head */
    float scale;
    /* One allocation holds every weight; the pointers below point into it. */
    float *weights;
    float *input_rows;  /* [inputs][hidden]: an active input adds its row */
    float *hidden_bias; /* [hidden] */
    float *layer2;      /* [hidden2][hidden] */
    float *layer2_bias; /* [hidden2] */
    float *output;      /* [hidden2] */
    float *output_bias; /* [1] */
    /* The policy head, after the value weights (NULL without one). */
    float *policy;      /* [policy_size][hidden]: an entry's row */
    float *policy_bias; /* [policy_size] */
} Network;

/* How many floats the value part of a net of these sizes holds (in the
 * order of the file and of Network's pointers): a net without a head. */
size_t nn_weight_count(int inputs, int hidden, int hidden2);

/* How many floats a policy head of policy_size entries over hidden units
 * holds (its rows, then its biases). */
size_t nn_policy_weight_count(int hidden, int policy_size);

/* Every float of net: the value weights, then the policy head's. */
size_t nn_net_weight_count(const Network *net);

/* Allocates a zeroed net of these sizes; false when the sizes are out of
 * range or memory is short (err filled).  nn_create: no policy head. */
bool nn_create(Network *net, const char *game_id, int inputs, int hidden, int hidden2, float scale, char *err,
               size_t err_size);
bool nn_create_with_policy(Network *net, const char *game_id, int inputs, int hidden, int hidden2, int policy_size,
                           float scale, char *err, size_t err_size);
void nn_free(Network *net);

/* Points net's layers into weights (nn_net_weight_count floats), for the
 * sizes net names: the trainer lays its gradients and moments out this
 * way. */
void nn_layout(Network *net, float *weights);

/* Clipped ReLU: the activation of both hidden layers. */
static inline float nn_clip(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }

#endif
