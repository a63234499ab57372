/*
 * test_alphabeta.c - the alphabeta backend finds forced results, agrees
 * with a plain exhaustive negamax on small Room and Pillar boards, always
 * answers a legal move, keeps to its limits, and is deterministic with one
 * thread.  Two-thread searches run here too, so that `make test` checks the
 * shared table under ThreadSanitizer.
 */
#include "harness.h"

#include <pthread.h>
#include <stdatomic.h>

#include "games/qawale/qawale.h"
#include "gametest.h"
#include "searchtest.h"
#include "mates/exact_mate.h"
#include "search/alphabeta/clock.h"
#include "search/alphabeta/position.h"
#include "search/backends.h"
#include "util/clock.h"
#include "util/rng.h"

static SearchJob job; /* large (a whole game record): not on the stack */
static SearchResult last; /* the last search's result */

/* The engine every test here searches with (made once, freed at the end). */
static BackendEngine *engine(void)
{
    static BackendEngine *made;
    if (!made)
        made = alphabeta_backend.create();
    return made;
}

static AbSettings *settings(void) { return alphabeta_backend.settings(engine()); }

static Move search_again(void)
{
    last = alphabeta_backend.search(engine(), &job);
    return last.best;
}

static void set_up(const Game *g, const char *fen, int threads)
{
    Position root;
    char err[ERROR_TEXT_MAX];
    memset(&job, 0, sizeof job);
    if (!g->parse_position(fen ? fen : g->start_fen, &root, err, sizeof err)) {
        harness_fail(__FILE__, __LINE__, err);
        return;
    }
    search_job_set_up(&job, g, &root, 0, threads, 16);
    alphabeta_backend.new_game(engine(), job.hash_mb);
}

static Move search_depth(const Game *g, const char *fen, int depth, int threads)
{
    set_up(g, fen, threads);
    job.limits.depth = depth;
    return search_again();
}

static Move search_movetime(const Game *g, const char *fen, int movetime_ms, int threads)
{
    set_up(g, fen, threads);
    job.limits.movetime = movetime_ms;
    return search_again();
}

static int mate_of(int score)
{
    return score >= SCORE_PROVEN ? SCORE_WIN - score : score <= -SCORE_PROVEN ? -(SCORE_WIN + score) : 0;
}

/* ---- the plain exhaustive negamax the search is checked against ---- */

/* The exact result for the side to move within max_turns whole turns:
 * +k = wins with the game over after k turns (the winner hurrying), -k =
 * loses after k turns (the loser delaying), 0 = no result that soon. */
static int exhaustive(const Game *g, const Position *pos, int max_turns)
{
    if (max_turns == 0)
        return 0;
    Move moves[512];
    bool overflow;
    int n = collect_moves(g, pos, moves, 512, &overflow);
    int mover = g->side_to_move(pos);
    int best = -1000;
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        g->play(&child, moves[i]);
        Outcome o = g->outcome(&child);
        int value;
        if (o == OUTCOME_ONGOING) {
            int r = exhaustive(g, &child, max_turns - 1);
            value = r > 0 ? -(r + 1) : r < 0 ? -r + 1 : 0;
        } else if (o == OUTCOME_DRAW) {
            value = 0;
        } else {
            value = (o == OUTCOME_WHITE_WINS) == (mover == WHITE) ? 1 : -1;
        }
        /* Prefer quick wins, then unknowns and draws, then slow losses. */
        int rank = value > 0 ? 2000 - value : value == 0 ? 0 : -1000 - value;
        int best_rank = best > 0 ? 2000 - best : best == 0 ? 0 : best == -1000 ? -100000 : -1000 - best;
        if (rank > best_rank)
            best = value;
    }
    return best == -1000 ? 0 : best;
}

/* ---- Room and Pillar: proofs against the exhaustive negamax ---- */

static void check_board_against_exhaustive(const char *fen)
{
    const Game *g = &roomandpillar_game;
    Position root;
    if (!load_position(g, fen, &root))
        return;
    int truth = exhaustive(g, &root, 64);
    CHECK(truth != 0);
    Move best = search_movetime(g, fen, (int)harness_scaled_ms(20000), 1);
    SearchResult r = last;
    CHECK(is_legal_move(g, &root, best));
    CHECK((mate_of(r.score) > 0) == (truth > 0));
    CHECK(mate_of(r.score) != 0);
    if (truth > 0) {
        /* The chosen move must keep the win: the opponent is then lost. */
        Position child = root;
        g->play(&child, best);
        CHECK(g->outcome(&child) != OUTCOME_ONGOING || exhaustive(g, &child, 64) < 0);
    } else {
        CHECK_EQ_INT(mate_of(r.score), truth); /* every move loses: the longest defence */
    }
}

static void test_roomandpillar_small_boards_match_exhaustive(void)
{
    check_board_against_exhaustive("wb/bw b -");
    check_board_against_exhaustive("wbw/bwb b -");
    check_board_against_exhaustive("wbwb/bwbw b -");
    check_board_against_exhaustive("wbw/bwb/wbw/bwb b -");
    check_board_against_exhaustive("wbwb/bwbw/wbwb/bwbw b -");
    check_board_against_exhaustive("wbwb/bw.w/wbwb/bwbw w -");
    check_board_against_exhaustive("wbwb/bwbw/wbwb/bw.w w s");
    if (harness_slow_allowed())
        check_board_against_exhaustive("wbwbw/bwbwb/wbwbw/bwbwb b -");
}

/* The same proofs from the iterations alone (no proof search beside
 * them): what the table keeps of won and lost nodes must hold. */
static void test_iterations_alone_prove_small_boards_exactly(void)
{
    AbSettings saved = *settings();
    settings()->proof_share = 0;
    test_roomandpillar_small_boards_match_exhaustive();
    *settings() = saved;
}

static void test_roomandpillar_6x6_proven_at_once(void)
{
    if (!harness_slow_allowed())
        return;
    int64_t t0 = now_ms();
    search_movetime(&roomandpillar_game, "wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw b -", (int)harness_scaled_ms(20000), 1);
    CHECK(mate_of(last.score) != 0);
    /* At once, not at the end of the movetime: 3 s on an idle machine. */
    CHECK(now_ms() - t0 < harness_scaled_ms(3000));
}

/* ---- the proof search alone, against the exhaustive negamax ---- */

/* Runs ab_prove from fen with no budget, as the only thread. */
static bool prove_alone(const char *fen, AbProof *proof)
{
    set_up(&roomandpillar_game, fen, 1);
    AbShared *s = calloc(1, sizeof *s);
    AbWorker *w = calloc(1, sizeof *w);
    ProofTable table;
    bool proven = false;
    if (s && w && pt_allocate(&table, 1)) {
        s->job = &job;
        s->game = job.game;
        s->settings = settings();
        s->proofs = &table;
        tm_plan(&s->tm, &job);
        atomic_init(&s->abort, false);
        atomic_init(&s->proof_ready, false);
        s->workers = w;
        s->worker_count = 1;
        w->shared = s;
        proven = ab_prove(w, 0, proof);
        pt_free(&table);
    }
    free(w);
    free(s);
    return proven;
}

/* ---- several provers on one table ---- */

typedef struct {
    AbWorker *w;
    AbProof proof;
    bool proven;
} ProverThread;

static void *prover_main(void *arg)
{
    ProverThread *t = arg;
    t->proven = ab_prove(t->w, 0, &t->proof);
    if (t->proven)
        atomic_store(&t->w->shared->abort, true); /* the others stop: the root is settled */
    return NULL;
}

/* Runs ab_prove from fen on provers threads at once, sharing one table
 * and the busy counts (virtual proof numbers), as the helpers of a
 * threaded search do; *proof is a proving thread's.  False when none
 * proved the root. */
static bool prove_together(const char *fen, int provers, AbProof *proof)
{
    set_up(&roomandpillar_game, fen, provers);
    AbShared *s = calloc(1, sizeof *s);
    AbWorker *w = calloc((size_t)provers, sizeof *w);
    ProverThread threads[4];
    pthread_t ids[4];
    ProofTable table;
    bool proven = false;
    if (s && w && provers <= 4 && pt_allocate(&table, 1)) {
        s->job = &job;
        s->game = job.game;
        s->settings = settings();
        s->proofs = &table;
        s->proof_busy = calloc((size_t)1 << AB_BUSY_BITS, sizeof *s->proof_busy);
        tm_plan(&s->tm, &job);
        atomic_init(&s->abort, false);
        s->workers = w;
        s->worker_count = provers;
        for (int i = 0; i < provers; i++) {
            w[i].shared = s;
            w[i].id = i;
            threads[i] = (ProverThread){.w = &w[i]};
            CHECK(pthread_create(&ids[i], NULL, prover_main, &threads[i]) == 0);
        }
        for (int i = 0; i < provers; i++) {
            pthread_join(ids[i], NULL);
            if (threads[i].proven && !proven) {
                *proof = threads[i].proof;
                proven = true;
            }
        }
        free(s->proof_busy);
        pt_free(&table);
    }
    free(w);
    free(s);
    return proven;
}

/* Three provers on one table reach the exhaustive search's verdict on
 * small boards (run under ThreadSanitizer by `make test`). */
static void test_parallel_provers_match_exhaustive(void)
{
    static const char *fens[] = {
        "wbwb/bwbw/wbwb/bwbw b -",
        "wbwb/bw.w/wbwb/bwbw w -",
        "wbw/bwb/wbw/bwb b -",
        "wbwbw/bwbwb/wbwbw/bwbw. w s",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        Position root;
        if (!load_position(&roomandpillar_game, fens[i], &root))
            return;
        int truth = exhaustive(&roomandpillar_game, &root, 64);
        AbProof proof = {.score = 0};
        CHECK(prove_together(fens[i], 3, &proof));
        CHECK((mate_of(proof.score) > 0) == (truth > 0));
    }
}

/* The proof's line is legal. */
static void check_proof_line(const Game *g, Position pos, const AbProof *proof)
{
    for (int i = 0; i < proof->length; i++) {
        CHECK(is_legal_move(g, &pos, proof->plies[i]));
        g->play(&pos, proof->plies[i]);
    }
}

static void check_proof_against_exhaustive(const char *fen)
{
    const Game *g = &roomandpillar_game;
    Position root;
    if (!load_position(g, fen, &root))
        return;
    int truth = exhaustive(g, &root, 64);
    AbProof proof;
    CHECK(prove_alone(fen, &proof));
    CHECK((mate_of(proof.score) > 0) == (truth > 0));
    /* The distance is a bound: never shorter than the truth. */
    CHECK(abs(mate_of(proof.score)) >= abs(truth));
    CHECK(proof.length > 0);
    check_proof_line(g, root, &proof);
    if (truth > 0 && proof.length > 0) {
        /* The line's first move keeps the win: the opponent is then lost. */
        Position child = root;
        g->play(&child, proof.plies[0]);
        CHECK(g->outcome(&child) != OUTCOME_ONGOING || exhaustive(g, &child, 64) < 0);
    }
}

static void test_proof_search_matches_exhaustive_on_small_boards(void)
{
    check_proof_against_exhaustive("wb/bw b -");
    check_proof_against_exhaustive("wbw/bwb b -");
    check_proof_against_exhaustive("wbwb/bwbw b -");
    check_proof_against_exhaustive("wbw/bwb/wbw/bwb b -");
    check_proof_against_exhaustive("wbwb/bwbw/wbwb/bwbw b -");
    check_proof_against_exhaustive("wbwb/bw.w/wbwb/bwbw w -");
    check_proof_against_exhaustive("wbwb/bwbw/wbwb/bw.w w s");
    check_proof_against_exhaustive("wbwb/bwbw/w.wb/bwbw w s");
    if (harness_slow_allowed()) {
        check_proof_against_exhaustive("wbwbw/bwbwb/wbwbw/bwbwb b -");
        check_proof_against_exhaustive("wbwbw/bwbwb/wbwbw/bwbw. w s");
    }
}

/* A 6x6 position from a random game, lost in 22 plies: the proof's line
 * there ends after 20, and the distance once read from that line (mate
 * -10) was shorter than the truth (mate -11). */
static void test_proof_distance_never_shorter_than_the_truth(void)
{
    if (!harness_slow_allowed())
        return; /* the full solve of 22 plies: seconds under the sanitizers */
    const char *fen = "..wbwb/b.bwbw/w.wbwb/bwbwbw/wbwbwb/bwbwbw b -";
    Position root;
    if (!load_position(&roomandpillar_game, fen, &root))
        return;
    ExactSolver *solver = exact_solver_new(&roomandpillar_game, 3000000);
    ExactValue truth = {0, 0};
    CHECK(solver && exact_solve(solver, &root, &truth));
    exact_solver_free(solver);
    CHECK_EQ_INT(truth.result, -1);
    CHECK_EQ_INT(truth.plies, 22);
    AbProof proof;
    CHECK(prove_alone(fen, &proof));
    CHECK(mate_of(proof.score) < 0);
    CHECK(-mate_of(proof.score) >= truth.plies);
}

/* The target of issue 6: the 8x8 start (pie rule included) proven at two
 * threads by a search with no depth limit.  How fast is `tessera bench
 * proof`'s to say (about 3-8 s); the limit here only guards against a
 * hang: 60 s failed on a machine loaded by the test lanes and other work. */
static void test_roomandpillar_8x8_start_proven_at_two_threads(void)
{
    if (!harness_slow_allowed())
        return;
    Move best = search_movetime(&roomandpillar_game, NULL, (int)harness_scaled_ms(240000), 2);
    CHECK(is_legal_move(&roomandpillar_game, &job.record.current, best));
    CHECK(mate_of(last.score) < 0); /* the pie rule: the second player wins */
}

/* With all of their time for the proof search, the main thread and the
 * helper both prove, on one table with busy counts, and the first proof
 * becomes the result (checked under ThreadSanitizer too). */
static void test_threads_all_proving_reach_one_proof(void)
{
    int share = settings()->proof_share;
    settings()->proof_share = 100;
    const char *fen = "wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw b -";
    Move best = search_movetime(&roomandpillar_game, fen, (int)harness_scaled_ms(60000), 2);
    settings()->proof_share = share;
    CHECK(is_legal_move(&roomandpillar_game, &job.record.current, best));
    CHECK(mate_of(last.score) < 0);
}

/* The main thread, proving, may find its proof just after the helper
 * claimed its own: it must wait for the helper's, not end unproven (under
 * ThreadSanitizer about one search in ten on the 6x4 start did, before). */
static void test_main_prover_losing_the_claim_still_ends_proven(void)
{
    int share = settings()->proof_share;
    settings()->proof_share = 100;
    int unproven = 0;
    for (int i = 0; i < 40; i++) {
        search_movetime(&roomandpillar_game, "wbwbwb/bwbwbw/wbwbwb/bwbwbw b -", (int)harness_scaled_ms(60000), 2);
        unproven += mate_of(last.score) >= 0;
    }
    settings()->proof_share = share;
    CHECK_EQ_INT(unproven, 0);
}

/* ---- forced results in the other games ---- */

/* The side to move wins with its next turn: the exhaustive search says so,
 * the search reports mate 1 and its move ends the game for the mover. */
static void check_win_in_one_found(const Game *g, const char *fen, int depth)
{
    Position root;
    char err[ERROR_TEXT_MAX];
    CHECK(g->parse_position(fen, &root, err, sizeof err));
    CHECK_EQ_INT(exhaustive(g, &root, 1), 1);
    Move best = search_depth(g, fen, depth, 1);
    CHECK_EQ_INT(mate_of(last.score), 1);
    Position child = root;
    g->play(&child, best);
    Outcome mover_wins = g->side_to_move(&root) == WHITE ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS;
    CHECK(g->outcome(&child) == mover_wins);
}

/* The side to move loses within turns turns whatever it does: the search
 * reports the exhaustive search's negative mate and still plays legally. */
static void check_loss_reported(const Game *g, const char *fen, int turns, int depth)
{
    Position root;
    char err[ERROR_TEXT_MAX];
    CHECK(g->parse_position(fen, &root, err, sizeof err));
    int truth = exhaustive(g, &root, turns);
    CHECK(truth < 0);
    Move best = search_depth(g, fen, depth, 1);
    CHECK(is_legal_move(g, &root, best));
    CHECK_EQ_INT(mate_of(last.score), truth);
}

/* One of three pawn moves ends the game in white's favour. */
static void test_columna_win_in_one_turn_found(void)
{
    check_win_in_one_found(&columna_game, "01b2w020/030003/000400/03003b0/501b003w/02w03b01w w p", 4);
}

/* Every black turn lets white end the game in its favour. */
static void test_columna_loss_in_two_turns_reported(void)
{
    check_loss_reported(&columna_game, "030003/001w01b0/4b01w000/001b000/300035w/0505w1b0 b p", 2, 6);
}

/* Black completes a line of dark tops at once (one move of 136 does). */
static void test_qawale_win_in_one_turn_found(void)
{
    check_win_in_one_found(&qawale_game, ".,n,n,w/b,.,bw,n/nww,.,n,./w,nbb,.,nn b 3 4", 3);
}

/* Dark's last turns cannot overturn light's lead. */
static void test_territoire_lost_ending_reported(void)
{
    check_loss_reported(&territoire_game,
                        "3b6w2w5x1x4w4x5w1w6w3.2.1.2.5b3b4b6w6x3w4w2w5w1w5w1.3w4w2b6b2b4b6b1b5b3. 19 b 300 300 0 4",
                        2, 12);
}

/* ---- the table changes no value: fixed-depth search against a plain negamax ---- */

static int table_disagreements; /* table entries plain_negamax found wrong */

/* Does a table entry for a node whose plain value is truth say something
 * true about it?  Only entries of exactly this depth are judged (a deeper
 * one holds another value); proofs are judged by the exhaustive tests. */
static bool entry_holds(const TTEntry *e, int depth, int truth)
{
    if (e->depth != depth || abs(e->score) >= SCORE_PROVEN)
        return true;
    return e->bound == TT_BOUND_EXACT   ? e->score == truth
           : e->bound == TT_BOUND_LOWER ? truth >= e->score
                                        : truth <= e->score;
}

/* Minimax over the same children, leaf evaluation and game-over scores as
 * ab_search, but without a table, windows, ordering or reductions: what a
 * fixed-depth search must return whatever its table holds.  When s->tt is
 * set, every entry met on the way is judged against the value found. */
static int plain_negamax(const AbShared *s, const Position *pos, int depth, int turns)
{
    const Game *g = s->game;
    if (depth <= 0)
        return ab_static_eval(g, pos);
    AbChildList *list = malloc(sizeof *list);
    ab_list_children(s, NULL, pos, list);
    int mover = g->side_to_move(pos);
    int best = list->count == 0 ? ab_static_eval(g, pos) : -SCORE_INFINITE;
    for (int i = 0; i < list->count; i++) {
        Position child = *pos;
        ab_play(s, &child, list->child[i].move);
        int score;
        switch (ab_child_kind(s, &child)) {
        case CHILD_GAME_OVER: score = ab_game_over_score(g, &child, mover, turns + 1); break;
        case CHILD_SAME_PLAYER: score = plain_negamax(s, &child, depth - 1, turns); break;
        default: score = -plain_negamax(s, &child, depth - 1, turns + 1); break;
        }
        if (score > best)
            best = score;
    }
    if (list->truncated && best <= -SCORE_PROVEN)
        best = -EVAL_BOUND;
    bool leaf = list->count == 0;
    free(list);
    TTEntry e;
    if (s->tt && !leaf && tt_probe(s->tt, g->hash(pos), &e) && !entry_holds(&e, depth, best))
        table_disagreements++;
    return best;
}

/* A position some random turns into a game (deterministic by seed). */
static bool random_position(const Game *g, uint64_t seed, int turns, Position *pos)
{
    if (!load_position(g, g->start_fen, pos))
        return false;
    if (g->random_start)
        g->random_start(pos, seed);
    for (int t = 0; t < turns && g->outcome(pos) == OUTCOME_ONGOING; t++) {
        Move moves[512];
        bool overflow;
        int n = collect_moves(g, pos, moves, 512, &overflow);
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        g->play(pos, moves[(seed >> 33) % (uint64_t)n]);
    }
    return g->outcome(pos) == OUTCOME_ONGOING;
}

/* The fixed-depth value of fen, searched on a fresh table and then again
 * on the table the first search filled (as a game's next `go` does); with
 * reductions off, both must be the plain negamax value. */
static void check_value_with_table(const Game *g, const char *fen, int depth, int truth)
{
    for (int round = 0; round < 2; round++) {
        if (round == 0) {
            search_depth(g, fen, depth, 1);
        } else {
            atomic_store(&job.stop, false);
            job.start_ms = now_ms();
            search_again();
        }
        int found = last.score;
        if (found != truth) {
            char m[POSITION_TEXT_MAX + 128];
            snprintf(m, sizeof m, "%s at depth %d (%s table): search %d, plain negamax %d", fen, depth,
                     round ? "filled" : "fresh", found, truth);
            harness_fail(__FILE__, __LINE__, m);
        }
    }
}

/* Fail-soft alpha-beta's promise for one window: a value at or below
 * alpha bounds the truth from above, one at or above beta from below, and
 * one inside is the truth. */
static bool keeps_window_promise(int value, int alpha, int beta, int truth)
{
    return value <= alpha ? truth <= value : value >= beta ? truth >= value : truth == value;
}

/* One worker for calling ab_search itself, on a cleared table (allocated
 * on first use); NULL when out of memory.  The caller frees it. */
static AbWorker *direct_worker(const Game *g, TransTable *table, AbShared *s)
{
    if (!table->words && !tt_allocate(table, 4))
        return NULL;
    tt_clear(table);
    set_up(g, NULL, 1);
    *s = (AbShared){.job = &job, .game = g, .settings = settings(), .tt = table, .steps = has_step_hooks(g)};
    atomic_init(&s->abort, false);
    tm_plan(&s->tm, &job);
    AbWorker *w = calloc(1, sizeof *w);
    s->workers = w, s->worker_count = 1;
    w->shared = s;
    return w;
}

/* Marks every move of the first `plies` plies from pos as being searched
 * by another thread (alphabeta/defer.c), so that the search defers all it can. */
static void mark_every_move_busy(const AbShared *s, const Position *pos, int plies)
{
    AbChildList *list = malloc(sizeof *list);
    if (!list)
        return;
    ab_list_children(s, NULL, pos, list);
    const uint64_t node_key = s->game->hash(pos);
    for (int i = 0; i < list->count; i++) {
        ab_defer_mark(s, ab_defer_key(node_key, list->child[i].move));
        Position child = *pos;
        ab_play(s, &child, list->child[i].move);
        if (plies > 1 && ab_child_kind(s, &child) != CHILD_GAME_OVER)
            mark_every_move_busy(s, &child, plies - 1);
    }
    free(list);
}

/* ab_search itself on one table over many windows (fail-highs and
 * fail-lows of one window are read back under another, which is where a
 * bound stored the wrong way round gives a wrong cut); with deferring,
 * before each window every move of the first two plies is marked busy. */
static void check_windows_share_a_table(const Game *g, const Position *pos, int depth, int truth,
                                        bool deferring)
{
    static const int offsets[][2] = {{-1, 1},   {-300, -100}, {100, 300}, {-30, -29}, {29, 30},
                                     {-1, 0},   {0, 1},       {-5, 5},    {-60, -20}, {20, 60},
                                     {-1, 1},   {-30, -29},   {29, 30},   {-300, 300}};
    static TransTable table;
    AbShared s;
    AbWorker *w = direct_worker(g, &table, &s);
    if (!w)
        return;
    if (deferring && !ab_defer_begin(&s)) {
        free(w);
        return;
    }
    for (size_t i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
        int alpha = truth + offsets[i][0], beta = truth + offsets[i][1];
        if (deferring) /* again: a move searched clears its mark */
            mark_every_move_busy(&s, pos, 2);
        int value = ab_search(w, pos, alpha, beta, depth, 0, 0, false);
        if (!keeps_window_promise(value, alpha, beta, truth)) {
            char m[POSITION_TEXT_MAX + 160];
            char fen[POSITION_TEXT_MAX];
            g->format_position(pos, fen, sizeof fen);
            snprintf(m, sizeof m, "%s at depth %d, window (%d, %d): %d, but the negamax value is %d", fen,
                     depth, alpha, beta, value, truth);
            harness_fail(__FILE__, __LINE__, m);
        }
    }
    free(w);
    /* And every entry the windows left must be true of its node. */
    table_disagreements = 0;
    plain_negamax(&s, pos, depth, 0);
    CHECK_EQ_INT(table_disagreements, 0);
    if (deferring)
        ab_defer_end(&s);
}

/* Staged children: a node whose table move or killer cuts off lists no
 * children.  A Qawale that counts its listings, at a node of depth 1
 * whose table holds a move (too shallow to cut by itself) or whose ply has
 * a killer: a window that move's child beats must be settled without a
 * listing; one it does not beat, or a move that is not legal here, lists
 * the children once. */
static int listings;

static bool counted_listing(const Position *pos, HashedMoveSink *sink)
{
    listings++;
    return qawale_game.generate_hashed_moves(pos, sink);
}

typedef struct {
    MoveSink sink;
    Move move;
} FirstMove;

static bool keep_first(MoveSink *sink, Move move)
{
    ((FirstMove *)sink)->move = move;
    return false;
}

/* The listings of a null-window search of depth 1 at ply 1, where the
 * table holds table_move and killer is the ply's first killer. */
static int listings_of_search(AbWorker *w, const Position *pos, Move table_move, Move killer, int alpha,
                              int *value)
{
    const AbShared *s = w->shared;
    tt_clear(s->tt);
    if (table_move != MOVE_NONE)
        tt_store(s->tt, s->game->hash(pos), table_move, 0, 0, TT_BOUND_LOWER);
    w->killers[1][0] = killer;
    w->killers[1][1] = MOVE_NONE;
    listings = 0;
    *value = ab_search(w, pos, alpha, alpha + 1, 1, 1, 0, false);
    return listings;
}

/* A node of the counted Qawale, its first move and that child's value
 * to the player moving. */
typedef struct {
    Position pos;
    Move first;
    int first_value;
} StagedCase;

static Game counted_qawale;

static bool staged_case(StagedCase *c)
{
    counted_qawale = qawale_game;
    counted_qawale.generate_hashed_moves = counted_listing;
    if (!load_position(&counted_qawale, "nn,.,.,nn/.,bw,w,./.,nn,n,./.,.,n,. b 6 7", &c->pos))
        return false;
    FirstMove first = {{keep_first}, MOVE_NONE};
    counted_qawale.generate_moves(&c->pos, &first.sink);
    Position child = c->pos;
    counted_qawale.play(&child, first.move);
    c->first = first.move;
    c->first_value = -ab_static_eval(&counted_qawale, &child);
    return counted_qawale.outcome(&child) == OUTCOME_ONGOING;
}

/* A worker searching the counted Qawale at the staged case's node, on a
 * table of its own (NULL when the case or memory is missing). */
static AbWorker *staged_worker(StagedCase *c, AbShared *s)
{
    static TransTable table;
    if (!staged_case(c)) {
        harness_fail(__FILE__, __LINE__, "the staged case is not a node in play");
        return NULL;
    }
    return direct_worker(&counted_qawale, &table, s);
}

/* The listings of that search with move given as the table's move
 * (as_killer false) or as the ply's killer. */
static int listings_with(AbWorker *w, const StagedCase *c, Move move, bool as_killer, int alpha, int *value)
{
    return listings_of_search(w, &c->pos, as_killer ? MOVE_NONE : move, as_killer ? move : MOVE_NONE, alpha,
                              value);
}

static void check_staged_cutoff_lists_no_children(bool as_killer)
{
    StagedCase c;
    AbShared s;
    AbWorker *w = staged_worker(&c, &s);
    if (!w)
        return;
    const Move illegal = c.first ^ (Move)16 << QAWALE_MOVE_DROPS_SHIFT; /* 16 drops too many */
    int value, plain;
    CHECK_EQ_INT(listings_with(w, &c, c.first, as_killer, c.first_value - 1, &value), 0);
    CHECK(value >= c.first_value);
    CHECK_EQ_INT(listings_with(w, &c, c.first, as_killer, c.first_value, &value), 1);
    CHECK_EQ_INT(listings_with(w, &c, MOVE_NONE, as_killer, c.first_value - 1, &plain), 1);
    CHECK_EQ_INT(listings_with(w, &c, illegal, as_killer, c.first_value - 1, &value), 1);
    CHECK_EQ_INT(value, plain);
    free(w);
}

static void test_cutoff_by_the_table_move_lists_no_children(void) { check_staged_cutoff_lists_no_children(false); }

static void test_cutoff_by_a_killer_lists_no_children(void) { check_staged_cutoff_lists_no_children(true); }

/* Where children are ordered by their evaluation, a winning child goes
 * before the killers, so there they are not staged: the same killer at a
 * node whose depth reaches eval_order_depth lets the node list. */
static void test_killers_not_staged_where_children_are_ordered_by_evaluation(void)
{
    StagedCase c;
    AbShared s;
    AbWorker *w = staged_worker(&c, &s);
    if (!w)
        return;
    AbSettings saved = *settings();
    settings()->eval_order_depth = 1;
    int value;
    CHECK_EQ_INT(listings_of_search(w, &c.pos, MOVE_NONE, c.first, c.first_value - 1, &value), 1);
    *settings() = saved;
    free(w);
}

static void check_table_keeps_minimax(const Game *g, int depth, int positions, int turns)
{
    /* Sanitized builds check a quarter of the positions (the plain negamax
     * is exponential and runs ten times slower there), tsan one: no
     * thread is involved. */
    if (!harness_slow_allowed())
        positions = (positions + 3) / 4;
    if (harness_under_tsan())
        positions = 1;
    AbSettings saved = *settings();
    settings()->late_move_reduction = 0; /* the one thing that may change a value */
    AbShared plain = {.game = g, .steps = has_step_hooks(g)};
    int compared = 0;
    for (uint64_t seed = 1; compared < positions && seed < 1000; seed++) {
        Position pos;
        if (!random_position(g, seed, turns + (int)(seed % 3), &pos))
            continue;
        char fen[POSITION_TEXT_MAX];
        g->format_position(&pos, fen, sizeof fen);
        int truth = plain_negamax(&plain, &pos, depth, 0);
        check_value_with_table(g, fen, depth, truth);
        check_windows_share_a_table(g, &pos, depth, truth, false);
        compared++;
    }
    CHECK_EQ_INT(compared, positions);
    *settings() = saved;
}

static void test_table_keeps_the_minimax_value_roomandpillar(void)
{
    check_table_keeps_minimax(&roomandpillar_game, 7, 24, 6);
}

static void test_table_keeps_the_minimax_value_columna(void)
{
    check_table_keeps_minimax(&columna_game, 4, 24, 4);
}

static void test_table_keeps_the_minimax_value_qawale(void)
{
    check_table_keeps_minimax(&qawale_game, 2, 16, 4);
}

static void test_table_keeps_the_minimax_value_territoire(void)
{
    check_table_keeps_minimax(&territoire_game, 5, 24, 6);
}

/* Deferral (alphabeta/defer.c) changes only the order children are searched in:
 * with every move of the first two plies marked busy, as if other threads
 * were searching them all, each window still keeps its promise and every
 * entry left holds (reductions off, as above). */
static void test_deferred_moves_keep_the_minimax_value(void)
{
    static const struct {
        const Game *game;
        int depth, turns;
    } cases[] = {{&roomandpillar_game, 6, 6}, {&columna_game, 4, 4}, {&qawale_game, 3, 4}, {&territoire_game, 5, 6}};
    /* Sanitized builds check one position per game, a ply shallower:
     * Territoire's, with its network now the default, took over two
     * minutes of the thread sanitizer's lane at three, and the one
     * position at full depth still 78 s of it (the release lane keeps
     * three at full depth). */
    const bool full = harness_slow_allowed();
    const int positions = full ? 3 : 1;
    AbSettings saved = *settings();
    settings()->late_move_reduction = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const Game *g = cases[c].game;
        AbShared plain = {.game = g, .steps = has_step_hooks(g)};
        int compared = 0;
        for (uint64_t seed = 1; compared < positions && seed < 100; seed++) {
            Position pos;
            if (!random_position(g, seed, cases[c].turns, &pos))
                continue;
            const int depth = full ? cases[c].depth : cases[c].depth - 1;
            int truth = plain_negamax(&plain, &pos, depth, 0);
            check_windows_share_a_table(g, &pos, depth, truth, true);
            compared++;
        }
        CHECK_EQ_INT(compared, positions); /* never passed by finding no position */
    }
    *settings() = saved;
}

/* ---- limits, legality, determinism, threads ---- */

static const Game *const every_game[] = {&roomandpillar_game, &columna_game, &qawale_game, &territoire_game};

static void test_stopped_at_once_still_plays_a_legal_turn(void)
{
    for (int i = 0; i < 4; i++) {
        const Game *g = every_game[i];
        set_up(g, NULL, 1);
        atomic_store(&job.stop, true);
        Move best = search_again();
        CHECK(is_legal_move(g, &job.record.current, best));
    }
}

static void test_depth_search_is_deterministic_with_one_thread(void)
{
    for (int i = 0; i < 4; i++) {
        const Game *g = every_game[i];
        int depth = i == 2 ? 3 : 5;
        Move first = search_depth(g, NULL, depth, 1);
        uint64_t nodes = last.nodes;
        CHECK(is_legal_move(g, &job.record.current, first));
        Move again = search_depth(g, NULL, depth, 1);
        CHECK_EQ_U64(again, first);
        CHECK_EQ_U64(last.nodes, nodes);
        CHECK_EQ_INT(last.depth, depth);
    }
}

/* A node limit stops an iteration part way: the root move it found better
 * than the last iteration's, searched to the end, is played (reported at
 * the stopped depth).  Without a partial iteration, the move is the one a
 * search to that depth plays; with one, the last completed depth's move
 * is left for another.  Across these limits both happen. */
static void test_stopped_iteration_plays_a_better_move_it_finished(void)
{
    static const uint64_t limits[] = {300, 500, 800, 1200, 2000, 3000, 5000, 8000, 13000, 20000};
    int taken = 0;
    for (int i = 0; i < 4; i++) {
        const Game *g = every_game[i];
        for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
            set_up(g, NULL, 1);
            job.limits.nodes = limits[k];
            const Move best = search_again();
            const int depth = last.depth;
            CHECK(is_legal_move(g, &job.record.current, best));
            CHECK(last.pv_length > 0 && last.pv[0] == best);
            if (depth < 2 || search_depth(g, NULL, depth, 1) == best)
                continue;
            taken++;
            CHECK(search_depth(g, NULL, depth - 1, 1) != best);
        }
    }
    CHECK(taken > 0);
}

/* The last line a search reported, kept by its progress callback. */
static int last_info_depth;
static Move last_info_first;

static void keep_last_info(void *context, const SearchInfo *info)
{
    (void)context;
    last_info_depth = info->depth;
    last_info_first = info->pv_length > 0 ? info->pv[0] : MOVE_NONE;
}

/* With a helper the answer may be a helper's completed iteration, adopted,
 * or the main thread's stopped one: whichever line is played, the move is
 * legal, is the first of the last line reported and of the answer's line,
 * and that line is no shallower than the completed depth.  (A helper's
 * stopped iteration is not played: tried, it changed 3 of 560 Qawale
 * moves at 10 ms and none of Territoire's at 70 ms.) */
static void check_plays_the_line_reported_last(const Game *g)
{
    job.progress.on_info = keep_last_info;
    last_info_first = MOVE_NONE;
    last_info_depth = 0;
    const Move best = search_again();
    CHECK(is_legal_move(g, &job.record.current, best));
    if (last.depth == 0)
        return; /* stopped before depth 1 (a slow sanitizer build): no line to play */
    CHECK(last_info_first == best);
    CHECK(last.pv_length > 0 && last.pv[0] == best);
    CHECK(last_info_depth >= last.depth);
}

static void test_two_threads_play_the_line_they_reported_last(void)
{
    static const uint64_t limits[] = {500, 2000, 8000, 30000};
    static const int movetimes[] = {5, 20};
    for (int i = 0; i < 4; i++) {
        const Game *g = every_game[i];
        for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
            set_up(g, NULL, 2);
            job.limits.nodes = limits[k];
            check_plays_the_line_reported_last(g);
        }
        for (size_t k = 0; k < sizeof movetimes / sizeof movetimes[0]; k++) {
            set_up(g, NULL, 2);
            job.limits.movetime = movetimes[k];
            check_plays_the_line_reported_last(g);
        }
    }
}

/* The engine keeps its threads' state and stacks from one search to the
 * next: a search after others (two threads, another game) must be the one
 * a fresh engine makes, move, score and nodes. */
static void test_used_engine_searches_as_a_fresh_one(void)
{
    for (int i = 0; i < 4; i++) {
        const Game *g = every_game[i];
        const int depth = i == 2 ? 3 : 5;
        search_depth(every_game[(i + 1) % 4], NULL, 4, 2);
        const Move used = search_depth(g, NULL, depth, 1);
        const SearchResult after_others = last;
        BackendEngine *fresh = alphabeta_backend.create();
        alphabeta_backend.new_game(fresh, job.hash_mb);
        const SearchResult first = alphabeta_backend.search(fresh, &job);
        alphabeta_backend.destroy(fresh);
        CHECK_EQ_U64(first.best, used);
        CHECK_EQ_INT(first.score, after_others.score);
        CHECK_EQ_U64(first.nodes, after_others.nodes);
    }
}

/* The main thread drops its iteration once a helper completed that depth
 * (and only then), in the search: the rest would repeat the helper's work. */
static void test_main_iteration_dropped_once_a_helper_completed_its_depth(void)
{
    static TransTable table;
    AbShared s;
    AbWorker *w = direct_worker(&columna_game, &table, &s);
    if (!w)
        return;
    atomic_init(&s.deepest.depth, 6);
    w->iteration_depth = 7;
    ab_poll_clock(w);
    CHECK(!w->stopped && !w->superseded);
    ab_search(w, &job.record.current, -SCORE_INFINITE, SCORE_INFINITE, 5, 0, 0, true);
    CHECK(!w->stopped && !w->superseded);
    CHECK(w->nodes > 2 * AB_POLL_UNITS); /* it polled */
    atomic_store(&s.deepest.depth, 7);
    ab_search(w, &job.record.current, -SCORE_INFINITE, SCORE_INFINITE, 5, 0, 0, true);
    CHECK(w->stopped && w->superseded);
    CHECK(!atomic_load(&s.abort)); /* the search goes on: only the iteration ends */
    w->stopped = w->superseded = false;
    w->iteration_depth = 0; /* between iterations, and in proofs, nothing is dropped */
    ab_poll_clock(w);
    CHECK(!w->stopped && !w->superseded);
    free(w);
}

static void test_node_limit_is_kept(void)
{
    set_up(&columna_game, NULL, 1);
    job.limits.nodes = 5000;
    Move best = search_again();
    CHECK(is_legal_move(&columna_game, &job.record.current, best));
    CHECK(last.nodes <= 5000);
    CHECK(last.nodes >= 4000);
}

static void test_movetime_is_kept(void)
{
    for (int i = 0; i < 4; i++) {
        int64_t t0 = now_ms();
        Move best = search_movetime(every_game[i], NULL, 150, 1);
        int64_t spent = now_ms() - t0;
        CHECK(is_legal_move(every_game[i], &job.record.current, best));
        /* The slack of an idle machine, times the load (100 ms failed on a
         * loaded machine). */
        CHECK(spent < 150 + harness_scaled_ms(400));
    }
}

/* ---- the hard limit when nodes are expensive ---- */

/* Qawale whose move stream costs SLOW_MOVE_US per move: what a cold table
 * page per child, or a tall stack's deduplicated sowings, cost in a real
 * search.  A clock read every 1024 nodes let such a search run seconds
 * past its hard limit (an arena game lost on time after 67 ms).  The test
 * counts the moves streamed after the limit rather than the time spent:
 * a loaded machine stretches the time but not the work between two
 * looks at the clock, so the count does not depend on the load. */
#define SLOW_MOVE_US 20

typedef struct {
    MoveSink sink;
    MoveSink *inner;
} SlowSink;

static int64_t slow_limit_us;
static atomic_int slow_moves_after_limit;

static bool slow_emit(MoveSink *sink, Move move)
{
    const int64_t start = now_us();
    if (start > slow_limit_us)
        atomic_fetch_add(&slow_moves_after_limit, 1);
    while (now_us() < start + SLOW_MOVE_US) {
    }
    SlowSink *slow = (SlowSink *)sink;
    return slow->inner->emit(slow->inner, move);
}

static bool slow_generate(const Position *pos, MoveSink *sink)
{
    SlowSink slow = {{slow_emit}, sink};
    return qawale_game.generate_moves(pos, &slow.sink);
}

static void test_hard_limit_kept_when_moves_stream_slowly(void)
{
    static Game slow_qawale;
    slow_qawale = qawale_game;
    slow_qawale.generate_moves = slow_generate;
    /* Without its hashed stream the search lists children through the
     * slow one (with it, this test slowed nothing and could not fail). */
    slow_qawale.generate_hashed_moves = NULL;
    for (int threads = 1; threads <= 2; threads++) {
        slow_limit_us = now_us() + 100 * 1000;
        atomic_store(&slow_moves_after_limit, 0);
        Move best = search_movetime(&slow_qawale, NULL, 100, threads);
        CHECK(is_legal_move(&qawale_game, &job.record.current, best));
        /* Each thread streams at most one poll interval past the limit
         * (a unit per move), then sees the clock or the other's stop. */
        CHECK(atomic_load(&slow_moves_after_limit) <= 2 * threads * AB_POLL_UNITS);
    }
}

static void test_two_threads_share_the_table_and_agree_on_a_proof(void)
{
    const char *fen = "wbwb/bwbw/wbwb/bwbw b -";
    search_movetime(&roomandpillar_game, fen, (int)harness_scaled_ms(10000), 1);
    int alone = mate_of(last.score);
    Move best = search_movetime(&roomandpillar_game, fen, (int)harness_scaled_ms(10000), 2);
    CHECK(is_legal_move(&roomandpillar_game, &job.record.current, best));
    CHECK_EQ_INT(mate_of(last.score) < 0, alone < 0);
    for (int i = 0; i < 4; i++) {
        Move m = search_movetime(every_game[i], NULL, 100, 2);
        CHECK(is_legal_move(every_game[i], &job.record.current, m));
    }
}

/* Lazy SMP's exchange (alphabeta/smp.c), by hand and without threads: a helper's
 * deeper iteration becomes the main thread's answer, a shallower one does
 * not, and helpers keep level with or one ply ahead of the main thread. */
static void test_main_thread_adopts_only_deeper_helper_iterations(void)
{
    set_up(&columna_game, NULL, 2);
    AbShared *s = calloc(1, sizeof *s);
    AbWorker *w = calloc(3, sizeof *w);
    if (!s || !w || !ab_smp_begin(s)) {
        harness_fail(__FILE__, __LINE__, "out of memory");
        free(s);
        free(w);
        return;
    }
    *s = (AbShared){.job = &job, .game = &columna_game, .settings = settings(), .workers = w, .worker_count = 3,
                    .steps = false, .deepest = s->deepest};
    AbChildList list;
    ab_list_children(s, NULL, &job.record.current, &list);
    for (int i = 0; i < 3; i++)
        w[i] = (AbWorker){.shared = s, .id = i, .best_turn = MOVE_NONE};
    w[0].completed_depth = 3;
    w[1].pv[0][0] = list.child[1].move;
    w[1].pv_length[0] = 1;
    SearchResult r = {0};
    ab_smp_publish(&w[1], 3, 40);
    CHECK(!ab_smp_adopt(&w[0], &r)); /* not deeper than its own */
    ab_smp_publish(&w[1], 5, 55);
    w[1].pv[0][0] = list.child[2].move;
    ab_smp_publish(&w[1], 4, 70); /* shallower than the one published */
    CHECK(ab_smp_adopt(&w[0], &r));
    CHECK_EQ_INT(w[0].completed_depth, 5);
    CHECK_EQ_INT(w[0].best_score, 55);
    CHECK_EQ_U64(w[0].best_turn, list.child[1].move);
    CHECK_EQ_INT(r.depth, 5);
    CHECK_EQ_INT(r.pv_length, 1);
    CHECK_EQ_U64(r.pv[0], list.child[1].move);
    CHECK(!ab_smp_adopt(&w[0], &r)); /* taken already */
    atomic_store(&s->deepest.main_depth, 7);
    CHECK_EQ_INT(ab_smp_helper_depth(&w[1], 2, 20), 8);
    CHECK_EQ_INT(ab_smp_helper_depth(&w[2], 2, 20), 7);
    CHECK_EQ_INT(ab_smp_helper_depth(&w[1], 9, 20), 9);
    CHECK_EQ_INT(ab_smp_helper_depth(&w[1], 2, 7), 7); /* level on the last depth, not gone */
    ab_smp_end(s);
    free(w);
    free(s);
}

/* With helpers, the first thread to complete the depth limit ends the
 * search: the answer is still an iteration at that depth, with its line. */
static void test_two_threads_answer_at_the_depth_limit(void)
{
    for (int i = 0; i < 4; i++) {
        Move best = search_depth(every_game[i], NULL, 4, 2);
        CHECK(is_legal_move(every_game[i], &job.record.current, best));
        CHECK_EQ_INT(last.depth, 4);
        CHECK(last.pv_length >= 1);
        CHECK_EQ_U64(last.pv[0], best);
    }
}

/* The selection the search made before picks came from a heap: the best
 * order of [from, count), the first of equals, swapped to from. */
static void reference_pick(AbChildList *list, int from)
{
    int best = from;
    for (int i = from + 1; i < list->count; i++)
        if (list->child[i].order > list->child[best].order)
            best = i;
    AbChild t = list->child[from];
    list->child[from] = list->child[best];
    list->child[best] = t;
}

/* Heap picks must give the very same children in the very same places
 * (killers and history read the places), ties included: lists of every
 * length with keys from a range of 3 (ties everywhere) and of 1000. */
static void test_picks_match_the_selection_with_ties(void)
{
    static AbChildList picked, expected;
    Rng rng;
    rng_seed(&rng, 5);
    for (int count = 1; count <= AB_MAX_CHILDREN; count += count < 20 ? 1 : 17)
        for (int range = 3; range <= 1000; range += 997) {
            picked.count = count;
            for (int i = 0; i < count; i++)
                picked.child[i] = (AbChild){(Move)i, (int)rng_below(&rng, (uint64_t)range)};
            picked.heap_next = -1;
            expected = picked;
            bool same = true;
            for (int from = 0; from < count; from++) {
                ab_pick_child(&picked, from);
                reference_pick(&expected, from);
                for (int i = 0; i < count; i++)
                    same &= picked.child[i].move == expected.child[i].move;
            }
            CHECK(same);
        }
}

/* The order keys of pos's children at a node of Qawale ordered by
 * evaluation, with AbEvalOrderWidth at width. */
static bool ordered_children(int width, const Position *pos, AbChildList *list)
{
    static TransTable table;
    AbShared s;
    AbWorker *w = direct_worker(&qawale_game, &table, &s);
    if (!w)
        return false;
    const int saved = settings()->eval_order_width;
    settings()->eval_order_width = width;
    ab_list_children(&s, NULL, pos, list);
    ab_order_children(w, pos, list, MOVE_NONE, 1, settings()->eval_order_depth);
    settings()->eval_order_width = saved;
    free(w);
    return true;
}

/* AbEvalOrderWidth: the first children listed keep the keys of their
 * evaluation, every later one goes below all evaluated ones (which it
 * would not, evaluated). */
static void test_only_the_first_children_are_ordered_by_evaluation(void)
{
    enum { WIDTH = 8 };
    Position pos;
    CHECK(load_position(&qawale_game, "nn,.,.,nn/.,bw,w,./.,nn,n,./.,.,n,. b 6 7", &pos));
    static AbChildList by_all, by_narrow;
    if (!ordered_children(0, &pos, &by_all) || !ordered_children(WIDTH, &pos, &by_narrow))
        return;
    CHECK(by_all.count > 2 * WIDTH);
    CHECK_EQ_INT(by_narrow.count, by_all.count);
    const int lowest_evaluated = -(EVAL_BOUND * 16 + 256);
    int later_in_eval_range = 0;
    for (int i = 0; i < by_all.count; i++) {
        CHECK(by_narrow.child[i].move == by_all.child[i].move);
        if (i < WIDTH) {
            CHECK_EQ_INT(by_narrow.child[i].order, by_all.child[i].order);
            continue;
        }
        CHECK(by_narrow.child[i].order < lowest_evaluated);
        later_in_eval_range += by_all.child[i].order >= lowest_evaluated;
    }
    CHECK(later_in_eval_range > 0);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_roomandpillar_small_boards_match_exhaustive);
    RUN(test_iterations_alone_prove_small_boards_exactly);
    RUN(test_roomandpillar_6x6_proven_at_once);
    RUN(test_proof_search_matches_exhaustive_on_small_boards);
    RUN(test_parallel_provers_match_exhaustive);
    RUN(test_proof_distance_never_shorter_than_the_truth);
    RUN(test_roomandpillar_8x8_start_proven_at_two_threads);
    RUN(test_threads_all_proving_reach_one_proof);
    RUN(test_main_prover_losing_the_claim_still_ends_proven);
    RUN(test_columna_win_in_one_turn_found);
    RUN(test_columna_loss_in_two_turns_reported);
    RUN(test_qawale_win_in_one_turn_found);
    RUN(test_territoire_lost_ending_reported);
    RUN(test_table_keeps_the_minimax_value_roomandpillar);
    RUN(test_table_keeps_the_minimax_value_columna);
    RUN(test_table_keeps_the_minimax_value_qawale);
    RUN(test_table_keeps_the_minimax_value_territoire);
    RUN(test_deferred_moves_keep_the_minimax_value);
    RUN(test_cutoff_by_the_table_move_lists_no_children);
    RUN(test_cutoff_by_a_killer_lists_no_children);
    RUN(test_killers_not_staged_where_children_are_ordered_by_evaluation);
    RUN(test_stopped_at_once_still_plays_a_legal_turn);
    RUN(test_depth_search_is_deterministic_with_one_thread);
    RUN(test_stopped_iteration_plays_a_better_move_it_finished);
    RUN(test_two_threads_play_the_line_they_reported_last);
    RUN(test_used_engine_searches_as_a_fresh_one);
    RUN(test_main_iteration_dropped_once_a_helper_completed_its_depth);
    RUN(test_node_limit_is_kept);
    RUN(test_movetime_is_kept);
    RUN(test_hard_limit_kept_when_moves_stream_slowly);
    RUN(test_two_threads_share_the_table_and_agree_on_a_proof);
    RUN(test_main_thread_adopts_only_deeper_helper_iterations);
    RUN(test_two_threads_answer_at_the_depth_limit);
    RUN(test_picks_match_the_selection_with_ties);
    RUN(test_only_the_first_children_are_ordered_by_evaluation);
    alphabeta_backend.destroy(engine());
    return harness_end();
}
