/* trainer.c - Adam on mini-batches, the gradient by threads (trainer.h). */
#include "train/trainer.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nn/accumulator.h"
#include "nn/forward.h"
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
}

bool trainer_init(Trainer *trainer, const char *game_id, int inputs, int hidden, int hidden2, float scale,
                  uint64_t seed, double learning_rate, int threads, char *err, size_t err_size)
{
    *trainer = (Trainer){.learning_rate = learning_rate, .threads = threads < 1 ? 1 : threads,
                         .best_validation = INFINITY};
    if (trainer->threads > TRAIN_MAX_THREADS)
        trainer->threads = TRAIN_MAX_THREADS;
    if (!nn_create(&trainer->net, game_id, inputs, hidden, hidden2, scale, err, err_size) ||
        !nn_create(&trainer->moment1, game_id, inputs, hidden, hidden2, scale, err, err_size) ||
        !nn_create(&trainer->moment2, game_id, inputs, hidden, hidden2, scale, err, err_size)) {
        trainer_free(trainer);
        return false;
    }
    trainer->gradients = malloc((size_t)trainer->threads * nn_weight_count(inputs, hidden, hidden2) * sizeof(float));
    if (!trainer->gradients) {
        snprintf(err, err_size, "out of memory for the gradients");
        trainer_free(trainer);
        return false;
    }
    initialise(&trainer->net, seed);
    return true;
}

void trainer_free(Trainer *trainer)
{
    nn_free(&trainer->net);
    nn_free(&trainer->moment1);
    nn_free(&trainer->moment2);
    free(trainer->gradients);
    trainer->gradients = NULL;
}

/* Adds one sample's gradient of (sigmoid(output) - target)^2 into grad (a
 * net's layout); returns the sample's loss. */
static float add_sample_gradient(const Network *net, const uint16_t *active, int count, float target,
                                 Network *grad)
{
    const int hidden = net->hidden, hidden2 = net->hidden2;
    float acc[NN_MAX_HIDDEN], clipped[NN_MAX_HIDDEN], layer2_sum[NN_MAX_HIDDEN];
    nn_accumulator_refresh(net, active, count, acc);
    for (int i = 0; i < hidden; i++)
        clipped[i] = nn_clip(acc[i]);
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
    float d_clipped[NN_MAX_HIDDEN] = {0};
    grad->output_bias[0] += d_out;
    for (int j = 0; j < hidden2; j++) {
        grad->output[j] += d_out * nn_clip(layer2_sum[j]);
        if (layer2_sum[j] <= 0.0f || layer2_sum[j] >= 1.0f)
            continue;
        const float d_sum = d_out * net->output[j];
        const float *row = net->layer2 + (size_t)j * hidden;
        float *grad_row = grad->layer2 + (size_t)j * hidden;
        grad->layer2_bias[j] += d_sum;
        for (int i = 0; i < hidden; i++) {
            grad_row[i] += d_sum * clipped[i];
            d_clipped[i] += d_sum * row[i];
        }
    }
    for (int i = 0; i < hidden; i++)
        if (acc[i] <= 0.0f || acc[i] >= 1.0f)
            d_clipped[i] = 0.0f;
    for (int i = 0; i < hidden; i++)
        grad->hidden_bias[i] += d_clipped[i];
    for (int k = 0; k < count; k++) {
        float *grad_row = grad->input_rows + (size_t)active[k] * hidden;
        for (int i = 0; i < hidden; i++)
            grad_row[i] += d_clipped[i];
    }
    return error * error;
}

typedef struct {
    const Network *net;
    const TrainSet *set;
    const size_t *order;
    size_t begin, end;
    float *gradient; /* this slice's, zeroed first */
    double loss;
} Slice;

static void *slice_gradient(void *arg)
{
    Slice *slice = arg;
    const Network *net = slice->net;
    Network grad = *net;
    nn_layout(&grad, slice->gradient);
    memset(slice->gradient, 0, nn_weight_count(net->inputs, net->hidden, net->hidden2) * sizeof(float));
    slice->loss = 0.0;
    for (size_t k = slice->begin; k < slice->end; k++) {
        const size_t s = slice->order[k];
        const TrainSet *set = slice->set;
        slice->loss += add_sample_gradient(net, set->features + set->begin[s], (int)(set->begin[s + 1] - set->begin[s]),
                                           set->target[s], &grad);
    }
    return NULL;
}

static void adam_step(Trainer *trainer, const float *gradient, size_t batch_size)
{
    const size_t n = nn_weight_count(trainer->net.inputs, trainer->net.hidden, trainer->net.hidden2);
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

/* The batch's gradient summed into the first thread's buffer. */
static double batch_gradient(Trainer *trainer, const TrainSet *set, const size_t *order, size_t begin, size_t end)
{
    const size_t n = nn_weight_count(trainer->net.inputs, trainer->net.hidden, trainer->net.hidden2);
    const int threads = trainer->threads;
    Slice slices[TRAIN_MAX_THREADS];
    pthread_t ids[TRAIN_MAX_THREADS];
    bool started[TRAIN_MAX_THREADS] = {false};
    const size_t chunk = (end - begin + (size_t)threads - 1) / (size_t)threads;
    for (int t = 0; t < threads; t++) {
        const size_t from = begin + chunk * (size_t)t < end ? begin + chunk * (size_t)t : end;
        slices[t] = (Slice){&trainer->net, set, order, from, from + chunk < end ? from + chunk : end,
                            trainer->gradients + (size_t)t * n, 0.0};
        /* The calling thread takes the first slice, and any that cannot start. */
        started[t] = t > 0 && pthread_create(&ids[t], NULL, slice_gradient, &slices[t]) == 0;
    }
    double loss = 0.0;
    for (int t = 0; t < threads; t++) {
        if (started[t])
            pthread_join(ids[t], NULL);
        else
            slice_gradient(&slices[t]);
        loss += slices[t].loss;
        if (t > 0)
            for (size_t i = 0; i < n; i++)
                slices[0].gradient[i] += slices[t].gradient[i];
    }
    return loss;
}

double trainer_epoch(Trainer *trainer, const TrainSet *set, const size_t *order, size_t count, int batch)
{
    double loss = 0.0;
    for (size_t begin = 0; begin < count; begin += (size_t)batch) {
        const size_t end = begin + (size_t)batch < count ? begin + (size_t)batch : count;
        loss += batch_gradient(trainer, set, order, begin, end);
        adam_step(trainer, trainer->gradients, end - begin);
    }
    return count ? loss / (double)count : 0.0;
}

double trainer_loss(const Network *net, const TrainSet *set, bool validation)
{
    double sum = 0.0;
    size_t n = 0;
    for (size_t s = 0; s < set->count; s++) {
        if (set->validation[s] != validation)
            continue;
        const float p = sigmoidf(nn_forward(net, set->features + set->begin[s], (int)(set->begin[s + 1] - set->begin[s])));
        sum += (double)(p - set->target[s]) * (p - set->target[s]);
        n++;
    }
    return n ? sum / (double)n : 0.0;
}
