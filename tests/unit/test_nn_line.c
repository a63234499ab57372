/*
 * test_nn_line.c - the network accumulators a search keeps along its line
 * (nn/accumulator_stack.h): each equals the position's sums made whole,
 * however the line came and went, and a search gives the same move, score
 * and node count with them as with every position evaluated whole.
 */
#include "harness.h"
#include "nntest.h"

#include "games/gameutil.h"
#include "games/registry.h"
#include "nn/accumulator_stack.h"
#include "nn/evaluation.h"
#include "search/backends.h"
#include "train/trainer.h"
#include "util/clock.h"
#include "util/rng.h"

static NnStack stack; /* large: not on the stack */
static Position line[NN_STACK_PLIES];
static SearchJob job;
static BackendEngine *engine; /* every search here uses it: made once, freed at the end */

/* A random net of game's inputs whose values spread over hundreds of
 * centi-units (the trainer's start, its weights made 8 times larger), so
 * that searches see different values. */
static bool lively_net(const Game *game, uint64_t seed, Network *net)
{
    Trainer trainer;
    if (!nn_random_trainer(game, seed, &trainer))
        return false;
    for (size_t i = 0; i < nn_weight_count(trainer.net.inputs, 32, 8); i++)
        trainer.net.weights[i] *= 8.0f;
    *net = trainer.net;
    trainer.net = (Network){0};
    trainer_free(&trainer);
    return true;
}

/* Every game with an encoding gets a net: its shipped one, else a lively
 * random one; Eval=nn plays them. */
static void install_nets(void)
{
    char err[256] = "";
    CHECK(evaluation_select(EVALUATION_NN, err, sizeof err));
    for (int g = 0; all_games[g]; g++) {
        Network net;
        if (all_games[g]->nn_features && !evaluation_network(all_games[g]) && lively_net(all_games[g], 5 + (uint64_t)g, &net))
            CHECK(evaluation_install(&net, err, sizeof err));
    }
}

/* One random step of the turn in progress (or a whole turn where the game
 * has no steps), as the search plays them. */
static void play_random_step(const Game *game, Position *pos, Rng *rng)
{
    if (!game->generate_steps) {
        game->play(pos, random_legal_move(game, pos, rng));
        return;
    }
    Move steps[MAX_STEPS_PER_NODE];
    const int count = game->generate_steps(pos, steps, MAX_STEPS_PER_NODE);
    game->play_step(pos, steps[rng_next(rng) % (uint64_t)count]);
}

/* A search's walk: back up to a random ply, down a random line, the
 * positions on it evaluated at random, each against its whole sum. */
static void test_line_accumulators_equal_whole_sums(void)
{
    install_nets();
    for (int g = 0; all_games[g]; g++) {
        const Game *game = all_games[g];
        if (!game->nn_features)
            continue;
        Rng rng;
        rng_seed(&rng, 40 + (uint64_t)g);
        nn_stack_clear(&stack);
        line[0] = nn_start_of(game);
        nn_stack_enter(&stack, 0, &line[0]);
        int length = 1, wrong = 0, evaluated = 0;
        for (int walk = 0; walk < 150; walk++) {
            length = 1 + (int)(rng_next(&rng) % (uint64_t)length);
            const int target = length + 1 + (int)(rng_next(&rng) % 8);
            for (; length < target && length < 24 && !is_game_over(game, &line[length - 1]); length++) {
                line[length] = line[length - 1];
                play_random_step(game, &line[length], &rng);
                nn_stack_enter(&stack, length, &line[length]);
                if (rng_next(&rng) % 3 != 0 || length + 1 == target) {
                    wrong += evaluate_on_line(game, &stack, length, &line[length]) !=
                             evaluate_position(game, &line[length]);
                    evaluated++;
                }
            }
        }
        CHECK(evaluated > 300);
        CHECK_EQ_INT(wrong, 0);
    }
}

static SearchResult search_to_depth(const Game *game, const Position *root, int depth, int threads)
{
    if (!engine)
        engine = alphabeta_backend.create();
    memset(&job, 0, sizeof job);
    job.game = game;
    record_start(&job.record, game, root);
    job.limits = (SearchLimits){.my_time = -1, .my_inc = -1, .their_time = -1, .their_inc = -1, .movetime = -1,
                                .depth = depth};
    job.threads = threads;
    job.hash_mb = 4;
    job.start_ms = now_ms();
    atomic_init(&job.stop, false);
    alphabeta_backend.new_game(engine, job.hash_mb);
    return alphabeta_backend.search(engine, &job);
}

/* Node counts (the bench signature) must not depend on how a value was
 * summed: the same search with every leaf summed whole. */
static void test_search_is_the_same_evaluated_whole(void)
{
    install_nets();
    static const int depths[] = {9, 4, 3, 6}; /* by registry order: small searches */
    for (int g = 0; all_games[g] && g < 4; g++) {
        const Game *game = all_games[g];
        if (!game->nn_features)
            continue;
        Rng rng;
        rng_seed(&rng, 70 + (uint64_t)g);
        Position root = nn_start_of(game);
        for (int ply = 0; ply < 4 && !is_game_over(game, &root); ply++)
            game->play(&root, random_legal_move(game, &root, &rng));
        const SearchResult on_line = search_to_depth(game, &root, depths[g], 1);
        evaluation_set_incremental(false);
        const SearchResult whole = search_to_depth(game, &root, depths[g], 1);
        evaluation_set_incremental(true);
        CHECK(on_line.best == whole.best);
        CHECK_EQ_INT(on_line.score, whole.score);
        CHECK_EQ_U64(on_line.nodes, whole.nodes);
        CHECK(on_line.nodes > 1000);
    }
}

/* Each thread keeps its own line in its worker: a search of two threads
 * at Eval=nn (run under ThreadSanitizer by `make test`, which reports a
 * line shared between threads) answers a legal move. */
static void test_threads_keep_their_own_lines(void)
{
    install_nets();
    const Game *game = &qawale_game;
    Rng rng;
    rng_seed(&rng, 90);
    Position root = nn_start_of(game);
    for (int ply = 0; ply < 6 && !is_game_over(game, &root); ply++)
        game->play(&root, random_legal_move(game, &root, &rng));
    const SearchResult two = search_to_depth(game, &root, 3, 2);
    CHECK(two.nodes > 1000);
    CHECK(two.best != MOVE_NONE && game->move_is_legal(&root, two.best));
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_line_accumulators_equal_whole_sums);
    RUN(test_search_is_the_same_evaluated_whole);
    RUN(test_threads_keep_their_own_lines);
    if (engine)
        alphabeta_backend.destroy(engine);
    return harness_end();
}
