/*
 * test_policy_search.c - the searches with a net's policy head: MCTS's
 * priors (MctsPolicy) are the head's (over the engine's quantised
 * accumulator), the search goes where the head points in every game, a
 * proven win is still played whatever the head prefers, and with the
 * option off, or a net without a head, the search is the very search it
 * was before the head existed; alpha-beta's order (AbPolicyOrder) the
 * same way; and the root's visits that datagen records as targets.
 */
#include <math.h>

#include "harness.h"

#include "gametest.h"
#include "searchtest.h"
#include "nn/evaluation.h"
#include "nn/policy_head.h"
#include "search/alphabeta/internal.h"
#include "search/backends.h"
#include "search/mcts/mcts.h"
#include "search/mcts/params.h"
#include "search/mcts/tree.h"
#include "util/clock.h"
#include "util/rng.h"

static SearchJob job; /* large (a GameRecord): kept off the stack */
static Move moves[GAMETEST_MOVES_MAX];

static BackendEngine *engine(void)
{
    static BackendEngine *made;
    if (!made)
        made = mcts_backend.create();
    return made;
}

static MctsParams *params(void) { return mcts_backend.settings(engine()); }

static BackendEngine *ab_engine(void)
{
    static BackendEngine *made;
    if (!made)
        made = alphabeta_backend.create();
    return made;
}

static AbSettings *ab_settings(void) { return alphabeta_backend.settings(ab_engine()); }

static SearchResult ab_search_fresh(void)
{
    alphabeta_backend.new_game(ab_engine(), job.hash_mb);
    return alphabeta_backend.search(ab_engine(), &job);
}

static bool setup(const Game *g, const char *fen, uint64_t nodes)
{
    Position root;
    if (!load_position(g, fen ? fen : g->start_fen, &root))
        return false;
    search_job_set_up(&job, g, &root, nodes, 1, 16);
    job.seed = 7;
    return true;
}

static SearchResult search_fresh(void)
{
    mcts_backend.new_game(engine(), job.hash_mb);
    return mcts_backend.search(engine(), &job);
}

/* A net for g, small random weights where random (else all zero: every
 * position evaluates to 0), with a head where head; favourite's entry
 * (>= 0) gets a bias of 6 over the others. */
static bool install_net(const Game *g, bool random, bool head, int favourite)
{
    Network net;
    char err[256] = "";
    const int policy_size = head ? g->policy_size : 0;
    if (!nn_create_with_policy(&net, g->id, g->nn_input_count, 16, 4, policy_size, 100.0f, err, sizeof err)) {
        CHECK(false);
        return false;
    }
    if (random) {
        Rng rng;
        rng_seed(&rng, 99);
        const size_t count = nn_net_weight_count(&net);
        for (size_t i = 0; i < count; i++)
            net.weights[i] = (float)((double)rng_below(&rng, 2001) / 1000.0 - 1.0) * 0.3f;
    }
    if (head && favourite >= 0)
        net.policy_bias[favourite] = 6.0f;
    const bool ok = evaluation_install(&net, err, sizeof err);
    CHECK(ok);
    return ok;
}

/* Where each game's net has inputs: Room and Pillar's on 12x12 only. */
static const char *start_of(const Game *g)
{
    if (g != &roomandpillar_game)
        return g->start_fen;
    return "wbwbwbwbwbwb/bwbwbwbwbwbw/wbwbwbwbwbwb/bwbwbwbwbwbw/wbwbwbwbwbwb/bwbwbwbwbwbw/"
           "wbwbwbwbwbwb/bwbwbwbwbwbw/wbwbwbwbwbwb/bwbwbwbwbwbw/wbwbwbwbwbwb/bwbwbwbwbwbw b -";
}

static int legal_moves(const Game *g, const Position *pos)
{
    return collect_moves(g, pos, moves, GAMETEST_MOVES_MAX, NULL);
}

/* ---- the priors ---- */

/* The priors of entries[0..n) at pos as the searches read them: the head
 * of the net evaluating pos, over pos's accumulator.  False where no head. */
static bool engine_priors_of(const Game *g, const Position *pos, const int *entries, int n, float temperature,
                             float *priors)
{
    float acc[NN_MAX_HIDDEN];
    const Network *head = evaluation_policy_head(g, pos, acc);
    if (head)
        nn_policy_priors_of(head, acc, entries, n, temperature, priors);
    return head != NULL;
}

/* The engine's priors are the float head's softmax over the legal moves'
 * entries, read over the quantised accumulator (so near, not equal). */
static void check_priors_match_float_head(const Game *g)
{
    static int entries[GAMETEST_MOVES_MAX];
    static float engine_priors[GAMETEST_MOVES_MAX], float_priors[GAMETEST_MOVES_MAX];
    static float logits[NN_MAX_POLICY];
    Position pos;
    if (!load_position(g, start_of(g), &pos) || !install_net(g, true, true, -1))
        return;
    CHECK(evaluation_select(EVALUATION_NN, (char[256]){0}, 256));
    const int n = legal_moves(g, &pos);
    for (int i = 0; i < n; i++)
        entries[i] = g->policy_index(&pos, moves[i]);
    CHECK(evaluation_has_policy(g, &pos));
    CHECK(engine_priors_of(g, &pos, entries, n, 1.0f, engine_priors));
    uint16_t active[NN_MAX_ACTIVE];
    const int count = g->nn_features(&pos, active);
    nn_policy_forward(evaluation_network(g), active, count, logits);
    nn_policy_priors(logits, entries, n, float_priors);
    double sum = 0, worst = 0;
    for (int i = 0; i < n; i++) {
        sum += engine_priors[i];
        worst = fmax(worst, fabs(engine_priors[i] - float_priors[i]) / float_priors[i]);
    }
    CHECK(fabs(sum - 1.0) < 1e-4);
    CHECK(worst < 1e-3);
}

static void test_priors_are_the_heads_over_the_engines_accumulator(void)
{
    check_priors_match_float_head(&roomandpillar_game);
    check_priors_match_float_head(&qawale_game);
    check_priors_match_float_head(&columna_game);
    check_priors_match_float_head(&territoire_game);
}

static void test_temperature_sharpens_and_flattens(void)
{
    const Game *g = &roomandpillar_game;
    Position pos;
    if (!load_position(g, start_of(g), &pos))
        return;
    const int n = legal_moves(g, &pos);
    const int favourite = g->policy_index(&pos, moves[0]);
    if (!install_net(g, false, true, favourite))
        return;
    CHECK(evaluation_select(EVALUATION_NN, (char[256]){0}, 256));
    static int entries[GAMETEST_MOVES_MAX];
    static float priors[GAMETEST_MOVES_MAX];
    for (int i = 0; i < n; i++)
        entries[i] = g->policy_index(&pos, moves[i]);
    /* Bias 6 over n - 1 zeros: e^6 / (e^6 + n - 1), and at T = 2 e^3 / (e^3 + n - 1). */
    CHECK(engine_priors_of(g, &pos, entries, n, 1.0f, priors));
    CHECK(fabs(priors[0] - exp(6.0) / (exp(6.0) + n - 1)) < 1e-4);
    CHECK(engine_priors_of(g, &pos, entries, n, 2.0f, priors));
    CHECK(fabs(priors[0] - exp(3.0) / (exp(3.0) + n - 1)) < 1e-4);
}

/* ---- the search ---- */

/* With every evaluation 0, only the priors tell the moves apart: the
 * search must play into the favoured entry, whichever it is, whether the
 * children are valued lazily or all evaluated. */
static void check_search_follows_the_head(const Game *g)
{
    Position pos;
    if (!load_position(g, start_of(g), &pos))
        return;
    const int n = legal_moves(g, &pos);
    CHECK(n >= 2);
    const Move picks[2] = {moves[1], moves[n - 1]};
    for (int k = 0; k < 4; k++) {
        const int favourite = g->policy_index(&pos, picks[k % 2]);
        if (!install_net(g, false, true, favourite) || !setup(g, start_of(g), 400))
            return;
        CHECK(evaluation_select(EVALUATION_NN, (char[256]){0}, 256));
        params()->policy = k < 2 ? MCTS_POLICY_LAZY : MCTS_POLICY_PRIORS_ONLY;
        const SearchResult r = search_fresh();
        CHECK(is_legal_move(g, &pos, r.best));
        CHECK_EQ_INT(g->policy_index(&pos, r.best), favourite);
    }
    params()->policy = MCTS_POLICY_OFF;
}

static void test_search_goes_where_the_head_points(void)
{
    check_search_follows_the_head(&roomandpillar_game);
    check_search_follows_the_head(&qawale_game);
    check_search_follows_the_head(&columna_game);
    check_search_follows_the_head(&territoire_game);
}

/* A proven win outranks any prior: the head favours another move. */
static void check_win_played_against_the_head(const Game *g, const char *fen)
{
    Position pos;
    if (!load_position(g, fen, &pos))
        return;
    const int n = legal_moves(g, &pos);
    if (!install_net(g, true, true, g->policy_index(&pos, moves[n - 1])) || !setup(g, fen, 3000000))
        return;
    CHECK(evaluation_select(EVALUATION_NN, (char[256]){0}, 256));
    CHECK(evaluation_has_policy(g, &pos));
    params()->policy = MCTS_POLICY_LAZY;
    search_fresh();
    const MctsSummary sum = mcts_summary(engine());
    CHECK_EQ_INT(sum.proof, PROOF_WIN);
    CHECK(sum.mate_turns > 0 && sum.mate_turns <= 2);
    params()->policy = MCTS_POLICY_OFF;
}

static void test_proven_wins_are_played_whatever_the_head_says(void)
{
    check_win_played_against_the_head(&qawale_game, "b,w,b,./b,nn,.,b/ww,nn,w,./nnw,wb,wb,nn b 1 2");
    check_win_played_against_the_head(&columna_game, "1003w02/003b000/003000/001002b/5b01b54w1w/01w0400 w p");
}

static bool same_result(SearchResult a, SearchResult b)
{
    if (a.best != b.best || a.score != b.score || a.nodes != b.nodes || a.pv_length != b.pv_length)
        return false;
    for (int i = 0; i < a.pv_length; i++)
        if (a.pv[i] != b.pv[i])
            return false;
    return true;
}

/* Off, or with a headless net, the head changes nothing: the same search
 * to the node (priors from every child's evaluation). */
static void check_switched_off_is_the_old_search(const Game *g)
{
    if (!install_net(g, true, false, -1) || !setup(g, start_of(g), 600))
        return;
    CHECK(evaluation_select(EVALUATION_NN, (char[256]){0}, 256));
    params()->policy = MCTS_POLICY_OFF;
    const SearchResult headless = search_fresh();
    params()->policy = MCTS_POLICY_LAZY;
    const SearchResult headless_on = search_fresh();
    params()->policy = MCTS_POLICY_PRIORS_ONLY;
    const SearchResult headless_priors = search_fresh();
    if (!install_net(g, true, true, -1))
        return;
    params()->policy = MCTS_POLICY_OFF;
    const SearchResult head_off = search_fresh();
    params()->policy = MCTS_POLICY_LAZY;
    const SearchResult head_on = search_fresh();
    params()->policy = MCTS_POLICY_OFF;
    CHECK(same_result(headless, headless_on));
    CHECK(same_result(headless, headless_priors));
    CHECK(same_result(headless, head_off));
    /* ... and on, it is another search (the priors are the head's). */
    CHECK(!same_result(headless, head_on));
}

static void test_off_or_headless_the_search_is_unchanged(void)
{
    check_switched_off_is_the_old_search(&roomandpillar_game);
    check_switched_off_is_the_old_search(&qawale_game);
    check_switched_off_is_the_old_search(&columna_game);
}

/* ---- the visits datagen records ---- */

/* A fresh search's root visits, by policy entry: every playout passed
 * through one root child, so they sum to the playouts; entries distinct
 * and in the layout (Qawale's turns of one class summed into one),
 * most visited first, and a smaller capacity keeps the top ones. */
static void test_root_visits_sum_the_playouts_by_entry(void)
{
    static uint16_t entries[4096], top[3];
    static uint32_t visits[4096], top_visits[3];
    const Game *games[2] = {&qawale_game, &columna_game};
    for (int k = 0; k < 2; k++) {
        const Game *g = games[k];
        if (!install_net(g, true, false, -1) || !setup(g, start_of(g), 500))
            return;
        CHECK(evaluation_select(EVALUATION_NN, (char[256]){0}, 256));
        search_fresh();
        const int n = mcts_root_visits(engine(), g, &job.record.current, entries, visits, 4096);
        uint64_t sum = 0;
        CHECK(n > 1);
        for (int i = 0; i < n; i++) {
            sum += visits[i];
            CHECK(entries[i] < g->policy_size && visits[i] > 0);
            CHECK(i == 0 || visits[i] <= visits[i - 1]);
            for (int j = 0; j < i; j++)
                CHECK(entries[j] != entries[i]);
        }
        CHECK_EQ_U64(sum, mcts_summary(engine()).playouts);
        CHECK_EQ_INT(mcts_root_visits(engine(), g, &job.record.current, top, top_visits, 3), n < 3 ? n : 3);
        for (int i = 0; i < 3 && i < n; i++)
            CHECK(top_visits[i] == visits[i]);
    }
}

/* ---- alpha-beta's order ---- */

/* With every evaluation 0 every move ties, and the first one searched
 * stays the best: the head's favourite, once the head orders (from the
 * first iteration on: AbEvalOrderDepth 1; and no proof search, whose
 * table entries would name their own first move). */
static void check_alphabeta_searches_the_favourite_first(const Game *g)
{
    Position pos;
    if (!load_position(g, start_of(g), &pos))
        return;
    const int n = legal_moves(g, &pos);
    const Move picks[2] = {moves[1], moves[n - 1]};
    for (int k = 0; k < 2; k++) {
        const int favourite = g->policy_index(&pos, picks[k]);
        if (!install_net(g, false, true, favourite) || !setup(g, start_of(g), 0))
            return;
        CHECK(evaluation_select(EVALUATION_NN, (char[256]){0}, 256));
        job.limits.depth = 3;
        ab_settings()->policy_order = 1;
        ab_settings()->eval_order_depth = 1;
        ab_settings()->proof_share = 0;
        const SearchResult r = ab_search_fresh();
        CHECK_EQ_INT(g->policy_index(&pos, r.best), favourite);
    }
    *ab_settings() = ab_default_settings;
}

static void test_alphabeta_orders_by_the_head(void)
{
    check_alphabeta_searches_the_favourite_first(&roomandpillar_game);
    check_alphabeta_searches_the_favourite_first(&qawale_game);
    check_alphabeta_searches_the_favourite_first(&columna_game);
}

/* Off, or headless, the order is the evaluations': the same search. */
static void test_alphabeta_without_the_head_is_unchanged(void)
{
    const Game *games[3] = {&roomandpillar_game, &qawale_game, &columna_game};
    for (int k = 0; k < 3; k++) {
        const Game *g = games[k];
        if (!install_net(g, true, false, -1) || !setup(g, start_of(g), 0))
            return;
        CHECK(evaluation_select(EVALUATION_NN, (char[256]){0}, 256));
        job.limits.depth = 3;
        const SearchResult before = ab_search_fresh();
        ab_settings()->policy_order = 1;
        const SearchResult headless_on = ab_search_fresh();
        if (!install_net(g, true, true, -1))
            return;
        ab_settings()->policy_order = 0;
        const SearchResult head_off = ab_search_fresh();
        ab_settings()->policy_order = 1;
        const SearchResult head_on = ab_search_fresh();
        ab_settings()->policy_order = 0;
        CHECK(same_result(before, headless_on));
        CHECK(same_result(before, head_off));
        CHECK(head_on.nodes != before.nodes);
    }
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_priors_are_the_heads_over_the_engines_accumulator);
    RUN(test_temperature_sharpens_and_flattens);
    RUN(test_search_goes_where_the_head_points);
    RUN(test_proven_wins_are_played_whatever_the_head_says);
    RUN(test_off_or_headless_the_search_is_unchanged);
    RUN(test_root_visits_sum_the_playouts_by_entry);
    RUN(test_alphabeta_orders_by_the_head);
    RUN(test_alphabeta_without_the_head_is_unchanged);
    mcts_backend.destroy(engine());
    alphabeta_backend.destroy(ab_engine());
    return harness_end();
}
