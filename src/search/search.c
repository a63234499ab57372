/* search.c - the helpers every backend's caller or backend shares:
 * reaching an engine's setting by its table row, a game's defaults of the
 * settings, and reporting progress only to a job that asked for it. */
#include "search/search.h"

#include "games/gameutil.h"
#include "search/mate.h"

int *backend_setting(const Backend *backend, BackendEngine *engine, int index)
{
    return (int *)((char *)backend->settings(engine) + backend->params[index].offset);
}

void settings_for_game(const BackendParam *rows, int count, void *settings, const Game *game)
{
    for (int i = 0; i < count; i++)
        *(int *)((char *)settings + rows[i].offset) = game_setting_default(game, rows[i].name, rows[i].default_value);
}

void backend_defaults_for_game(const Backend *backend, BackendEngine *engine, const Game *game)
{
    settings_for_game(backend->params, backend->param_count, backend->settings(engine), game);
}

bool search_proof_ends_search(const SearchJob *job, int score)
{
    int mate = mate_turns_of_score(score);
    return job->limits.mate == 0 || mate <= 0 || mate <= job->limits.mate;
}

bool search_root_allows(const SearchJob *job, Move move)
{
    if (job->root_move_count == 0)
        return true;
    for (int i = 0; i < job->root_move_count; i++)
        if (job->root_moves[i] == move)
            return true;
    return false;
}

static void search_progress(const SearchJob *job, const SearchInfo *info)
{
    if (job->progress.on_info)
        job->progress.on_info(job->progress.context, info);
}

void search_progress_line(const SearchJob *job, const SearchResult *r, int k)
{
    SearchInfo info = {.depth = r->depth, .seldepth = r->seldepth, .multipv = k,
                       .score = r->mate_turns ? 0 : r->score, .mate_turns = r->mate_turns,
                       .draw_proven = r->draw_proven, .nodes = r->nodes,
                       .hashfull = r->hashfull, .pv = r->pv, .pv_length = r->pv_length};
    search_progress(job, &info);
}

void search_progress_result(const SearchJob *job, const SearchResult *r) { search_progress_line(job, r, 1); }

bool search_is_weakened(const SearchJob *job)
{
    return job->strength.limited && job->strength.skill < STRENGTH_FULL_SKILL;
}

int search_line_count(const SearchJob *job)
{
    int lines = job->multipv < 1 ? 1 : job->multipv > SEARCH_MAX_MULTIPV ? SEARCH_MAX_MULTIPV : job->multipv;
    /* A weakened search chooses among several lines. */
    return search_is_weakened(job) && lines < STRENGTH_LINES ? STRENGTH_LINES : lines;
}

bool search_wants_whole_turns(const SearchJob *job) { return job->root_move_count > 0 || search_line_count(job) > 1; }
