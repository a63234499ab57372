/*
 * texel.h - Texel tuning as pure computation: the error between the
 * evaluation's predicted score and the labels of positions, and a fit of
 * K and of the game's evaluation weights that minimises it.
 *
 * For a position with evaluation e (the game's evaluate, side to move's
 * view) the prediction is sigmoid(e / K) = 1 / (1 + exp(-e / K)); the
 * target is
 *
 *     t = lambda * s + (1 - lambda) * r
 *
 * with r the game's result for the side to move (1, 0.5, 0) and s the
 * search's score as a probability: 1 or 0 when the search proved the
 * result, sigmoid(score / K) otherwise.  The loss is the mean of
 * (sigmoid(e / K) - t)^2 over a set (training or validation).
 *
 * The evaluation reads the game's live weights (GameParam.value), shared
 * by the whole process: the fit sets them between passes over the data
 * and every thread of a pass evaluates with the same vector.
 */
#ifndef TESSERA_TUNE_TEXEL_H
#define TESSERA_TUNE_TEXEL_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"

typedef struct {
    Position position;
    float result;       /* 1, 0.5, 0 for the side to move */
    float search_score; /* centi-units; unused when proven */
    signed char proven; /* +1 the search proved a win, -1 a loss, 0 no proof */
    bool validation;    /* held out: never used to fit */
} TexelSample;

typedef struct {
    const Game *game;
    const TexelSample *samples;
    size_t count;
    int threads;   /* threads per pass over the data, at least 1 */
    double lambda; /* 0..1: the search score's share of the target */
} TexelData;

/* The fit's target for s: lambda * search + (1 - lambda) * result, where
 * search is 1 or 0 for a proof, else sigmoid(score / K). */
double texel_target(const TexelSample *s, double k, double lambda);

/* Smallest and largest K the fit considers. */
#define TEXEL_K_MIN 1.0
#define TEXEL_K_MAX 100000.0

/* The loss over the validation or the training samples with the live
 * weights (0 when the set is empty). */
double texel_loss(const TexelData *data, double k, bool validation);

/* The loss of the search's own scores as predictions (a proof predicts 1
 * or 0, a score sigmoid(score / K)) against the results: what an
 * evaluation as good as the searches would reach. */
double texel_search_loss(const TexelData *data, double k, bool validation);

/* The K that minimises the training loss against results alone (lambda
 * 0) with the live weights: a golden-section search on log K. */
double texel_fit_k(const TexelData *data);

/* Called after every pass of the weight fit. */
typedef void (*TexelReport)(void *context, int pass, double training_loss, const int *values);

/* Coordinate descent on whole numbers (the engine takes whole numbers):
 * each weight moves by its step, both ways, and keeps going while the
 * training loss falls; steps start at a quarter of the value (at least 1)
 * and halve when a weight cannot move; the fit ends when no weight moves
 * at step 1, or after max_passes.  values holds the game's param_count
 * weights: the start in, the fitted values out (kept within each
 * GameParam's min..max); the live weights are left at the fitted values.
 * Returns the passes made (0 when out of memory). */
int texel_fit_weights(const TexelData *data, double k, int *values, int max_passes,
                      TexelReport report, void *context);

/* The live weights of game into values / from values. */
void texel_get_weights(const Game *game, int *values);
void texel_set_weights(const Game *game, const int *values);

#endif
