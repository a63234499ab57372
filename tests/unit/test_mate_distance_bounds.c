/*
 * test_mate_distance_bounds.c - the boundaries of what the shortening's
 * table knows (search/proof/mate_distance.c): per position and question, "shown
 * within `at`" and "shown not within any d below `below`".  A question
 * within d is answered from the table when at <= d (yes) or d < below (no),
 * else searched.  An off-by-one there is of one of three kinds.
 *
 * No effect at all: `<` for `<=` where a slot keeps the better of two
 * values (`found <= at`, `d + 1 >= below` before storing) writes the same
 * value; nothing can tell it apart.
 *
 * Narrowing what the table answers (`at < d`, `d < below - 1`, storing
 * `below` one less, or not storing a "no" one step above the last one):
 * it cannot change a result.  Every fact the table then gives is still
 * true, a question it no longer answers is searched again, and the
 * shortening's distance is exact whenever its facts are true: it asks
 * d = 1, 2, ... and takes the distance found at the first d answered yes,
 * which is at most d (found within d) and at least d (d - 1 was refuted);
 * its move is checked again by the questions that define it.  Only the
 * work changes (on 1 300 shortenings of positions of random games from
 * 4x4 to 6x6, `at < d` searched 27% more nodes, storing `below` one less
 * 75% more, and no distance, exactness or move changed): the boundary
 * tests below count nodes, a question inside what is known being answered
 * with none.
 *
 * Widening it (`d <= below`, storing `below` one more, `at <= d + 1`): the
 * table answers one distance too far.  "Not within T - 1" then answers
 * "not within T" without a search, where T is the exact distance: a wrong
 * answer to the question itself.  The shortening from an empty table
 * never asked a question twice across such a boundary and came out right
 * on every position tried (fewer nodes, 21% fewer); a table carried from
 * one position to the next, as the engine carries its own from move to
 * move of a game until ucinewgame, did not: on 5x4, after the start, e1,
 * swap, e2 and e3 were shortened in turn on one table, the last position,
 * a win in 7 plies, came out an "exact" 9 (16 of 2 158 positions of such
 * games were wrong).  Both are pinned below, against the full solve
 * (tools/mates/exact_mate.c).
 */
#include "harness.h"
#include "gametest.h"
#include "games/gameutil.h"
#include "games/registry.h"
#include "mates/exact_mate.h"
#include "search/proof/mate_distance.h"

static MateTable table;

static const Game *rp(void) { return &roomandpillar_game; }

static bool exact_of(const Position *pos, ExactValue *v)
{
    ExactSolver *solver = exact_solver_new(rp(), 3000000);
    bool solved = solver && exact_solve(solver, pos, v);
    exact_solver_free(solver);
    return solved;
}

static bool keeps_exact_value(const Position *pos, Move move)
{
    ExactSolver *solver = exact_solver_new(rp(), 3000000);
    bool keeps = solver && exact_is_best_move(solver, pos, move);
    exact_solver_free(solver);
    return keeps;
}

/* A won or lost position and its exact distance in plies (T). */
typedef struct {
    Position pos;
    bool wins;
    int plies;
} Case;

static bool load_case(const char *fen, Case *c)
{
    ExactValue v;
    if (!load_position(rp(), fen, &c->pos) || !exact_of(&c->pos, &v) || v.result == 0)
        return false;
    c->wins = v.result > 0;
    c->plies = v.plies;
    return true;
}

/* The question of the case's own result (wins within d, or loses within d)
 * on ms; *searched the nodes it took. */
static bool question(MateSearch *ms, const Case *c, int d, uint64_t *searched)
{
    uint64_t before = ms->nodes;
    bool yes = c->wins ? mate_wins_within(ms, &c->pos, d) : mate_loses_within(ms, &c->pos, d);
    if (searched)
        *searched = ms->nodes - before;
    return yes;
}

static const char *const FENS[] = {
    "wbwb/bwbw/wbwb/bwbw b -",     /* lost in 12 */
    "wbwb/bwbw/wbwb/bw.w w s",     /* won in 11 */
    "wbwb/bwbw/w.wb/bwbw w s",
    "wbwbw/bwbwb/wbwbw/bwbwb b -", /* lost in 16 */
    "wbwbw/bwbw./wbwb./bwbw. w -", /* won in 7 */
};

#define CASE_COUNT (sizeof FENS / sizeof FENS[0])

#define CHECK_CASE(cond, fen, d)                                                 \
    do {                                                                         \
        if (!(cond)) {                                                           \
            char m_[512];                                                        \
            snprintf(m_, sizeof m_, "%s, within %d: %s", fen, d, #cond);         \
            harness_fail(__FILE__, __LINE__, m_);                                \
        }                                                                        \
    } while (0)

/* "Not within d" once shown: within d and below answered from the table
 * (no node searched), within d + 1 searched, and yes there where d + 1 is
 * the exact distance.  Two orders: T - 1 first (the table then holds "not
 * within T - 1" from one search), and T - 2 then T - 1 (a "no" one step
 * above the last one must move the boundary up too). */
static void test_no_answers_up_to_its_distance_and_not_one_past(void)
{
    for (size_t i = 0; i < CASE_COUNT; i++) {
        Case c;
        if (!load_case(FENS[i], &c))
            continue;
        const int t = c.plies;
        for (int order = 0; order < 2; order++) {
            mate_table_clear(&table);
            MateSearch ms = {.game = rp(), .table = &table};
            uint64_t n = 0;
            if (order == 1)
                CHECK_CASE(!question(&ms, &c, t - 2, &n) && n > 0, FENS[i], t - 2);
            /* A step past the last "no" (or the first question): searched. */
            CHECK_CASE(!question(&ms, &c, t - 1, &n), FENS[i], t - 1);
            CHECK_CASE(n > 0, FENS[i], t - 1);
            /* Inside what is known: from the table. */
            CHECK_CASE(!question(&ms, &c, t - 1, &n) && n == 0, FENS[i], t - 1);
            CHECK_CASE(!question(&ms, &c, t - 2, &n) && n == 0, FENS[i], t - 2);
            CHECK_CASE(!question(&ms, &c, 1, &n) && n == 0, FENS[i], 1);
            /* One past it: searched, and the truth. */
            CHECK_CASE(question(&ms, &c, t, &n), FENS[i], t);
            CHECK_CASE(n > 0, FENS[i], t);
            CHECK(!ms.stopped);
        }
    }
}

/* "Within at" once shown: within at and beyond answered from the table,
 * within at - 1 still no. */
static void test_yes_answers_from_its_distance_and_not_one_short(void)
{
    for (size_t i = 0; i < CASE_COUNT; i++) {
        Case c;
        if (!load_case(FENS[i], &c))
            continue;
        const int t = c.plies;
        mate_table_clear(&table);
        MateSearch ms = {.game = rp(), .table = &table};
        uint64_t n = 0;
        CHECK_CASE(question(&ms, &c, t, &n) && n > 0, FENS[i], t);
        CHECK_CASE(question(&ms, &c, t, &n) && n == 0, FENS[i], t);
        CHECK_CASE(question(&ms, &c, t + 1, &n) && n == 0, FENS[i], t + 1);
        CHECK_CASE(question(&ms, &c, t + 20, &n) && n == 0, FENS[i], t + 20);
        CHECK_CASE(!question(&ms, &c, t - 1, &n), FENS[i], t - 1);
        CHECK_CASE(question(&ms, &c, t, &n) && n == 0, FENS[i], t);
    }
}

/* The table carried over, as the engine carries it from move to move: it
 * holds "not within T - 1" (and what that search learnt below), then the
 * shortening runs from a loose bound.  Its distance is the exact one and
 * its move keeps it. */
static void test_shortening_on_a_table_that_holds_the_last_no(void)
{
    for (size_t i = 0; i < CASE_COUNT; i++) {
        Case c;
        if (!load_case(FENS[i], &c))
            continue;
        for (int known_no = c.plies - 1; known_no >= c.plies - 3 && known_no >= 1; known_no--) {
            mate_table_clear(&table);
            MateSearch ms = {.game = rp(), .table = &table};
            CHECK_CASE(!question(&ms, &c, known_no, NULL), FENS[i], known_no);
            MateDistance d = mate_distance_shorten(&ms, &c.pos, c.wins, c.plies + 4);
            if (!d.exact || d.plies != c.plies || !keeps_exact_value(&c.pos, d.move)) {
                char m[512];
                snprintf(m, sizeof m, "%s after 'not within %d': %s %d plies (exact %d)", FENS[i], known_no,
                         d.exact ? "exact" : "bound", d.plies, c.plies);
                harness_fail(__FILE__, __LINE__, m);
            }
        }
    }
}

/* A game's positions shortened one after the other on one table, as the
 * engine's table carries over from move to move: the 5x4 start, e1, swap,
 * e2, e3.  With the table answering "no" one distance too far, the last
 * (a win in 7 plies) came out an "exact" 9. */
static void test_shortening_along_a_game_on_one_table(void)
{
    static const char *const moves[] = {"e1", "swap", "e2", "e3"};
    Case c;
    if (!load_case("wbwbw/bwbwb/wbwbw/bwbwb b -", &c))
        return;
    mate_table_clear(&table);
    MateSearch ms = {.game = rp(), .table = &table};
    for (int i = 0;; i++) {
        char fen[POSITION_TEXT_MAX];
        rp()->format_position(&c.pos, fen, sizeof fen);
        ExactValue truth;
        CHECK(exact_of(&c.pos, &truth) && truth.result != 0);
        MateDistance d = mate_distance_shorten(&ms, &c.pos, truth.result > 0, truth.plies + 2);
        if (!d.exact || d.plies != truth.plies || !keeps_exact_value(&c.pos, d.move)) {
            char m[POSITION_TEXT_MAX + 128];
            snprintf(m, sizeof m, "%s (ply %d of the game): %s %d plies, exact %d", fen, i, d.exact ? "exact" : "bound",
                     d.plies, truth.plies);
            harness_fail(__FILE__, __LINE__, m);
        }
        if (i == (int)(sizeof moves / sizeof moves[0]))
            break;
        Move m;
        char err[ERROR_TEXT_MAX];
        if (!rp()->parse_move(&c.pos, moves[i], &m, err, sizeof err)) {
            harness_fail(__FILE__, __LINE__, err);
            return;
        }
        rp()->play(&c.pos, m);
    }
    char fen[POSITION_TEXT_MAX];
    rp()->format_position(&c.pos, fen, sizeof fen);
    CHECK_STR(fen, "wbwbw/bwbw./wbwb./bwbw. w -");
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    if (!mate_table_allocate(&table, 4)) {
        printf("out of memory\n");
        return 1;
    }
    RUN(test_no_answers_up_to_its_distance_and_not_one_past);
    RUN(test_yes_answers_from_its_distance_and_not_one_short);
    RUN(test_shortening_on_a_table_that_holds_the_last_no);
    RUN(test_shortening_along_a_game_on_one_table);
    mate_table_free(&table);
    return harness_end();
}
