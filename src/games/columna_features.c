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
 *   side      the colour to act (white, black): 2;
 *   reach     per side, what its pawns see along their four lines: for
 *             each pawn height (1..5) and each first stack met (a free one
 *             of height 1..5, or one a pawn stands on), how many times
 *             (1, 2, 3, 4 or more): 2 x 5 x 6 x 4;
 *   moves     per side, its pawn moves (0..16): 2 x 17.
 *
 * 998 inputs, at most 54 + 60 + 2 active.
 *
 * Why reach and moves: a pawn's prospects are the stacks it can climb
 * next, the first stack met along each line, which depends on the empty
 * squares between; one-hot squares leave a small net to rediscover that
 * geometry, and one trained on them alone ranked a position's children
 * no better than chance against the classic evaluation's own values
 * (README, "Learned evaluation").  The counts tell a lone option from
 * several.
 */
#include "games/columna.h"
#include "games/features.h"

enum {
    HEIGHTS = COLUMNA_MAX_HEIGHT + 1,
    TARGETS = COLUMNA_MAX_HEIGHT + 1, /* a free stack of 1..5, or a pawned one */
    COUNTS = 4,
    REACH_PER_SIDE = COLUMNA_MAX_HEIGHT * TARGETS * COUNTS,
    MOST_MOVES = COLUMNA_PAWNS_PER_SIDE * COLUMNA_DIRECTIONS,
};

_Static_assert(COLUMNA_NN_INPUTS == COLUMNA_SQUARES * HEIGHTS + 2 * COLUMNA_SQUARES +
                                   2 * COLUMNA_SQUARES * HEIGHTS + 2 + 2 + 2 * REACH_PER_SIDE +
                                   2 * (MOST_MOVES + 1),
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

/* What colour's pawns see: seen[own height - 1][target] counts first
 * stacks met (target: free height - 1, or COLUMNA_MAX_HEIGHT for a
 * pawned stack); returns the pawn moves. */
static int count_sights(const ColumnaState *st, int colour, int seen[COLUMNA_MAX_HEIGHT][TARGETS])
{
    const uint64_t pawned = columna_all_pawns(st);
    int moves = 0;
    for (uint64_t pawns = st->pawns[colour]; pawns;) {
        const int from = columna_pop_square(&pawns);
        for (int d = 0; d < COLUMNA_DIRECTIONS; d++) {
            const int to = columna_first_stack(st->stacks, from, d);
            if (to < 0)
                continue;
            const bool free = !(pawned & columna_bit(to));
            seen[st->stack_height[from] - 1][free ? st->stack_height[to] - 1 : COLUMNA_MAX_HEIGHT]++;
            moves += free;
        }
    }
    return moves;
}

/* The reach and moves blocks; a side's cells are in ascending order. */
static void add_sights(FeatureList *list, const ColumnaState *st, const int sides[2])
{
    int moves[2];
    for (int i = 0; i < 2; i++) {
        int seen[COLUMNA_MAX_HEIGHT][TARGETS] = {{0}};
        moves[i] = count_sights(st, sides[i], seen);
        for (int h = 0; h < COLUMNA_MAX_HEIGHT; h++)
            for (int t = 0; t < TARGETS; t++)
                if (seen[h][t])
                    feature_add(list, i * REACH_PER_SIDE + (h * TARGETS + t) * COUNTS +
                                          feature_capped(seen[h][t], COUNTS) - 1);
    }
    feature_block_end(list, 2 * REACH_PER_SIDE);
    for (int i = 0; i < 2; i++)
        feature_add(list, i * (MOST_MOVES + 1) + moves[i]);
    feature_block_end(list, 2 * (MOST_MOVES + 1));
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
    feature_block_end(&list, 2);
    add_sights(&list, st, sides);
    return list.count;
}
