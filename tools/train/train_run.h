/* train_run.h - one tessera-train run: load, fit K, train with a line per
 * epoch and a checkpoint after each, write the net. */
#ifndef TESSERA_TRAIN_RUN_H
#define TESSERA_TRAIN_RUN_H

#include <stdio.h>

#include "train/train_cli.h"

/* Returns a TRAIN_EXIT_ code; messages to out, errors to errout. */
int train_run(const TrainOptions *o, FILE *out, FILE *errout);

#endif
