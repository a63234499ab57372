/* strength_scale.c - each game's UCI_Elo scale, as measured: the Elo of the
 * measured skills against the full engine (skill 20), never decreasing.  A
 * new game adds one row; until it does, it uses the default row.  How the numbers were
 * measured (control, openings, games, intervals): README.md, "Strength
 * levels", and tools/strength/calibrate.sh. */
#include "search/strength.h"

#include <string.h>

const double strength_scale_skills[STRENGTH_SCALE_POINTS] = {0, 4, 8, 12, 16, 18, 19};

/* Measured with tools/strength/calibrate.sh scale GAME 200 (and pair GAME
 * 200 18 19): alpha-beta, every engine at `go nodes 20000`, each skill
 * against the next one up, chained from the full engine.  Columna's row was
 * measured again with its net 2 and Qawale's with its net 3 (Eval=auto,
 * the default); Qawale's skills 8 and 12 measured out of order within
 * noise (-220, -236): they share their mean. */
static const StrengthScale scales[] = {
    /* game id          skill 0, 4, 8, 12, 16, 18, 19 */
    {"roomandpillar", {-1101, -1070, -955, -778, -455, -101, -63}},
    {"columna", {-765, -748, -695, -650, -459, -234, -164}},
    {"qawale", {-301, -280, -228, -228, -147, -63, -30}},
    {"territoire", {-245, -231, -201, -159, -63, -46, -16}},
};

/* A game not measured yet: the mean of the four measured ones. */
static const StrengthScale default_scale = {"(default)", {-603, -582, -520, -454, -281, -111, -68}};

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
