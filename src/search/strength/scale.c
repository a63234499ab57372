/* strength/scale.c - each game's UCI_Elo scale per backend, as measured: the
 * Elo of the measured skills against that backend's full engine (skill 20),
 * never decreasing.  A new game adds a row per backend; until it does, it
 * uses the mean of the backend's rows.  How the numbers were
 * measured (control, openings, games, intervals): README.md, "Strength
 * levels", and tools/strength/calibrate.sh. */
#include "search/strength/strength.h"

#include <math.h>
#include <string.h>

const double strength_scale_skills[STRENGTH_SCALE_POINTS] = {0, 4, 8, 12, 16, 18, 19};

/* Measured with tools/strength/calibrate.sh scale GAME 200 [mcts] (and
 * pair GAME 200 18 19): each skill against the next one up, chained from
 * the full engine.  Alpha-beta: every engine at `go nodes 20000`; Columna's
 * row was measured again with its net 2 and Qawale's with its net 3
 * (Eval=auto, the default); Qawale's skills 8 and 12 measured out of order
 * within noise (-220, -236): they share their mean.  MCTS: every engine at
 * `go nodes 5000` (NODES=5000), Eval=auto.  Its top skills measured at or
 * above its full engine (they choose among lines by value, with whole
 * turns), so those are entered as -1, within noise of it; Room and
 * Pillar's skills 0 and 4 (-779, -793) and Qawale's 12 to 19 (-2 to +7,
 * 92% draws) measured out of order within noise and share one value. */
static const StrengthScale scales[] = {
    /* game id          backend      skill 0, 4, 8, 12, 16, 18, 19 */
    {"roomandpillar", "alphabeta", {-1101, -1070, -955, -778, -455, -101, -63}},
    {"columna", "alphabeta", {-765, -748, -695, -650, -459, -234, -164}},
    {"qawale", "alphabeta", {-301, -280, -228, -228, -147, -63, -30}},
    {"territoire", "alphabeta", {-245, -231, -201, -159, -63, -46, -16}},
    {"roomandpillar", "mcts", {-786, -786, -762, -611, -273, -1, -1}},
    {"columna", "mcts", {-683, -627, -508, -283, -8, -1, -1}},
    {"qawale", "mcts", {-210, -130, -72, -1, -1, -1, -1}},
    {"territoire", "mcts", {-224, -144, -59, -14, -1, -1, -1}},
};

/* The rows of backend, or alpha-beta's for a backend without any. */
static const char *measured_backend(const Backend *backend)
{
    for (size_t i = 0; i < sizeof scales / sizeof scales[0]; i++)
        if (strcmp(scales[i].backend_id, backend->id) == 0)
            return backend->id;
    return "alphabeta";
}

StrengthScale strength_scale_of(const Game *game, const Backend *backend)
{
    const char *backend_id = measured_backend(backend);
    /* A game not measured yet: the mean of the backend's measured rows. */
    StrengthScale mean = {"(default)", backend_id, {0}};
    int rows = 0;
    for (size_t i = 0; i < sizeof scales / sizeof scales[0]; i++) {
        if (strcmp(scales[i].backend_id, backend_id) != 0)
            continue;
        if (strcmp(scales[i].game_id, game->id) == 0)
            return scales[i];
        for (int p = 0; p < STRENGTH_SCALE_POINTS; p++)
            mean.elo_below_full[p] += scales[i].elo_below_full[p];
        rows++;
    }
    for (int p = 0; p < STRENGTH_SCALE_POINTS; p++)
        mean.elo_below_full[p] = (int)lround((double)mean.elo_below_full[p] / rows);
    return mean;
}

double strength_skill_of_elo(const Game *game, const Backend *backend, int elo)
{
    StrengthScale scale = strength_scale_of(game, backend);
    const int *below = scale.elo_below_full;
    const double *skill = strength_scale_skills;
    int last = STRENGTH_SCALE_POINTS - 1;
    double relative = (double)elo - STRENGTH_ELO_FULL;
    if (relative >= 0)
        return STRENGTH_FULL_SKILL;
    if (relative > below[last])
        return skill[last]; /* the gap below the full engine */
    if (relative <= below[0])
        return skill[0];
    int i = 1;
    while (relative > below[i])
        i++;
    double share = (relative - below[i - 1]) / (below[i] - below[i - 1]);
    return skill[i - 1] + share * (skill[i] - skill[i - 1]);
}
