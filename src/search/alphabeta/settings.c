/* alphabeta/settings.c - defaults and ranges of the alphabeta settings, written
 * once: the list gives both an engine's starting settings and its spin
 * options (the same pattern as mcts/params.c). */
#include <stddef.h>

#include "search/alphabeta/internal.h"

#define AB_SETTING_LIST(X)                                      \
    X(aspiration_window, "AbAspiration", 40, 0, 2000)           \
    X(late_move_reduction, "AbReduction", 2, 0, 3)              \
    X(eval_order_depth, "AbEvalOrderDepth", 2, 1, 64)           \
    X(proof_share, "AbProofShare", 50, 0, 100)

#define AS_DEFAULT(field, name, def, lo, hi) .field = def,
#define AS_ROW(field, name, def, lo, hi) {name, def, lo, hi, offsetof(AbSettings, field)},

const AbSettings ab_default_settings = {AB_SETTING_LIST(AS_DEFAULT)};

const BackendParam ab_params[] = {AB_SETTING_LIST(AS_ROW)};

_Static_assert(sizeof ab_params / sizeof ab_params[0] == AB_PARAM_COUNT, "AB_PARAM_COUNT must match the list");
