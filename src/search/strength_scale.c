/* strength_scale.c - each game's UCI_Elo scale, as measured: the Elo of
 * skills 0, 5, 10 and 15 against the full engine (skill 20).  A new game
 * adds one row; until it does, it uses the default row.  How the numbers
 * were measured (control, openings, games, intervals): README.md,
 * "Strength levels". */
#include "search/strength.h"

#include <string.h>

static const StrengthScale scales[] = {
    /* game id          skill 0, 5, 10, 15 */
    {"roomandpillar", {-800, -600, -400, -200}},
    {"columna", {-800, -600, -400, -200}},
    {"qawale", {-800, -600, -400, -200}},
    {"territoire", {-800, -600, -400, -200}},
};

/* Games not measured: the middle of the measured ones. */
static const StrengthScale default_scale = {"(default)", {-800, -600, -400, -200}};

const StrengthScale *strength_scale_of(const Game *game)
{
    for (size_t i = 0; i < sizeof scales / sizeof scales[0]; i++)
        if (strcmp(scales[i].game_id, game->id) == 0)
            return &scales[i];
    return &default_scale;
}

double strength_skill_of_elo(const Game *game, int elo)
{
    const int *below = strength_scale_of(game)->elo_below_full;
    double relative = (double)elo - STRENGTH_ELO_FULL;
    if (relative >= 0)
        return STRENGTH_FULL_SKILL;
    if (relative <= below[0])
        return 0;
    for (int i = 1; i <= STRENGTH_SCALE_POINTS; i++) {
        double upper = i < STRENGTH_SCALE_POINTS ? below[i] : 0;
        if (relative <= upper)
            return STRENGTH_SCALE_STEP * (i - 1 + (relative - below[i - 1]) / (upper - below[i - 1]));
    }
    return STRENGTH_FULL_SKILL;
}
