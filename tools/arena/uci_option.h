/*
 * uci_option.h - an engine's option declarations, as its uci/ugi answer
 * lists them, and whether a value fits one:
 *
 *     option name Hash type spin default 64 min 1 max 65536
 *     option name Ponder type check default false
 *     option name Style type combo default Solid var Solid var Wild Ride
 *     option name Book File type string default <empty>
 *     option name Clear Hash type button
 *
 * Names and combo values may contain blanks (a name runs from `name` to
 * `type`, a value to the next keyword); the keywords after the type may
 * come in any order.  Names and combo values compare case-insensitively,
 * as UCI says.  The arena checks every option.NAME= against these before a
 * game, and the tuner reads its spin options here.
 */
#ifndef TESSERA_ARENA_UCI_OPTION_H
#define TESSERA_ARENA_UCI_OPTION_H

#include <stdbool.h>
#include <stddef.h>

#define UCI_OPTION_NAME_MAX 64
#define UCI_OPTION_VARS_MAX 1024

typedef enum {
    UCI_OPTION_SPIN,
    UCI_OPTION_CHECK,
    UCI_OPTION_COMBO,
    UCI_OPTION_STRING,
    UCI_OPTION_BUTTON,
    UCI_OPTION_UNKNOWN /* a type word UCI does not define */
} UciOptionType;

typedef struct {
    char name[UCI_OPTION_NAME_MAX];
    UciOptionType type;
    long long default_value, min, max; /* spin */
    bool default_on;                   /* check */
    int var_count;                     /* combo: the values, each ending in '\n' */
    char vars[UCI_OPTION_VARS_MAX];
} UciOption;

typedef enum {
    UCI_LINE_OTHER,    /* not an option line */
    UCI_LINE_OPTION,   /* a declaration, stored */
    UCI_LINE_MALFORMED /* an option line that cannot be read; name and type
                          are filled as far as they could be read */
} UciLineKind;

/* Reads one (whitespace-normalised or not) line of a uci answer. */
UciLineKind uci_option_parse(const char *line, UciOption *out, char *err, size_t err_size);

/* Whether `setoption name <option> value <value>` is one the declaration
 * allows: a whole number within min..max for a spin, true or false for a
 * check, one of the vars for a combo, anything for a string; a button takes
 * no value.  err says what is allowed. */
bool uci_option_accepts(const UciOption *option, const char *value, char *err, size_t err_size);

const char *uci_option_type_name(UciOptionType type);

#endif
