/*
 * stats.h - match statistics as pure functions of result counts.
 *
 * The formulas follow fastchess and fishtest so numbers can be compared
 * with theirs: Elo is logistic Elo from the mean score, the 95% interval
 * comes from the sample variance of the per-game (trinomial) or per-pair
 * (pentanomial) scores, normalised Elo divides the score excess by that
 * standard deviation, and the SPRT log-likelihood ratio is the generalised
 * (GSPRT) one of Michel Van den Bergh's "Comments on Normalized Elo":
 * maximum-likelihood distributions with mean score s0 and s1 under the
 * empirical frequencies; bounds in logistic Elo (mean score s0, s1) or in
 * normalised Elo (section 4 of the same paper, as fishtest's
 * LLR_normalized and fastchess's getLLR_normalized).
 */
#ifndef TESSERA_ARENA_STATS_H
#define TESSERA_ARENA_STATS_H

#include <stdbool.h>
#include <stdint.h>

/* Game results from one side's point of view. */
typedef struct {
    int64_t wins, draws, losses;
} Wdl;

/* Results of game pairs (same opening, colours reversed) from one side's
 * point of view: ll = lost both ... ww = won both.  wl and dd both score
 * one point out of two and are merged by the pentanomial model, but are
 * kept apart for the WL/DD ratio. */
typedef struct {
    int64_t ll, ld, wl, dd, wd, ww;
} Pentanomial;

typedef struct {
    int64_t samples;   /* games (trinomial) or pairs (pentanomial) */
    double score;      /* mean score per game, 0..1 */
    double variance;   /* per sample of the per-game score */
    double elo;        /* logistic Elo difference; +-INFINITY at 1 and 0 */
    double elo_error;  /* half-width of the 95% interval, in Elo */
    double nelo;       /* normalised Elo */
    double nelo_error;
    double los;        /* likelihood of superiority, 0..1 */
} EloEstimate;

/* Two-sided 95% quantile of the normal distribution. */
#define STATS_Z95 1.959963984540054

double stats_elo_from_score(double score);
double stats_score_from_elo(double elo);

int64_t wdl_games(Wdl wdl);
double wdl_points(Wdl wdl);
int64_t penta_pairs(Pentanomial penta);

/* False when there are no samples (the estimate is then all zeros). */
bool stats_elo_wdl(Wdl wdl, EloEstimate *out);
bool stats_elo_penta(Pentanomial penta, EloEstimate *out);

/* SPRT decision bounds on the LLR: lower = ln(beta/(1-alpha)),
 * upper = ln((1-beta)/alpha). */
void sprt_bounds(double alpha, double beta, double *lower, double *upper);

/* One line saying what is wrong with SPRT parameters, or NULL when they
 * are usable. */
const char *sprt_check(double elo0, double elo1, double alpha, double beta);

/* How elo0 and elo1 are read.  Logistic: Elo from the expected score
 * (s = 1 / (1 + 10^(-elo/400))).  Normalized (fishtest's and fastchess's
 * default): normalised Elo, the score excess per standard deviation of a
 * game's score, t = (s - 1/2) / sigma = nelo / (800 / ln 10), so that a
 * bound means the same whatever the draw rate. */
typedef enum { SPRT_NORMALIZED, SPRT_LOGISTIC } SprtModel;

const char *sprt_model_name(SprtModel model);

/* Generalised LLR of H1 (elo1) against H0 (elo0), each the
 * maximum-likelihood distribution of the empirical frequencies under the
 * model's constraint.  Zero counts are replaced by 1e-3 first (as fishtest
 * and fastchess do) so that an early run does not divide by zero. */
double sprt_llr_penta(Pentanomial penta, double elo0, double elo1, SprtModel model);
double sprt_llr_wdl(Wdl wdl, double elo0, double elo1, SprtModel model);

typedef enum { SPRT_CONTINUE, SPRT_ACCEPT_H0, SPRT_ACCEPT_H1 } SprtVerdict;

/* -sprt elo0=E0 elo1=E1 alpha=A beta=B model=M; on is false without -sprt. */
typedef struct {
    bool on;
    double elo0, elo1, alpha, beta;
    SprtModel model;
} SprtSettings;
SprtVerdict sprt_verdict(double llr, double lower, double upper);

#endif
