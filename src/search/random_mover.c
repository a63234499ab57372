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

#include "search/backends.h"
#include "search/timeman.h"
#include "util/rng.h"

typedef struct {
    MoveSink sink;
    SearchJob *job;
    TimeManager tm;
    Rng rng;
    uint64_t seen;
    Move chosen;
} Reservoir;

static bool reservoir_emit(MoveSink *sink, Move move)
{
    Reservoir *r = (Reservoir *)sink;
    r->seen++;
    if (rng_below(&r->rng, r->seen) == 0)
        r->chosen = move;
    /* Check the clock now and then: streams can be tens of millions long. */
    if ((r->seen & 0xFFFF) == 0 && (atomic_load(&r->job->stop) || tm_past_hard(&r->tm)))
        return false;
    return true;
}

static SearchResult random_search(BackendEngine *engine, SearchJob *job)
{
    (void)engine;
    const Game *g = job->game;
    const Position *root = &job->record.current;
    Reservoir r = {{reservoir_emit}, job, {0}, {{0}}, 0, MOVE_NONE};
    tm_plan(&r.tm, job);
    /* Same seed, same position, same history length: same move. */
    rng_seed(&r.rng, job->seed ^ g->hash(root) ^ ((uint64_t)job->record.move_count << 48));
    g->generate_moves(root, &r.sink);

    SearchResult result = {.best = r.chosen, .ponder = MOVE_NONE, .depth = 1, .seldepth = 1,
                           .nodes = r.seen, .hashfull = -1, .pv = {r.chosen},
                           .pv_length = r.chosen == MOVE_NONE ? 0 : 1};
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
static void random_release(BackendEngine *engine) { (void)engine; }
static void random_destroy(BackendEngine *engine) { free(engine); }

const Backend random_backend = {
    .id = "random",
    .create = random_create,
    .settings = random_settings,
    .search = random_search,
    .new_game = random_new_game,
    .release = random_release,
    .destroy = random_destroy,
};
