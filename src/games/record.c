/* record.c - p1/p2 bookkeeping on top of the colour-based Game verbs. */
#include "games/record.h"

#include <stdio.h>

void record_start(GameRecord *rec, const Game *game, const Position *start)
{
    rec->game = game;
    rec->start = *start;
    rec->current = *start;
    rec->move_count = 0;
    rec->p1_colour = game->side_to_move(start);
}

bool record_play(GameRecord *rec, Move move)
{
    if (rec->move_count == RECORD_MAX_MOVES)
        return false;
    const Game *g = rec->game;
    int mover = g->side_to_move(&rec->current);
    g->play(&rec->current, move);
    rec->moves[rec->move_count++] = move;
    bool same_colour_again = g->side_to_move(&rec->current) == mover;
    if (same_colour_again && g->outcome(&rec->current) == OUTCOME_ONGOING)
        rec->p1_colour ^= 1;
    return true;
}

bool record_play_text(GameRecord *rec, const char *text, char *err, size_t err_size)
{
    Move move;
    if (!rec->game->parse_move(&rec->current, text, &move, err, err_size))
        return false;
    if (!record_play(rec, move)) {
        snprintf(err, err_size, "move '%s': the game is longer than %d moves", text, RECORD_MAX_MOVES);
        return false;
    }
    return true;
}

bool record_p1_to_move(const GameRecord *rec)
{
    return rec->game->side_to_move(&rec->current) == rec->p1_colour;
}

PlayerResult record_result(const GameRecord *rec)
{
    switch (rec->game->outcome(&rec->current)) {
    case OUTCOME_WHITE_WINS:
        return rec->p1_colour == WHITE ? RESULT_P1_WINS : RESULT_P2_WINS;
    case OUTCOME_BLACK_WINS:
        return rec->p1_colour == BLACK ? RESULT_P1_WINS : RESULT_P2_WINS;
    case OUTCOME_DRAW:
        return RESULT_DRAW;
    default:
        return RESULT_NONE;
    }
}

const char *player_result_name(PlayerResult result)
{
    static const char *const names[] = {"none", "p1win", "p2win", "draw"};
    return names[result];
}
