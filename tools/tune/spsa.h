/*
 * spsa.h - simultaneous perturbation stochastic approximation, the way
 * fishtest runs it, as pure arithmetic (no engines, no files).
 *
 * Each parameter has a value theta and fishtest's two step sizes: c_end,
 * the perturbation at the last iteration, and r_end, the learning rate at
 * the last iteration.  From them and the planned number of iterations N
 * (game pairs) come the gain numerators
 *
 *     c = c_end * N^gamma            a = r_end * c_end^2 * (A + N)^alpha
 *
 * and at iteration k (0-based) the gains
 *
 *     c_k = c / (k + 1)^gamma        a_k = a / (A + k + 1)^alpha.
 *
 * Iteration k plays theta + c_k * flip against theta - c_k * flip (both
 * clamped to min..max), flip a Rademacher vector (+1 or -1 per parameter),
 * and updates theta += (a_k / c_k) * result * flip, clamped, where result
 * is wins minus losses of the plus side over the pair.
 *
 * The flips of iteration k come from the seed and k alone, so a resumed
 * run draws exactly what the interrupted one would have drawn.
 *
 * Pairs played at once: asynchronous SPSA with a fixed delay d (the
 * tuner's -concurrency P gives d = P - 1).  Iteration k perturbs theta as
 * it stood after iterations 0..k-d-1 (the start values while k <= d), and
 * its update is applied, in iteration order, to theta after iterations
 * 0..k-1.  With d = 0 that is the sequential algorithm above.  What
 * iteration k plays is then fixed by the seed, d and the results of the
 * iterations before it, never by which pair happened to finish first, so
 * the same command gives the same run whatever the timing: a pair may
 * start only once the iteration k-d-1 it builds on has been applied
 * (spsa_can_draw).
 */
#ifndef TESSERA_TUNE_SPSA_H
#define TESSERA_TUNE_SPSA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The engine protocol caps the options one engine spec carries (the arena's
 * SPEC_MAX_OPTIONS); the tuned ones share that with Game, Backend, ... */
#define SPSA_MAX_PARAMS 40
#define SPSA_NAME_MAX 64
/* The largest delay: 256 pairs at once (the arena's TOURNAMENT_MAX_CONCURRENCY). */
#define SPSA_MAX_DELAY 255

/* fishtest's defaults: alpha and gamma from Spall, A a tenth of the run. */
#define SPSA_DEFAULT_ALPHA 0.602
#define SPSA_DEFAULT_GAMMA 0.101
#define SPSA_DEFAULT_A_RATIO 0.1

typedef struct {
    char name[SPSA_NAME_MAX];
    double start, min, max;
    double c_end, r_end;
    double theta; /* the current estimate */
    double c, a;  /* gain numerators, set by spsa_init */
} SpsaParam;

typedef struct {
    int iterations; /* N: game pairs planned for the whole run */
    double A, alpha, gamma;
    int delay; /* d: the latest updates iteration k does not see (0..SPSA_MAX_DELAY) */
} SpsaSchedule;

typedef struct {
    SpsaParam param[SPSA_MAX_PARAMS];
    int count;
    SpsaSchedule schedule;
    uint64_t seed;
    int done; /* iterations whose result has been applied */
    /* theta after m iterations, for m = done-d..done, in row m % (d+1):
     * what the pairs in flight perturb */
    double past[SPSA_MAX_DELAY + 1][SPSA_MAX_PARAMS];
} Spsa;

/* One iteration's perturbation: what the two engines play and what the
 * update needs.  Drawn from theta after iterations 0..k-d-1. */
typedef struct {
    int iteration; /* k */
    int count;
    signed char flip[SPSA_MAX_PARAMS];
    double c_k[SPSA_MAX_PARAMS];
    double plus[SPSA_MAX_PARAMS], minus[SPSA_MAX_PARAMS]; /* clamped */
} SpsaProbe;

/* fishtest's defaults for a run of iterations pairs, delay 0. */
SpsaSchedule spsa_default_schedule(int iterations);

/* Checks every parameter (min < max, start within, c_end > 0, r_end >= 0,
 * a name) and the schedule, then computes c and a and sets theta = start.
 * Fills err with what is wrong and returns false otherwise. */
bool spsa_init(Spsa *spsa, const SpsaSchedule *schedule, const SpsaParam *params, int count,
               uint64_t seed, char *err, size_t err_size);

double spsa_c_k(const Spsa *spsa, int index, int k);
double spsa_a_k(const Spsa *spsa, int index, int k);

/* How many iterations the theta that iteration k perturbs has seen:
 * max(0, k - d). */
int spsa_base(const Spsa *spsa, int k);

/* Whether iteration k can be drawn now: the theta it perturbs is known
 * (its base iterations are applied) and still kept (k >= done). */
bool spsa_can_draw(const Spsa *spsa, int k);

/* The perturbation of iteration k around theta after spsa_base(k)
 * iterations; spsa_can_draw(k) must hold. */
void spsa_draw(const Spsa *spsa, int k, SpsaProbe *probe);

/* Applies iteration done's result (wins minus losses of the plus side,
 * -2..2 for one pair; probe is that iteration's) to the current theta and
 * counts the iteration as done. */
void spsa_update(Spsa *spsa, const SpsaProbe *probe, int result);

/* For a resumed run: theta after `iterations` iterations, read back.  Given
 * for the last d+1 iterations of the history in order, it restores what
 * the pairs in flight perturb; the last call sets theta and done. */
void spsa_restore(Spsa *spsa, int iterations, const double *theta);

/* The whole number an engine's spin option receives for value. */
long spsa_engine_value(double value);

#endif
