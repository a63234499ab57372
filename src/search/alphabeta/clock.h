/*
 * clock.h - how an alpha-beta thread charges its work and looks at the
 * clock: every file of the backend that spends time (nodes, move
 * listings, proofs) charges it here.
 */
#ifndef TESSERA_AB_CLOCK_H
#define TESSERA_AB_CLOCK_H

#include "search/alphabeta/internal.h"

/* Charges units of work (a node, a move streamed, a child evaluated) and
 * looks at the clock and the stop flags every AB_POLL_UNITS of them: a
 * node's cost varies a thousandfold (a Qawale listing streams up to 50000
 * moves; a probe of a table page not yet touched costs tens of
 * microseconds), so counting nodes alone let the hard limit pass by
 * seconds.  True when this thread must stop (also at its budget_end). */
#define AB_POLL_UNITS 64
/* Reads the clock and the stop flag (ab_charge's call every AB_POLL_UNITS). */
void ab_poll_clock(AbWorker *w);

/* Inline: charged once per move streamed, millions of times a second. */
static inline bool ab_charge(AbWorker *w, uint64_t units)
{
    if (w->stopped)
        return true;
    w->work += units;
    if (w->work >= w->next_poll)
        ab_poll_clock(w);
    if (atomic_load_explicit(&w->shared->abort, memory_order_relaxed) ||
        (w->budget_end && w->nodes >= w->budget_end))
        w->stopped = true;
    return w->stopped;
}

/* Counts a node and charges it; true when this thread must stop. */
bool ab_out_of_time(AbWorker *w);

#endif
