/*
 * test_trainer_gradient.c - the trainer's backpropagated gradient
 * (tools/train/trainer.c) against a central finite difference of the loss,
 * for every weight of every layer of a tiny net.
 *
 * A gradient that skips a factor (the derivative of a clipped ReLU, a
 * weight on the way back, the sigmoid's slope) still lowers the loss in
 * training most of the time, so test_nn's "training lowers the loss" does
 * not see it; with such a fault a third or more of the weights move the
 * wrong way.  Here the loss of a handful of samples, sum of
 * (sigmoid(output) - target)^2, is computed in double precision by a
 * forward pass of the test's own (checked against nn_forward), each weight
 * moved by +-h, and (L(w + h) - L(w - h)) / 2h compared with what one
 * batch of trainer_epoch leaves in trainer->gradients (the batch's summed
 * gradient, at the weights before its Adam step).
 *
 * The clipped ReLUs have kinks at 0 and 1, where a finite difference is
 * meaningless: the weights are drawn (seeded) until every pre-activation
 * of every sample is at least MARGIN from a kink, far more than any h
 * moves it; and until each unit of both hidden layers is inside (0, 1)
 * for some sample and clipped for another, so that both the slope and its
 * absence are checked in each layer.
 */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nn/forward.h"
#include "nn/network.h"
#include "train/train_set.h"
#include "train/trainer.h"
#include "util/rng.h"

#define INPUTS 6
#define HIDDEN 4
#define HIDDEN2 3
#define SAMPLES 8
#define MARGIN 0.02
#define STEP 1e-5

typedef struct {
    uint16_t active[INPUTS];
    int count;
    double target;
} Sample;

/* A net's layers as offsets into its flat weights (from nn_layout). */
typedef struct {
    size_t input_rows, hidden_bias, layer2, layer2_bias, output, output_bias, count;
} Layout;

static Layout layout_of(const Network *net)
{
    return (Layout){.input_rows = (size_t)(net->input_rows - net->weights),
                    .hidden_bias = (size_t)(net->hidden_bias - net->weights),
                    .layer2 = (size_t)(net->layer2 - net->weights),
                    .layer2_bias = (size_t)(net->layer2_bias - net->weights),
                    .output = (size_t)(net->output - net->weights),
                    .output_bias = (size_t)(net->output_bias - net->weights),
                    .count = nn_weight_count(net->inputs, net->hidden, net->hidden2)};
}

/* The layer a flat weight index belongs to, for the messages. */
static const char *layer_name(const Layout *l, size_t i)
{
    if (i >= l->output_bias)
        return "output bias";
    if (i >= l->output)
        return "output weights";
    if (i >= l->layer2_bias)
        return "layer 2 bias";
    if (i >= l->layer2)
        return "layer 2 weights";
    if (i >= l->hidden_bias)
        return "hidden bias";
    return "input rows";
}

static double clip(double x) { return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x; }

/* The net's output for s in double precision; the pre-activations of both
 * hidden layers in acc and sum (may be NULL). */
static double forward(const Layout *l, const double *w, const Sample *s, double *acc_out, double *sum_out)
{
    double acc[HIDDEN], out = w[l->output_bias];
    for (int i = 0; i < HIDDEN; i++) {
        acc[i] = w[l->hidden_bias + (size_t)i];
        for (int k = 0; k < s->count; k++)
            acc[i] += w[l->input_rows + (size_t)s->active[k] * HIDDEN + (size_t)i];
        if (acc_out)
            acc_out[i] = acc[i];
    }
    for (int j = 0; j < HIDDEN2; j++) {
        double sum = w[l->layer2_bias + (size_t)j];
        for (int i = 0; i < HIDDEN; i++)
            sum += w[l->layer2 + (size_t)j * HIDDEN + (size_t)i] * clip(acc[i]);
        if (sum_out)
            sum_out[j] = sum;
        out += w[l->output + (size_t)j] * clip(sum);
    }
    return out;
}

static double loss(const Layout *l, const double *w, const Sample *samples)
{
    double total = 0.0;
    for (int s = 0; s < SAMPLES; s++) {
        const double p = 1.0 / (1.0 + exp(-forward(l, w, &samples[s], NULL, NULL)));
        total += (p - samples[s].target) * (p - samples[s].target);
    }
    return total;
}

static double draw(Rng *rng, double low, double high)
{
    return low + (high - low) * (double)(rng_next(rng) >> 11) / 9007199254740992.0;
}

/* Samples: each input active in some sample, 1 to 4 active, ascending. */
static void make_samples(Rng *rng, Sample *samples)
{
    for (int s = 0; s < SAMPLES; s++) {
        Sample *x = &samples[s];
        x->count = 0;
        for (int k = 0; k < INPUTS; k++)
            if (k == s % INPUTS || rng_next(rng) % 3 == 0)
                x->active[x->count++] = (uint16_t)k;
        x->target = draw(rng, 0.05, 0.95);
    }
}

/* Whether w suits the check: no pre-activation within MARGIN of a kink,
 * and each hidden unit of both layers both inside (0, 1) and clipped
 * somewhere. */
static bool suits(const Layout *l, const double *w, const Sample *samples)
{
    bool inside[HIDDEN + HIDDEN2] = {false}, clipped[HIDDEN + HIDDEN2] = {false};
    for (int s = 0; s < SAMPLES; s++) {
        double pre[HIDDEN + HIDDEN2];
        forward(l, w, &samples[s], pre, pre + HIDDEN);
        for (int u = 0; u < HIDDEN + HIDDEN2; u++) {
            if (fabs(pre[u]) < MARGIN || fabs(pre[u] - 1.0) < MARGIN)
                return false;
            if (pre[u] > 0.0 && pre[u] < 1.0)
                inside[u] = true;
            else
                clipped[u] = true;
        }
    }
    for (int u = 0; u < HIDDEN + HIDDEN2; u++)
        if (!inside[u] || !clipped[u])
            return false;
    return true;
}

static void draw_weights(Rng *rng, const Layout *l, double *w)
{
    for (size_t i = 0; i < l->count; i++) {
        if (i < l->hidden_bias)
            w[i] = draw(rng, -0.7, 0.7);
        else if (i < l->layer2)
            w[i] = draw(rng, -0.3, 1.0);
        else if (i < l->layer2_bias)
            w[i] = draw(rng, -1.5, 1.5);
        else if (i < l->output)
            w[i] = draw(rng, -0.3, 1.0);
        else
            w[i] = draw(rng, -2.0, 2.0);
        w[i] = (double)(float)w[i]; /* the net holds floats: check at exactly those */
    }
}

/* The trainer's gradient at w (one batch of every sample, threads
 * threads) into grad. */
static void trainer_gradient(const double *w, const Sample *samples, int threads, double *grad)
{
    Trainer trainer;
    char err[256] = "";
    CHECK(trainer_init(&trainer, "territoire", INPUTS, HIDDEN, HIDDEN2, 100.0f, 1, 1e-3, threads, err, sizeof err));
    const Layout l = layout_of(&trainer.net);
    for (size_t i = 0; i < l.count; i++)
        trainer.net.weights[i] = (float)w[i];
    TrainSet set = {0};
    size_t order[SAMPLES];
    for (int s = 0; s < SAMPLES; s++) {
        CHECK(train_set_add(&set, samples[s].active, samples[s].count, (float)samples[s].target, false));
        order[s] = (size_t)s;
    }
    /* The forward pass here is the net's own. */
    for (int s = 0; s < SAMPLES; s++) {
        const double theirs = nn_forward(&trainer.net, samples[s].active, samples[s].count);
        CHECK(fabs(forward(&l, w, &samples[s], NULL, NULL) - theirs) < 1e-5);
    }
    const double mine = loss(&l, w, samples) / SAMPLES;
    CHECK(fabs(trainer_loss(&trainer.net, &set, false) - mine) < 1e-6);
    const double epoch_loss = trainer_epoch(&trainer, &set, order, SAMPLES, SAMPLES);
    CHECK(fabs(epoch_loss - mine) < 1e-6); /* the loss before the step: w */
    for (size_t i = 0; i < l.count; i++)
        grad[i] = trainer.gradients[i];
    train_set_free(&set);
    trainer_free(&trainer);
}

/* Draws a net that suits the check; false when none of many seeds did. */
static bool set_up(Layout *l, double *w, Sample *samples)
{
    Network shape;
    char err[256] = "";
    CHECK(nn_create(&shape, "territoire", INPUTS, HIDDEN, HIDDEN2, 100.0f, err, sizeof err));
    *l = layout_of(&shape);
    nn_free(&shape);
    for (uint64_t seed = 1; seed < 100000; seed++) {
        Rng rng;
        rng_seed(&rng, seed);
        make_samples(&rng, samples);
        draw_weights(&rng, l, w);
        if (suits(l, w, samples))
            return true;
    }
    return false;
}

static void check_gradient(int threads)
{
    Layout l;
    double w[256], analytic[256], numeric[256];
    Sample samples[SAMPLES];
    CHECK(set_up(&l, w, samples));
    CHECK(l.count <= 256);
    trainer_gradient(w, samples, threads, analytic);
    int mismatched = 0, wrong_way = 0, nonzero = 0;
    bool layer_seen[6] = {false};
    const size_t starts[6] = {l.input_rows, l.hidden_bias, l.layer2, l.layer2_bias, l.output, l.output_bias};
    for (size_t i = 0; i < l.count; i++) {
        const double kept = w[i];
        w[i] = kept + STEP;
        const double up = loss(&l, w, samples);
        w[i] = kept - STEP;
        const double down = loss(&l, w, samples);
        w[i] = kept;
        numeric[i] = (up - down) / (2 * STEP);
        const double tolerance = 1e-4 + 1e-3 * fabs(numeric[i]);
        if (fabs(numeric[i]) > 1e-6) {
            nonzero++;
            for (int k = 5; k >= 0; k--)
                if (i >= starts[k]) {
                    layer_seen[k] = true;
                    break;
                }
        }
        if (fabs(analytic[i] - numeric[i]) > tolerance) {
            mismatched++;
            if (analytic[i] * numeric[i] < 0.0 || (numeric[i] == 0.0) != (analytic[i] == 0.0))
                wrong_way++;
            if (mismatched <= 8)
                printf("\n    weight %zu (%s): trainer %.6g, finite difference %.6g", i, layer_name(&l, i),
                       analytic[i], numeric[i]);
        }
    }
    if (mismatched)
        printf("\n    %d of %zu weights off, %d of them the wrong way (or moved where they must not)\n",
               mismatched, l.count, wrong_way);
    CHECK_EQ_INT(mismatched, 0);
    /* The check has teeth: weights of every layer have a gradient. */
    for (int k = 0; k < 6; k++)
        CHECK(layer_seen[k]);
    CHECK(nonzero >= (int)l.count / 2);
}

static void test_gradient_matches_finite_differences(void) { check_gradient(1); }

/* Threads add up their slices: the same gradient. */
static void test_gradient_of_three_threads_matches_finite_differences(void) { check_gradient(3); }

/* The net the check uses does have kinks in play: each unit of both
 * hidden layers clipped for some sample and inside (0, 1) for another. */
static void test_check_net_exercises_both_sides_of_each_clip(void)
{
    Layout l;
    double w[256];
    Sample samples[SAMPLES];
    CHECK(set_up(&l, w, samples));
    CHECK(suits(&l, w, samples));
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_check_net_exercises_both_sides_of_each_clip);
    RUN(test_gradient_matches_finite_differences);
    RUN(test_gradient_of_three_threads_matches_finite_differences);
    return harness_end();
}
