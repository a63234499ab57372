/*
 * wdl_fit.h - fitting a game's WdlModel (game.h) to self-play results by
 * maximum likelihood, and measuring its calibration.
 *
 * A sample is one searched position: its score (centi-units, side to
 * move's view) and how the game ended for the side to move.  The model's
 * probability of that result is what src/search/wdl.c computes, so the
 * fit and the engine share the one formula.  Proven positions are no
 * samples: their result is certain and maps exactly.
 */
#ifndef TESSERA_TUNE_WDL_FIT_H
#define TESSERA_TUNE_WDL_FIT_H

#include <stdbool.h>
#include <stddef.h>

#include "data/data_record.h"
#include "games/game.h"
#include "search/wdl.h"

typedef struct {
    double score;
    WdlContext context; /* colour to move, turns left */
    DataResult result;
    bool held_out; /* in a held-out game: for calibration, never for the fit */
} WdlSample;

/* The fit's plausible box: a constant beyond it means the results do not
 * determine the model. */
#define WDL_FIT_SCALE_MIN 1.0
#define WDL_FIT_SCALE_MAX 100000.0
#define WDL_FIT_MARGIN_MAX 20000.0
#define WDL_FIT_BIAS_MAX 5000.0
#define WDL_FIT_GROWTH_MAX 1.0

/* Mean log-likelihood of model over the training (held_out false) or the
 * held-out samples; 0 when there are none. */
double wdl_mean_log_likelihood(const WdlModel *model, const WdlSample *samples, size_t count, bool held_out);

/* The most likely model for the training samples (Nelder-Mead on the
 * draw margin, the log of the scale, its growth and the two biases).
 * with_draws false fixes draw_margin at 0 (a game without draws); a colour
 * never to move keeps bias 0; samples all at one turns_left keep growth 0.  False, with err filled, when the samples cannot determine
 * it (no win or no loss, a constant beyond its box). */
bool wdl_fit(const WdlSample *samples, size_t count, bool with_draws, WdlModel *out, char *err,
             size_t err_size);

/* One tenth of the held-out samples, ranked by predicted win chance. */
typedef struct {
    size_t count;
    double predicted_win, observed_win;   /* means, 0..1 */
    double predicted_draw, observed_draw; /* means, 0..1 */
} WdlDecile;

#define WDL_DECILES 10

/* Fewer held-out samples than this give deciles too small to measure. */
#define WDL_MIN_HELD_OUT 200

/* The held-out samples in ten groups of (nearly) equal count, ranked by
 * the model's win chance.  False, with err filled, when there are fewer
 * than WDL_MIN_HELD_OUT of them (or no memory). */
bool wdl_calibration(const WdlModel *model, const WdlSample *samples, size_t count,
                     WdlDecile deciles[WDL_DECILES], char *err, size_t err_size);

#endif
