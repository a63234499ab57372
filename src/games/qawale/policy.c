/*
 * qawale/policy.c - Qawale's policy layout (Game.policy_index).  Qawale
 * has no step hooks: the entries index whole turns, and those are too many
 * to index one by one (a tall stack is sown in millions of ways, most of
 * them giving the same board).  An entry is a class of turns instead:
 *
 *   (start * 4 + first direction) * 16 + end square
 *
 * start the stack the pebble is added to and sown from (rank * 4 + file),
 * first direction its first drop's (north, east, south, west: 0..3): the
 * turn's first decision; end the square of the last drop, where the
 * mover's own pebble lands on top.  Turns that share an entry share those
 * three (and so their first decision), and differ only in the path
 * between the first drop and the last.  No colour transform: the board
 * and its start belong to neither colour, so a turn's entry is the same
 * whoever plays it.  1024 entries (a 4 x 4 board: most classes are never
 * legal, e.g. a corner's two ways off the board).
 */
#include "games/qawale/qawale.h"

enum { ENDS = QAWALE_SQUARES };

_Static_assert(QAWALE_POLICY_SIZE == QAWALE_SQUARES * 4 * ENDS, "start x first direction x end");

/* The last drop's square: the walk from start along the move's drops (a
 * value that is no legal move stays on the board). */
static int end_square(Move move)
{
    const int start = qawale_move_start(move);
    int file = start & 3, rank = start >> 2;
    const int drops = qawale_move_drops(move);
    for (int i = 0; i < drops && i < QAWALE_MAX_DROPS; i++) {
        switch (qawale_move_direction(move, i)) {
        case QAWALE_NORTH: rank += rank < 3; break;
        case QAWALE_EAST: file += file < 3; break;
        case QAWALE_SOUTH: rank -= rank > 0; break;
        default: file -= file > 0; break;
        }
    }
    return rank * 4 + file;
}

int qawale_policy_index(const Position *pos, Move move)
{
    (void)pos;
    const int first = qawale_move_direction(move, 0);
    return (qawale_move_start(move) * 4 + first) * ENDS + end_square(move);
}
