/* wdl_fit.c - maximum-likelihood fit of a WdlModel and its calibration. */
#include "tune/wdl_fit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/wdl.h"

/* A probability of 0 would make one surprising game cost infinitely. */
#define WDL_FIT_FLOOR 1e-9

/* The model as the fit moves it: biases not yet rounded to centi-units. */
typedef struct {
    WdlModel shape; /* draw_margin, scale and growth; its own bias unused (0) */
    double bias[2];
} FreeModel;

static double chance_of_result(const FreeModel *m, const WdlSample *sample)
{
    double win, draw, loss;
    double score = sample->score - m->bias[sample->context.side == BLACK];
    wdl_chances(&m->shape, sample->context, score, &win, &draw, &loss);
    double p = sample->result == DATA_WIN ? win : sample->result == DATA_DRAW ? draw : loss;
    return p > WDL_FIT_FLOOR ? p : WDL_FIT_FLOOR;
}

static double mean_log_likelihood(const FreeModel *m, const WdlSample *samples, size_t count, bool held_out)
{
    double sum = 0.0;
    size_t used = 0;
    for (size_t i = 0; i < count; i++) {
        if (samples[i].held_out != held_out)
            continue;
        sum += log(chance_of_result(m, &samples[i]));
        used++;
    }
    return used ? sum / (double)used : 0.0;
}

double wdl_mean_log_likelihood(const WdlModel *model, const WdlSample *samples, size_t count, bool held_out)
{
    FreeModel m = {{model->draw_margin, model->scale, model->scale_growth, {0, 0}}, {model->bias[0], model->bias[1]}};
    return mean_log_likelihood(&m, samples, count, held_out);
}

/* ---- Nelder-Mead over the free constants ---- */

enum { FIT_MARGIN, FIT_LOG_SCALE, FIT_GROWTH, FIT_BIAS_WHITE, FIT_BIAS_BLACK, FIT_CONSTANTS };

typedef struct {
    const WdlSample *samples;
    size_t count;
    int free[FIT_CONSTANTS]; /* which constants the simplex moves */
    int dim;
    double fixed[FIT_CONSTANTS]; /* the values of the others */
} FitData;

static FreeModel model_at(const FitData *data, const double *x)
{
    double c[FIT_CONSTANTS];
    memcpy(c, data->fixed, sizeof c);
    for (int i = 0; i < data->dim; i++)
        c[data->free[i]] = x[i];
    return (FreeModel){{fabs(c[FIT_MARGIN]), exp(c[FIT_LOG_SCALE]), c[FIT_GROWTH], {0, 0}},
                       {c[FIT_BIAS_WHITE], c[FIT_BIAS_BLACK]}};
}

static double cost(const FitData *data, const double *x)
{
    FreeModel m = model_at(data, x);
    return -mean_log_likelihood(&m, data->samples, data->count, false);
}

#define NM_MAX_EVALS 6000

/* The simplex's vertices sorted by cost, best first. */
static void sort_simplex(double x[][FIT_CONSTANTS], double *f, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && f[j] < f[j - 1]; j--) {
            double t = f[j];
            f[j] = f[j - 1], f[j - 1] = t;
            for (int k = 0; k < FIT_CONSTANTS; k++) {
                t = x[j][k];
                x[j][k] = x[j - 1][k], x[j - 1][k] = t;
            }
        }
}

/* p = centroid + t * (centroid - worst), and its cost. */
static double try_point(const FitData *d, const double *centroid, const double *worst, double t, double *p)
{
    for (int k = 0; k < d->dim; k++)
        p[k] = centroid[k] + t * (centroid[k] - worst[k]);
    return cost(d, p);
}

/* Minimises cost from start (in place), with first steps of step. */
static void nelder_mead(const FitData *d, double *start, const double *step)
{
    int n = d->dim + 1, evals = 0;
    double x[FIT_CONSTANTS + 1][FIT_CONSTANTS], f[FIT_CONSTANTS + 1];
    for (int i = 0; i < n; i++) {
        memcpy(x[i], start, sizeof x[i]);
        if (i > 0)
            x[i][i - 1] += step[i - 1];
        f[i] = cost(d, x[i]);
        evals++;
    }
    while (evals < NM_MAX_EVALS) {
        sort_simplex(x, f, n);
        if (f[n - 1] - f[0] < 1e-11)
            break;
        double centroid[FIT_CONSTANTS] = {0}, r[FIT_CONSTANTS], e[FIT_CONSTANTS];
        for (int i = 0; i < n - 1; i++)
            for (int k = 0; k < d->dim; k++)
                centroid[k] += x[i][k] / (n - 1);
        double fr = try_point(d, centroid, x[n - 1], 1.0, r);
        evals++;
        if (fr < f[0]) {
            double fe = try_point(d, centroid, x[n - 1], 2.0, e);
            evals++;
            memcpy(x[n - 1], fe < fr ? e : r, sizeof x[n - 1]);
            f[n - 1] = fe < fr ? fe : fr;
        } else if (fr < f[n - 2]) {
            memcpy(x[n - 1], r, sizeof x[n - 1]);
            f[n - 1] = fr;
        } else {
            double fc = try_point(d, centroid, x[n - 1], -0.5, e);
            evals++;
            if (fc < f[n - 1]) {
                memcpy(x[n - 1], e, sizeof x[n - 1]);
                f[n - 1] = fc;
            } else {
                for (int i = 1; i < n; i++) {
                    for (int k = 0; k < d->dim; k++)
                        x[i][k] = x[0][k] + 0.5 * (x[i][k] - x[0][k]);
                    f[i] = cost(d, x[i]);
                    evals++;
                }
            }
        }
    }
    sort_simplex(x, f, n);
    memcpy(start, x[0], sizeof x[0]);
}

/* What the training samples hold: a fit needs both a win and a loss (and
 * a draw to place the draw margin, a colour to move to place its bias,
 * two different turns_left to place the growth). */
typedef struct {
    bool result[3];
    bool side[2];
    bool phases;
} Seen;

static bool results_seen(const WdlSample *samples, size_t count, Seen *seen)
{
    *seen = (Seen){0};
    int first_turns_left = -1;
    for (size_t i = 0; i < count; i++) {
        const WdlSample *s = &samples[i];
        if (s->held_out)
            continue;
        seen->result[s->result] = true;
        seen->side[s->context.side == BLACK] = true;
        if (first_turns_left < 0)
            first_turns_left = s->context.turns_left;
        seen->phases = seen->phases || s->context.turns_left != first_turns_left;
    }
    return seen->result[DATA_WIN] && seen->result[DATA_LOSS];
}

static bool beyond_box(const WdlModel *m)
{
    return m->scale < WDL_FIT_SCALE_MIN || m->scale > WDL_FIT_SCALE_MAX || m->draw_margin > WDL_FIT_MARGIN_MAX ||
           fabs(m->scale_growth) > WDL_FIT_GROWTH_MAX || fabs((double)m->bias[0]) > WDL_FIT_BIAS_MAX ||
           fabs((double)m->bias[1]) > WDL_FIT_BIAS_MAX;
}

bool wdl_fit(const WdlSample *samples, size_t count, bool with_draws, WdlModel *out, char *err,
             size_t err_size)
{
    Seen seen;
    if (!results_seen(samples, count, &seen)) {
        snprintf(err, err_size, "the training positions need both wins and losses (wins %s, losses %s)",
                 seen.result[DATA_WIN] ? "yes" : "none", seen.result[DATA_LOSS] ? "yes" : "none");
        return false;
    }
    if (with_draws && !seen.result[DATA_DRAW]) {
        snprintf(err, err_size, "a game with draws, but the training positions hold no draw");
        return false;
    }
    FitData d = {samples, count, {0}, 0, {0.0, log(100.0), 0.0, 0.0, 0.0}};
    const double first_step[FIT_CONSTANTS] = {30.0, 0.3, 0.02, 30.0, 30.0};
    bool is_free[FIT_CONSTANTS] = {with_draws, true, seen.phases, seen.side[0], seen.side[1]};
    double x[FIT_CONSTANTS], step[FIT_CONSTANTS];
    if (with_draws)
        d.fixed[FIT_MARGIN] = 50.0;
    for (int c = 0; c < FIT_CONSTANTS; c++)
        if (is_free[c]) {
            x[d.dim] = d.fixed[c];
            step[d.dim] = first_step[c];
            d.free[d.dim++] = c;
        }
    /* A second run from the first's answer: a simplex may stall early. */
    nelder_mead(&d, x, step);
    nelder_mead(&d, x, step);
    FreeModel m = model_at(&d, x);
    *out = (WdlModel){m.shape.draw_margin, m.shape.scale, m.shape.scale_growth,
                      {(int)lround(m.bias[0]), (int)lround(m.bias[1])}};
    if (beyond_box(out) || !isfinite(out->scale)) {
        snprintf(err, err_size, "the fit ran out of its plausible range (scale %.2f, growth %.4f, draw margin "
                 "%.2f, bias %d/%d): the scores do not predict these results", out->scale, out->scale_growth,
                 out->draw_margin, out->bias[0], out->bias[1]);
        return false;
    }
    return true;
}

typedef struct {
    double win, draw;
    DataResult result;
} Prediction;

static int by_predicted_win(const void *a, const void *b)
{
    double x = ((const Prediction *)a)->win, y = ((const Prediction *)b)->win;
    return (x > y) - (x < y);
}

bool wdl_calibration(const WdlModel *model, const WdlSample *samples, size_t count,
                     WdlDecile deciles[WDL_DECILES], char *err, size_t err_size)
{
    size_t n = 0;
    for (size_t i = 0; i < count; i++)
        n += samples[i].held_out;
    if (n < WDL_MIN_HELD_OUT) {
        snprintf(err, err_size, "%zu held-out positions: too few for ten deciles (need %d)", n,
                 WDL_MIN_HELD_OUT);
        return false;
    }
    Prediction *p = malloc(n * sizeof *p);
    if (!p) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    size_t k = 0;
    for (size_t i = 0; i < count; i++) {
        if (!samples[i].held_out)
            continue;
        double loss;
        wdl_chances(model, samples[i].context, samples[i].score, &p[k].win, &p[k].draw, &loss);
        p[k++].result = samples[i].result;
    }
    qsort(p, n, sizeof *p, by_predicted_win);
    for (int d = 0; d < WDL_DECILES; d++) {
        size_t from = n * (size_t)d / WDL_DECILES, to = n * (size_t)(d + 1) / WDL_DECILES;
        WdlDecile sum = {to - from, 0, 0, 0, 0};
        for (size_t i = from; i < to; i++) {
            sum.predicted_win += p[i].win;
            sum.predicted_draw += p[i].draw;
            sum.observed_win += p[i].result == DATA_WIN;
            sum.observed_draw += p[i].result == DATA_DRAW;
        }
        double c = (double)sum.count;
        deciles[d] = (WdlDecile){sum.count, sum.predicted_win / c, sum.observed_win / c,
                                 sum.predicted_draw / c, sum.observed_draw / c};
    }
    free(p);
    return true;
}
