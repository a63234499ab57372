/* proven_answer.c - the proven table's answer to a search (see proven_answer.h). */
#include "search/book/proven_answer.h"

#include "search/mate.h"

const ProvenBookEntry *proven_answer(const SearchJob *job, SearchResult *result)
{
    const Game *g = job->game;
    const Position *root = &job->record.current;
    /* What a table cannot give: weakened play, several lines. */
    if (job->strength.limited || job->multipv > 1 || g->outcome(root) != OUTCOME_ONGOING)
        return NULL;
    const ProvenBookEntry *entry = proven_book_find(g, root);
    Move move;
    char err[ERROR_TEXT_MAX];
    if (!entry || !g->parse_move(root, entry->move, &move, err, sizeof err) || !search_root_allows(job, move))
        return NULL;
    int turns = mate_turns_of_score(score_of_proof(true, entry->plies));
    /* `go mate N` asks for a quicker win than the proof's: searched. */
    if (job->limits.mate > 0 && turns > job->limits.mate)
        return NULL;
    *result = (SearchResult){.best = move, .ponder = MOVE_NONE, .mate_turns = turns, .depth = 1,
                             .seldepth = entry->plies, .hashfull = -1, .pv_length = 1};
    result->pv[0] = move;
    return entry;
}
