/*
 * columna/features.c - Columna's network inputs (Game.nn_features), seen
 * from the side to act ("us"), in blocks:
 *
 *   perches   per side, per height 1..5, how many of its pawns stand on
 *             it (1, 2, 3, 4): 2 x 5 x 4 (the end counts pawns by height);
 *   stacks    per height 1..5, how many stacks without a pawn have it
 *             (0..15, 15 or more): 5 x 16 (what is left to build with);
 *   phase     pawn move or stacking: 2;
 *   side      the colour to act (white, black): 2;
 *   reach     per side, what its pawns see along their four lines: for
 *             each pawn height (1..5) and each first stack met (a free one
 *             of height 1..5, or one a pawn stands on), how many times
 *             (1, 2, 3, 4 or more): 2 x 5 x 6 x 4;
 *   moves     per side, its pawn moves (0..16): 2 x 17.
 *
 * 398 inputs, at most 8 + 5 + 2 + 32 + 2 = 49 active (four pawns a side,
 * each seeing at most four stacks).
 *
 * Decided: no input names a square.  A pawn's prospects are the stacks
 * it can climb next, the first stack met along each line, which depends
 * on the empty squares between: one-hot squares (a first encoding had
 * every square's height, pawn and perch, 724 inputs) left a small net to
 * rediscover that geometry square by square, and it did not: trained on
 * the classic evaluation's own values it ranked a position's children
 * poorly, and in play it lost about 700 Elo.  Inputs by height and by
 * what a pawn sees are the same for the board's eight symmetries and
 * learn from every square's examples at once (README, "Learned
 * evaluation").
 *
 * Policy outputs (Game.policy_index, columna/policy.c): the steps of the
 * turn in progress by square and direction, 288 entries: pawn moves
 * from * 4 + direction (0..143), stackings 144 + from * 4 + direction;
 * ranks flipped for black, the side to act's view as here.  Unlike these
 * inputs the entries name squares.
 */
#include "games/columna/columna.h"
#include "games/features.h"

enum {
    PAWN_HEIGHTS = COLUMNA_MAX_HEIGHT, /* a pawn stands on 1..5 */
    PAWN_COUNTS = COLUMNA_PAWNS_PER_SIDE,
    STACK_COUNTS = 16,
    TARGETS = COLUMNA_MAX_HEIGHT + 1, /* a free stack of 1..5, or a pawned one */
    SIGHT_COUNTS = 4,
    REACH_PER_SIDE = PAWN_HEIGHTS * TARGETS * SIGHT_COUNTS,
    MOST_MOVES = COLUMNA_PAWNS_PER_SIDE * COLUMNA_DIRECTIONS,
};

_Static_assert(PAWN_HEIGHTS * TARGETS <= 32, "a side's kinds of sight fit one mask");
_Static_assert(COLUMNA_NN_INPUTS == 2 * PAWN_HEIGHTS * PAWN_COUNTS + COLUMNA_MAX_HEIGHT * STACK_COUNTS + 2 + 2 +
                                   2 * REACH_PER_SIDE + 2 * (MOST_MOVES + 1),
               "the blocks below add up to the count the header promises");

/* Counts by kind, and which kinds were met, so that only those are
 * visited (in ascending order) when written: a position has at most 16
 * sights and 4 perches a side against 30 and 5 kinds. */
typedef struct {
    uint32_t met;
    uint8_t count[32];
} KindCounts;

static void count_kind(KindCounts *counts, int kind)
{
    counts->count[kind]++;
    counts->met |= 1u << kind;
}

/* Writes each kind met as its count's input: block first + kind * width
 * + count - 1 (counts above width share the last). */
static void add_kind_counts(FeatureList *list, const KindCounts *counts, int first, int width)
{
    for (uint32_t met = counts->met; met; met &= met - 1) {
        const int kind = __builtin_ctz(met);
        feature_add(list, first + kind * width + feature_capped(counts->count[kind], width) - 1);
    }
}

static void add_perches(FeatureList *list, const ColumnaState *st, const int sides[2])
{
    for (int i = 0; i < 2; i++) {
        KindCounts on_height = {0};
        for (uint64_t pawns = st->pawns[sides[i]]; pawns;)
            count_kind(&on_height, st->stack_height[columna_pop_square(&pawns)] - 1);
        add_kind_counts(list, &on_height, i * PAWN_HEIGHTS * PAWN_COUNTS, PAWN_COUNTS);
    }
    feature_block_end(list, 2 * PAWN_HEIGHTS * PAWN_COUNTS);
}

static void add_free_stacks(FeatureList *list, const ColumnaState *st)
{
    int of_height[COLUMNA_MAX_HEIGHT + 1] = {0};
    for (uint64_t free = st->stacks & ~columna_all_pawns(st); free;)
        of_height[st->stack_height[columna_pop_square(&free)]]++;
    for (int h = 1; h <= COLUMNA_MAX_HEIGHT; h++)
        feature_add(list, (h - 1) * STACK_COUNTS + feature_capped(of_height[h], STACK_COUNTS - 1));
    feature_block_end(list, COLUMNA_MAX_HEIGHT * STACK_COUNTS);
}

/* What colour's pawns see, by kind (own height - 1) * TARGETS + target,
 * target being a free stack's height - 1 or COLUMNA_MAX_HEIGHT for a
 * pawned one; returns the pawn moves. */
static int count_sights(const ColumnaState *st, int colour, KindCounts *seen)
{
    const uint64_t pawned = columna_all_pawns(st);
    int moves = 0;
    for (uint64_t pawns = st->pawns[colour]; pawns;) {
        const int from = columna_pop_square(&pawns);
        const int own = (st->stack_height[from] - 1) * TARGETS;
        for (int d = 0; d < COLUMNA_DIRECTIONS; d++) {
            const int to = columna_first_stack(st->stacks, from, d);
            if (to < 0)
                continue;
            const bool free = !(pawned & columna_bit(to));
            count_kind(seen, own + (free ? st->stack_height[to] - 1 : COLUMNA_MAX_HEIGHT));
            moves += free;
        }
    }
    return moves;
}

/* The reach and moves blocks. */
static void add_sights(FeatureList *list, const ColumnaState *st, const int sides[2])
{
    int moves[2];
    for (int i = 0; i < 2; i++) {
        KindCounts seen = {0};
        moves[i] = count_sights(st, sides[i], &seen);
        add_kind_counts(list, &seen, i * REACH_PER_SIDE, SIGHT_COUNTS);
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
    add_perches(&list, st, sides);
    add_free_stacks(&list, st);
    feature_add(&list, st->phase);
    feature_block_end(&list, 2);
    feature_add(&list, st->side);
    feature_block_end(&list, 2);
    add_sights(&list, st, sides);
    return list.count;
}
