/* test_arena_stats.c - Elo, intervals, LOS and the pentanomial GSPRT against
 * hand-computed values (the formulas of fastchess and fishtest). */
#include <math.h>

#include "harness.h"

#include "arena/report.h"
#include "arena/results.h"
#include "arena/stats.h"

#define CHECK_NEAR(actual, expected, tolerance)                                     \
    do {                                                                            \
        double a_ = (actual), e_ = (expected);                                      \
        if (!(fabs(a_ - e_) <= (tolerance))) {                                      \
            char m_[256];                                                           \
            snprintf(m_, sizeof m_, "%s == %.12g, expected %.12g", #actual, a_, e_); \
            harness_fail(__FILE__, __LINE__, m_);                                   \
        }                                                                           \
    } while (0)

/* Score 3/4 is Elo 400 log10(3). */
static void test_elo_of_three_quarters_score(void)
{
    CHECK_NEAR(stats_elo_from_score(0.75), 190.848501887865, 1e-9);
    CHECK_NEAR(stats_elo_from_score(0.5), 0.0, 1e-12);
    CHECK_NEAR(stats_score_from_elo(190.848501887865), 0.75, 1e-12);
    CHECK(isinf(stats_elo_from_score(1.0)) && stats_elo_from_score(1.0) > 0);
    CHECK(isinf(stats_elo_from_score(0.0)) && stats_elo_from_score(0.0) < 0);
}

/* What an estimate must hold, to 1e-12 for the score and its variance
 * and 1e-9 for what is computed from them. */
typedef struct {
    int samples;
    double score, variance, elo, elo_error, nelo, nelo_error, los;
} ExpectedEstimate;

static void check_estimate(const EloEstimate *e, const ExpectedEstimate *want)
{
    CHECK_EQ_INT(e->samples, want->samples);
    CHECK_NEAR(e->score, want->score, 1e-12);
    CHECK_NEAR(e->variance, want->variance, 1e-12);
    CHECK_NEAR(e->elo, want->elo, 1e-9);
    CHECK_NEAR(e->elo_error, want->elo_error, 1e-9);
    CHECK_NEAR(e->nelo, want->nelo, 1e-9);
    CHECK_NEAR(e->nelo_error, want->nelo_error, 1e-9);
    CHECK_NEAR(e->los, want->los, 1e-9);
}

/* W 45, D 20, L 35: score 0.55, per-game variance
 * (45 * 0.45^2 + 20 * 0.05^2 + 35 * 0.55^2) / 100 = 0.1975, standard error
 * sqrt(0.1975 / 100); interval 0.55 -+ 1.96 * 0.04444 = [0.4629, 0.6371]. */
static void test_elo_and_interval_for_wdl(void)
{
    EloEstimate e;
    CHECK(stats_elo_wdl((Wdl){45, 20, 35}, &e));
    check_estimate(&e, &(ExpectedEstimate){100, 0.55, 0.1975, 34.86007028756008, 61.799682733834146,
                                           39.0895573622628, 68.09612345718845, 0.8697241060957066});
}

/* Pairs LL 3, LD 12, WL 10, DD 15, WD 14, WW 6 (60 pairs): pair scores
 * 0, .25, .5, .75, 1 with counts 3, 12, 25, 14, 6 give a mean of 32/60 and
 * a variance of 0.0634722... per pair. */
static void test_elo_and_interval_for_pentanomial(void)
{
    EloEstimate e;
    CHECK(stats_elo_penta((Pentanomial){3, 12, 10, 15, 14, 6}, &e));
    check_estimate(&e, &(ExpectedEstimate){60, 32.0 / 60.0, 0.06347222222222222, 23.196778791074703,
                                           44.74318720804069, 32.504702381564314, 62.16297149359801,
                                           0.8472842473884831});
}

static void test_no_games_give_no_estimate(void)
{
    EloEstimate e;
    CHECK(!stats_elo_wdl((Wdl){0, 0, 0}, &e));
    CHECK(!stats_elo_penta((Pentanomial){0}, &e));
}

/* A clean sweep has an unbounded interval, not a NaN one. */
static void test_clean_sweep_interval_is_infinite(void)
{
    EloEstimate e;
    CHECK(stats_elo_wdl((Wdl){10, 0, 0}, &e));
    CHECK(isinf(e.elo) && e.elo > 0);
    CHECK(isinf(e.elo_error));
    CHECK(isinf(e.nelo) && e.nelo > 0);
    CHECK_NEAR(e.los, 1.0, 0);
}

/* Only draws: no spread, so no interval and an undecided LOS. */
static void test_all_draws_have_zero_spread(void)
{
    EloEstimate e;
    CHECK(stats_elo_wdl((Wdl){0, 8, 0}, &e));
    CHECK_NEAR(e.elo, 0.0, 1e-12);
    CHECK_NEAR(e.elo_error, 0.0, 1e-12);
    CHECK_NEAR(e.nelo, 0.0, 0);
    CHECK_NEAR(e.los, 0.5, 0);
}

/* alpha = beta = 0.05: bounds -+ ln 19. */
static void test_sprt_bounds_for_five_percent(void)
{
    double lower, upper;
    sprt_bounds(0.05, 0.05, &lower, &upper);
    CHECK_NEAR(lower, -2.9444389791664403, 1e-12);
    CHECK_NEAR(upper, 2.9444389791664403, 1e-12);
    sprt_bounds(0.05, 0.1, &lower, &upper);
    CHECK_NEAR(lower, log(0.1 / 0.95), 1e-12);
    CHECK_NEAR(upper, log(0.9 / 0.05), 1e-12);
}

/* The pentanomial GSPRT LLR of the counts above, elo0 = 0, elo1 = 5; the
 * textbook approximation N (s1 - s0)(2s - s0 - s1) / (2 var) = 0.20225
 * agrees to 1%. */
static void test_pentanomial_llr_for_given_counts(void)
{
    Pentanomial p = {3, 12, 10, 15, 14, 6};
    CHECK_NEAR(sprt_llr_penta(p, 0.0, 5.0, SPRT_LOGISTIC), 0.20093758514954937, 1e-7);
    CHECK_NEAR(sprt_llr_penta(p, -5.0, 0.0, SPRT_LOGISTIC), 0.24845725464563045, 1e-7);
    double s0 = stats_score_from_elo(0.0), s1 = stats_score_from_elo(5.0), s = 32.0 / 60.0;
    double approximation = 60.0 * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * 0.06347222222222222);
    CHECK_NEAR(sprt_llr_penta(p, 0.0, 5.0, SPRT_LOGISTIC), approximation, 0.01 * approximation);
}

static void test_trinomial_llr_for_given_counts(void)
{
    CHECK_NEAR(sprt_llr_wdl((Wdl){45, 20, 35}, 0.0, 5.0, SPRT_LOGISTIC), 0.16698175738295348, 1e-7);
}

/* A mirror-symmetric sample favours neither -5 nor +5. */
static void test_symmetric_pairs_have_zero_llr(void)
{
    CHECK_NEAR(sprt_llr_penta((Pentanomial){7, 11, 4, 9, 11, 7}, -5.0, 5.0, SPRT_LOGISTIC), 0.0, 1e-9);
}

/* Zero counts are regularised to 1e-3 before the MLE (fishtest). */
static void test_llr_regularises_empty_cells(void)
{
    CHECK_NEAR(sprt_llr_penta((Pentanomial){0, 0, 4, 6, 20, 5}, 0.0, 10.0, SPRT_LOGISTIC), 0.9928293864520655, 1e-6);
    CHECK(isfinite(sprt_llr_penta((Pentanomial){0}, 0.0, 5.0, SPRT_LOGISTIC)));
}

/* The normalized-Elo GSPRT (fishtest's and fastchess's default) of the
 * counts above.  Expected values were computed with an independent
 * Python transcription of fishtest's LLRcalc (MLE_t_value with
 * secular(), iterated to convergence): t = nelo / (800 / ln 10) per game,
 * times sqrt(2) per pair, zero counts regularised to 1e-3.  Van den
 * Bergh's approximation N (t1 - t0)(2t - t0 - t1) / 2 with
 * t = (mu - 1/2) / sigma_pair = 0.13255 gives 0.14914, within 1%. */
static void test_normalized_llr_for_given_counts(void)
{
    Pentanomial p = {3, 12, 10, 15, 14, 6};
    CHECK_NEAR(sprt_llr_penta(p, 0.0, 5.0, SPRT_NORMALIZED), 0.14854316168340587, 1e-7);
    CHECK_NEAR(sprt_llr_penta(p, -5.0, 0.0, SPRT_NORMALIZED), 0.1732121973868447, 1e-7);
    CHECK_NEAR(sprt_llr_penta(p, 0.0, 5.0, SPRT_NORMALIZED), 0.1491392576833899, 0.01 * 0.149);
    CHECK_NEAR(sprt_llr_wdl((Wdl){45, 20, 35}, 0.0, 5.0, SPRT_NORMALIZED), 0.150546929848206, 1e-7);
    CHECK_NEAR(sprt_llr_penta((Pentanomial){0, 0, 4, 6, 20, 5}, 0.0, 10.0, SPRT_NORMALIZED), 0.9053647245709874,
               1e-6);
    CHECK_NEAR(sprt_llr_penta((Pentanomial){7, 11, 4, 9, 11, 7}, -5.0, 5.0, SPRT_NORMALIZED), 0.0, 1e-9);
    CHECK(isfinite(sprt_llr_penta((Pentanomial){0}, 0.0, 5.0, SPRT_NORMALIZED)));
}

static void test_sprt_model_names(void)
{
    CHECK_STR(sprt_model_name(SPRT_NORMALIZED), "normalized");
    CHECK_STR(sprt_model_name(SPRT_LOGISTIC), "logistic");
}

/* Games 1 and 2 from one opening with the colours reversed, won by each
 * side once, then games 3 and 4 likewise, all won by engine 0. */
static void fill_two_openings(ResultTable *t, bool paired)
{
    results_init(t);
    results_engine(t, "A");
    results_engine(t, "B");
    for (int64_t round = 1; round <= 4; round++) {
        bool reversed = round % 2 == 0;
        GameOutcome g = {round, reversed ? 1 : 0, reversed ? 0 : 1, reversed ? RESULT_P2_WINS : RESULT_P1_WINS,
                         TERM_NORMAL, round <= 2 ? 11 : 12, 1, paired};
        results_add(t, &g);
    }
}

/* Without -repeat two consecutive games that happen to share a random
 * opening are no pair: the statistics stay trinomial (per game). */
static void test_unrepeated_games_never_form_pairs(void)
{
    ResultTable t;
    PairTally tally;
    SprtSettings sprt = {true, -10.0, 10.0, 0.05, 0.05, SPRT_NORMALIZED};
    fill_two_openings(&t, false);
    results_pair(&t, 0, 1, &tally);
    CHECK_EQ_INT(penta_pairs(tally.penta), 0);
    CHECK_EQ_INT(tally.wdl.wins, 4);
    CHECK_NEAR(report_llr(&tally, &sprt), sprt_llr_wdl(tally.wdl, -10.0, 10.0, SPRT_NORMALIZED), 1e-12);
    results_free(&t);
    fill_two_openings(&t, true);
    results_pair(&t, 0, 1, &tally);
    CHECK_EQ_INT(penta_pairs(tally.penta), 2);
    CHECK_EQ_INT(tally.penta.ww, 2);
    CHECK_NEAR(report_llr(&tally, &sprt), sprt_llr_penta(tally.penta, -10.0, 10.0, SPRT_NORMALIZED), 1e-12);
    results_free(&t);
}

/* Game numbers count within a run (seed): game 2 of one run and game 1 of
 * another never pair, even from one opening. */
static void test_pairs_stay_within_one_seed(void)
{
    ResultTable t;
    PairTally tally;
    results_init(&t);
    results_engine(&t, "A");
    results_engine(&t, "B");
    GameOutcome first = {1, 0, 1, RESULT_P1_WINS, TERM_NORMAL, 11, 7, true};
    GameOutcome second = {2, 1, 0, RESULT_P2_WINS, TERM_NORMAL, 11, 8, true};
    results_add(&t, &second);
    results_add(&t, &first);
    results_pair(&t, 0, 1, &tally);
    CHECK_EQ_INT(penta_pairs(tally.penta), 0);
    CHECK_EQ_INT(wdl_games(tally.wdl), 2);
    results_free(&t);
}

static void test_sprt_verdicts(void)
{
    CHECK_EQ_INT(sprt_verdict(3.0, -2.94, 2.94), SPRT_ACCEPT_H1);
    CHECK_EQ_INT(sprt_verdict(-3.0, -2.94, 2.94), SPRT_ACCEPT_H0);
    CHECK_EQ_INT(sprt_verdict(0.5, -2.94, 2.94), SPRT_CONTINUE);
}

static void test_sprt_parameters_are_checked(void)
{
    CHECK(sprt_check(0, 5, 0.05, 0.05) == NULL);
    CHECK_CONTAINS(sprt_check(5, 5, 0.05, 0.05), "elo0 must be less than elo1");
    CHECK_CONTAINS(sprt_check(0, 5, 0, 0.05), "alpha");
    CHECK_CONTAINS(sprt_check(0, 5, 0.05, 1.5), "beta");
    CHECK_CONTAINS(sprt_check(0, 5, 0.6, 0.5), "alpha + beta");
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_elo_of_three_quarters_score);
    RUN(test_elo_and_interval_for_wdl);
    RUN(test_elo_and_interval_for_pentanomial);
    RUN(test_no_games_give_no_estimate);
    RUN(test_clean_sweep_interval_is_infinite);
    RUN(test_all_draws_have_zero_spread);
    RUN(test_sprt_bounds_for_five_percent);
    RUN(test_pentanomial_llr_for_given_counts);
    RUN(test_trinomial_llr_for_given_counts);
    RUN(test_symmetric_pairs_have_zero_llr);
    RUN(test_llr_regularises_empty_cells);
    RUN(test_normalized_llr_for_given_counts);
    RUN(test_sprt_model_names);
    RUN(test_unrepeated_games_never_form_pairs);
    RUN(test_pairs_stay_within_one_seed);
    RUN(test_sprt_verdicts);
    RUN(test_sprt_parameters_are_checked);
    return harness_end();
}
