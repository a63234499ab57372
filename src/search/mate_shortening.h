/* mate_shortening.h - what both backends do with a proven result once
 * their search has ended on it: shorten it (search/mate_distance.h) with
 * the time left, and make the exact distance, the turn that wins fastest
 * (or loses slowest) and its line the result. */
#ifndef TESSERA_MATE_SHORTENING_H
#define TESSERA_MATE_SHORTENING_H

#include <stdbool.h>

#include "search/mate_distance.h"
#include "search/search.h"

/* Does job want its proven result shortened?  Where its work is measured in
 * time, or unlimited: a `go depth` or `go nodes` keeps its fixed amount of
 * work, a searchmoves root is proven among the named turns only, and a job
 * whose proof is enough (tessera prove) wants none. */
bool mate_shortening_wanted(const SearchJob *job);

/* Shortens result (a proven score of job's root) with table until it is
 * exact or must_stop(context); an exact distance replaces the result's
 * score, best move and pv, and is reported as progress.  Adds the nodes
 * searched to result->nodes; true when the result became exact. */
bool mate_shorten_result(const SearchJob *job, MateTable *table, bool (*must_stop)(void *context),
                         void *context, SearchResult *result);

#endif
