/* test_mate_distance.c - the shortening of proven results
 * (search/proof/mate_distance.c) against the full solve of tools/mates/exact_mate.c,
 * which shares no code with it: the distance found is the exact one, a
 * stopped shortening keeps its bound (never shorter than the truth), and
 * the move chosen wins fastest (or loses slowest). */
#include "harness.h"
#include "gametest.h"
#include "games/gameutil.h"
#include "games/registry.h"
#include "mates/exact_mate.h"
#include "search/proof/mate_distance.h"
#include "util/rng.h"

#define SOLVE_BUDGET 3000000

static MateTable table;

/* Stops the search after *context polls. */
static bool stop_after(void *context)
{
    int *polls_left = context;
    return (*polls_left)-- <= 0;
}

static bool exact_of(const Game *g, const Position *pos, ExactValue *v)
{
    ExactSolver *solver = exact_solver_new(g, SOLVE_BUDGET);
    bool solved = solver && exact_solve(solver, pos, v);
    exact_solver_free(solver);
    return solved;
}

static bool move_keeps_exact_value(const Game *g, const Position *pos, Move move)
{
    ExactSolver *solver = exact_solver_new(g, SOLVE_BUDGET);
    bool keeps = solver && exact_is_best_move(solver, pos, move);
    exact_solver_free(solver);
    return keeps;
}

/* Shortens pos from bound with a fresh table: exact, the solver's
 * distance, a move that keeps it, a legal line. */
static void check_shortened_to_exact(const Game *g, const Position *pos, int bound)
{
    ExactValue truth;
    CHECK(exact_of(g, pos, &truth));
    CHECK(truth.result != 0);
    mate_table_clear(&table);
    MateSearch ms = {.game = g, .table = &table};
    MateDistance d = mate_distance_shorten(&ms, pos, truth.result > 0, bound);
    CHECK(d.exact);
    CHECK_EQ_INT(d.plies, truth.plies);
    CHECK(is_legal_move(g, pos, d.move));
    CHECK(move_keeps_exact_value(g, pos, d.move));
    Position line = *pos;
    for (int i = 0; i < d.line_length; i++) {
        CHECK(is_legal_move(g, &line, d.line[i]));
        g->play(&line, d.line[i]);
    }
    CHECK(d.line_length <= d.plies);
}

static void check_fen(const Game *g, const char *fen, int extra_bound)
{
    Position pos;
    if (!load_position(g, fen, &pos))
        return;
    ExactValue truth;
    CHECK(exact_of(g, &pos, &truth));
    check_shortened_to_exact(g, &pos, truth.plies + extra_bound);
}

/* Whole small boards, pie rule included: from a loose bound (a proof's
 * line twice as long as the truth) to the exact distance. */
static void test_small_roomandpillar_boards_shortened_to_exact(void)
{
    const Game *g = &roomandpillar_game;
    check_fen(g, "wbwb/bwbw/wbwb/bwbw b -", 12);
    check_fen(g, "wbwb/bwbw/wbwb/bw.w w s", 11);
    check_fen(g, "wbwb/bw.w/wbwb/bwbw w -", 4);
    check_fen(g, "wbw/bwb/wbw/bwb b -", 10);
    check_fen(g, "wbwbw/bwbwb/wbwbw/bwbwb b -", 16);
    check_fen(g, "wbwbw/bwbwb/wbwbw/bwbw. w s", 8);
}

/* Positions of random games on 4x4 to 6x6 whose full solve is small:
 * every distance found is the solver's, wins and losses alike. */
static void test_random_roomandpillar_positions_shortened_to_exact(void)
{
    const Game *g = &roomandpillar_game;
    const char *starts[] = {"wbwb/bwbw/wbwb/bwbw b -", "wbwbw/bwbwb/wbwbw/bwbwb b -",
                            "wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw b -"};
    int games = harness_slow_allowed() ? 6 : 2;
    Rng rng;
    rng_seed(&rng, 13);
    int checked = 0;
    for (int s = 0; s < 3; s++)
        for (int game = 0; game < games; game++) {
            Position pos;
            if (!load_position(g, starts[s], &pos))
                return;
            /* Play at random until a dozen turns are left at most. */
            Move moves[512];
            while (g->outcome(&pos) == OUTCOME_ONGOING && g->turns_left(&pos) > 6) {
                int n = collect_moves(g, &pos, moves, 512, NULL);
                g->play(&pos, moves[rng_below(&rng, (uint64_t)n)]);
            }
            ExactValue truth;
            if (g->outcome(&pos) != OUTCOME_ONGOING || !exact_of(g, &pos, &truth))
                continue;
            check_shortened_to_exact(g, &pos, truth.plies + 2 * (game + 1));
            checked++;
        }
    CHECK(checked >= 3 * games - 1); /* the positions were there to check */
}

/* A bound shorter than the truth (a wrong claim) is not taken: the
 * questions refute it and go on to the true distance. */
static void test_too_short_bound_goes_on_to_the_truth(void)
{
    const Game *g = &roomandpillar_game;
    Position pos;
    if (!load_position(g, "wbwb/bwbw/wbwb/bwbw b -", &pos))
        return;
    check_shortened_to_exact(g, &pos, 4);
}

/* Stopped at any point, the shortening answers its bound unless it has
 * finished: a distance it reports is never shorter than the truth. */
static void test_stopped_shortening_never_understates(void)
{
    const Game *g = &roomandpillar_game;
    Position pos;
    if (!load_position(g, "wbwbw/bwbwb/wbwbw/bwbwb b -", &pos))
        return;
    ExactValue truth;
    CHECK(exact_of(g, &pos, &truth));
    bool stopped_once = false;
    for (int polls = 0; polls < 64; polls += 3) {
        mate_table_clear(&table);
        int polls_left = polls;
        MateSearch ms = {.game = g, .table = &table, .must_stop = stop_after, .context = &polls_left};
        MateDistance d = mate_distance_shorten(&ms, &pos, false, truth.plies + 6);
        CHECK(d.exact ? d.plies == truth.plies : d.plies == truth.plies + 6);
        CHECK(d.exact || d.move == MOVE_NONE);
        stopped_once |= ms.stopped;
    }
    CHECK(stopped_once);
}

/* The bounded questions agree with the solver on both sides of the
 * exact distance: yes at it, no one turn short of it. */
static void test_questions_flip_at_the_exact_distance(void)
{
    const Game *g = &roomandpillar_game;
    const char *fens[] = {"wbwb/bwbw/wbwb/bwbw b -", "wbwb/bwbw/wbwb/bw.w w s", "wbwb/bwbw/w.wb/bwbw w s"};
    for (int i = 0; i < 3; i++) {
        Position pos;
        if (!load_position(g, fens[i], &pos))
            return;
        ExactValue truth;
        CHECK(exact_of(g, &pos, &truth));
        mate_table_clear(&table);
        MateSearch ms = {.game = g, .table = &table};
        bool (*question)(MateSearch *, const Position *, int) =
            truth.result > 0 ? mate_wins_within : mate_loses_within;
        CHECK(question(&ms, &pos, truth.plies));
        CHECK(!question(&ms, &pos, truth.plies - 1));
        CHECK(!(truth.result > 0 ? mate_loses_within : mate_wins_within)(&ms, &pos, truth.plies + 4));
    }
}

/* Another game: Columna's short forced win (the one the MCTS solver
 * proves in test_mcts), shortened to the solver's distance. */
static void test_columna_short_win_shortened_to_exact(void)
{
    check_fen(&columna_game, "1003w02/003b000/003000/001002b/5b01b54w1w/01w0400 w p", 2);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    if (!mate_table_allocate(&table, 4)) {
        printf("out of memory\n");
        return 1;
    }
    RUN(test_small_roomandpillar_boards_shortened_to_exact);
    RUN(test_random_roomandpillar_positions_shortened_to_exact);
    RUN(test_too_short_bound_goes_on_to_the_truth);
    RUN(test_stopped_shortening_never_understates);
    RUN(test_questions_flip_at_the_exact_distance);
    RUN(test_columna_short_win_shortened_to_exact);
    mate_table_free(&table);
    return harness_end();
}
