/*
 * checkpoint.h - a training run saved after every epoch, to resume after
 * an interruption: a text header (the format, the run's configuration,
 * the epochs done, Adam's step count), then three network files
 * (src/nn/net_file.h): the weights and Adam's two moments.  A resumed run
 * must have the same configuration, else it is refused: mixing two
 * configurations would give a net that neither made.
 */
#ifndef TESSERA_TRAIN_CHECKPOINT_H
#define TESSERA_TRAIN_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>

#include "train/trainer.h"

#define CHECKPOINT_CONFIG_MAX 1024

/* Writes trainer after epochs epochs (to path.tmp, then renamed). */
bool checkpoint_save(const char *path, const char *configuration, int epochs, const Trainer *trainer, char *err,
                     size_t err_size);

/* Reads path into trainer (its sizes must match; the rest of trainer is
 * kept) when its configuration is configuration; *epochs gets the epochs
 * done.  False with err otherwise (err names both configurations). */
bool checkpoint_load(const char *path, const char *configuration, int *epochs, Trainer *trainer, char *err,
                     size_t err_size);

#endif
