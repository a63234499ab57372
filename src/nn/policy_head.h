/*
 * policy_head.h - the float forward pass of a net's policy head
 * (network.h): one logit per entry of the game's move indexing
 * (Game.policy_index), and the priors of a position's legal moves, a
 * softmax over their logits only.  The engine reads the head with
 * nn_policy_priors_of over the quantised accumulator that
 * evaluation_policy_head (evaluation.h) gives.
 */
#ifndef TESSERA_NN_POLICY_HEAD_H
#define TESSERA_NN_POLICY_HEAD_H

#include <stdint.h>

#include "nn/network.h"

/* logits[0..policy_size) of the position whose accumulator (the hidden
 * layer before its clip, as nn_output takes it) is acc.  net has a head. */
void nn_policy_logits(const Network *net, const float *acc, float *logits);

/* The same from the position's active inputs active[0..count). */
void nn_policy_forward(const Network *net, const uint16_t *active, int count, float *logits);

/* priors[k] for the legal entry legal[k], k < count: the softmax of
 * logits over the listed entries only, so the priors sum to 1 whatever
 * the other entries hold.  An entry listed twice counts twice (Qawale's
 * turns of one class share an entry: each gets its own share). */
void nn_policy_priors(const float *logits, const int *legal, int count, float *priors);

/* The same priors with only the listed entries' logits computed (a
 * search's node lists a few of the layout's entries): temperature divides
 * the logits first (1: the head's own priors). */
void nn_policy_priors_of(const Network *net, const float *acc, const int *legal, int count, float temperature,
                         float *priors);

#endif
