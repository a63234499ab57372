/*
 * tune_verify.h - `tessera-tune verify`: the tuned values (the last row of
 * a tuning run's CSV) against the engine's defaults, played by the arena's
 * tournament (pairs, openings, concurrency, PGN, SPRT as in the arena), and
 * the Elo difference with its 95% interval from the arena's statistics.
 */
#ifndef TESSERA_TUNE_VERIFY_H
#define TESSERA_TUNE_VERIFY_H

#include <stdatomic.h>
#include <stdio.h>

#include "tune/tune_cli.h"

/* Returns a TUNE_EXIT_* code; messages go to out and errout.  tool is
 * argv[0] (for the printed arena command). */
int tune_verify(TuneOptions *options, const char *tool, atomic_int *abort, FILE *out,
                FILE *errout);

#endif
