/*
 * columna/eval.c - a heuristic value of a Columna position for the side to
 * act, read by the searches.
 *
 * The game is decided by the pawns on height-5 stacks, then 4, ... 1, so a
 * pawn's worth grows steeply with its stack's height.  Pawns move every turn,
 * so a pawn next to a taller free stack is worth part of what it would gain by
 * climbing it, and a pawn with nowhere to go is a liability (a side with no
 * pawn move loses the tie-break's last step).
 *
 * Bound: each side's terms are at most 4 * 1000 (heights) + 4 * 1000 (reach)
 * + 16 * 100 (mobility) = 9600 with every weight at its maximum, so the
 * value stays inside +-EVAL_BOUND, beyond which are proven results.
 */
#include "games/columna/columna.h"

/* Tuned by SPSA (tools/tune/params/columna.txt, 1600 games at 2000 nodes a
 * move); the tuned set beat the hand-set one (0 10 25 55 120 35 3) by
 * +44.7 +/- 20.4 Elo over 1000 games at 2000 nodes and +31.4 +/- 51.9 over
 * 200 games at 1 s + 10 ms. */
#define COLUMNA_WEIGHTS(X)                                              \
    X(height1, "ColumnaHeight1", 2, 0, 1000) /* a pawn on a stack of 1 */ \
    X(height2, "ColumnaHeight2", 6, 0, 1000)                             \
    X(height3, "ColumnaHeight3", 24, 0, 1000)                            \
    X(height4, "ColumnaHeight4", 50, 0, 1000)                            \
    X(height5, "ColumnaHeight5", 133, 0, 1000)                           \
    X(reach_percent, "ColumnaReach", 45, 0, 100)                         \
    X(mobility_weight, "ColumnaMobility", 4, 0, 100)

static struct {
    COLUMNA_WEIGHTS(GAME_WEIGHT_FIELD)
} weights = {COLUMNA_WEIGHTS(GAME_WEIGHT_DEFAULT)};

const GameParam columna_params[COLUMNA_PARAM_COUNT] = {COLUMNA_WEIGHTS(GAME_WEIGHT_ROW)};
_Static_assert(sizeof columna_params / sizeof columna_params[0] == COLUMNA_PARAM_COUNT, "one row per weight");

/* The height weights by stack height (none on the floor). */
static const int no_weight = 0;
static const int *const pawn_on_height[COLUMNA_MAX_HEIGHT + 1] = {
    &no_weight, &weights.height1, &weights.height2, &weights.height3, &weights.height4, &weights.height5,
};

/* One pawn's worth: its height, part of the best climb open to it, and its
 * moves. */
static int pawn_value(const ColumnaState *st, int square)
{
    const uint64_t pawned = columna_all_pawns(st);
    const int here = *pawn_on_height[st->stack_height[square]];
    int best_climb = 0, moves = 0;
    for (int d = 0; d < COLUMNA_DIRECTIONS; d++) {
        const int to = columna_first_stack(st->stacks, square, d);
        if (to < 0 || (pawned & columna_bit(to)))
            continue;
        moves++;
        const int climb = *pawn_on_height[st->stack_height[to]] - here;
        if (climb > best_climb)
            best_climb = climb;
    }
    return here + best_climb * weights.reach_percent / 100 + moves * weights.mobility_weight;
}

static int side_value(const ColumnaState *st, int colour)
{
    int value = 0;
    for (uint64_t pawns = st->pawns[colour]; pawns;)
        value += pawn_value(st, columna_pop_square(&pawns));
    return value;
}

int columna_evaluate(const Position *pos)
{
    const ColumnaState *st = columna_cstate(pos);
    return side_value(st, st->side) - side_value(st, st->side ^ 1);
}
