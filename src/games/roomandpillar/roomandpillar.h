/*
 * roomandpillar/roomandpillar.h - Room and Pillar's board and its removal rule, shared by
 * the rules (roomandpillar/roomandpillar.c) and the evaluation (roomandpillar/eval.c).
 *
 * The board is a bitboard of up to 16 x 16 squares, square = rank * width +
 * file, packed densely into as many 64-bit words as the size needs (one for
 * 8 x 8).  Every set operation takes that word count as a compile-time
 * constant inside a function specialised per count, so the 8 x 8 board
 * runs on plain uint64_t arithmetic and 16 x 16 pays only for its size.
 */
#ifndef TESSERA_ROOMANDPILLAR_H
#define TESSERA_ROOMANDPILLAR_H

#include "games/game.h"
#include "util/bits.h"

#define ROOMANDPILLAR_MIN_SIDE 2
#define ROOMANDPILLAR_MAX_SIDE 16
#define ROOMANDPILLAR_WORDS 4 /* 16 * 16 squares / 64 */
#define ROOMANDPILLAR_IMAGES 7 /* a square's symmetries but the identity */

/* A Move is a square index; the pie answer gets a value no square has. */
#define ROOMANDPILLAR_MOVE_SWAP ((Move)(ROOMANDPILLAR_MAX_SIDE * ROOMANDPILLAR_MAX_SIDE))

typedef struct {
    uint64_t word[ROOMANDPILLAR_WORDS];
} SquareSet;

typedef struct {
    SquareSet empty;     /* squares whose stone was removed */
    SquareSet colour[2]; /* the checkerboard squares of WHITE and of BLACK */
    /* A shift by one file must not wrap from one rank's edge to the next
     * rank's other edge: these masks cut the wrapped squares off. */
    SquareSet not_first_file, not_last_file;
    uint64_t hash;
    /* The hash of each image of the board under those of its symmetries
     * that keep every square's colour (of the two mirrors, the half-turn
     * and, on a square board, the two transpositions and the quarter-turns):
     * the proof search's key is the least of them and the hash. */
    uint64_t image_hash[ROOMANDPILLAR_IMAGES];
    uint8_t image[ROOMANDPILLAR_IMAGES]; /* which symmetry (image_square's k) */
    uint8_t images;
    uint8_t width, height;
    uint8_t words; /* 64-bit words the board occupies */
    uint8_t side;  /* colour to move */
    uint8_t swap_available;
} RoomAndPillarBoard;

_Static_assert(sizeof(RoomAndPillarBoard) <= POSITION_BYTES, "RoomAndPillarBoard must fit in a Position");

static inline const RoomAndPillarBoard *roomandpillar_board(const Position *pos)
{
    return (const RoomAndPillarBoard *)pos->bytes;
}
static inline RoomAndPillarBoard *roomandpillar_board_mut(Position *pos)
{
    return (RoomAndPillarBoard *)pos->bytes;
}

/* ---- square sets over the first n words (n is a constant after inlining) ---- */

#define ROOMANDPILLAR_INLINE static inline __attribute__((always_inline))

ROOMANDPILLAR_INLINE SquareSet set_and(SquareSet a, SquareSet b, int n)
{
    for (int i = 0; i < n; i++)
        a.word[i] &= b.word[i];
    return a;
}

ROOMANDPILLAR_INLINE SquareSet set_or(SquareSet a, SquareSet b, int n)
{
    for (int i = 0; i < n; i++)
        a.word[i] |= b.word[i];
    return a;
}

ROOMANDPILLAR_INLINE SquareSet set_xor(SquareSet a, SquareSet b, int n)
{
    for (int i = 0; i < n; i++)
        a.word[i] ^= b.word[i];
    return a;
}

ROOMANDPILLAR_INLINE SquareSet set_minus(SquareSet a, SquareSet b, int n)
{
    for (int i = 0; i < n; i++)
        a.word[i] &= ~b.word[i];
    return a;
}

/* Square s moves to s + k (0 < k < 64). */
ROOMANDPILLAR_INLINE SquareSet set_up(SquareSet a, int k, int n)
{
    SquareSet r = {{0}};
    for (int i = 0; i < n; i++)
        r.word[i] = (a.word[i] << k) | (i > 0 ? a.word[i - 1] >> (64 - k) : 0);
    return r;
}

/* Square s moves to s - k (0 < k < 64). */
ROOMANDPILLAR_INLINE SquareSet set_down(SquareSet a, int k, int n)
{
    SquareSet r = {{0}};
    for (int i = 0; i < n; i++)
        r.word[i] = (a.word[i] >> k) | (i + 1 < n ? a.word[i + 1] << (64 - k) : 0);
    return r;
}

ROOMANDPILLAR_INLINE bool square_in(const SquareSet *set, int square)
{
    return (set->word[square / 64] >> (square % 64)) & 1;
}

ROOMANDPILLAR_INLINE bool set_is_empty(SquareSet a, int n)
{
    uint64_t any = 0;
    for (int i = 0; i < n; i++)
        any |= a.word[i];
    return any == 0;
}

ROOMANDPILLAR_INLINE int set_count(SquareSet a, int n)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        count += popcount64(a.word[i]);
    return count;
}

/* ---- the removal rule ---- */

/* For every square s, whether the named neighbour of s is an empty square
 * (off-board neighbours are not). */
typedef struct {
    SquareSet north, south, east, west;
    SquareSet north_east, north_west, south_east, south_west;
} EmptyAround;

/* For every square s, whether the named orthogonal neighbour of s is in a
 * set.  The shift north of the top rank leaves squares in the spare bits
 * above the board; they only ever meet the (clean) stone sets, or come
 * back down one step onto the last file, which not_last_file cuts. */
typedef struct {
    SquareSet north, south, east, west;
} SquaresBeside;

ROOMANDPILLAR_INLINE SquaresBeside squares_beside(const RoomAndPillarBoard *b, SquareSet set, int n)
{
    SquaresBeside r;
    r.north = set_down(set, b->width, n);
    r.south = set_up(set, b->width, n);
    r.east = set_and(set_down(set, 1, n), b->not_last_file, n);
    r.west = set_and(set_up(set, 1, n), b->not_first_file, n);
    return r;
}

ROOMANDPILLAR_INLINE EmptyAround empty_around(const RoomAndPillarBoard *b, int n)
{
    EmptyAround a;
    SquaresBeside empty = squares_beside(b, b->empty, n);
    a.north = empty.north;
    a.south = empty.south;
    a.east = empty.east;
    a.west = empty.west;
    a.north_east = set_and(set_down(a.north, 1, n), b->not_last_file, n);
    a.north_west = set_and(set_up(a.north, 1, n), b->not_first_file, n);
    a.south_east = set_and(set_down(a.south, 1, n), b->not_last_file, n);
    a.south_west = set_and(set_up(a.south, 1, n), b->not_first_file, n);
    return a;
}

/* Squares whose removal would complete an empty 2x2 block: one of the four
 * 2x2 windows holding the square has its other three squares empty. */
ROOMANDPILLAR_INLINE SquareSet block_completing(const EmptyAround *a, int n)
{
    SquareSet east_pair = set_and(a->east, set_or(set_and(a->north, a->north_east, n),
                                                  set_and(a->south, a->south_east, n), n), n);
    SquareSet west_pair = set_and(a->west, set_or(set_and(a->north, a->north_west, n),
                                                  set_and(a->south, a->south_west, n), n), n);
    return set_or(east_pair, west_pair, n);
}

ROOMANDPILLAR_INLINE SquareSet touching_empty(const EmptyAround *a, int n)
{
    return set_or(set_or(a->north, a->south, n), set_or(a->east, a->west, n), n);
}

/* The stones colour may remove now (ignoring whose turn it is). */
ROOMANDPILLAR_INLINE SquareSet removable_stones(const RoomAndPillarBoard *b, int colour, int n)
{
    SquareSet stones = set_minus(b->colour[colour], b->empty, n);
    if (set_is_empty(b->empty, n))
        return stones; /* the first removal is free */
    EmptyAround a = empty_around(b, n);
    return set_minus(set_and(stones, touching_empty(&a, n), n), block_completing(&a, n), n);
}

/* What the evaluation and the network inputs count, per square: */
typedef struct {
    SquareSet open; /* stones removable now (by whichever side owns them) */
    SquareSet safe; /* of those, the ones the other side cannot forbid with
                     * one removal: no window has its diagonal square and
                     * exactly one orthogonal neighbour empty */
    SquareSet live; /* stones not frozen: no window has its other three
                     * squares empty, which would stay so for good */
} RemovalSets;

/* Squares whose removal the other side can forbid with one removal. */
ROOMANDPILLAR_INLINE SquareSet contested_squares(const EmptyAround *a, int n)
{
    SquareSet north = set_or(set_and(a->north_east, set_xor(a->north, a->east, n), n),
                             set_and(a->north_west, set_xor(a->north, a->west, n), n), n);
    SquareSet south = set_or(set_and(a->south_east, set_xor(a->south, a->east, n), n),
                             set_and(a->south_west, set_xor(a->south, a->west, n), n), n);
    return set_or(north, south, n);
}

ROOMANDPILLAR_INLINE RemovalSets removal_sets(const RoomAndPillarBoard *b, int n)
{
    EmptyAround around = empty_around(b, n);
    SquareSet completing = block_completing(&around, n);
    SquareSet stones = set_minus(set_or(b->colour[0], b->colour[1], n), b->empty, n);
    RemovalSets r;
    r.live = set_minus(stones, completing, n);
    r.open = set_and(r.live, touching_empty(&around, n), n);
    r.safe = set_minus(r.open, contested_squares(&around, n), n);
    return r;
}

/* Callers specialise per word count with a switch on board->words that calls
 * an always-inline worker with the constant 1, 2, 3 or 4. */

/* ---- evaluation (roomandpillar/eval.c) ---- */

int roomandpillar_evaluate(const Position *pos);
/* Network inputs (roomandpillar/features.c). */
#define ROOMANDPILLAR_NN_INPUTS 536
int roomandpillar_nn_features(const Position *pos, uint16_t *active);
/* Policy layout (roomandpillar/policy.c): the removals by square, and swap. */
#define ROOMANDPILLAR_POLICY_SIZE 129
int roomandpillar_policy_index(const Position *pos, Move move);

#define ROOMANDPILLAR_PARAM_COUNT 3
extern const GameParam roomandpillar_params[ROOMANDPILLAR_PARAM_COUNT];

#endif
