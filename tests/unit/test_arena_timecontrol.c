/* test_arena_timecontrol.c - time control text and the arena's clocks. */
#include "harness.h"

#include "arena/timecontrol.h"

static TimeControl clock_of(const char *text)
{
    TimeControl tc = {0};
    char err[256];
    CHECK(tc_parse_clock(text, &tc, err, sizeof err));
    return tc;
}

static void test_seconds_are_parsed_exactly(void)
{
    int64_t ms;
    char err[256];
    CHECK(tc_parse_seconds("10", &ms, err, sizeof err));
    CHECK_EQ_INT(ms, 10000);
    CHECK(tc_parse_seconds("0.05", &ms, err, sizeof err));
    CHECK_EQ_INT(ms, 50);
    CHECK(tc_parse_seconds("1.5", &ms, err, sizeof err));
    CHECK_EQ_INT(ms, 1500);
    CHECK(tc_parse_seconds(".25", &ms, err, sizeof err));
    CHECK_EQ_INT(ms, 250);
    CHECK(tc_parse_seconds("2.1000", &ms, err, sizeof err));
    CHECK_EQ_INT(ms, 2100);
}

static void test_bad_seconds_say_why(void)
{
    int64_t ms;
    char err[256];
    CHECK(!tc_parse_seconds("", &ms, err, sizeof err));
    CHECK(!tc_parse_seconds("1s", &ms, err, sizeof err));
    CHECK_CONTAINS(err, "'1s' is not a number of seconds");
    CHECK(!tc_parse_seconds("-1", &ms, err, sizeof err));
    CHECK(!tc_parse_seconds("0.0005", &ms, err, sizeof err));
    CHECK_CONTAINS(err, "finer than a millisecond");
    CHECK(!tc_parse_seconds("99999999999", &ms, err, sizeof err));
    CHECK_CONTAINS(err, "more than a week");
}

static void test_clock_with_moves_per_period(void)
{
    TimeControl tc = clock_of("40/60+0.6");
    CHECK(tc.has_clock);
    CHECK_EQ_INT(tc.moves, 40);
    CHECK_EQ_INT(tc.base_ms, 60000);
    CHECK_EQ_INT(tc.inc_ms, 600);
}

static void test_clock_without_moves_or_increment(void)
{
    TimeControl tc = clock_of("8+0.08");
    CHECK_EQ_INT(tc.moves, 0);
    CHECK_EQ_INT(tc.base_ms, 8000);
    CHECK_EQ_INT(tc.inc_ms, 80);
    tc = clock_of("5");
    CHECK_EQ_INT(tc.base_ms, 5000);
    CHECK_EQ_INT(tc.inc_ms, 0);
}

static void test_bad_clocks_are_rejected(void)
{
    TimeControl tc = {0};
    char err[256];
    CHECK(!tc_parse_clock("0/10", &tc, err, sizeof err));
    CHECK_CONTAINS(err, "moves before '/'");
    CHECK(!tc_parse_clock("x/10", &tc, err, sizeof err));
    CHECK(!tc_parse_clock("10+", &tc, err, sizeof err));
    CHECK(!tc_parse_clock("0+0", &tc, err, sizeof err));
    CHECK_CONTAINS(err, "must give some time");
    CHECK(!tc.has_clock);
}

static void test_time_controls_format_back(void)
{
    char text[96];
    TimeControl tc = clock_of("40/60+0.6");
    tc_format(&tc, text, sizeof text);
    CHECK_STR(text, "40/60+0.6");
    tc = clock_of("10+0.1");
    tc.depth = 3;
    tc_format(&tc, text, sizeof text);
    CHECK_STR(text, "10+0.1 depth=3");
    tc = (TimeControl){.movetime_ms = 1500, .nodes = 1000};
    tc_format(&tc, text, sizeof text);
    CHECK_STR(text, "st=1.5 nodes=1000");
    tc = (TimeControl){0};
    tc_format(&tc, text, sizeof text);
    CHECK_STR(text, "none");
    CHECK(!tc_is_limited(&tc));
}

/* Spending charges the think time and adds the increment. */
static void test_clock_charges_time_and_adds_increment(void)
{
    TimeControl tc = clock_of("10+0.1");
    Clock c;
    clock_start(&c, &tc);
    CHECK_EQ_INT(c.left_ms, 10000);
    CHECK_EQ_INT(clock_allowance_ms(&c, &tc, 0), 10000);
    CHECK(clock_spend(&c, &tc, 2500));
    CHECK_EQ_INT(c.left_ms, 7600);
    CHECK_EQ_INT(clock_moves_to_go(&c, &tc), 0);
}

/* The increment is earned by a move made in time, never spent on it:
 * with 1 s left and 1 s increment, 1.5 s is a time forfeit, 0.99 s is not. */
static void test_increment_comes_after_the_flag_check(void)
{
    TimeControl tc = clock_of("1+1");
    tc.margin_ms = 0;
    Clock c;
    clock_start(&c, &tc);
    CHECK(!clock_spend(&c, &tc, 1500));
    clock_start(&c, &tc);
    CHECK(!clock_spend(&c, &tc, 1001));
    clock_start(&c, &tc);
    CHECK(clock_spend(&c, &tc, 990));
    CHECK_EQ_INT(c.left_ms, 1010);
    CHECK(clock_spend(&c, &tc, 1010));
    CHECK_EQ_INT(c.left_ms, 1000);
}

/* A flag falls only past the clock plus the timemargin. */
static void test_timemargin_forgives_a_late_move(void)
{
    TimeControl tc = clock_of("1+0");
    tc.margin_ms = 200;
    Clock c;
    clock_start(&c, &tc);
    CHECK_EQ_INT(clock_allowance_ms(&c, &tc, 0), 1200);
    CHECK(clock_spend(&c, &tc, 1150));
    CHECK_EQ_INT(c.left_ms, 0);
    clock_start(&c, &tc);
    CHECK(!clock_spend(&c, &tc, 1201));
}

/* 2/1+0: after every second move the period's time is added again. */
static void test_moves_per_period_refill_the_clock(void)
{
    TimeControl tc = clock_of("2/1");
    Clock c;
    clock_start(&c, &tc);
    CHECK_EQ_INT(clock_moves_to_go(&c, &tc), 2);
    CHECK(clock_spend(&c, &tc, 300));
    CHECK_EQ_INT(clock_moves_to_go(&c, &tc), 1);
    CHECK_EQ_INT(c.left_ms, 700);
    CHECK(clock_spend(&c, &tc, 300));
    CHECK_EQ_INT(c.left_ms, 1400);
    CHECK_EQ_INT(clock_moves_to_go(&c, &tc), 2);
}

/* st is a per-move limit; with a clock too, the smaller one counts. */
static void test_fixed_time_per_move_limits_each_move(void)
{
    TimeControl tc = {.movetime_ms = 500, .margin_ms = 50};
    Clock c;
    clock_start(&c, &tc);
    CHECK_EQ_INT(clock_allowance_ms(&c, &tc, 9999), 550);
    CHECK(clock_spend(&c, &tc, 540));
    CHECK(!clock_spend(&c, &tc, 551));
    TimeControl both = clock_of("0.3+0");
    both.movetime_ms = 500;
    clock_start(&c, &both);
    CHECK_EQ_INT(clock_allowance_ms(&c, &both, 9999), 300);
}

/* depth or nodes alone: the fallback (the spec's timeout) bounds a move. */
static void test_depth_alone_uses_the_fallback_limit(void)
{
    TimeControl tc = {.depth = 1};
    Clock c;
    clock_start(&c, &tc);
    CHECK(tc_is_limited(&tc));
    CHECK_EQ_INT(clock_allowance_ms(&c, &tc, 10000), 10000);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_seconds_are_parsed_exactly);
    RUN(test_bad_seconds_say_why);
    RUN(test_clock_with_moves_per_period);
    RUN(test_clock_without_moves_or_increment);
    RUN(test_bad_clocks_are_rejected);
    RUN(test_time_controls_format_back);
    RUN(test_clock_charges_time_and_adds_increment);
    RUN(test_increment_comes_after_the_flag_check);
    RUN(test_timemargin_forgives_a_late_move);
    RUN(test_moves_per_period_refill_the_clock);
    RUN(test_fixed_time_per_move_limits_each_move);
    RUN(test_depth_alone_uses_the_fallback_limit);
    return harness_end();
}
