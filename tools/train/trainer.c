/* trainer.c - Adam on mini-batches, the gradient by threads (trainer.h). */
#include "train/trainer.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nn/accumulator.h"
#include "nn/forward.h"
#include "nn/policy_head.h"
#include "util/rng.h"

#define ADAM_BETA1 0.9
#define ADAM_BETA2 0.999
#define ADAM_EPSILON 1e-8

static float sigmoidf(float x) { return 1.0f / (1.0f + expf(-x)); }

static float uniform(Rng *rng, float half_width)
{
    return half_width * (2.0f * (float)((double)(rng_next(rng) >> 11) / 9007199254740992.0) - 1.0f);
}

/* Small weights, and hidden biases in the middle of the clipped range so
 * that every unit starts with a gradient. */
static void initialise(Network *net, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    const size_t rows = (size_t)net->inputs * net->hidden;
    for (size_t i = 0; i < rows; i++)
        net->input_rows[i] = uniform(&rng, 0.1f);
    for (int i = 0; i < net->hidden; i++)
        net->hidden_bias[i] = 0.5f;
    for (size_t i = 0; i < (size_t)net->hidden2 * net->hidden; i++)
        net->layer2[i] = uniform(&rng, 1.0f / sqrtf((float)net->hidden));
    for (int j = 0; j < net->hidden2; j++) {
        net->layer2_bias[j] = 0.5f;
        net->output[j] = uniform(&rng, 1.0f / sqrtf((float)net->hidden2));
    }
    net->output_bias[0] = 0.0f;
    /* The head last, so that the value weights are the same draws with
     * or without it; biases 0: every entry starts equally likely. */
    for (size_t i = 0; i < (size_t)net->policy_size * net->hidden; i++)
        net->policy[i] = uniform(&rng, 1.0f / sqrtf((float)net->hidden));
}

bool trainer_create(Trainer *trainer, const TrainerConfig *c, char *err, size_t err_size)
{
    *trainer = (Trainer){.learning_rate = c->learning_rate, .policy_weight = c->policy_weight,
                         .threads = c->threads < 1 ? 1 : c->threads, .best_validation = INFINITY};
    if (trainer->threads > TRAIN_MAX_THREADS)
        trainer->threads = TRAIN_MAX_THREADS;
    Network *nets[3] = {&trainer->net, &trainer->moment1, &trainer->moment2};
    for (int i = 0; i < 3; i++)
        if (!nn_create_with_policy(nets[i], c->game_id, c->inputs, c->hidden, c->hidden2, c->policy_size, c->scale,
                                   err, err_size)) {
            trainer_free(trainer);
            return false;
        }
    trainer->gradients = malloc((size_t)trainer->threads * nn_net_weight_count(&trainer->net) * sizeof(float));
    if (!trainer->gradients) {
        snprintf(err, err_size, "out of memory for the gradients");
        trainer_free(trainer);
        return false;
    }
    initialise(&trainer->net, c->seed);
    return true;
}

bool trainer_init(Trainer *trainer, const char *game_id, int inputs, int hidden, int hidden2, float scale,
                  uint64_t seed, double learning_rate, int threads, char *err, size_t err_size)
{
    const TrainerConfig config = {.game_id = game_id, .inputs = inputs, .hidden = hidden, .hidden2 = hidden2,
                                  .scale = scale, .seed = seed, .learning_rate = learning_rate, .threads = threads};
    return trainer_create(trainer, &config, err, err_size);
}

void trainer_free(Trainer *trainer)
{
    nn_free(&trainer->net);
    nn_free(&trainer->moment1);
    nn_free(&trainer->moment2);
    free(trainer->gradients);
    trainer->gradients = NULL;
}

/* One training sample as the gradient reads it. */
typedef struct {
    const uint16_t *active;
    int count;
    float target;
    int policy_target; /* -1: none */
    /* The target spread over several entries (TrainSet.spread_*), where
     * spread > 0; else policy_target's entry alone. */
    const uint16_t *spread_entry;
    const float *spread_share;
    int spread;
} Sample;

static Sample sample_at(const TrainSet *set, size_t s)
{
    const uint32_t first = set->spread_begin[s];
    const int spread = (int)(set->spread_begin[s + 1] - first);
    /* A set without spreads has no spread arrays, and NULL + 0 is undefined
     * (clang's UBSan says so). */
    return (Sample){set->features + set->begin[s], (int)(set->begin[s + 1] - set->begin[s]), set->target[s],
                    set->policy_target[s], spread ? set->spread_entry + first : NULL,
                    spread ? set->spread_share + first : NULL, spread};
}

/* log(sum of exp(x[k])), less the largest first so that exp never
 * overflows. */
static float log_sum_exp(const float *x, int n)
{
    float top = x[0];
    for (int k = 1; k < n; k++)
        top = x[k] > top ? x[k] : top;
    double sum = 0.0;
    for (int k = 0; k < n; k++)
        sum += exp((double)(x[k] - top));
    return top + (float)log(sum);
}

/* The sample's policy target as a distribution over the layout:
 * target[k] for every entry (the caller's policy_size floats). */
static void policy_distribution(const Sample *s, int policy_size, float *target)
{
    memset(target, 0, (size_t)policy_size * sizeof *target);
    if (s->spread == 0) {
        target[s->policy_target] = 1.0f;
        return;
    }
    for (int k = 0; k < s->spread; k++)
        target[s->spread_entry[k]] += s->spread_share[k];
}

/* The cross-entropy of the softmax of logits (whose log_sum_exp is
 * log_sum) against the sample's target. */
static float policy_cross_entropy(const float *logits, float log_sum, const Sample *s)
{
    if (s->spread == 0)
        return log_sum - logits[s->policy_target];
    float loss = 0.0f;
    for (int k = 0; k < s->spread; k++)
        loss += s->spread_share[k] * (log_sum - logits[s->spread_entry[k]]);
    return loss;
}

/* A dense row's part of the backward pass, where d is the gradient at
 * its sum of row . input: d * input into the row's gradient, d * row
 * into the input's. */
static void row_backward(const float *row, float d, const float *input, int n, float *grad_row, float *d_input)
{
    for (int i = 0; i < n; i++) {
        grad_row[i] += d * input[i];
        d_input[i] += d * row[i];
    }
}

/* The value head: adds the gradient of (sigmoid(output) - target)^2 to
 * grad's layer 2 and output weights, and to d_clipped the part that flows
 * into the clipped hidden layer; returns the loss. */
static float value_backward(const Network *net, const float *clipped, float target, Network *grad, float *d_clipped)
{
    const int hidden = net->hidden, hidden2 = net->hidden2;
    float layer2_sum[NN_MAX_HIDDEN];
    float out = net->output_bias[0];
    for (int j = 0; j < hidden2; j++) {
        const float *row = net->layer2 + (size_t)j * hidden;
        float sum = net->layer2_bias[j];
        for (int i = 0; i < hidden; i++)
            sum += row[i] * clipped[i];
        layer2_sum[j] = sum;
        out += net->output[j] * nn_clip(sum);
    }
    const float p = sigmoidf(out), error = p - target;
    const float d_out = 2.0f * error * p * (1.0f - p);
    grad->output_bias[0] += d_out;
    for (int j = 0; j < hidden2; j++) {
        grad->output[j] += d_out * nn_clip(layer2_sum[j]);
        if (layer2_sum[j] <= 0.0f || layer2_sum[j] >= 1.0f)
            continue;
        const float d_sum = d_out * net->output[j];
        grad->layer2_bias[j] += d_sum;
        row_backward(net->layer2 + (size_t)j * hidden, d_sum, clipped, hidden, grad->layer2 + (size_t)j * hidden,
                     d_clipped);
    }
    return error * error;
}

/* The policy head: adds weight times the gradient of the cross-entropy
 * -sum over k of target[k] log softmax(logits)[k] (the target one entry,
 * or the search's visits spread over several) to grad's head, and to
 * d_clipped the part that flows into the clipped hidden layer; returns
 * the cross-entropy.
 * The softmax is over every entry, not the position's legal ones: the
 * samples then need no move lists, the head learns to keep illegal
 * entries low, and the priors' softmax over the legal entries
 * (nn_policy_priors) is this one restricted to them. */
static float policy_backward(const Network *net, const float *acc, const float *clipped, const Sample *s,
                             float weight, Network *grad, float *d_clipped)
{
    const int hidden = net->hidden;
    float logits[NN_MAX_POLICY], target[NN_MAX_POLICY];
    nn_policy_logits(net, acc, logits);
    policy_distribution(s, net->policy_size, target);
    const float log_sum = log_sum_exp(logits, net->policy_size);
    for (int k = 0; k < net->policy_size; k++) {
        /* d(cross-entropy)/d(logit k) = softmax k - target k */
        const float d_logit = weight * (expf(logits[k] - log_sum) - target[k]);
        grad->policy_bias[k] += d_logit;
        row_backward(net->policy + (size_t)k * hidden, d_logit, clipped, hidden, grad->policy + (size_t)k * hidden,
                     d_clipped);
    }
    return policy_cross_entropy(logits, log_sum, s);
}

/* Losses summed over samples, for their means. */
typedef struct {
    double value, policy;
    size_t count, policy_count;
} LossSum;

static void loss_add(LossSum *sum, const LossSum *more)
{
    sum->value += more->value, sum->policy += more->policy;
    sum->count += more->count, sum->policy_count += more->policy_count;
}

static TrainerLoss loss_mean(const LossSum *sum)
{
    return (TrainerLoss){sum->count ? sum->value / (double)sum->count : 0.0,
                         sum->policy_count ? sum->policy / (double)sum->policy_count : 0.0};
}

/* Adds one sample's gradient (value, and policy where the net has a head
 * and the sample a target) into grad (a net's layout), its losses into
 * sum. */
static void add_sample_gradient(const Network *net, const Sample *s, float policy_weight, Network *grad,
                                LossSum *sum)
{
    const int hidden = net->hidden;
    float acc[NN_MAX_HIDDEN], clipped[NN_MAX_HIDDEN], d_clipped[NN_MAX_HIDDEN] = {0};
    nn_accumulator_refresh(net, s->active, s->count, acc);
    for (int i = 0; i < hidden; i++)
        clipped[i] = nn_clip(acc[i]);
    sum->value += value_backward(net, clipped, s->target, grad, d_clipped);
    sum->count++;
    if (net->policy_size > 0 && s->policy_target >= 0) {
        sum->policy += policy_backward(net, acc, clipped, s, policy_weight, grad, d_clipped);
        sum->policy_count++;
    }
    /* The feature transformer: through the clip, to the bias and the
     * active inputs' rows. */
    for (int i = 0; i < hidden; i++)
        if (acc[i] <= 0.0f || acc[i] >= 1.0f)
            d_clipped[i] = 0.0f;
    for (int i = 0; i < hidden; i++)
        grad->hidden_bias[i] += d_clipped[i];
    for (int k = 0; k < s->count; k++) {
        float *grad_row = grad->input_rows + (size_t)s->active[k] * hidden;
        for (int i = 0; i < hidden; i++)
            grad_row[i] += d_clipped[i];
    }
}

typedef struct {
    const Network *net;
    float policy_weight;
    const TrainSet *set;
    const size_t *order;
    size_t begin, end;
    float *gradient; /* this slice's, zeroed first */
    LossSum loss;
} Slice;

static void *slice_gradient(void *arg)
{
    Slice *slice = arg;
    const Network *net = slice->net;
    Network grad = *net;
    nn_layout(&grad, slice->gradient);
    memset(slice->gradient, 0, nn_net_weight_count(net) * sizeof(float));
    slice->loss = (LossSum){0};
    for (size_t k = slice->begin; k < slice->end; k++) {
        const Sample sample = sample_at(slice->set, slice->order[k]);
        add_sample_gradient(net, &sample, slice->policy_weight, &grad, &slice->loss);
    }
    return NULL;
}

static void adam_step(Trainer *trainer, const float *gradient, size_t batch_size)
{
    const size_t n = nn_net_weight_count(&trainer->net);
    trainer->step++;
    const double correction1 = 1.0 - pow(ADAM_BETA1, (double)trainer->step);
    const double correction2 = 1.0 - pow(ADAM_BETA2, (double)trainer->step);
    const float rate = (float)(trainer->learning_rate * sqrt(correction2) / correction1);
    const float scale = 1.0f / (float)batch_size;
    float *w = trainer->net.weights, *m = trainer->moment1.weights, *v = trainer->moment2.weights;
    for (size_t i = 0; i < n; i++) {
        const float g = gradient[i] * scale;
        m[i] = (float)ADAM_BETA1 * m[i] + (float)(1.0 - ADAM_BETA1) * g;
        v[i] = (float)ADAM_BETA2 * v[i] + (float)(1.0 - ADAM_BETA2) * g * g;
        w[i] -= rate * m[i] / (sqrtf(v[i]) + (float)ADAM_EPSILON);
    }
}

/* The batch's gradient summed into the first thread's buffer; its losses
 * added into sum. */
static void batch_gradient(Trainer *trainer, const TrainSet *set, const size_t *order, size_t begin, size_t end,
                           LossSum *sum)
{
    const size_t n = nn_net_weight_count(&trainer->net);
    const int threads = trainer->threads;
    Slice slices[TRAIN_MAX_THREADS];
    pthread_t ids[TRAIN_MAX_THREADS];
    bool started[TRAIN_MAX_THREADS] = {false};
    const size_t chunk = (end - begin + (size_t)threads - 1) / (size_t)threads;
    for (int t = 0; t < threads; t++) {
        const size_t from = begin + chunk * (size_t)t < end ? begin + chunk * (size_t)t : end;
        slices[t] = (Slice){.net = &trainer->net, .policy_weight = (float)trainer->policy_weight, .set = set,
                            .order = order, .begin = from, .end = from + chunk < end ? from + chunk : end,
                            .gradient = trainer->gradients + (size_t)t * n};
        /* The calling thread takes the first slice, and any that cannot start. */
        started[t] = t > 0 && pthread_create(&ids[t], NULL, slice_gradient, &slices[t]) == 0;
    }
    for (int t = 0; t < threads; t++) {
        if (started[t])
            pthread_join(ids[t], NULL);
        else
            slice_gradient(&slices[t]);
        loss_add(sum, &slices[t].loss);
        if (t > 0)
            for (size_t i = 0; i < n; i++)
                slices[0].gradient[i] += slices[t].gradient[i];
    }
}

TrainerLoss trainer_epoch_losses(Trainer *trainer, const TrainSet *set, const size_t *order, size_t count, int batch)
{
    LossSum sum = {0};
    for (size_t begin = 0; begin < count; begin += (size_t)batch) {
        const size_t end = begin + (size_t)batch < count ? begin + (size_t)batch : count;
        batch_gradient(trainer, set, order, begin, end, &sum);
        adam_step(trainer, trainer->gradients, end - begin);
    }
    return loss_mean(&sum);
}

double trainer_epoch(Trainer *trainer, const TrainSet *set, const size_t *order, size_t count, int batch)
{
    return trainer_epoch_losses(trainer, set, order, count, batch).value;
}

TrainerLoss trainer_losses(const Network *net, const TrainSet *set, bool validation)
{
    LossSum sum = {0};
    float acc[NN_MAX_HIDDEN], logits[NN_MAX_POLICY];
    for (size_t s = 0; s < set->count; s++) {
        if (set->validation[s] != validation)
            continue;
        const Sample sample = sample_at(set, s);
        nn_accumulator_refresh(net, sample.active, sample.count, acc);
        const float p = sigmoidf(nn_output(net, acc));
        sum.value += (double)(p - sample.target) * (p - sample.target);
        sum.count++;
        if (net->policy_size > 0 && sample.policy_target >= 0) {
            nn_policy_logits(net, acc, logits);
            sum.policy += policy_cross_entropy(logits, log_sum_exp(logits, net->policy_size), &sample);
            sum.policy_count++;
        }
    }
    return loss_mean(&sum);
}

double trainer_loss(const Network *net, const TrainSet *set, bool validation)
{
    return trainer_losses(net, set, validation).value;
}

double trainer_objective(const Trainer *trainer, TrainerLoss loss)
{
    return loss.value + trainer->policy_weight * loss.policy;
}
