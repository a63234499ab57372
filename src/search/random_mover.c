/*
 * random_mover.c - the `random` backend: a uniformly random legal move.
 *
 * A real baseline for the arena, and a smoke test of every game's move
 * stream.  Reservoir sampling keeps it uniform over a stream of unknown
 * length in O(1) memory, so a Qawale position with millions of sowings is
 * fine; a `stop` cuts the stream short and plays the move held so far.
 * Its engines hold nothing: the move depends on the job alone.
 */
#include <stdlib.h>

#include "games/gameutil.h"
#include "search/backends.h"
#include "search/timeman.h"
#include "util/rng.h"

typedef struct {
    SearchJob *job;
    TimeManager tm;
} Clock;

/* Streams can be tens of millions long: the clock is asked now and then. */
static bool in_time(void *context)
{
    Clock *c = context;
    return !atomic_load(&c->job->stop) && !tm_past_hard(&c->tm);
}

static SearchResult random_search(BackendEngine *engine, SearchJob *job)
{
    (void)engine;
    const Game *g = job->game;
    const Position *root = &job->record.current;
    Clock clock = {job, {0}};
    tm_plan(&clock.tm, job);
    /* Same seed, same position, same history length: same move. */
    Rng rng;
    rng_seed(&rng, job->seed ^ g->hash(root) ^ ((uint64_t)job->record.move_count << 48));
    Move chosen;
    uint64_t seen = sample_legal_move(g, root, &rng, 0, in_time, &clock, &chosen);

    SearchResult result = {.best = chosen, .ponder = MOVE_NONE, .depth = 1, .seldepth = 1,
                           .nodes = seen, .hashfull = -1, .pv = {chosen},
                           .pv_length = chosen == MOVE_NONE ? 0 : 1};
    search_progress_result(job, &result);
    return result;
}

/* An engine with no state still needs a distinct, freeable handle. */
typedef struct {
    int nothing;
} RandomEngine;

static BackendEngine *random_create(void) { return (BackendEngine *)calloc(1, sizeof(RandomEngine)); }
static void *random_settings(BackendEngine *engine)
{
    (void)engine;
    return NULL; /* no settings: param_count is 0 */
}
static void random_new_game(BackendEngine *engine, size_t hash_mb) { (void)engine, (void)hash_mb; }
static void random_make_tables(BackendEngine *engine, size_t hash_mb, int threads)
{
    (void)engine, (void)hash_mb, (void)threads;
}
static void random_release(BackendEngine *engine) { (void)engine; }
static void random_destroy(BackendEngine *engine) { free(engine); }

const Backend random_backend = {
    .id = "random",
    .create = random_create,
    .settings = random_settings,
    .search = random_search,
    .new_game = random_new_game,
    .make_tables = random_make_tables,
    .release = random_release,
    .destroy = random_destroy,
};
