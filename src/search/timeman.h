/* timeman.h - the time manager every backend shares.  A soft limit says
 * "do not start another iteration", the share is what the turn may spend
 * when no iteration runs on, a hard limit is never passed. */
#ifndef TESSERA_TIMEMAN_H
#define TESSERA_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "search/search.h"

/* A turn's budgets in ms, INT64_MAX when unlimited; soft <= share <= hard. */
typedef struct {
    int64_t soft_ms;  /* start no new iteration: the one started runs past it */
    int64_t share_ms; /* the turn's share of the clock: where a search with no
                         iterations to finish (MCTS) stops */
    int64_t hard_ms;  /* never passed */
} TimeBudget;

typedef struct {
    int64_t start_ms;
    TimeBudget budget;
    const SearchJob *job; /* its pondering stops the clock; its ponderhit restarts it */
} TimeManager;

void tm_plan(TimeManager *tm, const SearchJob *job);
int64_t tm_elapsed(const TimeManager *tm);
bool tm_past_soft(const TimeManager *tm);
bool tm_past_share(const TimeManager *tm);
bool tm_past_hard(const TimeManager *tm);

/* The shares' common defaults and their spin options (TimeShare,
 * TimeIncrementShare, TimeSoftShare, TimeHardShare: rows into TimeShares,
 * as a backend's settings); a game may start them elsewhere
 * (Game.setting_defaults). */
#define TM_SHARE_COUNT 4
extern const TimeShares tm_default_shares;
extern const BackendParam tm_share_params[TM_SHARE_COUNT];

/* The part of the plan that needs no clock, for tests: the budgets for the
 * clock in limits when the side to move has turns_left turns. */
TimeBudget tm_budget(const SearchLimits *limits, int turns_left, int move_overhead_ms, const TimeShares *shares);

#endif
