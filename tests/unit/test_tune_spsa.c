/* test_tune_spsa.c - SPSA's schedule, perturbation and update, with a
 * synthetic objective in place of engines. */
#include "harness.h"
#include "spsatest.h"

#include <math.h>

#include "tune/spsa.h"
#include "util/rng.h"

static bool near(double a, double b) { return fabs(a - b) <= 1e-9 * fmax(1.0, fabs(b)); }

/* spsa over the single parameter p on schedule s, checked to start. */
static void init_single(Spsa *spsa, SpsaParam p, SpsaSchedule s, uint64_t seed)
{
    char err[256] = "";
    CHECK(spsa_init(spsa, &s, &p, 1, seed, err, sizeof err));
}

static void test_default_schedule_is_fishtests(void)
{
    SpsaSchedule s = spsa_default_schedule(1000);
    CHECK(near(s.A, 100));
    CHECK(near(s.alpha, 0.602));
    CHECK(near(s.gamma, 0.101));
    s = spsa_default_schedule(15); /* A is rounded down to whole iterations */
    CHECK(near(s.A, 1));
}

/* fishtest chooses c and a so that the last iteration perturbs by c_end
 * and learns at rate r_end (a_k / c_k^2). */
static void test_gains_reach_c_end_and_r_end_at_the_last_iteration(void)
{
    Spsa spsa;
    init_single(&spsa, spsa_test_param("Knob", 20, 0, 100, 5, 0.002), spsa_default_schedule(400), 1);
    double c_last = spsa_c_k(&spsa, 0, 399);
    double a_last = spsa_a_k(&spsa, 0, 399);
    CHECK(near(c_last, 5));
    CHECK(near(a_last / (c_last * c_last), 0.002));
    CHECK(near(spsa.param[0].c, 5 * pow(400, 0.101)));
    CHECK(near(spsa.param[0].a, 0.002 * 25 * pow(40 + 400, 0.602)));
    /* Both gains shrink as the run goes on. */
    CHECK(spsa_c_k(&spsa, 0, 0) > c_last);
    CHECK(spsa_a_k(&spsa, 0, 0) > a_last);
}

static void test_probe_perturbs_symmetrically_by_c_k(void)
{
    SpsaParam p[2] = {spsa_test_param("A", 50, 0, 100, 4, 0.002), spsa_test_param("B", -3, -10, 10, 1, 0.002)};
    SpsaSchedule s = spsa_default_schedule(100);
    Spsa spsa;
    char err[256] = "";
    CHECK(spsa_init(&spsa, &s, p, 2, 7, err, sizeof err));
    SpsaProbe probe;
    spsa_draw(&spsa, 3, &probe);
    CHECK_EQ_INT(probe.iteration, 3);
    for (int i = 0; i < 2; i++) {
        CHECK(probe.flip[i] == 1 || probe.flip[i] == -1);
        CHECK(near(probe.c_k[i], spsa_c_k(&spsa, i, 3)));
        CHECK(near(probe.plus[i], spsa.param[i].theta + probe.c_k[i] * probe.flip[i]));
        CHECK(near(probe.minus[i], spsa.param[i].theta - probe.c_k[i] * probe.flip[i]));
    }
}

/* The flips of iteration k depend on the seed and k only, so a resumed
 * run (or another thread) draws the same perturbation. */
static void test_flips_depend_only_on_seed_and_iteration(void)
{
    SpsaParam p[SPSA_MAX_PARAMS];
    for (int i = 0; i < SPSA_MAX_PARAMS; i++) {
        char name[16];
        snprintf(name, sizeof name, "P%d", i);
        p[i] = spsa_test_param(name, 0, -100, 100, 1, 0.002);
    }
    SpsaSchedule s = spsa_default_schedule(50);
    Spsa a, b;
    char err[256] = "";
    CHECK(spsa_init(&a, &s, p, SPSA_MAX_PARAMS, 42, err, sizeof err));
    CHECK(spsa_init(&b, &s, p, SPSA_MAX_PARAMS, 42, err, sizeof err));
    SpsaProbe pa, pb, other;
    spsa_draw(&a, 9, &pa);
    spsa_draw(&a, 10, &other); /* drawing something else first changes nothing */
    spsa_draw(&b, 9, &pb);
    CHECK(memcmp(pa.flip, pb.flip, sizeof pa.flip) == 0);
    CHECK(memcmp(pa.flip, other.flip, sizeof pa.flip) != 0);
    int plus = 0;
    for (int i = 0; i < SPSA_MAX_PARAMS; i++)
        plus += pa.flip[i] == 1;
    CHECK(plus > 5 && plus < SPSA_MAX_PARAMS - 5); /* both signs occur */
}

/* theta moves by (a_k / c_k) * result in the direction of the flip. */
static void test_update_moves_theta_toward_the_winning_side(void)
{
    Spsa spsa;
    init_single(&spsa, spsa_test_param("Knob", 20, 0, 100, 5, 0.01), spsa_default_schedule(100), 3);
    SpsaProbe probe;
    spsa_draw(&spsa, 0, &probe);
    double step = spsa_a_k(&spsa, 0, 0) / spsa_c_k(&spsa, 0, 0);
    spsa_update(&spsa, &probe, 2);
    CHECK(near(spsa.param[0].theta, 20 + 2 * step * probe.flip[0]));
    CHECK_EQ_INT(spsa.done, 1);
    double before = spsa.param[0].theta;
    spsa_draw(&spsa, 1, &probe);
    spsa_update(&spsa, &probe, 0); /* a drawn pair teaches nothing */
    CHECK(near(spsa.param[0].theta, before));
    CHECK_EQ_INT(spsa.done, 2);
}

static void test_update_and_probe_are_clamped_to_the_range(void)
{
    Spsa spsa;
    init_single(&spsa, spsa_test_param("Knob", 99.5, 0, 100, 30, 1.0), spsa_default_schedule(10), 5);
    for (int k = 0; k < 10; k++) {
        SpsaProbe probe;
        spsa_draw(&spsa, k, &probe);
        CHECK(probe.plus[0] >= 0 && probe.plus[0] <= 100);
        CHECK(probe.minus[0] >= 0 && probe.minus[0] <= 100);
        spsa_update(&spsa, &probe, 2 * probe.flip[0]); /* always push upwards */
        CHECK(spsa.param[0].theta <= 100);
    }
    CHECK(near(spsa.param[0].theta, 100));
}

static void test_init_rejects_bad_parameters(void)
{
    SpsaSchedule s = spsa_default_schedule(10);
    Spsa spsa;
    char err[256] = "";
    SpsaParam p = spsa_test_param("Knob", 120, 0, 100, 5, 0.002);
    CHECK(!spsa_init(&spsa, &s, &p, 1, 1, err, sizeof err));
    CHECK_CONTAINS(err, "start 120 is outside 0..100");
    p = spsa_test_param("Knob", 5, 10, 0, 5, 0.002);
    CHECK(!spsa_init(&spsa, &s, &p, 1, 1, err, sizeof err));
    CHECK_CONTAINS(err, "min 10 is not below max 0");
    p = spsa_test_param("Knob", 5, 0, 10, 0, 0.002);
    CHECK(!spsa_init(&spsa, &s, &p, 1, 1, err, sizeof err));
    CHECK_CONTAINS(err, "c_end must be > 0");
    p = spsa_test_param("Kn,ob", 5, 0, 10, 1, 0.002);
    CHECK(!spsa_init(&spsa, &s, &p, 1, 1, err, sizeof err));
    CHECK_CONTAINS(err, "no comma");
    SpsaParam twice[2] = {spsa_test_param("Knob", 5, 0, 10, 1, 0.002),
                          spsa_test_param("Knob", 5, 0, 10, 1, 0.002)};
    CHECK(!spsa_init(&spsa, &s, twice, 2, 1, err, sizeof err));
    CHECK_CONTAINS(err, "named twice");
    p = spsa_test_param("Knob", 5, 0, 10, 1, 0.002);
    s.iterations = 0;
    CHECK(!spsa_init(&spsa, &s, &p, 1, 1, err, sizeof err));
    CHECK_CONTAINS(err, "at least 1 iteration");
}

/* ---- a synthetic objective: no engine, games decided by a coin whose
 * bias is the strength difference of the two parameter vectors ---- */

static const double peak[3] = {70, -20, 300};
static const double width[3] = {40, 15, 150};

/* Elo-like strength: 0 at the peak, falling off quadratically. */
static double strength(const double *values)
{
    double s = 0;
    for (int i = 0; i < 3; i++) {
        double d = (values[i] - peak[i]) / width[i];
        s -= 200 * d * d;
    }
    return s;
}

/* One game pair: wins minus losses of the plus side, draws 20%. */
static int play_pair(Rng *rng, const SpsaProbe *probe)
{
    double p_win = 1 / (1 + pow(10, (strength(probe->minus) - strength(probe->plus)) / 400));
    int result = 0;
    for (int game = 0; game < 2; game++) {
        if (rng_unit(rng) < 0.2)
            continue;
        result += rng_unit(rng) < p_win ? 1 : -1;
    }
    return result;
}

static void test_update_on_synthetic_objective_moves_theta_to_the_peak(void)
{
    SpsaParam p[3] = {spsa_test_param("Knob", 20, 0, 100, 5, 0.01),
                      spsa_test_param("Dial", 10, -50, 50, 3, 0.01),
                      spsa_test_param("Lever", 100, 0, 1000, 30, 0.01)};
    SpsaSchedule s = spsa_default_schedule(3000);
    Spsa spsa;
    char err[256] = "";
    CHECK(spsa_init(&spsa, &s, p, 3, 11, err, sizeof err));
    Rng games;
    rng_seed(&games, 12345);
    double start_distance[3];
    for (int i = 0; i < 3; i++)
        start_distance[i] = fabs(p[i].start - peak[i]);
    for (int k = 0; k < s.iterations; k++) {
        SpsaProbe probe;
        spsa_draw(&spsa, k, &probe);
        spsa_update(&spsa, &probe, play_pair(&games, &probe));
    }
    for (int i = 0; i < 3; i++) {
        double distance = fabs(spsa.param[i].theta - peak[i]);
        if (distance > 0.25 * start_distance[i])
            printf("\n    %s ended at %.2f, peak %.2f\n", spsa.param[i].name, spsa.param[i].theta,
                   peak[i]);
        CHECK(distance <= 0.25 * start_distance[i]);
    }
}

/* Pairs played at once (delay d): iteration k perturbs theta as it stood
 * after iterations 0..k-d-1, and may start only once that is applied; its
 * update goes to the current theta. */
static void test_delayed_iteration_perturbs_theta_of_k_minus_delay(void)
{
    SpsaSchedule s = spsa_default_schedule(100);
    s.delay = 2;
    static Spsa spsa;
    init_single(&spsa, spsa_test_param("Knob", 20, 0, 100, 5, 0.05), s, 9);
    double theta[8];
    theta[0] = 20;
    SpsaProbe probe;
    for (int k = 0; k < 7; k++) {
        /* The theta k builds on is theta[k-2] (the start for k <= 2). */
        CHECK(spsa_can_draw(&spsa, k));
        CHECK(!spsa_can_draw(&spsa, k + 3)); /* k+3 builds on k+1, not applied yet */
        CHECK_EQ_INT(spsa_base(&spsa, k), k > 2 ? k - 2 : 0);
        spsa_draw(&spsa, k, &probe);
        double base = theta[k > 2 ? k - 2 : 0];
        CHECK(near(probe.plus[0], base + probe.c_k[0] * probe.flip[0]));
        CHECK(near(probe.minus[0], base - probe.c_k[0] * probe.flip[0]));
        double step = spsa_a_k(&spsa, 0, k) / spsa_c_k(&spsa, 0, k);
        spsa_update(&spsa, &probe, 2);
        theta[k + 1] = theta[k] + 2 * step * probe.flip[0];
        CHECK(near(spsa.param[0].theta, theta[k + 1]));
    }
    /* An iteration already applied cannot be drawn again (its base row is
     * gone once k+1 is applied). */
    CHECK(!spsa_can_draw(&spsa, 3));
}

/* Delay 0 is sequential SPSA: iteration k perturbs theta after k-1. */
static void test_delay_zero_is_sequential(void)
{
    SpsaParam p = spsa_test_param("Knob", 20, 0, 100, 5, 0.05);
    SpsaSchedule s = spsa_default_schedule(100);
    static Spsa spsa;
    init_single(&spsa, p, s, 9);
    SpsaProbe probe;
    for (int k = 0; k < 5; k++) {
        CHECK(spsa_can_draw(&spsa, k) && !spsa_can_draw(&spsa, k + 1));
        double before = spsa.param[0].theta;
        spsa_draw(&spsa, k, &probe);
        CHECK(near(probe.plus[0], before + probe.c_k[0] * probe.flip[0]));
        spsa_update(&spsa, &probe, k % 2 ? 2 : -1);
    }
    s.delay = SPSA_MAX_DELAY + 1;
    char err[256] = "";
    CHECK(!spsa_init(&spsa, &s, &p, 1, 9, err, sizeof err));
    CHECK_CONTAINS(err, "delay must be 0 to 255");
}

static void test_engine_value_rounds_to_nearest(void)
{
    CHECK_EQ_INT(spsa_engine_value(20.49), 20);
    CHECK_EQ_INT(spsa_engine_value(20.5), 21);
    CHECK_EQ_INT(spsa_engine_value(-3.6), -4);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_default_schedule_is_fishtests);
    RUN(test_gains_reach_c_end_and_r_end_at_the_last_iteration);
    RUN(test_probe_perturbs_symmetrically_by_c_k);
    RUN(test_flips_depend_only_on_seed_and_iteration);
    RUN(test_update_moves_theta_toward_the_winning_side);
    RUN(test_update_and_probe_are_clamped_to_the_range);
    RUN(test_init_rejects_bad_parameters);
    RUN(test_update_on_synthetic_objective_moves_theta_to_the_peak);
    RUN(test_delayed_iteration_perturbs_theta_of_k_minus_delay);
    RUN(test_delay_zero_is_sequential);
    RUN(test_engine_value_rounds_to_nearest);
    return harness_end();
}
