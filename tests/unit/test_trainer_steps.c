/*
 * test_trainer_steps.c - the size of the trainer's steps, and the losses
 * it reports.  The steps:  Adam's
 * first step from fresh moments moves every weight that has a gradient by
 * the learning rate, against the gradient, whatever the gradient's size
 * (the bias corrections make the first moment over the root of the
 * second exactly 1 in size), and leaves a weight without one where it
 * is.  A step of another size (a bias correction lost or misapplied) still
 * lowers a loss, so only the step's size shows it.  The step is also the
 * same with the batch's gradient made by several threads.  The losses: the
 * validation loss is the mean over the validation samples only, and the
 * training loss over the others (a net that fits one set and not the
 * other tells which set a loss was taken over).
 */
#include <math.h>

#include "harness.h"

#include "train/trainer.h"
#include "util/rng.h"

#define INPUTS 24
#define HIDDEN 8
#define HIDDEN2 4
#define SAMPLES 13 /* not a multiple of the thread counts below */
#define RATE 0.01

/* SAMPLES random positions of 3 to 6 active inputs, targets 0, 1/2 or 1. */
static void fill_set(TrainSet *set)
{
    Rng rng;
    rng_seed(&rng, 42);
    for (int s = 0; s < SAMPLES; s++) {
        uint16_t active[8];
        int count = 3 + (int)(rng_next(&rng) % 4);
        for (int k = 0; k < count; k++)
            active[k] = (uint16_t)((k * INPUTS / count) + (int)(rng_next(&rng) % (uint64_t)(INPUTS / count)));
        CHECK(train_set_add(set, active, count, (float)(rng_next(&rng) % 3) / 2.0f, false));
    }
}

/* One step over every sample as one batch, by threads; the weights before
 * it in before (allocated), the gradient it took in grad (allocated). */
static bool one_step(Trainer *trainer, int threads, float **before, float **grad)
{
    char err[256] = "";
    if (!trainer_init(trainer, "territoire", INPUTS, HIDDEN, HIDDEN2, 100.0f, 7, RATE, threads, err, sizeof err)) {
        CHECK(false);
        return false;
    }
    const size_t n = nn_weight_count(INPUTS, HIDDEN, HIDDEN2);
    *before = malloc(n * sizeof **before);
    *grad = malloc(n * sizeof **grad);
    CHECK(*before && *grad);
    memcpy(*before, trainer->net.weights, n * sizeof **before);
    TrainSet set = {0};
    fill_set(&set);
    size_t order[SAMPLES];
    for (int s = 0; s < SAMPLES; s++)
        order[s] = (size_t)s;
    trainer_epoch(trainer, &set, order, SAMPLES, SAMPLES);
    memcpy(*grad, trainer->gradients, n * sizeof **grad);
    train_set_free(&set);
    return true;
}

static void test_first_step_moves_each_weight_by_the_learning_rate(void)
{
    Trainer trainer;
    float *before, *grad;
    if (!one_step(&trainer, 1, &before, &grad))
        return;
    const size_t n = nn_weight_count(INPUTS, HIDDEN, HIDDEN2);
    int moved = 0, wrong = 0;
    for (size_t i = 0; i < n; i++) {
        const double step = (double)trainer.net.weights[i] - (double)before[i];
        const double g = grad[i] / SAMPLES;
        bool ok;
        if (g == 0.0) {
            ok = step == 0.0; /* no gradient: not moved */
        } else if (fabs(g) > 1e-5) {
            /* RATE against the gradient, to 1% (Adam's epsilon takes a
             * few thousandths off where the gradient is this small). */
            ok = fabs(fabs(step) - RATE) < 0.01 * RATE && step * g < 0.0;
            moved++;
        } else {
            ok = fabs(step) <= RATE * 1.0001; /* tiny gradients: Adam's epsilon shortens the step */
        }
        if (!ok && ++wrong <= 5) {
            char m[160];
            snprintf(m, sizeof m, "weight %zu: gradient %.3g moved it by %.6g (learning rate %g)", i, g, step, RATE);
            harness_fail(__FILE__, __LINE__, m);
        }
    }
    CHECK_EQ_INT(wrong, 0);
    CHECK(moved >= (int)n / 4); /* the check has teeth: most weights had a gradient */
    free(before);
    free(grad);
    trainer_free(&trainer);
}

static void test_threads_take_the_same_step(void)
{
    Trainer one, three;
    float *before1, *grad1, *before3, *grad3;
    if (!one_step(&one, 1, &before1, &grad1) || !one_step(&three, 3, &before3, &grad3))
        return;
    const size_t n = nn_weight_count(INPUTS, HIDDEN, HIDDEN2);
    int differ = 0;
    for (size_t i = 0; i < n; i++) {
        CHECK(before1[i] == before3[i]); /* one seed: one start */
        if (fabs(grad1[i] - grad3[i]) > 1e-5 * (1.0 + fabs(grad1[i])) ||
            fabs(one.net.weights[i] - three.net.weights[i]) > 1e-6)
            differ++;
    }
    CHECK_EQ_INT(differ, 0);
    free(before1);
    free(grad1);
    free(before3);
    free(grad3);
    trainer_free(&one);
    trainer_free(&three);
}

/* A 1-1-1 net whose output is the constant 2 (every weight 0 but the
 * output bias): sigmoid(2) for every sample. */
static void test_each_loss_is_over_its_own_samples(void)
{
    Trainer trainer;
    char err[256] = "";
    if (!trainer_init(&trainer, "territoire", INPUTS, 1, 1, 100.0f, 7, RATE, 1, err, sizeof err)) {
        CHECK(false);
        return;
    }
    const size_t n = nn_weight_count(INPUTS, 1, 1);
    for (size_t i = 0; i < n; i++)
        trainer.net.weights[i] = 0.0f;
    trainer.net.output_bias[0] = 2.0f;
    const double p = 1.0 / (1.0 + exp(-2.0));
    TrainSet set = {0};
    const uint16_t active[2] = {1, 5};
    /* Training samples won (target 1), validation ones lost (target 0). */
    for (int s = 0; s < 6; s++)
        CHECK(train_set_add(&set, active, 2, s % 2 ? 0.0f : 1.0f, s % 2 == 1));
    CHECK(train_set_add(&set, active, 1, 1.0f, false));
    CHECK(fabs(trainer_loss(&trainer.net, &set, false) - (1.0 - p) * (1.0 - p)) < 1e-6);
    CHECK(fabs(trainer_loss(&trainer.net, &set, true) - p * p) < 1e-6);
    train_set_free(&set);
    trainer_free(&trainer);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_first_step_moves_each_weight_by_the_learning_rate);
    RUN(test_threads_take_the_same_step);
    RUN(test_each_loss_is_over_its_own_samples);
    return harness_end();
}
