/*
 * random_mover.c - the `random` backend: a uniformly random legal move.
 *
 * A real baseline for the arena, and a smoke test of every game's move
 * stream.  Reservoir sampling keeps it uniform over a stream of unknown
 * length in O(1) memory, so a Qawale position with millions of sowings is
 * fine; a `stop` cuts the stream short and plays the move held so far.
 */
#include "search/backends.h"
#include "search/report.h"
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

static Move random_search(SearchJob *job)
{
    const Game *g = job->game;
    const Position *root = &job->record.current;
    Reservoir r = {{reservoir_emit}, job, {0}, {{0}}, 0, MOVE_NONE};
    tm_plan(&r.tm, job);
    /* Same seed, same position, same history length: same move. */
    rng_seed(&r.rng, job->seed ^ g->hash(root) ^ ((uint64_t)job->record.move_count << 48));
    g->generate_moves(root, &r.sink);

    SearchInfo info = {.depth = 1, .nodes = r.seen, .hashfull = -1, .pv = &r.chosen,
                       .pv_length = r.chosen == MOVE_NONE ? 0 : 1};
    search_report(job, &info);
    job->nodes_searched = r.seen;
    return r.chosen;
}

static void random_new_game(size_t hash_mb) { (void)hash_mb; }
static void random_release(void) {}

const Backend random_backend = {
    .id = "random",
    .search = random_search,
    .new_game = random_new_game,
    .release = random_release,
};
