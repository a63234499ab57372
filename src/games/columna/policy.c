/*
 * columna/policy.c - Columna's policy layout (Game.policy_index): the
 * steps of the turn in progress, each from its square and direction.
 *
 *   pawn moves   [0, 144):   from * 4 + direction
 *   stackings    [144, 288): 144 + from * 4 + direction
 *
 * from is the square (rank * 6 + file) the pawn or stack leaves and
 * direction the way it goes (north, east, south, west: 0..3); the square
 * it lands on is the first stack met that way, so square and direction
 * name one step.  Seen from the side to act: for black the ranks are
 * flipped (rank r reads as 5 - r, north and south swap), the start
 * position's own symmetry (white's b2 e2 c5 d5 are black's b5 e5 c2 d2).
 * 288 entries.  A whole turn (a pawn move and a stacking) gets its pawn
 * move's entry.
 */
#include "games/columna/columna.h"

enum { STEP_ENTRIES = COLUMNA_SQUARES * COLUMNA_DIRECTIONS };

_Static_assert(COLUMNA_POLICY_SIZE == 2 * STEP_ENTRIES, "pawn moves, then stackings");

static int step_entry(int side, int from, int to)
{
    int direction;
    if (from % COLUMNA_FILES == to % COLUMNA_FILES)
        direction = to > from ? COLUMNA_NORTH : COLUMNA_SOUTH;
    else
        direction = to > from ? COLUMNA_EAST : COLUMNA_WEST;
    if (side == BLACK) {
        from = (COLUMNA_FILES - 1 - from / COLUMNA_FILES) * COLUMNA_FILES + from % COLUMNA_FILES;
        if (direction == COLUMNA_NORTH || direction == COLUMNA_SOUTH)
            direction ^= COLUMNA_NORTH ^ COLUMNA_SOUTH;
    }
    return from * COLUMNA_DIRECTIONS + direction;
}

int columna_policy_index(const Position *pos, Move move_or_step)
{
    const int side = columna_cstate(pos)->side;
    const int from = columna_pawn_from(move_or_step), to = columna_pawn_to(move_or_step);
    if (move_or_step & COLUMNA_PAWN_STEP)
        return step_entry(side, from % COLUMNA_SQUARES, to % COLUMNA_SQUARES);
    const int stack_from = columna_stacking_from(move_or_step), stack_to = columna_stacking_to(move_or_step);
    return STEP_ENTRIES + step_entry(side, stack_from % COLUMNA_SQUARES, stack_to % COLUMNA_SQUARES);
}
