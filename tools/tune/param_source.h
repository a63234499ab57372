/*
 * param_source.h - which parameters a run tunes, and with which steps.
 *
 * Two sources:
 *
 *   -tune PATTERNS   spin options of the engine's `uci` list, chosen by
 *                    name (comma-separated, case-insensitive; a trailing *
 *                    takes every name with that prefix).  Start, min and
 *                    max are the option's default, min and max; the steps
 *                    are the defaults below (c_end from the default).
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

/* The default steps.  c_end is a tenth of the size of the option's default
 * value: a weight's default says what scale it lives on, its option range
 * does not (ColumnaHeight1 is 2 in a range 0..1000; 5% of the range would
 * play it as 52 against 0, a test of another engine).  c_end is at least 1,
 * as the engine only takes whole numbers: a smaller perturbation would
 * mostly round to no difference at all, and it is the step of a default 0.
 * r_end 0.002 is Stockfish's tune default.  A -params line sets both per
 * parameter. */
#define STEP_DEFAULT_C_END_FRACTION 0.1
#define STEP_DEFAULT_R_END 0.002

typedef struct {
    double c_end_fraction; /* c_end = max(1, c_end_fraction * |default|) */
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
