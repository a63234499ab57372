/*
 * test_setting_defaults.c - the search settings' per-game defaults
 * (Game.setting_defaults): what a game's table may name, the settings an
 * engine takes for a game, and the options' rule that a value setoption
 * set holds in every game while the others follow the game chosen.
 */
#include "harness.h"

#include <string.h>

#include "games/gameutil.h"
#include "games/registry.h"
#include "protocol/options.h"
#include "search/alphabeta/internal.h"
#include "search/backends.h"
#include "search/mcts/params.h"
#include "search/timeman.h"

/* A game of the tests only: Columna with two settings of its own. */
static const GameSettingDefault test_defaults[] = {
    {"AbAspiration", 55},
    {"TimeHardShare", 300},
};

static Game test_game(void)
{
    Game g = columna_game;
    g.id = "columna-test";
    g.setting_defaults = test_defaults;
    g.setting_default_count = 2;
    return g;
}

/* The row named name among the backends' settings and the time shares. */
static const BackendParam *search_setting(const char *name)
{
    for (int b = 0; all_backends[b]; b++)
        for (int i = 0; i < all_backends[b]->param_count; i++)
            if (strcmp(all_backends[b]->params[i].name, name) == 0)
                return &all_backends[b]->params[i];
    for (int i = 0; i < TM_SHARE_COUNT; i++)
        if (strcmp(tm_share_params[i].name, name) == 0)
            return &tm_share_params[i];
    return NULL;
}

/* Every game's own default names a search setting (exactly, as the option
 * is spelt), once, within the option's range. */
static void test_every_game_default_names_a_search_setting_in_range(void)
{
    for (int g = 0; all_games[g]; g++) {
        const Game *game = all_games[g];
        for (int i = 0; i < game->setting_default_count; i++) {
            const GameSettingDefault *d = &game->setting_defaults[i];
            const BackendParam *row = search_setting(d->option);
            if (!row || d->value < row->min || d->value > row->max) {
                char what[200];
                snprintf(what, sizeof what, "%s: %s %d is no search setting within its range", game->id, d->option,
                         d->value);
                harness_fail(__FILE__, __LINE__, what);
            }
            for (int j = 0; j < i; j++)
                CHECK(strcmp(game->setting_defaults[j].option, d->option) != 0);
        }
    }
}

/* Qawale orders only its first 48 children by evaluation, as before the
 * setting was an option; the other games take the common default. */
static void test_a_game_without_its_own_default_takes_the_common_one(void)
{
    CHECK_EQ_INT(game_setting_default(&qawale_game, "AbEvalOrderWidth", 0), 48);
    CHECK_EQ_INT(game_setting_default(&columna_game, "AbEvalOrderWidth", 0), 0);
    CHECK_EQ_INT(game_setting_default(&qawale_game, "AbAspiration", 40), 40);
    CHECK_EQ_INT(game_setting_default(&qawale_game, "abevalorderwidth", 7), 7);
}

static void test_settings_for_a_game_change_only_its_own(void)
{
    const Game g = test_game();
    AbSettings ab;
    memset(&ab, 0xff, sizeof ab);
    settings_for_game(ab_params, AB_PARAM_COUNT, &ab, &g);
    AbSettings expected = ab_default_settings;
    expected.aspiration_window = 55;
    CHECK(memcmp(&ab, &expected, sizeof ab) == 0);
    TimeShares shares;
    settings_for_game(tm_share_params, TM_SHARE_COUNT, &shares, &g);
    CHECK_EQ_INT(shares.hard_share, 300);
    CHECK_EQ_INT(shares.time_share, tm_default_shares.time_share);
    CHECK_EQ_INT(shares.increment_share, tm_default_shares.increment_share);
    CHECK_EQ_INT(shares.soft_share, tm_default_shares.soft_share);
}

/* An engine made for one game and then used for another (bench) takes
 * each game's defaults in turn, of every backend. */
static void test_an_engine_takes_each_games_defaults(void)
{
    BackendEngine *ab = alphabeta_backend.create(), *mcts = mcts_backend.create();
    CHECK(ab && mcts);
    if (!ab || !mcts)
        return;
    AbSettings *s = alphabeta_backend.settings(ab);
    backend_defaults_for_game(&alphabeta_backend, ab, &qawale_game);
    CHECK_EQ_INT(s->eval_order_width, 48);
    s->aspiration_window = 1;
    backend_defaults_for_game(&alphabeta_backend, ab, &columna_game);
    CHECK(memcmp(s, &ab_default_settings, sizeof *s) == 0);
    MctsParams *m = mcts_backend.settings(mcts);
    backend_defaults_for_game(&mcts_backend, mcts, &qawale_game);
    CHECK_EQ_INT(m->max_children, 4096); /* Qawale: up to 4096, not a sample of 256 */
    MctsParams expected = mcts_default_params;
    expected.max_children = 4096;
    CHECK(memcmp(m, &expected, sizeof expected) == 0);
    backend_defaults_for_game(&mcts_backend, mcts, &columna_game);
    CHECK_EQ_INT(m->exploration, 24); /* Columna's, from a tuning run */
    CHECK_EQ_INT(m->max_children, mcts_default_params.max_children);
    backend_defaults_for_game(&mcts_backend, mcts, &roomandpillar_game);
    CHECK(memcmp(m, &mcts_default_params, sizeof *m) == 0);
    alphabeta_backend.destroy(ab);
    mcts_backend.destroy(mcts);
}

static int aspiration, threads;

static void add_test_options(void)
{
    options_clear();
    options_add(&(Option){.name = "AbAspiration", .type = OPTION_SPIN, .default_value = 40, .min = 0, .max = 2000,
                          .value = &aspiration, .per_game = true});
    options_add(&(Option){.name = "Threads", .type = OPTION_SPIN, .default_value = 1, .min = 1, .max = 256,
                          .value = &threads});
}

/* A per-game option follows the game until setoption sets it; from then
 * on its value holds in every game, while the default shown (uci) is
 * still the game's.  Other options never follow the game. */
static void test_a_value_set_holds_in_every_game(void)
{
    const Game g = test_game();
    char err[200];
    add_test_options();
    options_use_game(&g);
    CHECK_EQ_INT(aspiration, 55);
    CHECK_EQ_INT(options_find("AbAspiration")->default_value, 55);
    options_use_game(&columna_game);
    CHECK_EQ_INT(aspiration, 40);
    CHECK_EQ_INT(options_find("AbAspiration")->default_value, 40);

    CHECK(options_set("abaspiration", "70", err, sizeof err));
    CHECK(options_set("Threads", "3", err, sizeof err));
    options_use_game(&g);
    CHECK_EQ_INT(aspiration, 70);
    CHECK_EQ_INT(options_find("AbAspiration")->default_value, 55);
    CHECK_EQ_INT(threads, 3);
    /* Set to the game's default, it holds that value in other games too. */
    CHECK(options_set("AbAspiration", "55", err, sizeof err));
    options_use_game(&columna_game);
    CHECK_EQ_INT(aspiration, 55);
    /* A refused value sets nothing. */
    add_test_options();
    CHECK(!options_set("AbAspiration", "5000", err, sizeof err));
    options_use_game(&g);
    CHECK_EQ_INT(aspiration, 55);
    options_use_game(&columna_game);
    CHECK_EQ_INT(aspiration, 40);
    /* A new table (a new protocol loop) forgets what was set. */
    CHECK(options_set("AbAspiration", "70", err, sizeof err));
    add_test_options();
    options_use_game(&g);
    CHECK_EQ_INT(aspiration, 55);
    options_clear();
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_every_game_default_names_a_search_setting_in_range);
    RUN(test_a_game_without_its_own_default_takes_the_common_one);
    RUN(test_settings_for_a_game_change_only_its_own);
    RUN(test_an_engine_takes_each_games_defaults);
    RUN(test_a_value_set_holds_in_every_game);
    return harness_end();
}
