/*
 * test_arena_sprt_parameters.c - the SPRT's parameters are refused where
 * the test they describe would be meaningless: either bound outside
 * -1000..1000 Elo (elo1 as well as elo0), and error rates that add up to
 * 1 or more (alpha + beta = 1 makes both LLR bounds 0, so the first game
 * would decide the test).
 */
#include <math.h>

#include "harness.h"

#include "arena/stats.h"

static void test_either_elo_bound_outside_the_range_is_refused(void)
{
    CHECK(sprt_check(-5, 999, 0.05, 0.05) == NULL);
    CHECK(sprt_check(-999, 5, 0.05, 0.05) == NULL);
    CHECK_CONTAINS(sprt_check(0, 1500, 0.05, 0.05), "-1000..1000");
    CHECK_CONTAINS(sprt_check(0, 1000, 0.05, 0.05), "-1000..1000");
    CHECK_CONTAINS(sprt_check(-1500, 0, 0.05, 0.05), "-1000..1000");
    CHECK_CONTAINS(sprt_check(-1000, 0, 0.05, 0.05), "-1000..1000");
}

static void test_error_rates_adding_to_one_are_refused(void)
{
    CHECK(sprt_check(0, 5, 0.45, 0.5) == NULL);
    CHECK_CONTAINS(sprt_check(0, 5, 0.5, 0.5), "alpha + beta");
    CHECK_CONTAINS(sprt_check(0, 5, 0.25, 0.75), "alpha + beta");
    /* What such a test would do: both bounds at 0, any LLR decides. */
    double lower, upper;
    sprt_bounds(0.5, 0.5, &lower, &upper);
    CHECK(fabs(lower) < 1e-12 && fabs(upper) < 1e-12);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_either_elo_bound_outside_the_range_is_refused);
    RUN(test_error_rates_adding_to_one_are_refused);
    return harness_end();
}
