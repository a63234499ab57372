/* perft_job.h - `perft N` / `go perft N` as a job of the searcher's thread,
 * so that the reader keeps answering while it counts: `stop` ends it with
 * what was counted, `quit` and end of input at once, `isready` answers. */
#ifndef TESSERA_PERFT_JOB_H
#define TESSERA_PERFT_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/search.h"

/* The deepest perft accepted (nothing this deep ever finishes). */
#define PERFT_MAX_DEPTH 64

/* The arguments after `perft` (or `go perft`): exactly one depth from 1
 * to PERFT_MAX_DEPTH; false with a message otherwise. */
bool perft_parse_depth(int argc, char **argv, int *depth, char *err, size_t err_size);

typedef struct {
    uint64_t total; /* leaves under the root moves counted whole */
    bool stopped;   /* cut short by job->stop */
} PerftCount;

/* Counts job->limits.depth plies from job->record.current, printing one
 * `<move>: <count>` line per root move counted whole, until job->stop. */
PerftCount perft_job_count(SearchJob *job);

/* The closing lines: a blank line, then `Nodes searched: N`, marked as
 * partial when the count was stopped. */
void perft_job_print_total(PerftCount count);

#endif
