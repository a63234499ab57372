/* spsa.c - fishtest's SPSA schedule, perturbation and update. */
#include "tune/spsa.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/rng.h"

SpsaSchedule spsa_default_schedule(int iterations)
{
    SpsaSchedule schedule;
    schedule.iterations = iterations;
    /* fishtest rounds A down to whole iterations. */
    schedule.A = floor(SPSA_DEFAULT_A_RATIO * iterations);
    schedule.alpha = SPSA_DEFAULT_ALPHA;
    schedule.gamma = SPSA_DEFAULT_GAMMA;
    schedule.delay = 0;
    return schedule;
}

static bool check_schedule(const SpsaSchedule *s, char *err, size_t err_size)
{
    if (s->iterations < 1) {
        snprintf(err, err_size, "SPSA needs at least 1 iteration, got %d", s->iterations);
        return false;
    }
    if (!(s->A >= 0) || !isfinite(s->A)) {
        snprintf(err, err_size, "SPSA A must be a number >= 0, got %g", s->A);
        return false;
    }
    if (!(s->alpha > 0 && s->alpha <= 10) || !(s->gamma > 0 && s->gamma <= 10)) {
        snprintf(err, err_size, "SPSA alpha and gamma must be in (0, 10], got %g and %g", s->alpha,
                 s->gamma);
        return false;
    }
    if (s->delay < 0 || s->delay > SPSA_MAX_DELAY) {
        snprintf(err, err_size, "SPSA delay must be 0 to %d (concurrency 1 to %d), got %d", SPSA_MAX_DELAY,
                 SPSA_MAX_DELAY + 1, s->delay);
        return false;
    }
    return true;
}

/* Names travel in CSV headers and setoption lines: no separators there. */
static bool check_name(const char *name, char *err, size_t err_size)
{
    size_t length = strlen(name);
    if (length == 0 || length >= SPSA_NAME_MAX) {
        snprintf(err, err_size, "parameter name '%s' is empty or longer than %d characters", name,
                 SPSA_NAME_MAX - 1);
        return false;
    }
    if (name[0] == ' ' || name[length - 1] == ' ' || strpbrk(name, ",\"\t\r\n")) {
        snprintf(err, err_size,
                 "parameter name '%s': no comma, quote, tab or edge blank allowed", name);
        return false;
    }
    return true;
}

static bool check_param(const SpsaParam *p, char *err, size_t err_size)
{
    if (!check_name(p->name, err, err_size))
        return false;
    const double numbers[] = {p->start, p->min, p->max, p->c_end, p->r_end};
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
        if (!isfinite(numbers[i])) {
            snprintf(err, err_size, "parameter %s: every number must be finite", p->name);
            return false;
        }
    if (!(p->min < p->max)) {
        snprintf(err, err_size, "parameter %s: min %g is not below max %g", p->name, p->min, p->max);
        return false;
    }
    if (p->start < p->min || p->start > p->max) {
        snprintf(err, err_size, "parameter %s: start %g is outside %g..%g", p->name, p->start,
                 p->min, p->max);
        return false;
    }
    if (!(p->c_end > 0) || p->r_end < 0) {
        snprintf(err, err_size, "parameter %s: c_end must be > 0 and r_end >= 0, got %g and %g",
                 p->name, p->c_end, p->r_end);
        return false;
    }
    return true;
}

bool spsa_init(Spsa *spsa, const SpsaSchedule *schedule, const SpsaParam *params, int count,
               uint64_t seed, char *err, size_t err_size)
{
    if (count < 1 || count > SPSA_MAX_PARAMS) {
        snprintf(err, err_size, "SPSA needs 1 to %d parameters, got %d", SPSA_MAX_PARAMS, count);
        return false;
    }
    if (!check_schedule(schedule, err, err_size))
        return false;
    memset(spsa, 0, sizeof *spsa);
    spsa->schedule = *schedule;
    spsa->seed = seed;
    spsa->count = count;
    double n = schedule->iterations;
    for (int i = 0; i < count; i++) {
        if (!check_param(&params[i], err, err_size))
            return false;
        for (int j = 0; j < i; j++)
            if (strcmp(params[j].name, params[i].name) == 0) {
                snprintf(err, err_size, "parameter %s is named twice", params[i].name);
                return false;
            }
        SpsaParam *p = &spsa->param[i];
        *p = params[i];
        p->theta = p->start;
        /* Chosen so that c_k = c_end and a_k / c_k^2 = r_end at the last iteration. */
        p->c = p->c_end * pow(n, schedule->gamma);
        p->a = p->r_end * p->c_end * p->c_end * pow(schedule->A + n, schedule->alpha);
        spsa->past[0][i] = p->theta;
    }
    return true;
}

/* The row of past that holds theta after m iterations. */
static int past_row(const Spsa *spsa, int m) { return m % (spsa->schedule.delay + 1); }

int spsa_base(const Spsa *spsa, int k) { return k > spsa->schedule.delay ? k - spsa->schedule.delay : 0; }

bool spsa_can_draw(const Spsa *spsa, int k)
{
    return spsa_base(spsa, k) <= spsa->done && k >= spsa->done;
}

void spsa_restore(Spsa *spsa, int iterations, const double *theta)
{
    for (int i = 0; i < spsa->count; i++) {
        spsa->param[i].theta = theta[i];
        spsa->past[past_row(spsa, iterations)][i] = theta[i];
    }
    spsa->done = iterations;
}

double spsa_c_k(const Spsa *spsa, int index, int k)
{
    return spsa->param[index].c / pow(k + 1.0, spsa->schedule.gamma);
}

double spsa_a_k(const Spsa *spsa, int index, int k)
{
    return spsa->param[index].a / pow(spsa->schedule.A + k + 1.0, spsa->schedule.alpha);
}

static double clamp(double value, const SpsaParam *p)
{
    return value < p->min ? p->min : value > p->max ? p->max : value;
}

void spsa_draw(const Spsa *spsa, int k, SpsaProbe *probe)
{
    /* One stream per iteration, so iteration k's flips depend on nothing
     * but the seed and k (resume, concurrency). */
    uint64_t mix = spsa->seed ^ ((uint64_t)k * 0xD1B54A32D192ED03ULL);
    Rng rng;
    rng_seed(&rng, splitmix64(&mix));
    memset(probe, 0, sizeof *probe);
    probe->iteration = k;
    probe->count = spsa->count;
    /* Not the current theta: the one k's base iterations made, so that what
     * k plays does not depend on which pairs in flight finished first. */
    const double *base = spsa->past[past_row(spsa, spsa_base(spsa, k))];
    for (int i = 0; i < spsa->count; i++) {
        const SpsaParam *p = &spsa->param[i];
        probe->flip[i] = (rng_next(&rng) >> 63) ? 1 : -1;
        probe->c_k[i] = spsa_c_k(spsa, i, k);
        probe->plus[i] = clamp(base[i] + probe->c_k[i] * probe->flip[i], p);
        probe->minus[i] = clamp(base[i] - probe->c_k[i] * probe->flip[i], p);
    }
}

void spsa_update(Spsa *spsa, const SpsaProbe *probe, int result)
{
    for (int i = 0; i < spsa->count && i < probe->count; i++) {
        SpsaParam *p = &spsa->param[i];
        /* fishtest's R * c with R = a_k / c_k^2: the gradient estimate
         * result / (2 c_k flip) times a_k, the 2 folded into a. */
        double step = spsa_a_k(spsa, i, probe->iteration) / probe->c_k[i];
        p->theta = clamp(p->theta + step * result * probe->flip[i], p);
    }
    spsa->done++;
    for (int i = 0; i < spsa->count; i++)
        spsa->past[past_row(spsa, spsa->done)][i] = spsa->param[i].theta;
}

long spsa_engine_value(double value) { return lround(value); }
