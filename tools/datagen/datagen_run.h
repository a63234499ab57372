/*
 * datagen_run.h - a whole tessera-datagen run: the data file created or
 * resumed, -threads self-play workers (an engine each), each finished
 * game's new positions appended under one lock, a progress line.
 */
#ifndef TESSERA_DATAGEN_RUN_H
#define TESSERA_DATAGEN_RUN_H

#include <stdatomic.h>
#include <stdio.h>

#include "datagen/datagen_cli.h"

/* Returns a DATAGEN_EXIT_* code; progress goes to out, errors to errout.
 * interrupted (from catch_interrupts) stops the run: games in flight are
 * dropped, finished ones are in the file. */
int datagen_run(const DatagenOptions *options, atomic_int *interrupted, FILE *out,
                FILE *errout);

#endif
