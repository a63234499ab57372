/*
 * territoire_features.c - Territoire's network inputs (Game.nn_features),
 * seen from the side to move ("us"), in blocks:
 *
 *   ring      36 squares x 6 values x 4 occupants (free, us, them, dead):
 *             square s of value v holding o is s * 24 + (v - 1) * 4 + o;
 *   golden    the golden square (36) and its occupant (4);
 *   hands     per side (us, them) per group slot (largest first) its
 *             size 0..6: 2 x 3 x 7;
 *   captures  per side (us, them) the pawns it captured, 0..18: 2 x 19;
 *   steps     placements made in the turn in progress, 0..3;
 *   score     our score minus theirs (RULES.md), -15..15 (beyond shares
 *             the end's input): 31.
 *
 * 1019 inputs, 48 active.  The score difference is redundant with the
 * rest but is what decides the game: a small net gets it for free.
 */
#include "games/features.h"
#include "games/territoire.h"

enum { FREE = 0, US = 1, THEM = 2, DEAD = 3, OCCUPANTS = 4 };
enum { SCORE_SPAN = 15 };

_Static_assert(TERRITOIRE_NN_INPUTS == TERRITOIRE_SQUARES * TERRITOIRE_GROUP_MAX * OCCUPANTS +
                                      TERRITOIRE_SQUARES + OCCUPANTS + 2 * TERRITOIRE_GROUPS * 7 +
                                      2 * (TERRITOIRE_PAWNS + 1) + (TERRITOIRE_STEPS_PER_TURN + 1) +
                                      2 * SCORE_SPAN + 1,
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

int territoire_nn_features(const Position *pos, uint16_t *active)
{
    const TerritoireState *st = territoire_state(pos);
    const int us = st->side, them = !st->side;
    FeatureList list = feature_list(active);
    for (int s = 0; s < TERRITOIRE_SQUARES; s++)
        feature_add(&list, s * TERRITOIRE_GROUP_MAX * OCCUPANTS + (st->square_value[s] - 1) * OCCUPANTS +
                               occupant(st, s));
    feature_block_end(&list, TERRITOIRE_SQUARES * TERRITOIRE_GROUP_MAX * OCCUPANTS);
    feature_add(&list, st->golden);
    feature_block_end(&list, TERRITOIRE_SQUARES);
    feature_add(&list, occupant(st, st->golden));
    feature_block_end(&list, OCCUPANTS);
    const int sides[2] = {us, them};
    for (int i = 0; i < 2; i++)
        for (int g = 0; g < TERRITOIRE_GROUPS; g++)
            feature_add(&list, (i * TERRITOIRE_GROUPS + g) * 7 + st->groups[sides[i]][g]);
    feature_block_end(&list, 2 * TERRITOIRE_GROUPS * 7);
    for (int i = 0; i < 2; i++)
        feature_add(&list, i * (TERRITOIRE_PAWNS + 1) + feature_capped(st->captures[sides[i]], TERRITOIRE_PAWNS));
    feature_block_end(&list, 2 * (TERRITOIRE_PAWNS + 1));
    feature_add(&list, feature_capped(st->steps_done, TERRITOIRE_STEPS_PER_TURN));
    feature_block_end(&list, TERRITOIRE_STEPS_PER_TURN + 1);
    const int lead = territoire_score(st, us) - territoire_score(st, them);
    feature_add(&list, feature_capped(lead + SCORE_SPAN, 2 * SCORE_SPAN));
    return list.count;
}
