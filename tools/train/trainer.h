/*
 * trainer.h - fits a net (src/nn/network.h) to a TrainSet: the loss is the
 * mean squared error between sigmoid(output) and the target, minimised by
 * Adam on mini-batches whose gradient is summed by threads (each thread a
 * fixed slice of the batch, then added up in thread order, so a run is
 * reproducible for a given seed and thread count).
 */
#ifndef TESSERA_TRAINER_H
#define TESSERA_TRAINER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nn/network.h"
#include "train/train_set.h"

#define TRAIN_MAX_THREADS 64

typedef struct {
    Network net;
    Network moment1, moment2; /* Adam's running means, laid out as the net */
    double learning_rate;
    long long step; /* Adam steps taken */
    /* Early stopping: the lowest validation loss after an epoch so far and
     * that epoch (0: none yet); the run's net file holds that epoch's net. */
    double best_validation;
    int best_epoch;
    int threads;
    float *gradients; /* [threads][nn_weight_count] */
} Trainer;

/* A net of these sizes with weights drawn from seed (small uniform), Adam
 * at rest.  False with err on bad sizes or short memory. */
bool trainer_init(Trainer *trainer, const char *game_id, int inputs, int hidden, int hidden2, float scale,
                  uint64_t seed, double learning_rate, int threads, char *err, size_t err_size);
void trainer_free(Trainer *trainer);

/* One pass over order[0..count) (training sample indices) in batches of
 * batch; returns the mean loss of the samples before each batch's step. */
double trainer_epoch(Trainer *trainer, const TrainSet *set, const size_t *order, size_t count, int batch);

/* The mean loss of net over the validation (or the training) samples; 0
 * when there are none. */
double trainer_loss(const Network *net, const TrainSet *set, bool validation);

#endif
