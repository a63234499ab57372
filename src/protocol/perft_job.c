/* perft_job.c - the lines of a perft run (see perft_job.h). */
#include "protocol/perft_job.h"

#include <inttypes.h>
#include <stdio.h>

#include "games/gameutil.h"
#include "protocol/printable.h"
#include "util/output.h"
#include "util/parse_number.h"

bool perft_parse_depth(int argc, char **argv, int *depth, char *err, size_t err_size)
{
    if (argc < 1 || parse_int_in(argv[0], "perft depth", 1, PERFT_MAX_DEPTH, depth, err, err_size) != NUMBER_OK) {
        snprintf(err, err_size, "expected a depth from 1 to %d", PERFT_MAX_DEPTH);
        return false;
    }
    if (argc > 1) {
        snprintf(err, err_size, "unexpected '%s' after the depth", printable(argv[1]));
        return false;
    }
    return true;
}

typedef struct {
    const Game *game;
    const Position *root;
} DivideContext;

static void report_divide(Move move, uint64_t count, void *context)
{
    const DivideContext *c = context;
    char text[MOVE_TEXT_MAX];
    c->game->format_move(c->root, move, text, sizeof text);
    out_line("%s: %" PRIu64, text, count);
}

PerftCount perft_job_count(SearchJob *job)
{
    const Position *root = &job->record.current;
    DivideContext context = {job->game, root};
    PerftCount count;
    count.total = perft_divide(job->game, root, job->limits.depth, report_divide, &context, &job->stop);
    count.stopped = atomic_load(&job->stop);
    return count;
}

void perft_job_print_total(PerftCount count)
{
    out_line("%s", "");
    if (count.stopped)
        out_line("Nodes searched: %" PRIu64 " (stopped: only the moves listed were counted)", count.total);
    else
        out_line("Nodes searched: %" PRIu64, count.total);
}
