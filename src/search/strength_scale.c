/* strength_scale.c - each game's UCI_Elo scale, as measured: the Elo of the
 * measured skills against the full engine (skill 20).  A new game adds one
 * row; until it does, it uses the default row.  How the numbers were
 * measured (control, openings, games, intervals): README.md, "Strength
 * levels", and tools/strength/calibrate.sh. */
#include "search/strength.h"

#include <string.h>

const double strength_scale_skills[STRENGTH_SCALE_POINTS] = {0, 4, 8, 12, 16, 19};

static const StrengthScale scales[] = {
    /* game id          skill 0, 4, 8, 12, 16, 19 */
    {"roomandpillar", {-900, -800, -700, -600, -500, -400}},
    {"columna", {-900, -800, -700, -600, -500, -400}},
    {"qawale", {-900, -800, -700, -600, -500, -400}},
    {"territoire", {-900, -800, -700, -600, -500, -400}},
};

/* A game not measured yet. */
static const StrengthScale default_scale = {"(default)", {-900, -800, -700, -600, -500, -400}};

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
    const double *skill = strength_scale_skills;
    int last = STRENGTH_SCALE_POINTS - 1;
    double relative = (double)elo - STRENGTH_ELO_FULL;
    if (relative >= 0)
        return STRENGTH_FULL_SKILL;
    if (relative >= below[last])
        return skill[last];
    if (relative <= below[0])
        return skill[0];
    int i = 1;
    while (relative > below[i])
        i++;
    double share = (relative - below[i - 1]) / (below[i] - below[i - 1]);
    return skill[i - 1] + share * (skill[i] - skill[i - 1]);
}
