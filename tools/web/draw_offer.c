/* draw_offer.c - draw offers answered for the engine. */
#include "web/draw_offer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web/play.h"

#define DRAW_SEARCH_WAIT_MS 60000

/* The side to move, "p1" or "p2", from the engine's status ("ongoing,
 * p2 to move"); NULL when the game is over. */
static const char *side_to_move(const Session *s)
{
    const char *at = strstr(s->status, "ongoing, p");
    return !at ? NULL : at[10] == '1' ? "p1" : at[10] == '2' ? "p2" : NULL;
}

static bool has_draws(const char *game) { return strcmp(game, "qawale") == 0 || strcmp(game, "territoire") == 0; }

/* The engine's evaluation of the position for engine_side: a search of
 * DRAW_SEARCH_NODES nodes; false when it gave no score (*status 0) or
 * the search could not start (*status its refusal, why filled). */
static bool evaluate(Session *s, const char *engine_side, long *own, char *why, size_t why_size, int *status)
{
    const char *to_move = side_to_move(s);
    GoRequest go = {.nodes = DRAW_SEARCH_NODES, .purpose = SEARCH_DISCARD};
    *status = play_go(s, &go, true, DRAW_SEARCH_WAIT_MS, why, why_size);
    if (*status != 0)
        return false;
    if (s->searching)
        play_stop(s);
    if (!s->scored || !to_move)
        return false;
    *own = strcmp(to_move, engine_side) == 0 ? s->score_cp : -s->score_cp;
    return true;
}

int draw_offer_answer(Session *s, const char *by, DrawAnswer *answer, char *why, size_t why_size)
{
    memset(answer, 0, sizeof *answer);
    if (strcmp(by, "p1") != 0 && strcmp(by, "p2") != 0) {
        snprintf(why, why_size, "\"by\" is the side offering the draw: \"p1\" or \"p2\"");
        return 400;
    }
    if (!has_draws(s->game)) {
        snprintf(why, why_size, "%s has no draws: only Qawale and Territoire do", s->game);
        return 409;
    }
    if (play_game_over(s)) {
        snprintf(why, why_size, "the game is over");
        return 409;
    }
    if (s->searching && s->purpose == SEARCH_PLAY) {
        snprintf(why, why_size, "the engine is thinking over its move: offer the draw on your move");
        return 409;
    }
    if (s->move_count < DRAW_MIN_PLIES) {
        snprintf(answer->why, sizeof answer->why, "the engine declines: a draw is taken only after both sides moved");
        return 0;
    }
    const char *engine_side = strcmp(by, "p1") == 0 ? "p2" : "p1";
    int status;
    if (!evaluate(s, engine_side, &answer->evaluation, why, why_size, &status)) {
        if (status == 0)
            snprintf(answer->why, sizeof answer->why, "the engine declines: its search gave no evaluation");
        return status;
    }
    answer->evaluated = true;
    answer->accepted = labs(answer->evaluation) <= DRAW_LEVEL_CP;
    snprintf(answer->why, sizeof answer->why,
             "the engine %s: its evaluation for itself is %+.2f (it takes a draw within %.2f of level)",
             answer->accepted ? "accepts" : "declines", answer->evaluation / 100.0, DRAW_LEVEL_CP / 100.0);
    return answer->accepted ? play_adjudicate(s, "draw", "draw agreed", why, why_size) : 0;
}
