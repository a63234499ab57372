/*
 * clock.c - the alpha-beta threads' look at the clock and the stop flags
 * (clock.h).
 */
#include "search/alphabeta/clock.h"

/* Depth 1 costs microseconds to milliseconds here: a stop before it
 * waits for it (AbShared.unsearched). */
static bool may_stop(const AbShared *s) { return !atomic_load_explicit(&s->unsearched, memory_order_relaxed); }

void ab_poll_clock(AbWorker *w)
{
    AbShared *s = w->shared;
    w->next_poll = w->work + AB_POLL_UNITS;
    atomic_store_explicit(&w->published_nodes, w->nodes, memory_order_relaxed);
    if ((atomic_load(&s->job->stop) || tm_past_hard(&s->tm)) && may_stop(s))
        atomic_store(&s->abort, true);
    if (w->iteration_depth && atomic_load_explicit(&s->deepest.depth, memory_order_relaxed) >= w->iteration_depth)
        w->stopped = w->superseded = true;
}

bool ab_out_of_time(AbWorker *w)
{
    AbShared *s = w->shared;
    if (w->stopped)
        return true;
    w->nodes++;
    if (s->node_limit && w->id == 0 && w->nodes >= s->node_limit && may_stop(s))
        atomic_store(&s->abort, true);
    return ab_charge(w, 1);
}
