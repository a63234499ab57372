/*
 * test_mate_line.c - the line that comes with an exact mate distance
 * (search/proof/mate_distance.c's read_line, the pv of `score mate N`):
 * every move of it keeps the exact result of the full solve
 * (tools/mates/exact_mate.c) for the player making it, the winner winning
 * fastest and the loser losing slowest, and on these small boards, with a
 * table that holds every fact, it plays the game to its end in exactly
 * the distance given, won by the winner.  A line that took any losing
 * reply (a faster loss) would end the game sooner than the mate it shows.
 */
#include "harness.h"
#include "gametest.h"
#include "games/gameutil.h"
#include "games/registry.h"
#include "mates/exact_mate.h"
#include "search/proof/mate_distance.h"

#define SOLVE_BUDGET 3000000

static MateTable table;

static bool exact_of(const Game *g, const Position *pos, ExactValue *v)
{
    ExactSolver *solver = exact_solver_new(g, SOLVE_BUDGET);
    bool solved = solver && exact_solve(solver, pos, v);
    exact_solver_free(solver);
    return solved;
}

static void check_line(const Game *g, const char *fen)
{
    Position pos;
    if (!load_position(g, fen, &pos))
        return;
    ExactValue truth;
    CHECK(exact_of(g, &pos, &truth));
    CHECK(truth.result != 0);
    mate_table_clear(&table);
    MateSearch ms = {.game = g, .table = &table};
    MateDistance d = mate_distance_shorten(&ms, &pos, truth.result > 0, truth.plies + 4);
    CHECK(d.exact);
    CHECK_EQ_INT(d.plies, truth.plies);
    CHECK_EQ_INT(d.line_length, d.plies); /* whole: the table lost nothing on a board this small */
    Position line = pos;
    for (int i = 0; i < d.line_length; i++) {
        if (!is_legal_move(g, &line, d.line[i])) {
            CHECK(is_legal_move(g, &line, d.line[i]));
            return;
        }
        char text[64] = "";
        g->format_move(&line, d.line[i], text, sizeof text);
        g->play(&line, d.line[i]);
        /* Each ply takes the game one ply nearer its end, no more: the
         * winner keeps the fastest win, the loser the slowest loss. */
        const int left = truth.plies - (i + 1);
        ExactValue now = {0};
        const bool over = g->outcome(&line) != OUTCOME_ONGOING;
        if (over ? left != 0 || g->outcome(&line) == OUTCOME_DRAW
                 : !exact_of(g, &line, &now) || now.result == 0 || now.plies != left) {
            char m[320];
            snprintf(m, sizeof m, "%s (%s in %d plies): after ply %d of the line, %s, %s %d plies are left, not %d",
                     fen, truth.result > 0 ? "won" : "lost", truth.plies, i + 1, text,
                     over ? "the game is over:" : now.result == 0 ? "a draw," : "", over ? 0 : now.plies, left);
            harness_fail(__FILE__, __LINE__, m);
            return;
        }
        if (over)
            break;
    }
}

static void test_lines_of_won_and_lost_boards_take_the_exact_distance(void)
{
    const Game *g = &roomandpillar_game;
    check_line(g, "wbwb/bwbw/wbwb/bwbw b -"); /* lost: mate -6 */
    check_line(g, "wbw/bwb/wbw/bwb b -");
    check_line(g, "wbwbw/bwbwb/wbwbw/bwbwb b -");
    check_line(g, "wbwb/bw.w/wbwb/bwbw w -");
    check_line(g, "wbwbw/bwbwb/wbwbw/bwbw. w s");
}

static void test_columna_win_line_takes_the_exact_distance(void)
{
    check_line(&columna_game, "1003w02/003b000/003000/001002b/5b01b54w1w/01w0400 w p");
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    if (!mate_table_allocate(&table, 16)) {
        printf("out of memory\n");
        return 1;
    }
    RUN(test_lines_of_won_and_lost_boards_take_the_exact_distance);
    RUN(test_columna_win_line_takes_the_exact_distance);
    mate_table_free(&table);
    return harness_end();
}
