/*
 * alphabeta/smp.c - Lazy SMP's exchange between the threads of one search.
 *
 * Helpers searched only for the table: the main thread finished every
 * depth itself, so the time to a depth was the main thread's, and a helper
 * that got there first had searched for nothing (issue 14: 2 threads took
 * 0.8x the time of 1 to the bench depths on an idle 16-core machine).  Now
 * a helper that completes an iteration deeper than the main thread's
 * publishes it; the main thread adopts it and goes on from there, and a
 * depth-limited search ends with the first thread to reach the limit.
 * Odd helpers keep one ply ahead of the main thread (the depth offsets of
 * Stockfish's and Ethereal's helpers), so that they are the ones that get
 * there first.  One thread never comes here: its search is unchanged.
 */
#include <string.h>

#include "search/alphabeta/internal.h"
#include "search/mate.h"

bool ab_smp_begin(AbShared *s)
{
    atomic_init(&s->deepest.depth, 0);
    atomic_init(&s->deepest.main_depth, 0);
    return pthread_mutex_init(&s->deepest.lock, NULL) == 0;
}

void ab_smp_end(AbShared *s) { pthread_mutex_destroy(&s->deepest.lock); }

void ab_smp_publish(AbWorker *w, int depth, int score)
{
    AbShared *s = w->shared;
    AbDeepest *d = &s->deepest;
    /* MultiPV's lines 2..N are the main thread's alone: it keeps them all. */
    if (search_line_count(s->job) > 1 || depth <= atomic_load(&d->depth))
        return;
    const Position *root = &s->job->record.current;
    Move best = ab_line_turn(w);
    if (best == MOVE_NONE)
        return;
    pthread_mutex_lock(&d->lock);
    if (depth > atomic_load(&d->depth)) {
        d->score = score;
        d->seldepth = w->seldepth;
        d->best_turn = best;
        d->pv_length = ab_pv_turns(s, root, w->pv[0], w->pv_length[0], d->pv, MAX_REPORTED_PV);
        atomic_store(&d->depth, depth);
    }
    pthread_mutex_unlock(&d->lock);
}

bool ab_smp_adopt(AbWorker *w, SearchResult *r)
{
    AbDeepest *d = &w->shared->deepest;
    if (atomic_load(&d->depth) <= w->completed_depth)
        return false;
    pthread_mutex_lock(&d->lock);
    w->completed_depth = atomic_load(&d->depth);
    w->best_score = d->score;
    w->best_turn = d->best_turn;
    if (d->seldepth > w->seldepth)
        w->seldepth = d->seldepth;
    memcpy(r->pv, d->pv, sizeof(Move) * (size_t)d->pv_length);
    r->pv_length = d->pv_length;
    pthread_mutex_unlock(&d->lock);
    r->depth = w->completed_depth;
    r->seldepth = w->seldepth;
    r->score = w->best_score;
    r->mate_turns = mate_turns_of_score(r->score);
    r->draw_proven = false;
    return true;
}

int ab_smp_helper_depth(const AbWorker *w, int next, int limit)
{
    int main_depth = atomic_load(&w->shared->deepest.main_depth);
    /* Never past the limit: a helper that left the main thread alone on
     * the last depth would add nothing to it. */
    int wanted = main_depth + (w->id % 2);
    if (wanted > limit)
        wanted = limit;
    return wanted > next ? wanted : next;
}
