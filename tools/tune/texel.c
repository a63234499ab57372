/* texel.c - the Texel loss over threads, K's fit, the weights' fit. */
#include "tune/texel.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#define TEXEL_MAX_THREADS 256
/* Golden-section steps on log K: the bracket shrinks to 1e-6 of itself. */
#define K_SEARCH_STEPS 60

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

double texel_target(const TexelSample *s, double k, double lambda)
{
    double searched = s->proven ? (s->proven > 0 ? 1.0 : 0.0) : sigmoid(s->search_score / k);
    return lambda * searched + (1.0 - lambda) * s->result;
}

typedef struct {
    const TexelData *data;
    double k, lambda;
    bool validation;
    size_t begin, end;
    double sum;
    size_t count;
} LossPart;

static void *sum_part(void *arg)
{
    LossPart *part = arg;
    const TexelData *data = part->data;
    for (size_t i = part->begin; i < part->end; i++) {
        const TexelSample *s = &data->samples[i];
        if (s->validation != part->validation)
            continue;
        double error = sigmoid(data->game->evaluate(&s->position) / part->k) -
                       texel_target(s, part->k, part->lambda);
        part->sum += error * error;
        part->count++;
    }
    return NULL;
}

/* The loss with lambda given (K's fit uses 0). */
static double loss_with(const TexelData *data, double k, double lambda, bool validation)
{
    int threads = data->threads < 1 ? 1 : data->threads > TEXEL_MAX_THREADS ? TEXEL_MAX_THREADS
                                                                            : data->threads;
    LossPart parts[TEXEL_MAX_THREADS];
    pthread_t ids[TEXEL_MAX_THREADS];
    bool started[TEXEL_MAX_THREADS];
    size_t chunk = (data->count + (size_t)threads - 1) / (size_t)threads;
    for (int t = 0; t < threads; t++) {
        size_t begin = chunk * (size_t)t < data->count ? chunk * (size_t)t : data->count;
        size_t end = begin + chunk < data->count ? begin + chunk : data->count;
        parts[t] = (LossPart){data, k, lambda, validation, begin, end, 0.0, 0};
        /* The calling thread takes the first part; a thread that cannot
         * start has its part summed here too. */
        started[t] = t > 0 && pthread_create(&ids[t], NULL, sum_part, &parts[t]) == 0;
    }
    for (int t = 0; t < threads; t++)
        if (!started[t])
            sum_part(&parts[t]);
    double sum = 0.0;
    size_t count = 0;
    for (int t = 0; t < threads; t++) {
        if (started[t])
            pthread_join(ids[t], NULL);
        sum += parts[t].sum;
        count += parts[t].count;
    }
    return count ? sum / (double)count : 0.0;
}

double texel_loss(const TexelData *data, double k, bool validation)
{
    return loss_with(data, k, data->lambda, validation);
}

double texel_search_loss(const TexelData *data, double k, bool validation)
{
    double sum = 0.0;
    size_t count = 0;
    for (size_t i = 0; i < data->count; i++) {
        const TexelSample *s = &data->samples[i];
        if (s->validation != validation)
            continue;
        double error = texel_target(s, k, 1.0) - s->result;
        sum += error * error;
        count++;
    }
    return count ? sum / (double)count : 0.0;
}

double texel_fit_k(const TexelData *data)
{
    const double golden = (sqrt(5.0) - 1.0) / 2.0;
    double low = log(TEXEL_K_MIN), high = log(TEXEL_K_MAX);
    double a = high - golden * (high - low), b = low + golden * (high - low);
    double loss_a = loss_with(data, exp(a), 0.0, false);
    double loss_b = loss_with(data, exp(b), 0.0, false);
    for (int step = 0; step < K_SEARCH_STEPS; step++) {
        if (loss_a < loss_b) {
            high = b;
            b = a;
            loss_b = loss_a;
            a = high - golden * (high - low);
            loss_a = loss_with(data, exp(a), 0.0, false);
        } else {
            low = a;
            a = b;
            loss_a = loss_b;
            b = low + golden * (high - low);
            loss_b = loss_with(data, exp(b), 0.0, false);
        }
    }
    return exp((low + high) / 2.0);
}

void texel_get_weights(const Game *game, int *values)
{
    for (int i = 0; i < game->param_count; i++)
        values[i] = *game->params[i].value;
}

void texel_set_weights(const Game *game, const int *values)
{
    for (int i = 0; i < game->param_count; i++)
        *game->params[i].value = values[i];
}

static int clamp_to(const GameParam *param, long value)
{
    return value < param->min ? param->min : value > param->max ? param->max : (int)value;
}

/* Moves weight i by step in direction while the loss falls; true when it
 * moved.  The live weights follow values. */
static bool descend(const TexelData *data, double k, int *values, int i, int step, int direction,
                    double *best)
{
    const GameParam *param = &data->game->params[i];
    bool moved = false;
    for (;;) {
        int before = values[i];
        int candidate = clamp_to(param, (long)before + (long)direction * step);
        if (candidate == before)
            return moved;
        *param->value = candidate;
        double loss = texel_loss(data, k, false);
        if (!(loss < *best)) {
            *param->value = before;
            return moved;
        }
        *best = loss;
        values[i] = candidate;
        moved = true;
    }
}

int texel_fit_weights(const TexelData *data, double k, int *values, int max_passes,
                      TexelReport report, void *context)
{
    const Game *game = data->game;
    int count = game->param_count;
    int *step = malloc((size_t)(count > 0 ? count : 1) * sizeof *step);
    if (!step)
        return 0;
    for (int i = 0; i < count; i++) {
        values[i] = clamp_to(&game->params[i], values[i]);
        step[i] = abs(values[i]) / 4 > 1 ? abs(values[i]) / 4 : 1;
    }
    texel_set_weights(game, values);
    double best = texel_loss(data, k, false);
    int pass = 0;
    while (pass < max_passes) {
        pass++;
        bool any_moved = false, all_fine = true;
        for (int i = 0; i < count; i++) {
            all_fine &= step[i] == 1; /* this pass tried the finest step */
            bool moved = descend(data, k, values, i, step[i], +1, &best) ||
                         descend(data, k, values, i, step[i], -1, &best);
            any_moved |= moved;
            if (!moved && step[i] > 1)
                step[i] /= 2;
        }
        if (report)
            report(context, pass, best, values);
        if (!any_moved && all_fine)
            break;
    }
    free(step);
    return pass;
}
