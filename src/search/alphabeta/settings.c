/* alphabeta/settings.c - defaults and ranges of the alphabeta settings, written
 * once: the list gives both an engine's starting settings and its spin
 * options (the same pattern as mcts/params.c).  These are the common
 * defaults; a game may start some elsewhere (Game.setting_defaults). */
#include <stddef.h>

#include "search/alphabeta/internal.h"

#define AB_SETTING_LIST(X)                                      \
    X(aspiration_window, "AbAspiration", 40, 0, 2000)           \
    X(late_move_reduction, "AbReduction", 2, 0, 6)              \
    X(reduction_depth, "AbReductionDepth", 3, 2, 64)            \
    X(reduction_index, "AbReductionIndex", 3, 1, 256)           \
    X(reduction_late_index, "AbReductionLateIndex", 12, 1, 256) \
    X(eval_order_depth, "AbEvalOrderDepth", 2, 1, 64)           \
    X(eval_order_width, "AbEvalOrderWidth", 0, 0, AB_MAX_CHILDREN) \
    X(proof_share, "AbProofShare", 50, 0, 100)                  \
    X(policy_order, "AbPolicyOrder", 0, 0, 1)

#define SETTINGS_TYPE AbSettings
const AbSettings ab_default_settings = {AB_SETTING_LIST(BACKEND_SETTING_DEFAULT)};
const BackendParam ab_params[] = {AB_SETTING_LIST(BACKEND_SETTING_ROW)};

_Static_assert(sizeof ab_params / sizeof ab_params[0] == AB_PARAM_COUNT, "AB_PARAM_COUNT must match the list");
