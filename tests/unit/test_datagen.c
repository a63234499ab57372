/*
 * test_datagen.c - the parts of tessera-datagen: a self-play game's
 * records form the game (each position followed by its move gives the
 * next), are labelled with the result from each side to move's view and
 * hashed as the game hashes them; the set of seen positions; Room and
 * Pillar start positions of any size and openings from them.
 */
#include "harness.h"

#include "datagen/position_set.h"
#include "datagen/rp_board.h"
#include "datagen/selfplay.h"
#include "games/registry.h"
#include "search/backends.h"

static bool parse(const Game *game, const char *text, Position *pos)
{
    char err[ERROR_TEXT_MAX];
    return game->parse_position(text, pos, err, sizeof err);
}

/* What one self-play game needs: its configuration (random openings of 3
 * plies, seed 5), an alpha-beta engine and the large buffers, on the heap. */
typedef struct {
    SelfPlayConfig config;
    BackendEngine *engine;
    SearchJob *job;
    SelfPlayGame *played;
} SelfPlaySetup;

/* Fills setup for a game of game; false (and a failed check) when
 * something could not be made.  selfplay_teardown frees it either way. */
static bool selfplay_setup(SelfPlaySetup *setup, const Game *game)
{
    char err[ERROR_TEXT_MAX];
    *setup = (SelfPlaySetup){.config = {game, &alphabeta_backend, {0}, 300, 0, 1, 9}};
    CHECK(opening_init_random(&setup->config.openings, game, 3, 5, err, sizeof err));
    setup->engine = alphabeta_backend.create();
    setup->job = calloc(1, sizeof *setup->job);
    setup->played = calloc(1, sizeof *setup->played);
    CHECK(setup->engine && setup->job && setup->played);
    return setup->engine && setup->job && setup->played;
}

static void selfplay_teardown(SelfPlaySetup *setup)
{
    if (setup->engine)
        alphabeta_backend.destroy(setup->engine);
    free(setup->job);
    free(setup->played);
    opening_free(&setup->config.openings);
}

/* Checks one finished game of game against the rules. */
static void check_selfplay_game(const Game *game, uint64_t number)
{
    SelfPlaySetup setup;
    char err[ERROR_TEXT_MAX];
    atomic_int stop = 0;
    if (!selfplay_setup(&setup, game)) {
        selfplay_teardown(&setup);
        return;
    }
    SelfPlayGame *played = setup.played;
    CHECK(selfplay_game(&setup.config, setup.engine, setup.job, number, played, &stop, err, sizeof err) ==
          SELFPLAY_FINISHED);
    CHECK(played->count > 0);
    for (int i = 0; i < played->count; i++) {
        const DataRecord *r = &played->records[i];
        Position pos;
        Move move;
        CHECK(parse(game, r->position, &pos));
        CHECK_EQ_U64(played->hashes[i], game->hash(&pos));
        CHECK(r->result == data_result_for(played->outcome, game->side_to_move(&pos)));
        CHECK_EQ_INT(r->ply, i);
        CHECK_EQ_U64(r->game_number, number);
        CHECK(game->parse_move(&pos, r->move, &move, err, sizeof err));
        game->play(&pos, move);
        char next[POSITION_TEXT_MAX];
        game->format_position(&pos, next, sizeof next);
        if (i + 1 < played->count)
            CHECK(strcmp(next, played->records[i + 1].position) == 0);
        else
            CHECK(game->outcome(&pos) == played->outcome && played->outcome != OUTCOME_ONGOING);
    }
    selfplay_teardown(&setup);
}

static void test_selfplay_records_form_the_game_with_its_result_in_every_game(void)
{
    for (int i = 0; all_games[i]; i++)
        check_selfplay_game(all_games[i], 3);
}

static void test_selfplay_stops_when_told(void)
{
    SelfPlaySetup setup;
    char err[ERROR_TEXT_MAX];
    atomic_int stop = 1;
    if (selfplay_setup(&setup, &columna_game))
        CHECK(selfplay_game(&setup.config, setup.engine, setup.job, 0, setup.played, &stop, err, sizeof err) ==
              SELFPLAY_STOPPED);
    selfplay_teardown(&setup);
}

static void test_position_set_keeps_each_hash_once(void)
{
    PositionSet set;
    bool oom;
    position_set_init(&set);
    for (uint64_t h = 0; h < 5000; h++)
        CHECK(position_set_add(&set, h * 0x9E3779B97F4A7C15ULL, &oom));
    for (uint64_t h = 0; h < 5000; h++)
        CHECK(!position_set_add(&set, h * 0x9E3779B97F4A7C15ULL, &oom) && !oom);
    CHECK(position_set_add(&set, 1, &oom));
    position_set_free(&set);
}

static void test_rp_board_start_of_8x8_is_the_rules_start(void)
{
    char text[POSITION_TEXT_MAX];
    CHECK(rp_board_start(8, 8, text, sizeof text));
    CHECK(strcmp(text, roomandpillar_game.start_fen) == 0);
}

static void test_rp_board_sizes_up_to_16_parse_and_open(void)
{
    const Game *game = &roomandpillar_game;
    char text[POSITION_TEXT_MAX], err[ERROR_TEXT_MAX];
    Position start, opening;
    int width, height;
    CHECK(rp_board_parse_size("12x10", &width, &height) && width == 12 && height == 10);
    CHECK(!rp_board_parse_size("12", &width, &height));
    CHECK(!rp_board_parse_size("12x", &width, &height));
    CHECK(!rp_board_parse_size("x12", &width, &height));
    CHECK(!rp_board_parse_size("12x-3", &width, &height));
    CHECK(rp_board_start(16, 16, text, sizeof text) && parse(game, text, &start));
    CHECK(rp_board_start(17, 16, text, sizeof text) && !parse(game, text, &start));
    CHECK(rp_board_start(12, 12, text, sizeof text) && parse(game, text, &start));
    OpeningSet set;
    CHECK(opening_init_random_from(&set, game, &start, 3, 7, err, sizeof err));
    opening_for(&set, 4, &opening);
    game->format_position(&opening, text, sizeof text);
    int empty = 0, ranks = 1;
    for (const char *p = text; *p && *p != ' '; p++) {
        empty += *p == '.';
        ranks += *p == '/';
    }
    CHECK_EQ_INT(ranks, 12);
    CHECK(empty >= 2 && empty <= 3); /* three plies, one of which may be swap */
    opening_free(&set);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_selfplay_records_form_the_game_with_its_result_in_every_game);
    RUN(test_selfplay_stops_when_told);
    RUN(test_position_set_keeps_each_hash_once);
    RUN(test_rp_board_start_of_8x8_is_the_rules_start);
    RUN(test_rp_board_sizes_up_to_16_parse_and_open);
    return harness_end();
}
