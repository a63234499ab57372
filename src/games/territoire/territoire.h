/*
 * territoire/territoire.h - Territoire's state, shared by its rules (territoire/territoire.c), its
 * evaluation (territoire/eval.c) and its tests.
 *
 * Squares are numbered 0..35 here (1..36 in the notation); bit s of a ring
 * mask is square s, and square 35 touches square 0.
 */
#ifndef TESSERA_TERRITOIRE_H
#define TESSERA_TERRITOIRE_H

#include "games/game.h"
#include "util/bits.h"

#define TERRITOIRE_SQUARES 36
#define TERRITOIRE_GROUPS 3
#define TERRITOIRE_GROUP_MAX 6
#define TERRITOIRE_PAWNS 18 /* per side */
#define TERRITOIRE_STEPS_PER_TURN 3
#define TERRITOIRE_GOLDEN_BONUS 3
#define TERRITOIRE_RING ((1ULL << TERRITOIRE_SQUARES) - 1)

typedef struct {
    uint64_t value_squares[TERRITOIRE_GROUP_MAX + 1]; /* [v]: squares showing v */
    uint64_t pawns[2];                                /* [colour] */
    uint64_t dead;                                    /* captured squares, never playable */
    uint64_t key;                                     /* incremental Zobrist key */
    uint8_t square_value[TERRITOIRE_SQUARES];
    uint8_t groups[2][TERRITOIRE_GROUPS]; /* [colour], largest first */
    uint8_t captures[2];                  /* [colour]: opponent pawns it captured */
    uint8_t golden;                       /* square 0..35 */
    uint8_t side;                         /* colour to move */
    uint8_t steps_done;                   /* placements/discards made this turn */
} TerritoireState;

_Static_assert(sizeof(TerritoireState) <= POSITION_BYTES, "TerritoireState must fit in a Position");

static inline const TerritoireState *territoire_state(const Position *pos)
{
    return (const TerritoireState *)pos->bytes;
}

/* A step code (the rules' and the policy's): square + 1 (1..36) for a
 * placement, TERRITOIRE_STEP_DISCARD + k for a discard from a group of k,
 * TERRITOIRE_STEP_NONE where the turn ends; a Move holds up to three, the
 * first in its low byte. */
enum { TERRITOIRE_STEP_NONE = 0, TERRITOIRE_STEP_DISCARD = TERRITOIRE_SQUARES };

static inline TerritoireState *territoire_state_mut(Position *pos)
{
    return (TerritoireState *)pos->bytes;
}

static inline uint64_t territoire_free_squares(const TerritoireState *st)
{
    return TERRITOIRE_RING & ~(st->pawns[WHITE] | st->pawns[BLACK] | st->dead);
}

static inline int territoire_pawns_in_hand(const TerritoireState *st, int colour)
{
    const uint8_t *g = st->groups[colour];
    return g[0] + g[1] + g[2];
}

/* Of free, the squares whose value is the size of one of groups. */
static inline uint64_t territoire_placeable_for(const TerritoireState *st, uint64_t free,
                                                const uint8_t groups[TERRITOIRE_GROUPS])
{
    uint64_t squares = 0;
    for (int slot = 0; slot < TERRITOIRE_GROUPS; slot++)
        squares |= st->value_squares[groups[slot]];
    return squares & free; /* value_squares[0] is empty */
}

/* Squares a pawn of colour could go on right now: free squares whose value is
 * the size of one of its non-empty groups.  Inline, as the score below:
 * the rules, the evaluation and the network inputs all ask, and none of
 * them should call another's file for it. */
static inline uint64_t territoire_placeable_squares(const TerritoireState *st, int colour)
{
    return territoire_placeable_for(st, territoire_free_squares(st), st->groups[colour]);
}

/* Board pawns + captures + the golden bonus (RULES.md's score). */
static inline int territoire_score(const TerritoireState *st, int colour)
{
    int golden_bonus = (st->pawns[colour] >> st->golden & 1) ? TERRITOIRE_GOLDEN_BONUS : 0;
    return popcount64(st->pawns[colour]) + st->captures[colour] + golden_bonus;
}

/* The series of `series_pawns` that contains square, when `flanker_pawns`
 * flank it directly on both sides; 0 when it is not flanked (a series that
 * covers the whole ring has no sides and is never flanked). */
uint64_t territoire_flanked_series(uint64_t series_pawns, uint64_t flanker_pawns, int square);

/* The series of `pawns` that contains square (square must hold one). */
uint64_t territoire_series_at(uint64_t pawns, int square);

/* Evaluation weights (territoire/eval.c). */
#define TERRITOIRE_PARAM_COUNT 10
extern const GameParam territoire_params[TERRITOIRE_PARAM_COUNT];
int territoire_evaluate(const Position *pos);

/* How a series of colour's pawns stands: safe (it touches a dead square,
 * which breaks adjacency for good, or fills the ring), open (no opponent
 * pawn holds it), exposed (an opponent pawn holds one side, the other is
 * free) or takeable (exposed, and its free side is one of captor_targets,
 * the squares the opponent can place on now). */
typedef enum {
    TERRITOIRE_SERIES_SAFE,
    TERRITOIRE_SERIES_OPEN,
    TERRITOIRE_SERIES_EXPOSED,
    TERRITOIRE_SERIES_TAKEABLE,
    TERRITOIRE_SERIES_KINDS
} TerritoireSeriesKind;

/* Series lengths told apart: 1, 2, 3, and 4 or more. */
#define TERRITOIRE_SERIES_LENGTHS 4

/* How colour's series stand (territoire/standing.c), the evaluation's
 * and the network inputs' one reading of them. */
typedef struct {
    uint8_t pawns[TERRITOIRE_SERIES_KINDS];                                 /* pawns in series of each kind */
    uint8_t series[TERRITOIRE_SERIES_LENGTHS][TERRITOIRE_SERIES_KINDS]; /* series by length (index 0: 1) and kind */
    uint32_t present; /* bit length_index * TERRITOIRE_SERIES_KINDS + kind: series[length_index][kind] > 0 */
} TerritoireStanding; /* bytes: small enough to clear and copy in a few stores */
void territoire_standing(const TerritoireState *st, int colour, uint64_t captor_targets, TerritoireStanding *out);

/* Pawns an opponent pawn holds on one side while the other is free,
 * takeable ones included. */
static inline int territoire_exposed_pawns(const TerritoireStanding *standing)
{
    return standing->pawns[TERRITOIRE_SERIES_EXPOSED] + standing->pawns[TERRITOIRE_SERIES_TAKEABLE];
}

/* The free squares showing each value 1..6, read once per position for
 * both sides. */
typedef struct {
    int free[TERRITOIRE_GROUP_MAX + 1]; /* [value]; [0] is 0 */
    uint64_t free_lanes;                /* the same counts, byte v holding value v's */
} TerritoireSupply;
void territoire_supply(const TerritoireState *st, TerritoireSupply *out);

/* Pawns of colour's hand that will find no free square: a group of k
 * pawns needs one square of each value k, k-1, ..., 1 as it shrinks, and a
 * value whose free squares are fewer than the groups needing it forces
 * discards (the evaluation's and the network inputs' count).  In play it
 * stays 0 (each value's free squares are as many as both sides' groups
 * still need of it, more after discards); positions set by a string can
 * differ. */
int territoire_stranded_pawns(const TerritoireState *st, int colour, const TerritoireSupply *supply);

/* Network inputs (territoire/features.c). */
#define TERRITOIRE_NN_INPUTS 486
int territoire_nn_features(const Position *pos, uint16_t *active);
/* Policy layout (territoire/policy.c): the steps, by square and discard. */
#define TERRITOIRE_POLICY_SIZE 42
int territoire_policy_index(const Position *pos, Move move_or_step);

static inline uint64_t territoire_ring_up(uint64_t squares)
{
    return ((squares << 1) | (squares >> (TERRITOIRE_SQUARES - 1))) & TERRITOIRE_RING;
}

static inline uint64_t territoire_ring_down(uint64_t squares)
{
    return ((squares >> 1) | (squares << (TERRITOIRE_SQUARES - 1))) & TERRITOIRE_RING;
}

extern const Game territoire_game;

#endif
