/* mate_shortening.c - a proven result made exact (see mate_shortening.h). */
#include "search/mate_shortening.h"

#include <stdatomic.h>

#include "search/mate.h"

bool mate_shortening_wanted(const SearchJob *job)
{
    return job->limits.depth == 0 && job->limits.nodes == 0 && job->root_move_count == 0 &&
           !job->proof_is_enough && !atomic_load(&job->stop);
}

bool mate_shorten_result(const SearchJob *job, MateTable *table, bool (*must_stop)(void *context),
                         void *context, SearchResult *r)
{
    if (!table || !score_is_proven(r->score) || !mate_shortening_wanted(job))
        return false;
    bool wins = r->score > 0;
    MateSearch ms = {.game = job->game, .table = table, .must_stop = must_stop, .context = context};
    MateDistance d = mate_distance_shorten(&ms, &job->record.current, wins, proof_plies(r->score));
    r->nodes += ms.nodes;
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
