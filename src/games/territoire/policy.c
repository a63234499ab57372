/*
 * territoire/policy.c - Territoire's policy layout (Game.policy_index):
 * the steps of the turn in progress, one entry per placement square and
 * per discard.
 *
 *   placements [0, 36):  (square - golden) mod 36, the ring counted from
 *                        the golden square (entry 0 is a placement on it)
 *   discards   [36, 42): 36 + k - 1 for a discard from a group of k
 *
 * A placement's group is the one whose size is the square's value, so the
 * square names the step.  The ring is counted from the golden square, its
 * only marked square, so that a deal's rotation of the ring moves no
 * entry.  No colour transform: nothing on the ring belongs to a colour
 * (the index is the same for dark and light).  42 entries.  A whole turn
 * gets its first step's entry.
 */
#include "games/territoire/territoire.h"

_Static_assert(TERRITOIRE_POLICY_SIZE == TERRITOIRE_SQUARES + TERRITOIRE_GROUP_MAX,
               "placements, then discards");

int territoire_policy_index(const Position *pos, Move move_or_step)
{
    const int step = (int)(move_or_step & 0xFF);
    if (step > TERRITOIRE_STEP_DISCARD) {
        const int size = step - TERRITOIRE_STEP_DISCARD;
        return TERRITOIRE_SQUARES + (size <= TERRITOIRE_GROUP_MAX ? size : TERRITOIRE_GROUP_MAX) - 1;
    }
    const int square = step > 0 ? step - 1 : 0;
    return (square - territoire_state(pos)->golden % TERRITOIRE_SQUARES + TERRITOIRE_SQUARES) % TERRITOIRE_SQUARES;
}
