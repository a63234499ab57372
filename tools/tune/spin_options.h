/*
 * spin_options.h - the `spin` options an engine lists in its `uci` answer:
 *
 *     option name RoomMobility type spin default 10 min 0 max 100
 *
 * Names may contain spaces (the name runs from `name` to `type`); the
 * keywords after the type may come in any order.  Only spin options are
 * kept: they are the whole numbers a tuner can move.
 */
#ifndef TESSERA_TUNE_SPIN_OPTIONS_H
#define TESSERA_TUNE_SPIN_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/spsa.h"

#define SPIN_OPTIONS_MAX 256

typedef struct {
    char name[SPSA_NAME_MAX];
    long default_value, min, max;
} SpinOption;

typedef struct {
    SpinOption option[SPIN_OPTIONS_MAX];
    int count;
} SpinOptionList;

typedef enum {
    SPIN_LINE_OTHER,    /* not an option line, or an option of another type */
    SPIN_LINE_OPTION,   /* a spin option, stored */
    SPIN_LINE_MALFORMED /* an option line that says spin but cannot be read */
} SpinLineKind;

/* Reads one line (no newline) of a uci answer. */
SpinLineKind spin_option_parse(const char *line, SpinOption *out, char *err, size_t err_size);

/* Collects every spin option of a whole uci answer (lines separated by
 * newlines).  A malformed spin line or more than SPIN_OPTIONS_MAX spins is
 * an error naming the line. */
bool spin_options_from_text(const char *text, SpinOptionList *list, char *err, size_t err_size);

/* Case-insensitive, as UCI option names are; NULL when absent. */
const SpinOption *spin_options_find(const SpinOptionList *list, const char *name);

#endif
