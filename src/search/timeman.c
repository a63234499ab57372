/* timeman.c - turning a clock into a turn's soft limit, share and hard limit.
 *
 * Unlike chess these games have a known, short remaining length (Territoire
 * 6 turns a side, Qawale 8, Columna at most ~18), so the game's own
 * turns_left replaces chess's "assume 40 moves to go". */
#include "search/timeman.h"

#include "util/clock.h"

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* Of the turns still to come (the current one included), those that will
 * need thought.  The last third of them costs almost nothing: near the end
 * the searches see every line to the game's end and stop at once
 * (Territoire at 2+0.02 spent 0-7 ms on each of its last two turns, and
 * used under half of its clock when it planned for all six). */
static int64_t thinking_turns(int64_t turns) { return turns - turns / 3; }

/* The shares' options, written once as the backends' settings are:
 * defaults (today's shares), ranges. */
#define TIME_SHARE_LIST(X)                                        \
    X(time_share, "TimeShare", 100, 10, 400)                      \
    X(increment_share, "TimeIncrementShare", 75, 0, 100)          \
    X(soft_share, "TimeSoftShare", 60, 10, 100)                   \
    X(hard_share, "TimeHardShare", 250, 100, 1000)

#define SETTINGS_TYPE TimeShares
const TimeShares tm_default_shares = {TIME_SHARE_LIST(BACKEND_SETTING_DEFAULT)};
const BackendParam tm_share_params[] = {TIME_SHARE_LIST(BACKEND_SETTING_ROW)};

_Static_assert(sizeof tm_share_params / sizeof tm_share_params[0] == TM_SHARE_COUNT,
               "TM_SHARE_COUNT must match the list");

TimeBudget tm_budget(const SearchLimits *lim, int turns_left, int move_overhead_ms, const TimeShares *shares)
{
    TimeBudget b = {INT64_MAX, INT64_MAX, INT64_MAX};
    if (lim->infinite)
        return b;
    /* movetime is the thinking asked for, given whole, as in Stockfish:
     * MoveOverhead keeps back what a clock would lose to pipes, and a
     * movetime is no clock (20 ms less 30 of overhead is a move at once). */
    if (lim->movetime >= 0) {
        b.soft_ms = b.share_ms = b.hard_ms = max64(1, lim->movetime);
        return b;
    }
    if (lim->my_time < 0)
        return b; /* depth / nodes only */

    int64_t inc = lim->my_inc > 0 ? lim->my_inc : 0;
    int64_t turns = turns_left > 0 ? turns_left : 1;
    int64_t horizon = thinking_turns(turns);
    /* A movestogo from the GUI can only shorten these: the clock gets more
     * time after them, so the last of them is no cheap end of the game. */
    if (lim->movestogo > 0) {
        turns = min64(turns, lim->movestogo);
        horizon = min64(horizon, lim->movestogo);
    }
    /* Keep a reserve so that no clock ever hits zero: the overhead for each
     * remaining turn, never less than 20% of what is left. */
    int64_t usable = lim->my_time - move_overhead_ms * (turns + 1);
    usable = max64(usable, lim->my_time / 5);
    /* The shares in per cent; at their defaults the even split of the
     * usable clock plus 3/4 of the increment, hard 5/2 and soft 6/10 of
     * the share. */
    int64_t share = max64(1, usable * shares->time_share / (horizon * 100) + inc * shares->increment_share / 100);
    /* Hard: a long think when an iteration runs over, but never more than
     * the clock allows after the overhead. */
    int64_t ceiling = max64(1, lim->my_time - move_overhead_ms);
    b.hard_ms = max64(1, min64(share * shares->hard_share / 100, min64(ceiling, lim->my_time * 4 / 10 + inc)));
    b.share_ms = min64(share, b.hard_ms);
    /* Soft: an iteration started before it ends well after it, so that
     * alpha-beta spends about its share on average. */
    b.soft_ms = max64(1, min64(share * shares->soft_share / 100, b.share_ms));
    return b;
}

void tm_plan(TimeManager *tm, const SearchJob *job)
{
    tm->start_ms = job->start_ms;
    tm->job = job;
    const Game *game = job->game;
    const Position *pos = &job->record.current;
    int turns = game->turns_expected ? game->turns_expected(pos) : game->turns_left(pos);
    /* A job built outside the protocol sets no shares (TimeShare is at
     * least 10): the defaults. */
    const TimeShares *shares = job->time_shares.time_share > 0 ? &job->time_shares : &tm_default_shares;
    tm->budget = tm_budget(&job->limits, turns, job->move_overhead_ms, shares);
}

/* A pondered search's clock starts at ponderhit: the GUI's clock for us
 * started then, and the pondering was the opponent's time. */
int64_t tm_elapsed(const TimeManager *tm)
{
    int64_t hit = tm->job ? atomic_load(&tm->job->ponderhit_ms) : 0;
    return now_ms() - (hit > 0 ? hit : tm->start_ms);
}

static bool pondering(const TimeManager *tm) { return tm->job && atomic_load(&tm->job->pondering); }

static bool past(const TimeManager *tm, int64_t budget_ms)
{
    return budget_ms != INT64_MAX && !pondering(tm) && tm_elapsed(tm) >= budget_ms;
}

bool tm_past_soft(const TimeManager *tm) { return past(tm, tm->budget.soft_ms); }
bool tm_past_share(const TimeManager *tm) { return past(tm, tm->budget.share_ms); }
bool tm_past_hard(const TimeManager *tm) { return past(tm, tm->budget.hard_ms); }
