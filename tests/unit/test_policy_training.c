/*
 * test_policy_training.c - training the policy head (tools/train/): the
 * cross-entropy falls on a small synthetic set until the head's best
 * entry is the target on most positions, while the value is trained
 * beside it; and the training samples get the played action's entry
 * (train_set.c): at a turn's start the whole turn's (its first step's in
 * the games that index steps), inside a turn (-steps) the next step's, and
 * none for a move that is unknown, counted.
 */
#include "harness.h"
#include "nntest.h"

#include <math.h>

#include "games/gameutil.h"
#include "nn/policy_head.h"
#include "train/train_set.h"
#include "train/trainer.h"
#include "train/turn_steps.h"

#define INPUTS 12
#define POLICY 6
#define POSITIONS 8

/* POSITIONS positions of two active inputs each, all different, each
 * with a fixed policy target and a value target of its own. */
static void synthetic_set(TrainSet *set, int *targets)
{
    *set = (TrainSet){0};
    for (int s = 0; s < POSITIONS; s++) {
        const uint16_t active[2] = {(uint16_t)s, (uint16_t)(8 + s % 4)};
        targets[s] = (s * 5 + 1) % POLICY;
        CHECK(train_set_add_with_policy(set, active, 2, s % 2 ? 0.75f : 0.25f, targets[s], false));
    }
}

/* On how many positions the head's largest logit is the target. */
static int argmax_hits(const Network *net, const TrainSet *set, const int *targets)
{
    int hits = 0;
    for (size_t s = 0; s < set->count; s++) {
        float logits[POLICY];
        nn_policy_forward(net, set->features + set->begin[s], (int)(set->begin[s + 1] - set->begin[s]), logits);
        int best = 0;
        for (int k = 1; k < POLICY; k++)
            best = logits[k] > logits[best] ? k : best;
        hits += best == targets[s];
    }
    return hits;
}

static void test_cross_entropy_falls_on_a_synthetic_set(void)
{
    TrainSet set;
    int targets[POSITIONS];
    synthetic_set(&set, targets);
    Trainer trainer;
    char err[256] = "";
    const TrainerConfig config = {.game_id = "territoire", .inputs = INPUTS, .hidden = 16, .hidden2 = 4,
                                  .policy_size = POLICY, .policy_weight = 1.0, .scale = 100.0f, .seed = 1,
                                  .learning_rate = 0.01, .threads = 1};
    CHECK(trainer_create(&trainer, &config, err, sizeof err));
    size_t order[POSITIONS];
    for (size_t s = 0; s < POSITIONS; s++)
        order[s] = s;
    const TrainerLoss before = trainer_losses(&trainer.net, &set, false);
    const int hits_before = argmax_hits(&trainer.net, &set, targets);
    for (int epoch = 0; epoch < 50; epoch++)
        trainer_epoch_losses(&trainer, &set, order, POSITIONS, 2);
    const TrainerLoss after = trainer_losses(&trainer.net, &set, false);
    const int hits = argmax_hits(&trainer.net, &set, targets);
    printf("    cross-entropy %.4f -> %.4f (uniform: %.4f), value %.4f -> %.4f, argmax on target %d -> %d of %d\n",
           before.policy, after.policy, log(POLICY), before.value, after.value, hits_before, hits, POSITIONS);
    CHECK(after.policy < before.policy / 4);
    CHECK(hits >= POSITIONS - 1);
    CHECK(after.value < before.value); /* the value is trained beside it */
    trainer_free(&trainer);
    train_set_free(&set);
}

/* A TexelSet of count samples of pos, in samples. */
static TexelSet texel_of(TexelSample *samples, int count, const Position *pos)
{
    for (int i = 0; i < count; i++)
        samples[i] = (TexelSample){.position = *pos, .result = 0.5f};
    return (TexelSet){.samples = samples, .count = (size_t)count, .capacity = (size_t)count};
}

/* For a game: a random turn from the start, then the same position with
 * an unknown move.  With -steps and -policy the turn's start gets the
 * turn's entry (its first step's), each position inside the next step's;
 * the unknown move's position none, counted, and no positions inside. */
static void check_targets_of(const Game *game, int inner_expected)
{
    Rng rng;
    rng_seed(&rng, 3);
    const Position start = nn_start_of(game);
    const Move move = random_legal_move(game, &start, &rng);
    TexelSample samples[2];
    const TexelSet texel = texel_of(samples, 2, &start);
    const Move moves[2] = {move, MOVE_NONE};
    const TrainSetOptions options = {.k = 400, .lambda = 0.5, .moves = moves, .steps = true, .policy = true};
    TrainSet set;
    TrainSetSkips skips;
    char err[256] = "";
    CHECK(train_set_from_texel(game, &texel, &options, &set, &skips, err, sizeof err));
    CHECK_EQ_U64(set.count, 1 + (size_t)inner_expected + 1);
    CHECK_EQ_U64(skips.no_policy_target, 1);
    CHECK_EQ_U64(set.policy_count, set.count - 1);
    if (set.count != (size_t)inner_expected + 2) {
        train_set_free(&set);
        return;
    }
    CHECK_EQ_INT(set.policy_target[0], game->policy_index(&start, move));
    Move steps[TURN_STEPS_MAX];
    Position inner[TURN_STEPS_MAX];
    const int n = turn_steps_of(game, &start, move, steps, inner);
    CHECK_EQ_INT(n, has_step_hooks(game) ? inner_expected + 1 : 0);
    if (n > 0) {
        CHECK(game->join_steps(steps, n) == move);
        CHECK_EQ_INT(set.policy_target[0], game->policy_index(&start, steps[0]));
    }
    for (int j = 0; j < inner_expected; j++)
        CHECK_EQ_INT(set.policy_target[1 + j], game->policy_index(&inner[j], steps[j + 1]));
    for (size_t s = 0; s + 1 < set.count; s++)
        CHECK(set.policy_target[s] >= 0 && set.policy_target[s] < game->policy_size);
    CHECK_EQ_INT(set.policy_target[set.count - 1], -1);
    train_set_free(&set);

    /* Without -policy: no targets, nothing counted. */
    const TrainSetOptions value_only = {.k = 400, .lambda = 0.5, .moves = moves, .steps = false, .policy = false};
    CHECK(train_set_from_texel(game, &texel, &value_only, &set, &skips, err, sizeof err));
    CHECK(set.count == 2 && set.policy_count == 0 && skips.no_policy_target == 0);
    CHECK(set.policy_target[0] == -1 && set.policy_target[1] == -1);
    train_set_free(&set);
}

static void test_columna_targets_are_the_turn_steps(void) { check_targets_of(&columna_game, 1); }

static void test_territoire_targets_are_the_turn_steps(void) { check_targets_of(&territoire_game, 2); }

static void test_qawale_target_is_the_whole_turn(void) { check_targets_of(&qawale_game, 0); }

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_cross_entropy_falls_on_a_synthetic_set);
    RUN(test_columna_targets_are_the_turn_steps);
    RUN(test_territoire_targets_are_the_turn_steps);
    RUN(test_qawale_target_is_the_whole_turn);
    return harness_end();
}
