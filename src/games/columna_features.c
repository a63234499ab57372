/*
 * columna_features.c - Columna's network inputs (Game.nn_features), seen
 * from the side to act ("us"), in blocks:
 *
 *   heights   per square its stack height 0..5: 36 x 6;
 *   pawns     per square a pawn of ours, then per square one of theirs:
 *             2 x 36;
 *   perches   per pawn of ours, then of theirs, the height it stands on
 *             (1..5, 0 for none): 2 x 36 x 6 (what a pawn can reach
 *             depends on it);
 *   phase     pawn move or stacking: 2;
 *   side      the colour to act (white, black): 2.
 *
 * 724 inputs, at most 54 active.
 */
#include "games/columna.h"
#include "games/features.h"

enum { HEIGHTS = COLUMNA_MAX_HEIGHT + 1 };

_Static_assert(COLUMNA_NN_INPUTS == COLUMNA_SQUARES * HEIGHTS + 2 * COLUMNA_SQUARES +
                                   2 * COLUMNA_SQUARES * HEIGHTS + 2 + 2,
               "the blocks below add up to the count the header promises");

static void add_pawns(FeatureList *list, const ColumnaState *st, const int sides[2], bool with_height)
{
    for (int i = 0; i < 2; i++) {
        uint64_t pawns = st->pawns[sides[i]];
        while (pawns) {
            const int s = columna_pop_square(&pawns);
            feature_add(list, with_height ? (i * COLUMNA_SQUARES + s) * HEIGHTS + st->stack_height[s]
                                          : i * COLUMNA_SQUARES + s);
        }
    }
    feature_block_end(list, 2 * COLUMNA_SQUARES * (with_height ? HEIGHTS : 1));
}

int columna_nn_features(const Position *pos, uint16_t *active)
{
    const ColumnaState *st = columna_cstate(pos);
    const int sides[2] = {st->side, !st->side};
    FeatureList list = feature_list(active);
    for (int s = 0; s < COLUMNA_SQUARES; s++)
        feature_add(&list, s * HEIGHTS + st->stack_height[s]);
    feature_block_end(&list, COLUMNA_SQUARES * HEIGHTS);
    add_pawns(&list, st, sides, false);
    add_pawns(&list, st, sides, true);
    feature_add(&list, st->phase);
    feature_block_end(&list, 2);
    feature_add(&list, st->side);
    return list.count;
}
