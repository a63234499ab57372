/* test_timeman.c - the time manager's budgets (pure arithmetic, no clock). */
#include "harness.h"

#include "search/timeman.h"

static SearchLimits no_limits(void) { return (SearchLimits){.my_time = -1, .my_inc = -1, .their_time = -1, .their_inc = -1, .movetime = -1}; }

static void test_infinite_has_no_budget(void)
{
    SearchLimits lim = no_limits();
    lim.infinite = true;
    lim.my_time = 1000;
    TimeBudget b = tm_budget(&lim, 10, 30, &tm_default_shares);
    CHECK(b.soft_ms == INT64_MAX && b.share_ms == INT64_MAX && b.hard_ms == INT64_MAX);
}

static void test_depth_only_has_no_budget(void)
{
    SearchLimits lim = no_limits();
    lim.depth = 5;
    TimeBudget b = tm_budget(&lim, 10, 30, &tm_default_shares);
    CHECK(b.soft_ms == INT64_MAX && b.share_ms == INT64_MAX && b.hard_ms == INT64_MAX);
}

/* MoveOverhead is kept back from clocks only: a movetime is thought in
 * full, even one shorter than the overhead. */
static void test_movetime_is_every_budget_whole(void)
{
    SearchLimits lim = no_limits();
    lim.movetime = 1000;
    TimeBudget b = tm_budget(&lim, 10, 30, &tm_default_shares);
    CHECK_EQ_INT(b.soft_ms, 1000);
    CHECK_EQ_INT(b.share_ms, 1000);
    CHECK_EQ_INT(b.hard_ms, 1000);
    lim.movetime = 20;
    b = tm_budget(&lim, 10, 30, &tm_default_shares);
    CHECK(b.soft_ms == 20 && b.share_ms == 20 && b.hard_ms == 20);
    lim.movetime = 0;
    CHECK_EQ_INT(tm_budget(&lim, 10, 30, &tm_default_shares).hard_ms, 1);
}

/* MCTS, with no iteration that runs on, stops at the share where
 * alpha-beta stops starting iterations at the soft limit (0.6 of it). */
static void test_soft_then_share_then_hard(void)
{
    for (int64_t t = 1; t < 200000; t = t * 3 + 1)
        for (int turns = 1; turns < 60; turns += 7) {
            SearchLimits lim = no_limits();
            lim.my_time = t;
            lim.my_inc = t / 10;
            TimeBudget b = tm_budget(&lim, turns, 30, &tm_default_shares);
            CHECK(b.soft_ms >= 1 && b.soft_ms <= b.share_ms && b.share_ms <= b.hard_ms);
            CHECK(b.share_ms == b.hard_ms || b.soft_ms <= b.share_ms * 6 / 10 + 1);
        }
}

/* Plays games of 1..max_turns turns at 1 s + 10 ms, every turn running to
 * its hard limit and losing 5 ms more to the pipes (MoveOverhead 30 is the
 * margin that covers such latency), planned as if 1/plan_share of the turns
 * actually left were: the clock never runs out. */
static void check_hard_limits_keep_the_clock(int max_turns, int plan_share)
{
    for (int turns = 1; turns <= max_turns; turns++) {
        int64_t clock = 1000;
        for (int turn = 0; turn < turns; turn++) {
            SearchLimits lim = no_limits();
            lim.my_time = clock;
            lim.my_inc = 10;
            int planned = (turns - turn + plan_share - 1) / plan_share;
            TimeBudget b = tm_budget(&lim, planned, 30, &tm_default_shares);
            CHECK(b.hard_ms < clock);
            clock = clock - (b.hard_ms + 5) + 10;
            CHECK(clock > 0);
        }
    }
}

/* A game is never lost on time, whatever its length. */
static void test_hard_limit_leaves_clock_reserve(void) { check_hard_limits_keep_the_clock(40, 1); }

/* Room and Pillar plans with an estimate of its length (turns_expected),
 * which a game may outlast: one that lasts twice as long as planned keeps
 * time on its clock too. */
static void test_a_game_longer_than_planned_keeps_its_clock(void) { check_hard_limits_keep_the_clock(60, 2); }

/* The last third of a game's turns costs the searches almost nothing (they
 * see to the end): a game whose turns spend their soft budgets, those last
 * ones 5 ms, uses over 55% of a 60 s clock (planning for every turn alike
 * used 46-47%, leaving the rest unspent at the end). */
static void test_the_clock_goes_to_the_turns_that_need_thought(void)
{
    const int games[] = {6, 8, 18, 30};
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        int turns = games[g];
        int64_t clock = 60000, used = 0;
        for (int turn = 0; turn < turns; turn++) {
            SearchLimits lim = no_limits();
            lim.my_time = clock;
            TimeBudget b = tm_budget(&lim, turns - turn, 30, &tm_default_shares);
            int64_t spent = turns - turn > turns / 3 ? b.soft_ms : 5;
            clock -= spent;
            used += spent;
            CHECK(clock > 0);
        }
        CHECK(used * 100 > 60000 * 55);
    }
}

static void test_more_turns_left_means_less_per_turn(void)
{
    SearchLimits lim = no_limits();
    lim.my_time = 60000;
    TimeBudget few = tm_budget(&lim, 4, 30, &tm_default_shares);
    TimeBudget many = tm_budget(&lim, 30, 30, &tm_default_shares);
    CHECK(many.soft_ms < few.soft_ms);
    CHECK(many.share_ms < few.share_ms);
    CHECK(many.hard_ms <= few.hard_ms);
}

/* A clock, and then the same clock with one limit added that gives more
 * to spend a move. */
typedef struct {
    int64_t my_time;
    int turns_left;
    int movestogo;  /* added, or 0 as no_limits has it */
    int64_t my_inc; /* added, or -1 as no_limits has it */
} ClockWithMore;

/* The added limit must raise both the soft and the share budget. */
static void check_budget_grows(ClockWithMore clock)
{
    SearchLimits before = no_limits();
    before.my_time = clock.my_time;
    SearchLimits after = before;
    after.movestogo = clock.movestogo;
    after.my_inc = clock.my_inc;
    const TimeBudget smaller = tm_budget(&before, clock.turns_left, 30, &tm_default_shares);
    const TimeBudget larger = tm_budget(&after, clock.turns_left, 30, &tm_default_shares);
    CHECK(larger.soft_ms > smaller.soft_ms);
    CHECK(larger.share_ms > smaller.share_ms);
}

static void test_movestogo_shortens_the_horizon(void)
{
    check_budget_grows((ClockWithMore){.my_time = 60000, .turns_left = 30, .movestogo = 2, .my_inc = -1});
}

static void test_increment_adds_to_the_budget(void)
{
    check_budget_grows((ClockWithMore){.my_time = 10000, .turns_left = 10, .movestogo = 0, .my_inc = 1000});
}

/* Today's shares as the defaults: 10 turns (7 need thought), 60 s less
 * 11 x 30 ms, 1 s increment: 59670 / 7 + 750 = 9274 ms; soft 0.6 of it,
 * hard 2.5 times; then each share moves its own limit. */
static void test_each_share_moves_its_limit(void)
{
    SearchLimits lim = no_limits();
    lim.my_time = 60000, lim.my_inc = 1000;
    TimeBudget b = tm_budget(&lim, 10, 30, &tm_default_shares);
    CHECK_EQ_INT(b.share_ms, 9274);
    CHECK_EQ_INT(b.soft_ms, 5564);
    CHECK_EQ_INT(b.hard_ms, 23185);
    TimeShares s = tm_default_shares;
    s.time_share = 50, s.increment_share = 0, s.soft_share = 100, s.hard_share = 150;
    b = tm_budget(&lim, 10, 30, &s);
    CHECK_EQ_INT(b.share_ms, 4262); /* 59670 x 0.5 / 7 */
    CHECK_EQ_INT(b.soft_ms, 4262);
    CHECK_EQ_INT(b.hard_ms, 6393);
    s.hard_share = 1000; /* never past 0.4 of the clock plus the increment */
    CHECK_EQ_INT(tm_budget(&lim, 10, 30, &s).hard_ms, 25000);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_infinite_has_no_budget);
    RUN(test_depth_only_has_no_budget);
    RUN(test_movetime_is_every_budget_whole);
    RUN(test_soft_then_share_then_hard);
    RUN(test_hard_limit_leaves_clock_reserve);
    RUN(test_a_game_longer_than_planned_keeps_its_clock);
    RUN(test_the_clock_goes_to_the_turns_that_need_thought);
    RUN(test_more_turns_left_means_less_per_turn);
    RUN(test_movestogo_shortens_the_horizon);
    RUN(test_increment_adds_to_the_budget);
    RUN(test_each_share_moves_its_limit);
    return harness_end();
}
