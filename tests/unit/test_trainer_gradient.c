/*
 * test_trainer_gradient.c - the trainer's backpropagated gradient
 * (tools/train/trainer.c) against a central finite difference of the loss,
 * for every weight of every layer of a tiny net, without a policy head and
 * with one.
 *
 * A gradient that skips a factor (the derivative of a clipped ReLU, a
 * weight on the way back, the sigmoid's slope) still lowers the loss in
 * training most of the time, so test_nn's "training lowers the loss" does
 * not see it; with such a fault a third or more of the weights move the
 * wrong way.  Here the loss of a handful of samples is computed in double
 * precision by a forward pass of the test's own (checked against the
 * net's): the sum of (sigmoid(output) - target)^2, plus with a head
 * WEIGHT * (log sum exp(logits) - logits[policy target]) for the samples
 * with a target (one has none).  Each weight is moved by +-h and
 * (L(w + h) - L(w - h)) / 2h compared with what one batch of the trainer's
 * epoch leaves in trainer->gradients (the batch's summed gradient, at the
 * weights before its Adam step).  The head reads the clipped hidden
 * layer, so its error must reach the input rows and the hidden bias
 * through the clip: the check also makes sure that part is large enough
 * to be seen.
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
#include "nn/policy_head.h"
#include "train/train_set.h"
#include "train/trainer.h"
#include "util/rng.h"

#define INPUTS 6
#define HIDDEN 4
#define HIDDEN2 3
#define HEAD 5       /* the policy head's entries, when there is one */
#define SAMPLES 8
#define WEIGHT 0.5 /* the policy loss's weight: exact in float */
#define MARGIN 0.02
#define STEP 1e-5
#define MAX_WEIGHTS 256

typedef struct {
    uint16_t active[INPUTS];
    int count;
    double target;
    int policy_target; /* -1: none */
    int spread;        /* > 0: the policy target spread over these entries (the search's visits) */
    uint16_t spread_entry[3];
    float spread_share[3];
} Sample;

/* A net's layers as offsets into its flat weights (from nn_layout); the
 * policy layers only where policy_size > 0. */
typedef struct {
    size_t input_rows, hidden_bias, layer2, layer2_bias, output, output_bias, policy, policy_bias, count;
    int policy_size;
    int layers; /* 6, or 8 with a head */
} Layout;

#define MAX_LAYERS 8
static const char *const layer_names[MAX_LAYERS] = {"input rows",    "hidden bias",    "layer 2 weights",
                                                    "layer 2 bias",  "output weights", "output bias",
                                                    "policy rows",   "policy bias"};

static size_t offset(const Network *net, const float *layer) { return (size_t)(layer - net->weights); }

static Layout layout_of(const Network *net)
{
    Layout l = {.input_rows = offset(net, net->input_rows), .hidden_bias = offset(net, net->hidden_bias),
                .layer2 = offset(net, net->layer2), .layer2_bias = offset(net, net->layer2_bias),
                .output = offset(net, net->output), .output_bias = offset(net, net->output_bias),
                .count = nn_net_weight_count(net), .policy_size = net->policy_size, .layers = 6};
    if (net->policy_size > 0) {
        l.policy = offset(net, net->policy);
        l.policy_bias = offset(net, net->policy_bias);
        l.layers = 8;
    }
    return l;
}

/* The layer (index into layer_names) of a flat weight index. */
static int layer_of(const Layout *l, size_t i)
{
    const size_t starts[MAX_LAYERS] = {l->input_rows, l->hidden_bias, l->layer2, l->layer2_bias,
                                       l->output,     l->output_bias, l->policy, l->policy_bias};
    int k = l->layers - 1;
    while (k > 0 && i < starts[k])
        k--;
    return k;
}

static double clip(double x) { return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x; }

/* The value output of s in double precision, its logits in logits (may
 * be NULL; none without a head), the pre-activations of both hidden
 * layers in pre (may be NULL: HIDDEN then HIDDEN2). */
static double forward(const Layout *l, const double *w, const Sample *s, double *logits, double *pre)
{
    double acc[HIDDEN], out = w[l->output_bias];
    for (int i = 0; i < HIDDEN; i++) {
        acc[i] = w[l->hidden_bias + (size_t)i];
        for (int k = 0; k < s->count; k++)
            acc[i] += w[l->input_rows + (size_t)s->active[k] * HIDDEN + (size_t)i];
        if (pre)
            pre[i] = acc[i];
    }
    for (int j = 0; j < HIDDEN2; j++) {
        double sum = w[l->layer2_bias + (size_t)j];
        for (int i = 0; i < HIDDEN; i++)
            sum += w[l->layer2 + (size_t)j * HIDDEN + (size_t)i] * clip(acc[i]);
        if (pre)
            pre[HIDDEN + j] = sum;
        out += w[l->output + (size_t)j] * clip(sum);
    }
    for (int k = 0; logits && k < l->policy_size; k++) {
        logits[k] = w[l->policy_bias + (size_t)k];
        for (int i = 0; i < HIDDEN; i++)
            logits[k] += w[l->policy + (size_t)k * HIDDEN + (size_t)i] * clip(acc[i]);
    }
    return out;
}

/* The cross entropy of the softmax of logits against x's policy target:
 * its one entry, or its spread. */
static double cross_entropy(const double *logits, int size, const Sample *x)
{
    double sum = 0.0;
    for (int k = 0; k < size; k++)
        sum += exp(logits[k]);
    if (x->spread == 0)
        return log(sum) - logits[x->policy_target];
    double loss = 0.0;
    for (int k = 0; k < x->spread; k++)
        loss += x->spread_share[k] * (log(sum) - logits[x->spread_entry[k]]);
    return loss;
}

/* The summed loss; policy_weight 0: the value's alone. */
static double loss(const Layout *l, const double *w, const Sample *samples, double policy_weight)
{
    double total = 0.0;
    for (int s = 0; s < SAMPLES; s++) {
        double logits[HEAD];
        const double p = 1.0 / (1.0 + exp(-forward(l, w, &samples[s], logits, NULL)));
        total += (p - samples[s].target) * (p - samples[s].target);
        if (l->policy_size > 0 && samples[s].policy_target >= 0)
            total += policy_weight * cross_entropy(logits, l->policy_size, &samples[s]);
    }
    return total;
}

static double draw(Rng *rng, double low, double high)
{
    return low + (high - low) * (double)(rng_next(rng) >> 11) / 9007199254740992.0;
}

/* Samples: each input active in some sample, 1 to 4 active, ascending;
 * with a head the policy targets spread over its entries (every third
 * sample's over three entries, as visits are), the last sample without. */
static void make_samples(Rng *rng, Sample *samples, int policy_size)
{
    for (int s = 0; s < SAMPLES; s++) {
        Sample *x = &samples[s];
        x->count = 0;
        for (int k = 0; k < INPUTS; k++)
            if (k == s % INPUTS || rng_next(rng) % 3 == 0)
                x->active[x->count++] = (uint16_t)k;
        x->target = draw(rng, 0.05, 0.95);
        x->policy_target = policy_size == 0 || s == SAMPLES - 1 ? -1 : s % policy_size;
        x->spread = x->policy_target >= 0 && s % 3 == 1 ? 3 : 0;
        for (int k = 0; k < x->spread; k++) {
            x->spread_entry[k] = (uint16_t)((s + k) % policy_size);
            x->spread_share[k] = k == 0 ? 0.5f : 0.25f; /* exact in float */
        }
        if (x->spread)
            x->policy_target = x->spread_entry[0];
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
        forward(l, w, &samples[s], NULL, pre);
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
    static const double low[MAX_LAYERS] = {-0.7, -0.3, -1.5, -0.3, -2.0, -2.0, -1.5, -1.0};
    static const double high[MAX_LAYERS] = {0.7, 1.0, 1.5, 1.0, 2.0, 2.0, 1.5, 1.0};
    for (size_t i = 0; i < l->count; i++) {
        const int layer = layer_of(l, i);
        w[i] = (double)(float)draw(rng, low[layer], high[layer]); /* the net holds floats */
    }
}

/* Draws a net of policy_size entries (0: no head) that suits the check;
 * false when none of many seeds did. */
static bool set_up(Layout *l, double *w, Sample *samples, int policy_size)
{
    Network shape;
    char err[256] = "";
    CHECK(nn_create_with_policy(&shape, "territoire", INPUTS, HIDDEN, HIDDEN2, policy_size, 100.0f, err, sizeof err));
    *l = layout_of(&shape);
    nn_free(&shape);
    CHECK(l->count <= MAX_WEIGHTS);
    for (uint64_t seed = 1; seed < 100000 && l->count <= MAX_WEIGHTS; seed++) {
        Rng rng;
        rng_seed(&rng, seed);
        make_samples(&rng, samples, policy_size);
        draw_weights(&rng, l, w);
        if (suits(l, w, samples))
            return true;
    }
    return false;
}

/* The net's forward pass and, with a head, its logits agree with the
 * test's; adds the cross entropy of a sample with a target to *policy. */
static void check_forward_pass(const Layout *l, const double *w, const Network *net, const Sample *x, double *policy)
{
    double logits[HEAD];
    CHECK(fabs(forward(l, w, x, logits, NULL) - nn_forward(net, x->active, x->count)) < 1e-5);
    if (l->policy_size == 0)
        return;
    float theirs[HEAD];
    nn_policy_forward(net, x->active, x->count, theirs);
    for (int k = 0; k < l->policy_size; k++)
        CHECK(fabs(logits[k] - theirs[k]) < 1e-5);
    if (x->policy_target >= 0)
        *policy += cross_entropy(logits, l->policy_size, x);
}

/* The trainer's gradient at w (one batch of every sample, threads
 * threads) into grad; its forward pass and losses checked against the
 * test's. */
static void trainer_gradient(const Layout *l, const double *w, const Sample *samples, int threads, double *grad)
{
    Trainer trainer;
    char err[256] = "";
    const TrainerConfig config = {.game_id = "territoire", .inputs = INPUTS, .hidden = HIDDEN, .hidden2 = HIDDEN2,
                                  .policy_size = l->policy_size, .policy_weight = l->policy_size ? WEIGHT : 0.0,
                                  .scale = 100.0f, .seed = 1, .learning_rate = 1e-3, .threads = threads};
    CHECK(trainer_create(&trainer, &config, err, sizeof err));
    for (size_t i = 0; i < l->count; i++)
        trainer.net.weights[i] = (float)w[i];
    TrainSet set = {0};
    size_t order[SAMPLES];
    double policy = 0.0;
    for (int s = 0; s < SAMPLES; s++) {
        const Sample *x = &samples[s];
        if (x->spread)
            CHECK(train_set_add_with_spread(&set, x->active, x->count, (float)x->target, x->spread_entry,
                                            x->spread_share, x->spread, false));
        else
            CHECK(train_set_add_with_policy(&set, x->active, x->count, (float)x->target, x->policy_target, false));
        order[s] = (size_t)s;
        check_forward_pass(l, w, &trainer.net, x, &policy);
    }
    const double value = loss(l, w, samples, 0.0) / SAMPLES;
    const TrainerLoss before = trainer_losses(&trainer.net, &set, false);
    CHECK(fabs(before.value - value) < 1e-6);
    if (l->policy_size > 0) {
        CHECK_EQ_U64(set.policy_count, SAMPLES - 1);
        CHECK(fabs(before.policy - policy / (SAMPLES - 1)) < 1e-5);
    }
    const TrainerLoss epoch = trainer_epoch_losses(&trainer, &set, order, SAMPLES, SAMPLES);
    /* the losses before the step: at w */
    CHECK(fabs(epoch.value - value) < 1e-6 && fabs(epoch.policy - before.policy) < 1e-5);
    for (size_t i = 0; i < l->count; i++)
        grad[i] = trainer.gradients[i];
    train_set_free(&set);
    trainer_free(&trainer);
}

static double finite_difference(const Layout *l, double *w, size_t i, const Sample *samples, double policy_weight)
{
    const double kept = w[i];
    w[i] = kept + STEP;
    const double up = loss(l, w, samples, policy_weight);
    w[i] = kept - STEP;
    const double down = loss(l, w, samples, policy_weight);
    w[i] = kept;
    return (up - down) / (2 * STEP);
}

static void check_gradient(int threads, int policy_size)
{
    Layout l;
    double w[MAX_WEIGHTS], analytic[MAX_WEIGHTS];
    Sample samples[SAMPLES];
    CHECK(set_up(&l, w, samples, policy_size));
    trainer_gradient(&l, w, samples, threads, analytic);
    const double weight = policy_size ? WEIGHT : 0.0;
    int mismatched = 0, wrong_way = 0, nonzero = 0, policy_reaches_inputs = 0;
    bool layer_seen[MAX_LAYERS] = {false};
    for (size_t i = 0; i < l.count; i++) {
        const double numeric = finite_difference(&l, w, i, samples, weight);
        const double tolerance = 1e-4 + 1e-3 * fabs(numeric);
        if (fabs(numeric) > 1e-6) {
            nonzero++;
            layer_seen[layer_of(&l, i)] = true;
        }
        if (fabs(analytic[i] - numeric) > tolerance) {
            if (analytic[i] * numeric < 0.0 || (numeric == 0.0) != (analytic[i] == 0.0))
                wrong_way++;
            if (++mismatched <= 8)
                printf("\n    weight %zu (%s): trainer %.6g, finite difference %.6g", i,
                       layer_names[layer_of(&l, i)], analytic[i], numeric);
        }
        /* The head's share of the feature transformer's gradient. */
        if (policy_size && i < l.layer2 && fabs(finite_difference(&l, w, i, samples, 0.0) - numeric) > 10 * tolerance)
            policy_reaches_inputs++;
    }
    if (mismatched)
        printf("\n    %d of %zu weights off, %d of them the wrong way (or moved where they must not)\n",
               mismatched, l.count, wrong_way);
    CHECK_EQ_INT(mismatched, 0);
    /* The check has teeth: weights of every layer have a gradient. */
    for (int k = 0; k < l.layers; k++)
        CHECK(layer_seen[k]);
    CHECK(nonzero >= (int)l.count / 2);
    if (policy_size)
        CHECK(policy_reaches_inputs >= (int)l.layer2 / 2);
}

static void test_gradient_matches_finite_differences(void) { check_gradient(1, 0); }

/* Threads add up their slices: the same gradient. */
static void test_gradient_of_three_threads_matches_finite_differences(void) { check_gradient(3, 0); }

static void test_gradient_with_head_matches_finite_differences(void) { check_gradient(1, HEAD); }

static void test_gradient_of_three_threads_with_head_matches(void) { check_gradient(3, HEAD); }

/* The net the check uses does have kinks in play: each unit of both
 * hidden layers clipped for some sample and inside (0, 1) for another. */
static void test_check_net_exercises_both_sides_of_each_clip(void)
{
    Layout l;
    double w[MAX_WEIGHTS];
    Sample samples[SAMPLES];
    CHECK(set_up(&l, w, samples, 0));
    CHECK(suits(&l, w, samples));
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_check_net_exercises_both_sides_of_each_clip);
    RUN(test_gradient_matches_finite_differences);
    RUN(test_gradient_of_three_threads_matches_finite_differences);
    RUN(test_gradient_with_head_matches_finite_differences);
    RUN(test_gradient_of_three_threads_with_head_matches);
    return harness_end();
}
