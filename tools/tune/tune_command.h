/*
 * tune_command.h - a whole tuning run: the engine's option list, the
 * parameters, SPSA set up (or resumed from its CSV), the iteration loop,
 * and the closing block: values, setoption lines, verify command.
 */
#ifndef TESSERA_TUNE_COMMAND_H
#define TESSERA_TUNE_COMMAND_H

#include <stdatomic.h>
#include <stdio.h>

#include "tune/tune_cli.h"

/* Returns a TUNE_EXIT_* code.  tool is argv[0]. */
int tune_command(const TuneOptions *options, const char *tool, atomic_int *abort, FILE *out,
                 FILE *errout);

#endif
