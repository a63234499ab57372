/* timeman.h - the time manager every backend shares.  A soft limit says
 * "do not start another iteration", a hard limit is never passed. */
#ifndef TESSERA_TIMEMAN_H
#define TESSERA_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "search/search.h"

typedef struct {
    int64_t start_ms;
    int64_t soft_ms; /* INT64_MAX when unlimited */
    int64_t hard_ms; /* INT64_MAX when unlimited */
    const SearchJob *job; /* its pondering stops the clock; its ponderhit restarts it */
} TimeManager;

void tm_plan(TimeManager *tm, const SearchJob *job);
int64_t tm_elapsed(const TimeManager *tm);
bool tm_past_soft(const TimeManager *tm);
bool tm_past_hard(const TimeManager *tm);

/* The part of the plan that needs no clock, for tests: budgets in ms for a
 * clock of time_ms + inc_ms when the side to move has turns_left turns. */
void tm_budget(const SearchLimits *limits, int turns_left, int move_overhead_ms,
               int64_t *soft_ms, int64_t *hard_ms);

#endif
