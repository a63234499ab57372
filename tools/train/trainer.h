/*
 * trainer.h - fits a net (src/nn/network.h) to a TrainSet: the loss is the
 * mean squared error between sigmoid(output) and the target, plus, for a
 * net with a policy head, policy_weight times the cross-entropy between
 * the head's softmax and the move played (over the samples that have
 * one), minimised by Adam on mini-batches whose gradient is summed by
 * threads (each thread a fixed slice of the batch, then added up in
 * thread order, so a run is reproducible for a given seed and thread
 * count).
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
    const char *game_id;
    int inputs, hidden, hidden2;
    int policy_size;      /* 0: no policy head */
    double policy_weight; /* the cross-entropy's weight beside the value loss */
    float scale;
    uint64_t seed;
    double learning_rate;
    int threads;
} TrainerConfig;

/* Mean losses over some samples: value, the squared error of
 * sigmoid(output); policy, the head's cross-entropy against the played
 * move over the samples that have one (0 without a head or such samples). */
typedef struct {
    double value, policy;
} TrainerLoss;

typedef struct {
    Network net;
    Network moment1, moment2; /* Adam's running means, laid out as the net */
    double learning_rate;
    double policy_weight;
    long long step; /* Adam steps taken */
    /* Early stopping: the lowest validation objective (trainer_objective)
     * after an epoch so far and that epoch (0: none yet); the run's net
     * file holds that epoch's net. */
    double best_validation;
    int best_epoch;
    int threads;
    float *gradients; /* [threads][nn_net_weight_count] */
} Trainer;

/* A net of config's sizes with weights drawn from its seed (small
 * uniform; the value weights are the same draws with or without a head),
 * Adam at rest.  False with err on bad sizes or short memory. */
bool trainer_create(Trainer *trainer, const TrainerConfig *config, char *err, size_t err_size);

/* trainer_create without a policy head. */
bool trainer_init(Trainer *trainer, const char *game_id, int inputs, int hidden, int hidden2, float scale,
                  uint64_t seed, double learning_rate, int threads, char *err, size_t err_size);
void trainer_free(Trainer *trainer);

/* One pass over order[0..count) (training sample indices) in batches of
 * batch; returns the mean losses of the samples before each batch's step. */
TrainerLoss trainer_epoch_losses(Trainer *trainer, const TrainSet *set, const size_t *order, size_t count, int batch);

/* trainer_epoch_losses' value loss. */
double trainer_epoch(Trainer *trainer, const TrainSet *set, const size_t *order, size_t count, int batch);

/* The mean losses of net over the validation (or the training) samples;
 * 0 when there are none. */
TrainerLoss trainer_losses(const Network *net, const TrainSet *set, bool validation);

/* trainer_losses' value loss. */
double trainer_loss(const Network *net, const TrainSet *set, bool validation);

/* What early stopping minimises: value + policy_weight * policy. */
double trainer_objective(const Trainer *trainer, TrainerLoss loss);

#endif
