/* proof/mate_shortening.h - what both backends do with a proven result once
 * their search has ended on it: shorten it (search/proof/mate_distance.h) with
 * the time left, on every thread of the search, and make the exact
 * distance, the turn that wins fastest (or loses slowest) and its line
 * the result. */
#ifndef TESSERA_MATE_SHORTENING_H
#define TESSERA_MATE_SHORTENING_H

#include <stdbool.h>

#include "search/proof/mate_distance.h"
#include "search/search.h"
#include "search/thread_pool.h"

/* Does job want its proven result shortened?  Where its work is measured in
 * time, or unlimited: a `go depth` or `go nodes` keeps its fixed amount of
 * work, a searchmoves root is proven among the named turns only, and a job
 * whose proof is enough (tessera prove) wants none. */
bool mate_shortening_wanted(const SearchJob *job);

/* Shortens result (a proven score of job's root) with table until it is
 * exact or must_stop(context), on job->threads threads of pool (the
 * engine's, idle between its searches; this thread waits for them; with
 * no thread to be had, on this one), which share the table: every
 * thread asks the same questions, and the first to finish has the exact
 * distance, the same one at any thread count.  must_stop is called from
 * each of them.  An exact distance replaces the result's score, best move
 * and pv, and is reported as progress.  Adds the nodes searched to
 * result->nodes; true when the result became exact. */
bool mate_shorten_result(const SearchJob *job, MateTable *table, ThreadPool *pool, bool (*must_stop)(void *context),
                         void *context, SearchResult *result);

#endif
