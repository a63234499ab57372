/* proof/mate_shortening.c - a proven result made exact (see proof/mate_shortening.h).
 *
 * It ran on one thread while the others idled: the 8x8 Room and Pillar
 * start, proven at 2 threads in under a second, then waited minutes on a
 * loaded 2-core machine for its exact `mate -14`.  Now every thread of
 * the search asks the questions, sharing the table and the busy
 * positions, so that they split the work of each question between them. */
#include "search/proof/mate_shortening.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "search/mate.h"

bool mate_shortening_wanted(const SearchJob *job)
{
    return job->limits.depth == 0 && job->limits.nodes == 0 && job->root_move_count == 0 &&
           !job->proof_is_enough && !atomic_load(&job->stop);
}

/* What the threads of one shortening share. */
typedef struct {
    const SearchJob *job;
    bool wins;
    int bound_plies;
    bool (*must_stop)(void *context);
    void *context;
    atomic_bool finished; /* a thread has the exact distance: the others stop */
} Shortening;

typedef struct {
    Shortening *shared;
    MateSearch search;
    MatePeers peers;
    MateDistance distance;
} ShorteningThread;

_Static_assert(SEARCH_MAX_THREADS <= MATE_MAX_THREADS, "every search thread has its progress slot");

static bool thread_must_stop(void *context)
{
    Shortening *s = context;
    return atomic_load_explicit(&s->finished, memory_order_relaxed) || (s->must_stop && s->must_stop(s->context));
}

static void *shorten_on_thread(void *arg)
{
    ShorteningThread *t = arg;
    Shortening *s = t->shared;
    t->distance = mate_distance_shorten(&t->search, &s->job->record.current, s->wins, s->bound_plies);
    if (t->distance.exact)
        atomic_store(&s->finished, true);
    return NULL;
}

static int thread_count(const SearchJob *job)
{
    return job->threads < 1 ? 1 : job->threads > SEARCH_MAX_THREADS ? SEARCH_MAX_THREADS : job->threads;
}

/* The exact distance by count threads (those of them pool could start),
 * or the bound when none finished; *nodes gets the nodes of all. */
static MateDistance shorten_on_threads(Shortening *s, MateTable *table, ThreadPool *pool, int count,
                                       uint64_t *nodes)
{
    MateDistance none = {.plies = s->bound_plies, .exact = false, .move = MOVE_NONE, .line_length = 0};
    ShorteningThread *threads = calloc((size_t)count, sizeof *threads);
    MateBusy *busy = count > 1 ? calloc(1, sizeof *busy) : NULL;
    if (!threads || (count > 1 && !busy)) {
        free(threads);
        free(busy);
        return none;
    }
    void *args[SEARCH_MAX_THREADS];
    for (int i = 0; i < count; i++) {
        threads[i] = (ShorteningThread){.shared = s, .distance = none};
        threads[i].search = (MateSearch){.game = s->job->game, .table = table, .busy = busy, .thread = i,
                                         .threads = count, .peers = &threads[i].peers,
                                         .must_stop = thread_must_stop, .context = s};
        args[i] = &threads[i];
    }
    int ran = pool ? thread_pool_run(pool, count, shorten_on_thread, args) : 0;
    if (ran == 0)
        shorten_on_thread(args[0]); /* no thread to be had: on this one */
    /* The first exact one by thread number: any exact one has the same
     * distance, and its move keeps it. */
    MateDistance d = none;
    *nodes = 0;
    for (int i = 0; i < count; i++) {
        *nodes += threads[i].search.nodes;
        if (threads[i].distance.exact && !d.exact)
            d = threads[i].distance;
    }
    free(threads);
    free(busy);
    return d;
}

bool mate_shorten_result(const SearchJob *job, MateTable *table, ThreadPool *pool, bool (*must_stop)(void *context),
                         void *context, SearchResult *r)
{
    if (!table || !score_is_proven(r->score) || !mate_shortening_wanted(job))
        return false;
    bool wins = r->score > 0;
    Shortening s = {.job = job, .wins = wins, .bound_plies = proof_plies(r->score), .must_stop = must_stop,
                    .context = context};
    atomic_init(&s.finished, false);
    uint64_t nodes = 0;
    MateDistance d = shorten_on_threads(&s, table, pool, thread_count(job), &nodes);
    r->nodes += nodes;
    if (!d.exact || d.move == MOVE_NONE)
        return false;
    r->best = d.move;
    r->score = score_of_proof(wins, d.plies);
    r->mate_turns = mate_turns_of_score(r->score);
    r->pv_length = d.line_length < MAX_REPORTED_PV ? d.line_length : MAX_REPORTED_PV;
    for (int i = 0; i < r->pv_length; i++)
        r->pv[i] = d.line[i];
    if (r->pv_length == 0 || r->pv[0] != d.move) {
        r->pv[0] = d.move;
        r->pv_length = 1;
    }
    r->ponder = r->pv_length >= 2 ? r->pv[1] : MOVE_NONE;
    search_progress_result(job, r);
    return true;
}
