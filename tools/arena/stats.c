/* stats.c - Elo, intervals, LOS and the generalised SPRT (see stats.h). */
#include "arena/stats.h"

#include <math.h>
#include <stddef.h>

/* 800 / ln 10: converts a score excess per standard deviation into
 * normalised Elo. */
#define NELO_SCALE (800.0 / 2.302585092994046)

double stats_elo_from_score(double score)
{
    if (score <= 0.0)
        return -INFINITY;
    if (score >= 1.0)
        return INFINITY;
    return 400.0 * log10(score / (1.0 - score));
}

double stats_score_from_elo(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

int64_t wdl_games(Wdl wdl) { return wdl.wins + wdl.draws + wdl.losses; }

double wdl_points(Wdl wdl) { return (double)wdl.wins + 0.5 * (double)wdl.draws; }

int64_t penta_pairs(Pentanomial p) { return p.ll + p.ld + p.wl + p.dd + p.wd + p.ww; }

/* Mean and variance of a discrete score distribution given by counts. */
static void mean_variance(const double *scores, const double *counts, int n, double total,
                          double *mean, double *variance)
{
    double mu = 0.0;
    for (int i = 0; i < n; i++)
        mu += scores[i] * counts[i] / total;
    double var = 0.0;
    for (int i = 0; i < n; i++)
        var += counts[i] / total * (scores[i] - mu) * (scores[i] - mu);
    *mean = mu;
    *variance = var;
}

/* variance is that of one sample's score; pair_factor is 1 for games and 2
 * for pairs (a pair's per-game score has half the variance of two games). */
static void fill_estimate(EloEstimate *e, int64_t samples, double score, double variance,
                          double pair_factor)
{
    e->samples = samples;
    e->score = score;
    e->variance = variance;
    double sd_mean = sqrt(variance / (double)samples);
    double low = score - STATS_Z95 * sd_mean, high = score + STATS_Z95 * sd_mean;
    e->elo = stats_elo_from_score(score);
    /* An interval that reaches a score of 0 or 1 is unbounded in Elo. */
    e->elo_error = low <= 0.0 || high >= 1.0
                       ? INFINITY
                       : (stats_elo_from_score(high) - stats_elo_from_score(low)) / 2.0;
    if (variance > 0.0) {
        double sd_game = sqrt(pair_factor * variance);
        e->nelo = (score - 0.5) / sd_game * NELO_SCALE;
        e->nelo_error = (high - low) / 2.0 / sd_game * NELO_SCALE;
        e->los = 0.5 * (1.0 + erf((score - 0.5) / sqrt(2.0 * variance / (double)samples)));
    } else { /* every sample alike: all draws (0), or a sweep (infinite) */
        e->nelo = score > 0.5 ? INFINITY : score < 0.5 ? -INFINITY : 0.0;
        e->nelo_error = score != 0.5 ? INFINITY : 0.0;
        e->los = score > 0.5 ? 1.0 : score < 0.5 ? 0.0 : 0.5;
    }
}

bool stats_elo_wdl(Wdl wdl, EloEstimate *out)
{
    *out = (EloEstimate){0};
    int64_t n = wdl_games(wdl);
    if (n == 0)
        return false;
    const double scores[3] = {0.0, 0.5, 1.0};
    const double counts[3] = {(double)wdl.losses, (double)wdl.draws, (double)wdl.wins};
    double mean, variance;
    mean_variance(scores, counts, 3, (double)n, &mean, &variance);
    fill_estimate(out, n, mean, variance, 1.0);
    return true;
}

bool stats_elo_penta(Pentanomial p, EloEstimate *out)
{
    *out = (EloEstimate){0};
    int64_t n = penta_pairs(p);
    if (n == 0)
        return false;
    const double scores[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
    const double counts[5] = {(double)p.ll, (double)p.ld, (double)(p.wl + p.dd), (double)p.wd,
                              (double)p.ww};
    double mean, variance;
    mean_variance(scores, counts, 5, (double)n, &mean, &variance);
    fill_estimate(out, n, mean, variance, 2.0);
    return true;
}

void sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
    *lower = log(beta / (1.0 - alpha));
    *upper = log((1.0 - beta) / alpha);
}

const char *sprt_check(double elo0, double elo1, double alpha, double beta)
{
    if (!(elo0 < elo1))
        return "elo0 must be less than elo1";
    if (!(alpha > 0.0 && alpha < 1.0))
        return "alpha must lie strictly between 0 and 1";
    if (!(beta > 0.0 && beta < 1.0))
        return "beta must lie strictly between 0 and 1";
    if (!(alpha + beta < 1.0))
        return "alpha + beta must be less than 1";
    if (!(elo0 > -1000.0 && elo1 < 1000.0))
        return "elo0 and elo1 must lie within -1000..1000";
    return NULL;
}

/* The maximum-likelihood distribution with mean score s closest to the
 * empirical one is p_i = phat_i / (1 + theta (a_i - s)), theta the root of
 * sum phat_i (a_i - s) / (1 + theta (a_i - s)) = 0 (proposition 1.1 of Van
 * den Bergh).  The sum falls with theta across the interval where every
 * denominator stays positive, so bisection finds the root. */
static double mle_theta(const double *scores, const double *phat, int n, double s)
{
    double lo = -1.0 / (scores[n - 1] - s), hi = -1.0 / (scores[0] - s);
    for (int iter = 0; iter < 200; iter++) {
        double mid = 0.5 * (lo + hi);
        double sum = 0.0;
        for (int i = 0; i < n; i++)
            sum += phat[i] * (scores[i] - s) / (1.0 + mid * (scores[i] - s));
        if (sum > 0.0)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

static double llr_logistic(const double *scores, const double *counts, int n, double elo0,
                           double elo1)
{
    double total = 0.0, phat[5] = {0};
    for (int i = 0; i < n; i++)
        total += counts[i];
    for (int i = 0; i < n; i++)
        phat[i] = counts[i] / total;
    double s0 = stats_score_from_elo(elo0), s1 = stats_score_from_elo(elo1);
    double theta0 = mle_theta(scores, phat, n, s0), theta1 = mle_theta(scores, phat, n, s1);
    double llr = 0.0;
    for (int i = 0; i < n; i++) {
        double p0 = phat[i] / (1.0 + theta0 * (scores[i] - s0));
        double p1 = phat[i] / (1.0 + theta1 * (scores[i] - s1));
        llr += phat[i] * (log(p1) - log(p0));
    }
    return total * llr;
}

/* The maximum-likelihood distribution with normalised score
 * t = (mu - 1/2) / sigma = t_star nearest the empirical one (section 4.1
 * of Van den Bergh): a fixed point of p_i = phat_i / (1 + theta phi_i),
 * phi_i = a_i - 1/2 - t_star sigma (1 + ((a_i - mu) / sigma)^2) / 2 with mu
 * and sigma those of the previous p, starting from the uniform
 * distribution; theta is the root of sum phat_i phi_i / (1 + theta phi_i)
 * on the interval where every denominator is positive. */
static void mle_normalized(const double *scores, const double *phat, int n, double t_star, double *p)
{
    for (int i = 0; i < n; i++)
        p[i] = 1.0 / n;
    for (int iter = 0; iter < 100; iter++) {
        double mu, var, phi[5] = {0}, u = INFINITY, v = -INFINITY;
        mean_variance(scores, p, n, 1.0, &mu, &var);
        double sigma = sqrt(var);
        for (int i = 0; i < n; i++) {
            double z = (scores[i] - mu) / sigma;
            phi[i] = scores[i] - 0.5 - 0.5 * t_star * sigma * (1.0 + z * z);
            u = fmin(u, phi[i]);
            v = fmax(v, phi[i]);
        }
        double lo = -1.0 / v, hi = -1.0 / u;
        for (int b = 0; b < 200; b++) {
            double mid = 0.5 * (lo + hi), sum = 0.0;
            for (int i = 0; i < n; i++)
                sum += phat[i] * phi[i] / (1.0 + mid * phi[i]);
            if (sum > 0.0)
                lo = mid;
            else
                hi = mid;
        }
        double theta = 0.5 * (lo + hi), change = 0.0;
        for (int i = 0; i < n; i++) {
            double next = phat[i] / (1.0 + theta * phi[i]);
            change = fmax(change, fabs(next - p[i]));
            p[i] = next;
        }
        if (change < 1e-12)
            break;
    }
}

/* t of the bounds: normalised Elo over 800 / ln 10 per game; a pair's
 * score has half a game's variance, so sqrt(2) times that per pair. */
static double llr_normalized(const double *scores, const double *counts, int n, double elo0, double elo1)
{
    double total = 0.0, phat[5] = {0}, p0[5] = {0}, p1[5] = {0};
    for (int i = 0; i < n; i++)
        total += counts[i];
    for (int i = 0; i < n; i++)
        phat[i] = counts[i] / total;
    double per_sample = n == 5 ? sqrt(2.0) / NELO_SCALE : 1.0 / NELO_SCALE;
    mle_normalized(scores, phat, n, elo0 * per_sample, p0);
    mle_normalized(scores, phat, n, elo1 * per_sample, p1);
    double llr = 0.0;
    for (int i = 0; i < n; i++)
        llr += phat[i] * (log(p1[i]) - log(p0[i]));
    return total * llr;
}

static double llr_of_model(const double *scores, const double *counts, int n, double elo0, double elo1,
                           SprtModel model)
{
    return model == SPRT_LOGISTIC ? llr_logistic(scores, counts, n, elo0, elo1)
                                  : llr_normalized(scores, counts, n, elo0, elo1);
}

const char *sprt_model_name(SprtModel model) { return model == SPRT_LOGISTIC ? "logistic" : "normalized"; }

static double regularize(int64_t count) { return count == 0 ? 1e-3 : (double)count; }

double sprt_llr_penta(Pentanomial p, double elo0, double elo1, SprtModel model)
{
    const double scores[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
    const double counts[5] = {regularize(p.ll), regularize(p.ld), regularize(p.wl + p.dd),
                              regularize(p.wd), regularize(p.ww)};
    return llr_of_model(scores, counts, 5, elo0, elo1, model);
}

double sprt_llr_wdl(Wdl wdl, double elo0, double elo1, SprtModel model)
{
    const double scores[3] = {0.0, 0.5, 1.0};
    const double counts[3] = {regularize(wdl.losses), regularize(wdl.draws), regularize(wdl.wins)};
    return llr_of_model(scores, counts, 3, elo0, elo1, model);
}

SprtVerdict sprt_verdict(double llr, double lower, double upper)
{
    if (llr >= upper)
        return SPRT_ACCEPT_H1;
    if (llr <= lower)
        return SPRT_ACCEPT_H0;
    return SPRT_CONTINUE;
}
