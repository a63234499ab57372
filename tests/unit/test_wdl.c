/* test_wdl.c - the win/draw/loss model: the conversion the protocol prints
 * (src/search/wdl.c), every game's constants, and the fitter of
 * `tessera-tune wdl` (tools/tune/wdl_fit.c) recovering a known model. */
#include <math.h>
#include <string.h>

#include "games/registry.h"
#include "harness.h"
#include "search/wdl.h"
#include "tune/wdl_fit.h"
#include "util/rng.h"

static const WdlModel with_draws = {.draw_margin = 150.0, .scale = 120.0, .scale_growth = 0.0, .bias = {0, 0}};
static const WdlModel drawless = {.draw_margin = 0.0, .scale = 80.0, .scale_growth = 0.0, .bias = {0, 0}};
static const WdlModel biased = {.draw_margin = 40.0, .scale = 110.0, .scale_growth = 0.0, .bias = {120, -60}};
/* Scores say less early: the scale grows by 5% a turn left. */
static const WdlModel phased = {.draw_margin = 60.0, .scale = 50.0, .scale_growth = 0.05, .bias = {20, -10}};

/* side to move, turns_left */
static WdlContext at(int side, int turns_left) { return (WdlContext){side, turns_left}; }

/* The models every check runs over: two made up, and every game's own. */
static int models(const WdlModel **out, int capacity)
{
    int n = 0;
    out[n++] = &with_draws;
    out[n++] = &drawless;
    out[n++] = &biased;
    out[n++] = &phased;
    for (int g = 0; all_games[g] && n < capacity; g++)
        out[n++] = &all_games[g]->wdl;
    return n;
}

static void test_every_game_has_a_model(void)
{
    for (int g = 0; all_games[g]; g++)
        CHECK(wdl_model_known(&all_games[g]->wdl));
}

static void test_per_mille_sums_to_1000(void)
{
    const WdlModel *m[16];
    int n = models(m, 16);
    for (int i = 0; i < n; i++)
        for (int side = WHITE; side <= BLACK; side++)
            for (int turns = 0; turns <= 30; turns += 15)
                for (int score = -EVAL_BOUND; score <= EVAL_BOUND; score += 7) {
                    WdlPerMille w = wdl_of_score(m[i], at(side, turns), score);
                    CHECK_EQ_INT(w.win + w.draw + w.loss, 1000);
                    CHECK(w.win >= 0 && w.draw >= 0 && w.loss >= 0);
                }
}

/* A better score never lowers the win nor raises the loss (every
 * centi-unit where rounding steps: within +-6000). */
static void test_monotone_in_the_score(void)
{
    const WdlModel *m[16];
    int n = models(m, 16);
    for (int i = 0; i < n; i++)
        for (int side = WHITE; side <= BLACK; side++)
            for (int turns = 0; turns <= 30; turns += 15) {
                WdlPerMille before = wdl_of_score(m[i], at(side, turns), -6000);
                for (int score = -5999; score <= 6000; score++) {
                    WdlPerMille now = wdl_of_score(m[i], at(side, turns), score);
                    CHECK(now.win >= before.win);
                    CHECK(now.loss <= before.loss);
                    before = now;
                }
            }
}

/* d above the side's bias is d below it with win and loss swapped (with
 * no bias: the opponent's view of -x is x's, swapped). */
static void test_symmetric(void)
{
    const WdlModel *m[16];
    int n = models(m, 16);
    for (int i = 0; i < n; i++)
        for (int side = WHITE; side <= BLACK; side++)
            for (int d = 0; d <= EVAL_BOUND / 2; d += 3) {
                int centre = m[i]->bias[side];
                WdlPerMille up = wdl_of_score(m[i], at(side, 7), centre + d);
                WdlPerMille down = wdl_of_score(m[i], at(side, 7), centre - d);
                CHECK_EQ_INT(up.win, down.loss);
                CHECK_EQ_INT(up.draw, down.draw);
                CHECK_EQ_INT(up.loss, down.win);
            }
    WdlPerMille even = wdl_of_score(&with_draws, at(WHITE, 7), 0);
    CHECK_EQ_INT(even.win, even.loss);
}

/* The bias moves the curve: a colour whose scores overstate its chances
 * reads lower at the same score. */
static void test_bias_by_colour_to_move(void)
{
    WdlPerMille white = wdl_of_score(&biased, at(WHITE, 7), 120), black = wdl_of_score(&biased, at(BLACK, 7), -60);
    CHECK_EQ_INT(white.win, white.loss);
    CHECK_EQ_INT(black.win, black.loss);
    CHECK(wdl_of_score(&biased, at(WHITE, 7), 0).win < wdl_of_score(&biased, at(BLACK, 7), 0).win);
}

/* The form's values at a few points (Stockfish's: draw the rest). */
/* More turns left, a flatter curve: the same edge is worth less early. */
static void test_scores_say_less_with_more_turns_left(void)
{
    WdlPerMille early = wdl_of_score(&phased, at(WHITE, 12), 220), late = wdl_of_score(&phased, at(WHITE, 1), 220);
    CHECK(early.win < late.win);
    CHECK(early.loss > late.loss);
    /* No growth: the phase changes nothing. */
    WdlPerMille a = wdl_of_score(&biased, at(BLACK, 12), 80), b = wdl_of_score(&biased, at(BLACK, 1), 80);
    CHECK(a.win == b.win && a.draw == b.draw && a.loss == b.loss);
}

static void test_model_values(void)
{
    WdlPerMille even = wdl_of_score(&with_draws, at(BLACK, 7), 0);
    int expected = (int)lround(1000.0 / (1.0 + exp(150.0 / 120.0)));
    CHECK_EQ_INT(even.win, expected);
    CHECK_EQ_INT(even.draw, 1000 - 2 * expected);
    WdlPerMille far = wdl_of_score(&with_draws, at(WHITE, 7), EVAL_BOUND);
    CHECK_EQ_INT(far.win, 1000);
}

static void test_drawless_games_have_no_draw_mass(void)
{
    const Game *drawless_games[] = {game_by_id("columna"), game_by_id("roomandpillar")};
    for (int g = 0; g < 2; g++) {
        CHECK(drawless_games[g] != NULL);
        if (!drawless_games[g])
            continue;
        for (int side = WHITE; side <= BLACK; side++)
            for (int score = -3000; score <= 3000; score++)
                CHECK_EQ_INT(wdl_of_score(&drawless_games[g]->wdl, at(side, 7), score).draw, 0);
    }
    for (int score = -3000; score <= 3000; score++)
        CHECK_EQ_INT(wdl_of_score(&drawless, at(WHITE, 7), score).draw, 0);
}

static void test_games_with_draws_give_draw_mass_at_an_even_score(void)
{
    for (int side = WHITE; side <= BLACK; side++) {
        CHECK(wdl_of_score(&game_by_id("qawale")->wdl, at(side, 7), 0).draw > 0);
        CHECK(wdl_of_score(&game_by_id("territoire")->wdl, at(side, 7), 0).draw > 0);
    }
}

static void test_proofs_are_certain(void)
{
    const WdlModel *m[16];
    int n = models(m, 16);
    for (int i = 0; i < n; i++) {
        SearchInfo win = {.mate_turns = 3}, loss = {.mate_turns = -1}, draw = {.draw_proven = true};
        for (int side = WHITE; side <= BLACK; side++) {
            WdlPerMille w = wdl_of_info(m[i], at(side, 7), &win), l = wdl_of_info(m[i], at(side, 7), &loss),
                        d = wdl_of_info(m[i], at(side, 7), &draw);
            CHECK(w.win == 1000 && w.draw == 0 && w.loss == 0);
            CHECK(l.win == 0 && l.draw == 0 && l.loss == 1000);
            CHECK(d.win == 0 && d.draw == 1000 && d.loss == 0);
        }
    }
    /* An unproven score goes through the model. */
    SearchInfo cp = {.score = 100};
    WdlPerMille a = wdl_of_info(&biased, at(BLACK, 7), &cp), b = wdl_of_score(&biased, at(BLACK, 7), 100);
    CHECK(a.win == b.win && a.draw == b.draw && a.loss == b.loss);
}

/* ---- the fitter ---- */

/* count samples drawn from model at scores spread over +-spread; one in
 * ten held out. */
static WdlSample *synthetic(const WdlModel *model, size_t count, int spread, uint64_t seed)
{
    WdlSample *s = malloc(count * sizeof *s);
    Rng rng;
    rng_seed(&rng, seed);
    for (size_t i = 0; s && i < count; i++) {
        double score = (double)(rng_next(&rng) % (uint64_t)(2 * spread + 1)) - spread;
        double u = (double)(rng_next(&rng) >> 11) / 9007199254740992.0;
        WdlContext context = at((int)(i % 2), (int)(i / 2 % 16));
        double win, draw, loss;
        wdl_chances(model, context, score, &win, &draw, &loss);
        DataResult r = u < win ? DATA_WIN : u < win + draw ? DATA_DRAW : DATA_LOSS;
        s[i] = (WdlSample){score, context, r, i % 10 == 0};
    }
    return s;
}

static void test_fit_recovers_a_model_with_draws(void)
{
    WdlSample *s = synthetic(&with_draws, 6000, 800, 1);
    WdlModel fitted;
    char err[256] = "";
    CHECK(s && wdl_fit(s, 6000, true, &fitted, err, sizeof err));
    CHECK(fabs(fitted.draw_margin - with_draws.draw_margin) < 0.08 * with_draws.draw_margin);
    CHECK(fabs(fitted.scale - with_draws.scale) < 0.08 * with_draws.scale);
    CHECK(abs(fitted.bias[WHITE]) <= 15 && abs(fitted.bias[BLACK]) <= 15);
    free(s);
}

static void test_fit_recovers_the_biases(void)
{
    WdlSample *s = synthetic(&biased, 8000, 800, 6);
    WdlModel fitted;
    char err[256] = "";
    CHECK(s && wdl_fit(s, 8000, true, &fitted, err, sizeof err));
    CHECK(abs(fitted.bias[WHITE] - biased.bias[WHITE]) <= 15);
    CHECK(abs(fitted.bias[BLACK] - biased.bias[BLACK]) <= 15);
    CHECK(fabs(fitted.scale - biased.scale) < 0.08 * biased.scale);
    free(s);
}

static void test_fit_recovers_a_drawless_model(void)
{
    WdlSample *s = synthetic(&drawless, 20000, 600, 2);
    WdlModel fitted;
    char err[256] = "";
    CHECK(s && wdl_fit(s, 20000, false, &fitted, err, sizeof err));
    CHECK(fitted.draw_margin == 0.0);
    CHECK(fabs(fitted.scale - drawless.scale) < 0.08 * drawless.scale);
    free(s);
}

/* The true model is calibrated: each decile's observed win rate is near
 * its predicted one (2000 held-out samples: 200 a decile). */
static void test_fit_recovers_the_growth(void)
{
    WdlSample *s = synthetic(&phased, 8000, 600, 7);
    WdlModel fitted;
    char err[256] = "";
    CHECK(s && wdl_fit(s, 8000, true, &fitted, err, sizeof err));
    CHECK(fabs(fitted.scale_growth - phased.scale_growth) < 0.015);
    CHECK(fabs(fitted.scale - phased.scale) < 0.15 * phased.scale);
    CHECK(abs(fitted.bias[WHITE] - phased.bias[WHITE]) <= 15);
    free(s);
}

/* One phase in the data: the growth cannot be placed and stays 0. */
static void test_fit_keeps_growth_0_for_data_of_one_phase(void)
{
    WdlSample *s = synthetic(&drawless, 4000, 600, 8);
    for (size_t i = 0; s && i < 4000; i++)
        s[i].context.turns_left = 4;
    WdlModel fitted;
    char err[256] = "";
    CHECK(s && wdl_fit(s, 4000, false, &fitted, err, sizeof err));
    CHECK(fitted.scale_growth == 0.0);
    free(s);
}

static void test_calibration_of_the_true_model(void)
{
    WdlSample *s = synthetic(&with_draws, 20000, 800, 3);
    WdlDecile d[WDL_DECILES];
    char err[256] = "";
    CHECK(s && wdl_calibration(&with_draws, s, 20000, d, err, sizeof err));
    size_t total = 0;
    for (int i = 0; i < WDL_DECILES; i++) {
        total += d[i].count;
        CHECK(fabs(d[i].observed_win - d[i].predicted_win) < 0.10);
        CHECK(i == 0 || d[i].predicted_win >= d[i - 1].predicted_win);
    }
    CHECK_EQ_INT((int)total, 2000);
    free(s);
}

/* A wrong model shows: a scale far too small is overconfident. */
static void test_calibration_shows_a_wrong_model(void)
{
    WdlSample *s = synthetic(&with_draws, 20000, 800, 4);
    WdlModel overconfident = {.draw_margin = 10.0, .scale = 20.0, .scale_growth = 0.0, .bias = {0, 0}};
    WdlDecile d[WDL_DECILES];
    char err[256] = "";
    CHECK(s && wdl_calibration(&overconfident, s, 20000, d, err, sizeof err));
    double worst = 0.0;
    for (int i = 0; i < WDL_DECILES; i++)
        worst = fmax(worst, fabs(d[i].observed_win - d[i].predicted_win));
    CHECK(worst > 0.10);
    free(s);
}

static void test_fit_refuses_results_of_one_kind(void)
{
    WdlSample s[100];
    for (int i = 0; i < 100; i++)
        s[i] = (WdlSample){(double)i, at(WHITE, 3), DATA_WIN, false};
    WdlModel fitted;
    char err[256] = "";
    CHECK(!wdl_fit(s, 100, false, &fitted, err, sizeof err));
    CHECK_CONTAINS(err, "wins and losses");
}

/* Results the scores do not predict at all: no model, not a bound. */
static void test_fit_refuses_scores_that_predict_nothing(void)
{
    WdlSample s[400];
    for (int i = 0; i < 400; i++)
        s[i] = (WdlSample){(double)(i % 2 ? 300 : -300), at(i % 8 < 4 ? WHITE : BLACK, i % 16 < 8 ? 2 : 5),
                           i % 4 < 2 ? DATA_WIN : DATA_LOSS, false};
    WdlModel fitted;
    char err[256] = "";
    CHECK(!wdl_fit(s, 400, false, &fitted, err, sizeof err));
    CHECK_CONTAINS(err, "plausible range");
}

static void test_calibration_refuses_too_few_held_out(void)
{
    WdlSample *s = synthetic(&with_draws, 1000, 800, 5);
    WdlDecile d[WDL_DECILES];
    char err[256] = "";
    CHECK(s && !wdl_calibration(&with_draws, s, 1000, d, err, sizeof err));
    CHECK_CONTAINS(err, "too few");
    free(s);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_every_game_has_a_model);
    RUN(test_per_mille_sums_to_1000);
    RUN(test_monotone_in_the_score);
    RUN(test_symmetric);
    RUN(test_bias_by_colour_to_move);
    RUN(test_scores_say_less_with_more_turns_left);
    RUN(test_model_values);
    RUN(test_drawless_games_have_no_draw_mass);
    RUN(test_games_with_draws_give_draw_mass_at_an_even_score);
    RUN(test_proofs_are_certain);
    RUN(test_fit_recovers_a_model_with_draws);
    RUN(test_fit_recovers_a_drawless_model);
    RUN(test_fit_recovers_the_biases);
    RUN(test_fit_recovers_the_growth);
    RUN(test_fit_keeps_growth_0_for_data_of_one_phase);
    RUN(test_calibration_of_the_true_model);
    RUN(test_calibration_shows_a_wrong_model);
    RUN(test_fit_refuses_results_of_one_kind);
    RUN(test_fit_refuses_scores_that_predict_nothing);
    RUN(test_calibration_refuses_too_few_held_out);
    return harness_end();
}
