/* test_arena_schedule.c - game k's players, colours and opening, and the
 * openings themselves: all depend only on the seed and k. */
#include <unistd.h>

#include "harness.h"

#include "arena/opening.h"
#include "arena/schedule.h"
#include "games/registry.h"

/* Game k of a schedule: who plays first and second, on which opening. */
typedef struct {
    uint64_t k;
    int p1, p2;
    uint64_t opening_index;
} ExpectedGame;

static void check_games(const Schedule *s, const ExpectedGame *games, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const int failed_before = harness_current_failed;
        ScheduledGame g;
        schedule_game(s, games[i].k, &g);
        CHECK_EQ_INT(g.p1, games[i].p1);
        CHECK_EQ_INT(g.p2, games[i].p2);
        CHECK_EQ_U64(g.opening_index, games[i].opening_index);
        if (harness_current_failed > failed_before) /* the checks name no game */
            printf("    (in game %" PRIu64 ")\n", games[i].k);
    }
}

/* Games 0 and 1 play opening 0 with colours reversed; game 2 opens the
 * next pair. */
static void test_pair_reverses_colours_on_one_opening(void)
{
    const ExpectedGame games[] = {{0, 0, 1, 0}, {1, 1, 0, 0}, {2, 0, 1, 1}};
    check_games(&(Schedule){2, TOURNAMENT_ROUNDROBIN, true}, games, sizeof games / sizeof games[0]);
}

static void test_without_repeat_colours_alternate_by_round(void)
{
    const ExpectedGame games[] = {{0, 0, 1, 0}, {1, 1, 0, 1}};
    check_games(&(Schedule){2, TOURNAMENT_ROUNDROBIN, false}, games, sizeof games / sizeof games[0]);
}

/* Four engines: pairings (0,1) (0,2) (0,3) (1,2) (1,3) (2,3); a round
 * plays each once per colour, all on the round's opening. */
static void test_round_robin_meets_every_pairing_each_round(void)
{
    Schedule s = {4, TOURNAMENT_ROUNDROBIN, true};
    int first, second;
    CHECK_EQ_INT(schedule_pairings(&s), 6);
    CHECK_EQ_U64(schedule_round_games(&s), 12);
    schedule_pairing(&s, 3, &first, &second);
    CHECK_EQ_INT(first, 1);
    CHECK_EQ_INT(second, 2);
    schedule_pairing(&s, 5, &first, &second);
    CHECK_EQ_INT(first, 2);
    CHECK_EQ_INT(second, 3);
    int met[4][4] = {{0}};
    for (uint64_t k = 0; k < 12; k++) {
        ScheduledGame g;
        schedule_game(&s, k, &g);
        CHECK_EQ_U64(g.opening_index, 0);
        met[g.p1][g.p2]++;
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            CHECK_EQ_INT(met[i][j], i == j ? 0 : 1);
}

static void test_gauntlet_plays_the_first_engine_against_each(void)
{
    Schedule s = {4, TOURNAMENT_GAUNTLET, true};
    CHECK_EQ_INT(schedule_pairings(&s), 3);
    for (uint64_t k = 0; k < 12; k++) {
        ScheduledGame g;
        schedule_game(&s, k, &g);
        CHECK(g.p1 == 0 || g.p2 == 0);
        CHECK_EQ_U64(g.opening_index, k / 6);
    }
}

static void fen_of(const OpeningSet *set, uint64_t index, char *fen, size_t size)
{
    Position pos;
    opening_for(set, index, &pos);
    set->game->format_position(&pos, fen, size);
}

/* The same seed and index give the same opening, in any order asked. */
static void test_random_openings_depend_only_on_seed_and_index(void)
{
    const Game *g = &roomandpillar_game;
    OpeningSet a, b, c;
    char err[256], fa[POSITION_TEXT_MAX], fb[POSITION_TEXT_MAX], fc[POSITION_TEXT_MAX];
    CHECK(opening_init_random(&a, g, 4, 42, err, sizeof err));
    CHECK(opening_init_random(&b, g, 4, 42, err, sizeof err));
    CHECK(opening_init_random(&c, g, 4, 43, err, sizeof err));
    fen_of(&b, 9, fb, sizeof fb);
    fen_of(&a, 3, fa, sizeof fa);
    fen_of(&a, 9, fa, sizeof fa);
    CHECK_STR(fa, fb);
    fen_of(&c, 9, fc, sizeof fc);
    CHECK(strcmp(fa, fc) != 0);
    Position pos;
    opening_for(&a, 9, &pos);
    CHECK_EQ_INT(g->outcome(&pos), OUTCOME_ONGOING);
    /* Four plies from the full 8x8 board: four removals, or three and the
     * pie rule's swap. */
    int empty = 0;
    for (const char *p = fa; *p && *p != ' '; p++)
        empty += *p == '.';
    CHECK(empty == 4 || empty == 3);
    opening_free(&a);
    opening_free(&b);
    opening_free(&c);
}

/* Territoire deals a random layout before the plies. */
static void test_random_openings_deal_territoire_layouts(void)
{
    const Game *g = &territoire_game;
    OpeningSet set;
    char err[256], f0[POSITION_TEXT_MAX], f1[POSITION_TEXT_MAX];
    if (!g->random_start) {
        CHECK(!"territoire has no random_start");
        return;
    }
    CHECK(opening_init_random(&set, g, 0, 5, err, sizeof err));
    fen_of(&set, 0, f0, sizeof f0);
    fen_of(&set, 1, f1, sizeof f1);
    CHECK(strcmp(f0, f1) != 0);
    CHECK(strcmp(f0, g->start_fen) != 0);
    opening_free(&set);
}

static void test_opening_lines_with_moves(void)
{
    const Game *g = &roomandpillar_game;
    Position pos;
    char err[256], fen[POSITION_TEXT_MAX];
    CHECK(opening_parse_line(g, "startpos moves d4 swap", &pos, err, sizeof err));
    g->format_position(&pos, fen, sizeof fen);
    CHECK_STR(fen, "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbw.wbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw w -");
    CHECK(opening_parse_line(g, "wbw/bwb/wbw/bwb/wbw/bwb b - moves a1", &pos, err, sizeof err));
    CHECK(opening_parse_line(g, "fen wbw/bwb/wbw/bwb/wbw/bwb b -", &pos, err, sizeof err));
    CHECK(!opening_parse_line(g, "startpos moves z9", &pos, err, sizeof err));
    CHECK_CONTAINS(err, "z9");
    CHECK(!opening_parse_line(g, "not a position", &pos, err, sizeof err));
}

static void test_opening_file_in_order_and_shuffled(void)
{
    const Game *g = &roomandpillar_game;
    char path[64];
    snprintf(path, sizeof path, "/tmp/tessera_test_openings_%ld.txt", (long)getpid());
    FILE *f = fopen(path, "w");
    fprintf(f, "# three openings\nstartpos moves a1\n\nstartpos moves b2\r\nstartpos moves c1\n");
    fclose(f);
    OpeningSet in_order, shuffled;
    char err[256], fen[POSITION_TEXT_MAX], expected[POSITION_TEXT_MAX];
    Position pos;
    CHECK(opening_load_file(&in_order, g, path, false, 1, err, sizeof err));
    CHECK_EQ_U64(in_order.book_size, 3);
    opening_parse_line(g, "startpos moves b2", &pos, err, sizeof err);
    g->format_position(&pos, expected, sizeof expected);
    fen_of(&in_order, 4, fen, sizeof fen); /* 4 mod 3 = the second line */
    CHECK_STR(fen, expected);
    CHECK(opening_load_file(&shuffled, g, path, true, 1, err, sizeof err));
    CHECK_EQ_U64(shuffled.book_size, 3);
    opening_free(&in_order);
    opening_free(&shuffled);

    f = fopen(path, "w");
    fprintf(f, "startpos moves a1\nstartpos moves a1 a1\n");
    fclose(f);
    CHECK(!opening_load_file(&in_order, g, path, false, 1, err, sizeof err));
    CHECK_CONTAINS(err, "line 2");
    remove(path);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_pair_reverses_colours_on_one_opening);
    RUN(test_without_repeat_colours_alternate_by_round);
    RUN(test_round_robin_meets_every_pairing_each_round);
    RUN(test_gauntlet_plays_the_first_engine_against_each);
    RUN(test_random_openings_depend_only_on_seed_and_index);
    RUN(test_random_openings_deal_territoire_layouts);
    RUN(test_opening_lines_with_moves);
    RUN(test_opening_file_in_order_and_shuffled);
    return harness_end();
}
