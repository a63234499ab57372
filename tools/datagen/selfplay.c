/* selfplay.c - one game of an engine against itself, recorded. */
#include "datagen/selfplay.h"

#include <stdio.h>
#include <string.h>

#include "games/record.h"
#include "search/backends.h"
#include "search/mcts/mcts.h"
#include "util/clock.h"

static void prepare_search(const SelfPlayConfig *config, SearchJob *job, uint64_t seed)
{
    job->game = config->game;
    job->limits = (SearchLimits){.my_time = -1, .my_inc = -1, .their_time = -1, .their_inc = -1, .movetime = -1,
                                 .depth = config->depth, .nodes = config->nodes};
    job->threads = 1;
    job->multipv = 1;
    job->root_move_count = 0; /* every legal move */
    job->hash_mb = config->hash_mb;
    job->seed = seed;
    job->move_overhead_ms = 0;
    job->start_ms = now_ms();
    job->progress = (SearchProgress){NULL, NULL};
    atomic_store(&job->stop, false);
}

/* The searched position as a record whose result is filled in at the end. */
static void record_position(const SelfPlayConfig *config, const BackendEngine *engine, const Position *pos,
                            const SearchResult *found, const char *move_text, int ply,
                            uint64_t game_number, SelfPlayGame *out)
{
    DataRecord *r = &out->records[out->count];
    config->game->format_position(pos, r->position, sizeof r->position);
    r->proven = found->mate_turns != 0;
    r->score = r->proven ? found->mate_turns : found->score;
    snprintf(r->move, sizeof r->move, "%s", move_text);
    r->ply = ply;
    r->game_number = game_number;
    /* MCTS's visits as a policy target (data_record.h); alpha-beta's is the move. */
    r->visit_count = 0;
    if (config->backend == &mcts_backend)
        r->visit_count = mcts_root_visits(engine, config->game, pos, r->visit_entry, r->visits, DATA_VISITS_MAX);
    out->hashes[out->count] = config->game->hash(pos);
    out->count++;
}

/* The engine's move, checked with the game's own parser. */
static bool legal_answer(const Game *game, const Position *pos, Move best, char *text,
                         size_t text_size)
{
    char why[ERROR_TEXT_MAX];
    Move parsed;
    if (best == MOVE_NONE)
        return false;
    game->format_move(pos, best, text, text_size);
    return game->parse_move(pos, text, &parsed, why, sizeof why) && parsed == best;
}

SelfPlayStatus selfplay_game(const SelfPlayConfig *config, BackendEngine *engine, SearchJob *job,
                             uint64_t game_number, SelfPlayGame *out, const atomic_int *stop,
                             char *err, size_t err_size)
{
    const Game *game = config->game;
    Position start;
    int side[RECORD_MAX_MOVES];
    opening_for(&config->openings, game_number, &start);
    config->backend->new_game(engine, config->hash_mb);
    record_start(&job->record, game, &start);
    out->count = 0;
    uint64_t seed = config->seed ^ (game_number * 0x9E3779B97F4A7C15ULL);
    while (game->outcome(&job->record.current) == OUTCOME_ONGOING) {
        if (atomic_load(stop))
            return SELFPLAY_STOPPED;
        if (out->count == RECORD_MAX_MOVES || job->record.move_count == RECORD_MAX_MOVES)
            return SELFPLAY_TOO_LONG;
        prepare_search(config, job, seed + (uint64_t)out->count);
        SearchResult found = config->backend->search(engine, job);
        const Position *pos = &job->record.current;
        char move_text[MOVE_TEXT_MAX];
        if (!legal_answer(game, pos, found.best, move_text, sizeof move_text)) {
            snprintf(err, err_size, "%s found no legal move in game %llu at ply %d",
                     config->backend->id, (unsigned long long)game_number, out->count);
            return SELFPLAY_BAD_MOVE;
        }
        side[out->count] = game->side_to_move(pos);
        record_position(config, engine, pos, &found, move_text, out->count, game_number, out);
        if (!record_play(&job->record, found.best))
            return SELFPLAY_TOO_LONG;
    }
    out->outcome = game->outcome(&job->record.current);
    for (int i = 0; i < out->count; i++)
        out->records[i].result = data_result_for(out->outcome, side[i]);
    return SELFPLAY_FINISHED;
}
