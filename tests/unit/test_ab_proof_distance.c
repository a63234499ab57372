/*
 * test_ab_proof_distance.c - the distance the proof search (search/alphabeta/proof_search.c)
 * gives a won position is the shortest of its proven winning moves', not
 * the one that happens to be listed last.
 *
 * From an empty table the root's own choice never tells the two apart:
 * the root is proven by its first proven child, and any other proven
 * child then is a win at once (distance 1; a sibling's subtree never holds
 * another sibling's position, a removal being for good).  Below the root,
 * where children come proven from transpositions, about 1 proven node in
 * 700 has proven winning moves of different distances, yet on 1 542
 * positions of random games on ten boards from 4x4 to 6x6 and 8x4 (against
 * the full solve of tools/mates/exact_mate.c) no root's distance changed,
 * nor any score of 7 580 positions of datagen's alpha-beta self-play (300
 * and 3 000 nodes a move, boards 4x4 to 6x6 and 8x4).  The
 * table lives on, though: the engine keeps it from one move of a game to
 * the next (until ucinewgame), and a position whose winning children are
 * already proven there is proven at once from them.  Then the distance of
 * the last proven child is another result: `wbwb/...w/.b../...w w -` wins
 * at once (1 ply), and with its child c4 proven (a win in 3) the proof
 * said 3; along one random 5x6 game proven move after move on one table,
 * its position after 19 plies (a win at once) was said to be 3 plies from
 * the end, not 1.  The distance is a bound (never shorter than the truth),
 * reported as the score under `go nodes` and read by the mate shortening,
 * so a longer one is a worse answer, never a wrong claim: these tests pin
 * the shortest.
 */
#include "harness.h"

#include <stdatomic.h>

#include "datagen/rp_board.h"
#include "gametest.h"
#include "mates/exact_mate.h"
#include "search/alphabeta/position.h"
#include "search/backends.h"
#include "util/clock.h"
#include "util/rng.h"

static SearchJob job; /* large (a whole game record): not on the stack */

static BackendEngine *engine(void)
{
    static BackendEngine *made;
    if (!made)
        made = alphabeta_backend.create();
    return made;
}

/* One prover on one table, kept across proofs as the engine keeps its own
 * between the moves of a game. */
typedef struct {
    AbShared *s;
    AbWorker *w;
    ProofTable table;
    bool open;
} Prover;

static const Game *rp(void) { return &roomandpillar_game; }

/* job's root becomes pos (the table is kept). */
static void set_root(const Position *pos) { record_start(&job.record, rp(), pos); }

static bool prover_open(Prover *p, const Position *root)
{
    *p = (Prover){0};
    memset(&job, 0, sizeof job);
    job.game = rp();
    set_root(root);
    job.limits = (SearchLimits){.my_time = -1, .my_inc = -1, .their_time = -1, .their_inc = -1, .movetime = -1};
    job.threads = 1;
    job.hash_mb = 16;
    job.start_ms = now_ms();
    atomic_init(&job.stop, false);
    p->s = calloc(1, sizeof *p->s);
    p->w = calloc(1, sizeof *p->w);
    if (!p->s || !p->w || !pt_allocate(&p->table, 4)) {
        free(p->s);
        free(p->w);
        return false;
    }
    AbShared *s = p->s;
    s->job = &job;
    s->game = job.game;
    s->settings = alphabeta_backend.settings(engine());
    s->proofs = &p->table;
    tm_plan(&s->tm, &job);
    atomic_init(&s->abort, false);
    atomic_init(&s->proof_ready, false);
    s->workers = p->w;
    s->worker_count = 1;
    p->w->shared = s;
    p->open = true;
    return true;
}

static void prover_close(Prover *p)
{
    if (!p->open)
        return;
    pt_free(&p->table);
    free(p->w);
    free(p->s);
    p->open = false;
}

/* The root's proven distance in plies, signed for its side to move (0
 * when not proven). */
static int proven_plies(Prover *p, const Position *root)
{
    set_root(root);
    AbProof proof;
    if (!ab_prove(p->w, 0, &proof))
        return 0;
    return proof.score > 0 ? SCORE_WIN - proof.score : -(SCORE_WIN + proof.score);
}

/* Proves every child of pos that goes on (each a root of its own proof,
 * its player the attacker or not as pos's search would see it). */
static void prove_children(Prover *p, const Position *pos)
{
    Move moves[512];
    int n = collect_moves(rp(), pos, moves, 512, NULL);
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        rp()->play(&child, moves[i]);
        if (rp()->outcome(&child) != OUTCOME_ONGOING)
            continue;
        ProofNumbers numbers;
        CHECK(ab_prove_position(p->w, &child, ab_child_kind(p->s, &child) == CHILD_SAME_PLAYER, &numbers));
    }
}

/* What pos's proof, from the table as prove_children left it, must give:
 * the shortest of its winning moves (1 for a win at once, else the
 * child's proven loss + 1); 0 when none is proven a win; *wins the count
 * of winning moves and *distinct whether their distances differ. */
static int shortest_proven_win(const Prover *p, const Position *pos, int *wins, bool *distinct)
{
    Move moves[512];
    int n = collect_moves(rp(), pos, moves, 512, NULL), mover = rp()->side_to_move(pos);
    int best = 0, first = 0;
    *wins = 0;
    *distinct = false;
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        rp()->play(&child, moves[i]);
        int plies = 0;
        Outcome o = rp()->outcome(&child);
        if (o != OUTCOME_ONGOING) {
            if ((o == OUTCOME_WHITE_WINS ? WHITE : BLACK) == mover)
                plies = 1;
        } else {
            bool same = ab_child_kind(p->s, &child) == CHILD_SAME_PLAYER;
            ProofNumbers own;
            if (ab_proof_probe(p->s, &child, same, &own) && (same ? own.proof : own.disproof) == 0)
                plies = (int)own.turns + (same ? 0 : 1);
        }
        if (!plies)
            continue;
        ++*wins;
        if (!first)
            first = plies;
        *distinct |= plies != first;
        if (!best || plies < best)
            best = plies;
    }
    return best;
}

static bool exact_value(const Position *pos, ExactValue *v)
{
    ExactSolver *solver = exact_solver_new(rp(), 3000000);
    bool solved = solver && exact_solve(solver, pos, v);
    exact_solver_free(solver);
    return solved;
}

/* What a prover says of a position once each of its children is proven. */
typedef struct {
    int shortest_win; /* the shortest proven winning move's distance */
    bool distinct;    /* the winning moves' proven distances differ */
    int proof;        /* the position's own proof */
} ChildrenProven;

/* Proves each child of pos on a fresh table, then pos itself; false (and
 * a failed check) when no prover opens. */
static bool prove_after_children(const Position *pos, ChildrenProven *out)
{
    Prover p;
    CHECK(prover_open(&p, pos));
    if (!p.open)
        return false;
    prove_children(&p, pos);
    int wins = 0;
    out->distinct = false;
    out->shortest_win = shortest_proven_win(&p, pos, &wins, &out->distinct);
    out->proof = proven_plies(&p, pos);
    prover_close(&p);
    return true;
}

/* pos (a win) proven after each of its children: the shortest win, and
 * here the exact distance. */
static void check_after_children(const char *fen, int exact_plies)
{
    Position pos;
    if (!load_position(rp(), fen, &pos))
        return;
    ExactValue truth;
    CHECK(exact_value(&pos, &truth));
    CHECK_EQ_INT(truth.result * truth.plies, exact_plies);
    ChildrenProven proven;
    if (!prove_after_children(&pos, &proven))
        return;
    CHECK_EQ_INT(proven.shortest_win, exact_plies);
    CHECK(proven.distinct); /* the winning moves' distances differ: the case in point */
    CHECK_EQ_INT(proven.proof, exact_plies);
}

/* A win at once (d4) listed before c4, a win in 3 whose proof the table
 * holds: the proof says 1 (the last proven winning move said 3). */
static void test_win_at_once_beside_a_proven_slower_win(void) { check_after_children("wbwb/...w/.b../...w w -", 1); }

/* Wins in 3 (d3, a4) beside a slower one proven in the table (d1, 7):
 * the proof says 3 (the last proven winning move said 7). */
static void test_win_in_3_beside_a_proven_win_in_7(void) { check_after_children("wbwb/.wbw/..../bwbw w -", 3); }

/* Positions of random games on small boards, each a win: once every child
 * is proven in the table, the position's proof is the shortest proven
 * winning move's distance, never shorter than the full solve's. */
static void test_proof_after_children_is_the_shortest_win(void)
{
    const int sizes[][2] = {{4, 4}, {5, 4}, {4, 5}};
    const int games = harness_slow_allowed() ? 6 : 2;
    Rng rng;
    rng_seed(&rng, 104);
    int checked = 0, told_apart = 0;
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (int game = 0; game < games; game++) {
            char start[POSITION_TEXT_MAX];
            Position pos;
            CHECK(rp_board_start(sizes[k][0], sizes[k][1], start, sizeof start));
            if (!load_position(rp(), start, &pos))
                return;
            while (rp()->outcome(&pos) == OUTCOME_ONGOING) {
                ExactValue truth;
                if (exact_value(&pos, &truth) && truth.result > 0) {
                    ChildrenProven proven;
                    if (!prove_after_children(&pos, &proven))
                        return;
                    const int expected = proven.shortest_win, got = proven.proof;
                    if (got != expected || got < truth.plies) {
                        char fen[POSITION_TEXT_MAX], m[2 * POSITION_TEXT_MAX];
                        rp()->format_position(&pos, fen, sizeof fen);
                        snprintf(m, sizeof m, "%s: proof %d plies, shortest proven win %d, exact %d", fen, got,
                                 expected, truth.plies);
                        harness_fail(__FILE__, __LINE__, m);
                    }
                    checked++;
                    told_apart += proven.distinct;
                }
                Move moves[512];
                int n = collect_moves(rp(), &pos, moves, 512, NULL);
                rp()->play(&pos, moves[rng_below(&rng, (uint64_t)n)]);
            }
        }
    CHECK(checked >= 20);
    CHECK(told_apart >= 3); /* positions whose winning moves' proven distances differ */
}

/* The engine's way: a game's positions proven one after the other on one
 * table.  On this 5x6 game the last position, a win at once, comes with
 * slower winning moves already proven by the proofs before it. */
static void test_game_proven_move_after_move_on_one_table(void)
{
    if (!harness_slow_allowed())
        return;
    static const char *const moves[] = {"b2", "b3", "c3", "b1", "a3", "d3", "a1", "c4", "c1", "d1",
                                        "e3", "a4", "c5", "e2", "a5", "b5", "e1", "e4", "e5"};
    const int count = (int)(sizeof moves / sizeof moves[0]);
    char start[POSITION_TEXT_MAX];
    CHECK(rp_board_start(5, 6, start, sizeof start));
    Position pos;
    if (!load_position(rp(), start, &pos))
        return;
    Prover p;
    CHECK(prover_open(&p, &pos));
    if (!p.open)
        return;
    for (int i = 0; i < count; i++) {
        CHECK(proven_plies(&p, &pos) != 0);
        Move m;
        char err[ERROR_TEXT_MAX];
        if (!rp()->parse_move(&pos, moves[i], &m, err, sizeof err)) {
            harness_fail(__FILE__, __LINE__, err);
            break;
        }
        rp()->play(&pos, m);
    }
    char fen[POSITION_TEXT_MAX];
    rp()->format_position(&pos, fen, sizeof fen);
    CHECK_STR(fen, "wbwbw/...w./.b.b./...../w.wb./..... w -");
    int wins = 0;
    bool distinct = false;
    CHECK_EQ_INT(shortest_proven_win(&p, &pos, &wins, &distinct), 1);
    CHECK_EQ_INT(proven_plies(&p, &pos), 1);
    prover_close(&p);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_win_at_once_beside_a_proven_slower_win);
    RUN(test_win_in_3_beside_a_proven_win_in_7);
    RUN(test_proof_after_children_is_the_shortest_win);
    RUN(test_game_proven_move_after_move_on_one_table);
    alphabeta_backend.destroy(engine());
    return harness_end();
}
