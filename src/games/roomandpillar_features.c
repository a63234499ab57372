/*
 * roomandpillar_features.c - Room and Pillar's network inputs
 * (Game.nn_features) on the 12x12 board only: other sizes return -1 and
 * keep the hand-written evaluation (on 8x8 and 10x10 the proof search
 * decides the games, so a learned evaluation could not show there).
 * Seen from the side to move ("us"), in blocks:
 *
 *   removed   per square, a removed stone of ours, then one of theirs
 *             (the checkerboard fixes whose a square is): 2 x 144;
 *   swap      whether the swap is still available: 2;
 *   side      the colour to move (white, black): 2.
 *
 * 292 inputs, 2 + the removed stones active (at most NN_MAX_ACTIVE: the
 * encoding gives up, -1, on a board with more removed).
 */
#include "games/features.h"
#include "games/roomandpillar.h"

enum { NN_SIDE = 12, NN_SQUARES = NN_SIDE * NN_SIDE };

_Static_assert(ROOMANDPILLAR_NN_INPUTS == 2 * NN_SQUARES + 2 + 2,
               "the blocks below add up to the count the header promises");

int roomandpillar_nn_features(const Position *pos, uint16_t *active)
{
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    if (b->width != NN_SIDE || b->height != NN_SIDE || set_count(b->empty, b->words) > NN_MAX_ACTIVE - 2)
        return -1;
    FeatureList list = feature_list(active);
    const int sides[2] = {b->side, !b->side};
    for (int i = 0; i < 2; i++)
        for (int s = 0; s < NN_SQUARES; s++)
            if (square_in(&b->empty, s) && square_in(&b->colour[sides[i]], s))
                feature_add(&list, i * NN_SQUARES + s);
    feature_block_end(&list, 2 * NN_SQUARES);
    feature_add(&list, b->swap_available ? 1 : 0);
    feature_block_end(&list, 2);
    feature_add(&list, b->side);
    return list.count;
}
