/*
 * columna/columna.h - Columna's position and board geometry, shared by the rules
 * (columna/columna.c) and the evaluation (columna/eval.c).
 *
 * Squares are numbered rank * 6 + file from a1 = 0, so a board-wide set of
 * squares is one 64-bit mask and "the first stack met" in a direction is the
 * nearest set bit of a ray.
 */
#ifndef TESSERA_COLUMNA_H
#define TESSERA_COLUMNA_H

#include "games/game.h"

#define COLUMNA_FILES 6
#define COLUMNA_SQUARES 36
#define COLUMNA_MAX_HEIGHT 5
#define COLUMNA_PAWNS_PER_SIDE 4
#define COLUMNA_TILES 36 /* tiles never leave the board */

enum { COLUMNA_PHASE_PAWN = 0, COLUMNA_PHASE_STACKING = 1 };
enum { COLUMNA_NORTH, COLUMNA_EAST, COLUMNA_SOUTH, COLUMNA_WEST, COLUMNA_DIRECTIONS };

typedef struct {
    uint64_t stacks;   /* squares whose stack height is above 0 */
    uint64_t pawns[2]; /* by colour */
    uint64_t key;      /* Zobrist key, kept up to date by every step */
    uint8_t stack_height[COLUMNA_SQUARES];
    uint8_t side;  /* colour to act */
    uint8_t phase; /* COLUMNA_PHASE_PAWN or COLUMNA_PHASE_STACKING */
} ColumnaState;

_Static_assert(sizeof(ColumnaState) <= POSITION_BYTES, "ColumnaState must fit in a Position");

static inline ColumnaState *columna_state(Position *pos) { return (ColumnaState *)pos->bytes; }
static inline const ColumnaState *columna_cstate(const Position *pos)
{
    return (const ColumnaState *)pos->bytes;
}

static inline uint64_t columna_bit(int square) { return 1ULL << square; }

static inline uint64_t columna_all_pawns(const ColumnaState *st) { return st->pawns[0] | st->pawns[1]; }

/* The squares strictly beyond square in direction, nearest first in bit
 * order for north/east and last in bit order for south/west. */
static inline uint64_t columna_ray(int square, int direction)
{
    const uint64_t rank_mask = 0x3FULL << (square / COLUMNA_FILES * COLUMNA_FILES);
    const uint64_t file_mask = 0x41041041ULL << (square % COLUMNA_FILES);
    const uint64_t above = ~0ULL << square << 1;
    const uint64_t below = columna_bit(square) - 1;
    switch (direction) {
    case COLUMNA_NORTH: return file_mask & above;
    case COLUMNA_EAST: return rank_mask & above;
    case COLUMNA_SOUTH: return file_mask & below;
    default: return rank_mask & below;
    }
}

/* The first stack met from square in direction (empty squares are skipped),
 * or -1 when the edge comes first. */
static inline int columna_first_stack(uint64_t stacks, int square, int direction)
{
    const uint64_t met = stacks & columna_ray(square, direction);
    if (!met)
        return -1;
    if (direction == COLUMNA_NORTH || direction == COLUMNA_EAST)
        return __builtin_ctzll(met);
    return 63 - __builtin_clzll(met);
}

static inline int columna_pop_square(uint64_t *set)
{
    const int square = __builtin_ctzll(*set);
    *set &= *set - 1;
    return square;
}

/* Evaluation (columna/eval.c). */
#define COLUMNA_PARAM_COUNT 7
extern const GameParam columna_params[COLUMNA_PARAM_COUNT];
int columna_evaluate(const Position *pos);
/* Network inputs (columna/features.c). */
#define COLUMNA_NN_INPUTS 398
int columna_nn_features(const Position *pos, uint16_t *active);
/* Policy layout (columna/policy.c): the steps, by square and direction. */
#define COLUMNA_POLICY_SIZE 288
int columna_policy_index(const Position *pos, Move move_or_step);

/* ---- move packing (rules and policy): pawn move in bits 0-11, stacking
 * in 12-23, each flagged (bits 24, 25); a Move holds one step or a whole
 * turn. ---- */

#define COLUMNA_PAWN_STEP ((Move)1 << 24)
#define COLUMNA_STACKING_STEP ((Move)1 << 25)

static inline Move columna_pawn_step(int from, int to) { return COLUMNA_PAWN_STEP | (Move)from | (Move)to << 6; }
static inline Move columna_stacking_step(int from, int to)
{
    return COLUMNA_STACKING_STEP | (Move)from << 12 | (Move)to << 18;
}
static inline int columna_pawn_from(Move m) { return (int)(m & 63); }
static inline int columna_pawn_to(Move m) { return (int)(m >> 6 & 63); }
static inline int columna_stacking_from(Move m) { return (int)(m >> 12 & 63); }
static inline int columna_stacking_to(Move m) { return (int)(m >> 18 & 63); }

#endif
