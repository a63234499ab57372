/* alphabeta/mate_shortening.c - the alphabeta backend's use of the mate
 * shortening (search/proof/mate_shortening.h): once the search ends on a proven
 * score, its threads spend the time left on the exact distance. */
#include "search/alphabeta/internal.h"
#include "search/mate.h"
#include "search/proof/mate_shortening.h"

static bool shortening_must_stop(void *context)
{
    const AbShared *s = context;
    return atomic_load(&s->job->stop) || tm_past_soft(&s->tm);
}

void ab_shorten_proven(AbWorker *w, MateTable *table, ThreadPool *pool)
{
    AbShared *s = w->shared;
    SearchResult *r = s->result;
    r->score = w->best_score;
    r->best = w->best_turn;
    uint64_t before = r->nodes;
    bool exact = mate_shorten_result(s->job, table, pool, shortening_must_stop, s, r);
    w->nodes += r->nodes - before;
    if (!exact)
        return;
    w->best_score = r->score;
    w->best_turn = r->best;
}
