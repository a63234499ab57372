/*
 * network.h - a small learned evaluation (NNUE-style), knowing no game:
 *
 *     inputs (sparse binary) -> hidden (the feature transformer: the sum of
 *     the active inputs' rows plus a bias, the "accumulator") -> clipped
 *     ReLU -> hidden2 (dense) -> clipped ReLU -> one output
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
/* Floats the inner loops take at a time (two SSE or one AVX register). */
#define NN_LANES 8

typedef struct {
    char game_id[NN_GAME_ID_BYTES];
    int inputs, hidden, hidden2;
    float scale;
    /* One allocation holds every weight; the pointers below point into it. */
    float *weights;
    float *input_rows;  /* [inputs][hidden]: an active input adds its row */
    float *hidden_bias; /* [hidden] */
    float *layer2;      /* [hidden2][hidden] */
    float *layer2_bias; /* [hidden2] */
    float *output;      /* [hidden2] */
    float *output_bias; /* [1] */
} Network;

/* How many floats a net of these sizes holds (in the order of the file and
 * of Network's pointers). */
size_t nn_weight_count(int inputs, int hidden, int hidden2);

/* Allocates a zeroed net of these sizes; false when the sizes are out of
 * range or memory is short (err filled). */
bool nn_create(Network *net, const char *game_id, int inputs, int hidden, int hidden2, float scale, char *err,
               size_t err_size);
void nn_free(Network *net);

/* Points net's layers into weights (nn_weight_count floats), for the sizes
 * net names: the trainer lays its gradients and moments out this way. */
void nn_layout(Network *net, float *weights);

/* Clipped ReLU: the activation of both hidden layers. */
static inline float nn_clip(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }

#endif
