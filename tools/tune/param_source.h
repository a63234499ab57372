/*
 * param_source.h - which parameters a run tunes, and with which steps.
 *
 * Two sources:
 *
 *   -tune PATTERNS   spin options of the engine's `uci` list, chosen by
 *                    name (comma-separated, case-insensitive; a trailing *
 *                    takes every name with that prefix).  Start, min and
 *                    max are the option's default, min and max; the steps
 *                    are the defaults below.
 *
 *   -params FILE     fishtest's SPSA parameter lines, one per parameter:
 *
 *                        name, start, min, max, c_end, r_end
 *
 *                    Blanks around fields are ignored, so are blank lines
 *                    and lines starting with #.  A line holding only a
 *                    name takes the engine's default, min and max and the
 *                    default steps.  When the engine's list is known, every
 *                    name must be one of its spin options (the engine's
 *                    spelling is kept) and min..max must lie in its range.
 */
#ifndef TESSERA_TUNE_PARAM_SOURCE_H
#define TESSERA_TUNE_PARAM_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/spin_options.h"
#include "tune/spsa.h"

/* Stockfish's tune defaults: c_end a twentieth of the range, r_end 0.002.
 * c_end is at least 1, as the engine only takes whole numbers: a smaller
 * perturbation would mostly round to no difference at all. */
#define STEP_DEFAULT_C_END_FRACTION 0.05
#define STEP_DEFAULT_R_END 0.002

typedef struct {
    double c_end_fraction;
    double r_end;
} StepDefaults;

StepDefaults step_defaults(void);

SpsaParam param_from_spin(const SpinOption *option, const StepDefaults *steps);

bool params_from_patterns(const SpinOptionList *engine, const char *patterns,
                          const StepDefaults *steps, SpsaParam *out, int *count, char *err,
                          size_t err_size);

/* engine may be NULL: then nothing is checked against it and a name-only
 * line is an error. */
bool params_from_file_text(const char *text, const SpinOptionList *engine,
                           const StepDefaults *steps, SpsaParam *out, int *count, char *err,
                           size_t err_size);

bool params_load_file(const char *path, const SpinOptionList *engine, const StepDefaults *steps,
                      SpsaParam *out, int *count, char *err, size_t err_size);

#endif
