/*
 * roomandpillar/policy.c - Room and Pillar's policy layout
 * (Game.policy_index): one entry per square of the largest board (16 x 16)
 * that the side to move can own, and one for `swap`.
 *
 *   removals [0, 128): rank * 8 + file / 2, in the mover's frame
 *   swap     128
 *
 * The mover's frame: black's squares as they are (a1 is file 0, rank 0);
 * for white the board is mirrored onto black's colouring, its files
 * (file reads as width - 1 - file) when the width is even, else its ranks
 * (the height is even then).  The mirror keeps the rules (adjacency, 2 x 2
 * blocks) and turns white's stones into the squares black's occupy, so
 * the same shape of removal gets the same entry for either colour, and a
 * mover's stone always stands where file + rank is even: file / 2 with the
 * rank names it, 8 entries a rank.  The frame is anchored at the mover's
 * corner (a1 for black), not at the board's size: a square keeps its entry
 * on a larger board, and every size from 2 x 2 to 16 x 16 fits.  129
 * entries.
 */
#include "games/roomandpillar/roomandpillar.h"

enum { HALF_RANK = ROOMANDPILLAR_MAX_SIDE / 2, SWAP_ENTRY = ROOMANDPILLAR_MAX_SIDE * HALF_RANK };

_Static_assert(ROOMANDPILLAR_POLICY_SIZE == SWAP_ENTRY + 1, "the squares, then swap");

int roomandpillar_policy_index(const Position *pos, Move move)
{
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    if (move >= (Move)(b->width * b->height))
        return SWAP_ENTRY;
    int file = (int)move % b->width, rank = (int)move / b->width;
    if (b->side == WHITE) {
        if (b->width % 2 == 0)
            file = b->width - 1 - file;
        else
            rank = b->height - 1 - rank;
    }
    return rank * HALF_RANK + file / 2;
}
