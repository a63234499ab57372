/*
 * territoire/features.c - Territoire's network inputs (Game.nn_features),
 * seen from the side to move ("us"), in blocks, each a one-hot count:
 *
 *   lead      our score minus theirs (RULES.md), -20..20 (beyond shares
 *             the end's input): 41;
 *   hands     per side (us, them) per group slot (largest first) its
 *             size 0..6: 2 x 3 x 7;
 *   in hand   per side its pawns in hand, 0..18 (the phase): 2 x 19;
 *   captures  per side the pawns it captured (points no one can take
 *             back), 0..18: 2 x 19;
 *   steps     placements made in the turn in progress, 0..3: 4;
 *   supply    per value 1..6 its free squares, 0..6 (what the groups can
 *             still use): 6 x 7;
 *   stranded  per side, pawns in hand that will find no square of their
 *             group's size (the classic evaluation's count), 0..9: 2 x 10;
 *   golden    its occupant (free, us, them, dead): 4; its value: 6; who
 *             can take it now (us, only them, nobody): 3;
 *   standing  per side, its pawns that can never be taken (series
 *             touching a dead square), those held by an opponent pawn on
 *             one side with the other free, and of those the ones the
 *             other side can take with its next placement, 0..18: 2 x 3 x 19;
 *   series    per side, per series length (1, 2, 3, 4 or more) and
 *             standing (safe, open: no opponent beside it, exposed, takeable
 *             now), how many such series (1, 2, 3 or more): 2 x 4 x 4 x 3;
 *   mobility  per side, the free squares it can place on now, 0..18
 *             (18 or more): 2 x 19.
 *
 * 486 inputs, at most 1 + 6 + 2 + 2 + 1 + 6 + 2 + 3 + 6 + 32 + 2 = 63
 * active.
 *
 * Decided: no input names a square (Columna's and Room and Pillar's
 * lesson, README "Learned evaluation").  The ring's squares are alike but
 * for their value and the golden one, so what decides a game is counted:
 * the score, the hands against the squares left for them, which series
 * are safe, held or about to be taken, and who can place where.  A first
 * encoding (each square's value x occupant, 1019 inputs) lost to the
 * classic evaluation even at equal nodes.
 *
 * Policy outputs (Game.policy_index, territoire/policy.c): the steps of
 * the turn in progress, 42 entries: a placement (square - golden) mod 36,
 * the ring counted from the golden square, a discard from a group of k
 * 36 + k - 1.  No colour transform (the ring belongs to neither side).
 */
#include "games/features.h"
#include "games/territoire/territoire.h"
#include "util/bits.h"

enum { FREE = 0, US = 1, THEM = 2, DEAD = 3, OCCUPANTS = 4 };
enum {
    LEAD_TOP = 20,
    GROUP_SIZES = TERRITOIRE_GROUP_MAX + 1,
    PAWN_COUNTS = TERRITOIRE_PAWNS + 1,
    STEP_COUNTS = TERRITOIRE_STEPS_PER_TURN + 1,
    STRANDED_TOP = 9,
    ACCESS_KINDS = 3,
    STANDINGS = 3, /* safe, exposed, takeable */
    SERIES_LENGTHS = TERRITOIRE_SERIES_LENGTHS,
    SERIES_KINDS = TERRITOIRE_SERIES_KINDS,
    SERIES_COUNTS = 3,
    SERIES_PER_SIDE = SERIES_LENGTHS * SERIES_KINDS * SERIES_COUNTS,
};

_Static_assert(TERRITOIRE_NN_INPUTS == (2 * LEAD_TOP + 1) + 2 * TERRITOIRE_GROUPS * GROUP_SIZES + 2 * PAWN_COUNTS +
                                      2 * PAWN_COUNTS + STEP_COUNTS + TERRITOIRE_GROUP_MAX * GROUP_SIZES +
                                      2 * (STRANDED_TOP + 1) + OCCUPANTS + TERRITOIRE_GROUP_MAX + ACCESS_KINDS +
                                      2 * STANDINGS * PAWN_COUNTS + 2 * SERIES_PER_SIDE + 2 * PAWN_COUNTS,
               "the blocks below add up to the count the header promises");

static int occupant(const TerritoireState *st, int square)
{
    const uint64_t bit = 1ULL << square;
    if (st->pawns[st->side] & bit)
        return US;
    if (st->pawns[!st->side] & bit)
        return THEM;
    return st->dead & bit ? DEAD : FREE;
}

static void add_scores_and_hands(FeatureList *list, const TerritoireState *st, const int sides[2])
{
    const int lead = territoire_score(st, sides[0]) - territoire_score(st, sides[1]);
    feature_add(list, feature_capped(lead + LEAD_TOP, 2 * LEAD_TOP));
    feature_block_end(list, 2 * LEAD_TOP + 1);
    for (int i = 0; i < 2; i++)
        for (int g = 0; g < TERRITOIRE_GROUPS; g++)
            feature_add(list, (i * TERRITOIRE_GROUPS + g) * GROUP_SIZES + st->groups[sides[i]][g]);
    feature_block_end(list, 2 * TERRITOIRE_GROUPS * GROUP_SIZES);
    for (int i = 0; i < 2; i++)
        feature_add(list, i * PAWN_COUNTS + feature_capped(territoire_pawns_in_hand(st, sides[i]), TERRITOIRE_PAWNS));
    feature_block_end(list, 2 * PAWN_COUNTS);
    for (int i = 0; i < 2; i++)
        feature_add(list, i * PAWN_COUNTS + feature_capped(st->captures[sides[i]], TERRITOIRE_PAWNS));
    feature_block_end(list, 2 * PAWN_COUNTS);
    feature_add(list, feature_capped(st->steps_done, TERRITOIRE_STEPS_PER_TURN));
    feature_block_end(list, STEP_COUNTS);
}

static void add_squares_left(FeatureList *list, const TerritoireState *st, const int sides[2])
{
    TerritoireSupply supply;
    territoire_supply(st, &supply);
    for (int value = 1; value <= TERRITOIRE_GROUP_MAX; value++)
        feature_add(list, (value - 1) * GROUP_SIZES + feature_capped(supply.free[value], TERRITOIRE_GROUP_MAX));
    feature_block_end(list, TERRITOIRE_GROUP_MAX * GROUP_SIZES);
    for (int i = 0; i < 2; i++)
        feature_add(list, i * (STRANDED_TOP + 1) +
                              feature_capped(territoire_stranded_pawns(st, sides[i], &supply), STRANDED_TOP));
    feature_block_end(list, 2 * (STRANDED_TOP + 1));
}

static void add_golden(FeatureList *list, const TerritoireState *st, const uint64_t targets[2])
{
    feature_add(list, occupant(st, st->golden));
    feature_block_end(list, OCCUPANTS);
    feature_add(list, st->square_value[st->golden] - 1);
    feature_block_end(list, TERRITOIRE_GROUP_MAX);
    const uint64_t golden = 1ULL << st->golden;
    feature_add(list, (targets[0] & golden) ? 0 : (targets[1] & golden) ? 1 : 2); /* we place first */
    feature_block_end(list, ACCESS_KINDS);
}

/* Safe, exposed (held on one side, takeable ones included), takeable. */
static int pawns_by_standing(const TerritoireStanding *standing, int k)
{
    const int by_standing[STANDINGS] = {standing->pawns[TERRITOIRE_SERIES_SAFE], territoire_exposed_pawns(standing),
                                        standing->pawns[TERRITOIRE_SERIES_TAKEABLE]};
    return by_standing[k];
}

static void add_standings(FeatureList *list, const TerritoireState *st, const int sides[2], const uint64_t targets[2])
{
    TerritoireStanding standing[2];
    territoire_standing(st, sides[0], targets[1], &standing[0]);
    territoire_standing(st, sides[1], targets[0], &standing[1]);
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < STANDINGS; k++)
            feature_add(list, (i * STANDINGS + k) * PAWN_COUNTS +
                                  feature_capped(pawns_by_standing(&standing[i], k), TERRITOIRE_PAWNS));
    feature_block_end(list, 2 * STANDINGS * PAWN_COUNTS);
    /* Only the kinds of series present, in ascending order of their cells. */
    for (int i = 0; i < 2; i++)
        for (unsigned left = standing[i].present; left; left &= left - 1) {
            const int cell = __builtin_ctz(left);
            const int count = standing[i].series[cell / SERIES_KINDS][cell % SERIES_KINDS];
            feature_add(list, i * SERIES_PER_SIDE + cell * SERIES_COUNTS + feature_capped(count, SERIES_COUNTS) - 1);
        }
    feature_block_end(list, 2 * SERIES_PER_SIDE);
}

int territoire_nn_features(const Position *pos, uint16_t *active)
{
    const TerritoireState *st = territoire_state(pos);
    const int sides[2] = {st->side, !st->side};
    const uint64_t targets[2] = {territoire_placeable_squares(st, sides[0]),
                                 territoire_placeable_squares(st, sides[1])};
    FeatureList list = feature_list(active);
    add_scores_and_hands(&list, st, sides);
    add_squares_left(&list, st, sides);
    add_golden(&list, st, targets);
    add_standings(&list, st, sides, targets);
    for (int i = 0; i < 2; i++)
        feature_add(&list, i * PAWN_COUNTS + feature_capped(popcount64(targets[i]), TERRITOIRE_PAWNS));
    return list.count;
}
