/*
 * searchtest.h - a search job as the backend tests set one up: one
 * position, no clock, a node limit or none, a thread count and a table
 * size; the caller adds what its test needs (depth, seed, MultiPV...).
 */
#ifndef TESSERA_SEARCHTEST_H
#define TESSERA_SEARCHTEST_H

#include <string.h>

#include "games/record.h"
#include "search/search.h"
#include "util/clock.h"

/* job (large: keep it off the stack) searches root of g, at most nodes
 * nodes (0: no limit), on threads threads with hash_mb of tables. */
static inline void search_job_set_up(SearchJob *job, const Game *g, const Position *root, uint64_t nodes,
                                     int threads, size_t hash_mb)
{
    memset(job, 0, sizeof *job);
    job->game = g;
    record_start(&job->record, g, root);
    job->limits = (SearchLimits){.my_time = -1, .my_inc = -1, .their_time = -1, .their_inc = -1, .movetime = -1,
                                 .nodes = nodes};
    job->threads = threads;
    job->hash_mb = hash_mb;
    job->start_ms = now_ms();
    atomic_init(&job->stop, false);
}

#endif
